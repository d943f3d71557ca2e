"""Running prose set in columns is no table: text that flows across a grid's row boundaries.

Three columns of justified prose line up as well as a borderless table: every line leaves
the gutters empty, and a paragraph break in one column (a line filling other columns than
the one above) reads as a new row. What tells them apart is how the text runs on. In prose a
full line (the next word did not fit: the room left at its column's right edge is narrower
than the next line's first word) goes on in lower case on the next line at the column's
own line pitch, across the would-be row boundary. A table's row boundary lies between two
cells: the line above ends its cell (short, or with sentence punctuation) or the line below
starts a new one (a capital, a number), or a wider gap parts them. A grid of running text
(most pieces three or more words, ``running_text``) whose row boundaries are mostly
crossed by such flowing lines is prose, not a table.

Also what running text is (``running_text``, ``prose_piece``) and where it runs on
(``flows``), read as well by ``beside`` (prose beside a table) and ``layouts``.
"""

from __future__ import annotations

from collections.abc import Sequence
from statistics import median

from ..numbers import is_number
from ..text import ideograph_prose
from ..types import Grid, Word
from .columns import Line, Segment

# Why no user would change this: it describes the page's own line setting.
MIN_RUNNING = 0.5  # share of the grid's pieces of text that are running text, at least
PROSE_PIECE_WORDS = 3  # words a piece of running text holds, at least
PROSE_PIECE_TEXT = 2  # ... of which not numbers (not an amount such as "CHF 6,676")
FLOW_PITCH = 1.25  # a line goes on at most this many times its column's median line pitch below the one above
SPACE = 0.3  # a word space, in font sizes: the room a full line leaves is narrower than next word + space
SENTENCE_END = tuple(".!?:;。！？：；")


def flowing_rows(grid: Grid, words: Sequence[Word], lines: Sequence[Line], segs: Sequence[Segment]) -> tuple[int, int]:
    """(row boundaries crossed by flowing text, inner row boundaries) of ``grid``; (0, n)
    when its text is not mostly running text. ``segs``: the region's pieces of lines."""
    inner = grid.ys[1:-1]
    if not inner or not segs or sum(running_text(s, words) for s in segs) < MIN_RUNNING * len(segs):
        return 0, len(inner)
    crossed: set[int] = set()
    for c in range(grid.n_cols):
        a, b = grid.xs[c], grid.xs[c + 1]
        col = sorted((s for s in segs if a <= (s.x0 + s.x1) / 2 < b), key=lambda s: lines[s.line].baseline)
        for up, down in flows(col, words, lines):
            crossed.update(k for k, y in enumerate(inner) if lines[up.line].bbox.cy < y < lines[down.line].bbox.cy)
    return len(crossed), len(inner)


def running_text(s: Segment, words: Sequence[Word]) -> bool:
    """Three or more words, two of them words of letters: not numbers (not an amount such as
    "CHF 6,676") and not marks alone (an ellipsis ". . ." in a diagram, a dot leader)."""
    return len(s.word_ids) >= PROSE_PIECE_WORDS and sum(_lettered(words[i].text) for i in s.word_ids) >= PROSE_PIECE_TEXT


def prose_piece(s: Segment, words: Sequence[Word]) -> bool:
    """Running text (``running_text``), or a piece of Chinese or Japanese running text
    (``text.ideograph_prose``): set without spaces, a line of such prose is one or two "words"."""
    return running_text(s, words) or ideograph_prose("".join(words[i].text for i in s.word_ids))


def _lettered(text: str) -> bool:
    """A word of text: holds a letter and is no number."""
    return any(c.isalpha() for c in text) and not is_number(text)


def flows(col: Sequence[Segment], words: Sequence[Word], lines: Sequence[Line]) -> list[tuple[Segment, Segment]]:
    """Pairs of consecutive pieces of one column where the upper one's text runs on into the
    lower one: the upper is running text, full (the lower's first word did not fit beside
    it), ends no sentence, and the lower starts in lower case at the column's line pitch.
    Read by ``flow`` (prose set in columns) and by ``_own_lines`` (prose beside a table on
    the table's baselines)."""
    pitches = [lines[d.line].baseline - lines[u.line].baseline for u, d in zip(col, col[1:], strict=False)]
    pitches = [p for p in pitches if p > 0]
    if not pitches:
        return []
    pitch, right = median(pitches), max(s.x1 for s in col)
    out = []
    for up, down in zip(col, col[1:], strict=False):
        last, first = words[up.word_ids[-1]], words[down.word_ids[0]]
        step = lines[down.line].baseline - lines[up.line].baseline
        if not (0 < step <= FLOW_PITCH * pitch and first.text[:1].islower() and running_text(up, words)):
            continue
        if last.text.endswith(SENTENCE_END):
            continue
        if right - up.x1 < first.bbox.width + SPACE * max(last.font_size, 1.0):
            out.append((up, down))
    return out
