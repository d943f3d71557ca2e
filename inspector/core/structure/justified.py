"""Word spaces stretched by justification: one cell's text, never a column gap.

A word processor that justifies a cell's paragraph (Word's "Justify", fpdf2's default
``text_align``) spreads every line but the last to the cell's width by widening each word
space of the line by the same amount. In a narrow cell the stretched spaces of a line of
three words ("Bolts    and    nuts") are as wide as a column gap, and the column stage would
cut the label in two. Such a line has three signs no table row has together:

- its word spaces are equal (within ``SAME_GAP`` pt or ``SAME_SHARE`` of their width) and
  wider than a plain space (``STRETCHED`` ems), on at least ``MIN_SPACES`` of them;
- every word of it holds a letter (equal gaps between equal-width amounts are columns);
- the paragraph goes on below it: a line within ``NEXT_LINES`` ems under it starts at the
  run's left edge (a wrapped paragraph's next line), has no word running past the run's right
  edge, and either runs over the middle of every stretched space it reaches or sets its own
  words closer (``LAST_SHARE`` of the stretched space: the last line, not justified). A table's next
  row leaves the same gaps free, so it is not read as such.

A line of two words has one space, equal to nothing: it is justified when the paragraph's
line above or below spans the same x from edge to edge, its first word ending and its last
word starting elsewhere (``_flush_pair``), as two justified lines of one cell do.

The gaps are returned as spans (line index, x0, x1, pt) that ``Pieces.bridged`` lays over
the column projection: the line covers its stretched spaces as it covers its words.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from ..types import Rect, Word
from .columns import Line

SAME_GAP = 0.5  # pt: stretched spaces of one line differ by rounding only
SAME_SHARE = 0.05  # ... or by this share of their width (a long line's rounding)
STRETCHED = 0.4  # ems: a plain word space is 0.25-0.3 em; a stretched one is wider
MIN_SPACES = 2  # equal spaces needed: one gap alone is no sign of justification
NEXT_LINES = 2.6  # ems below the run's baseline where the paragraph's next line may stand
LAST_SHARE = 0.6  # a last line's own spaces are narrower than this share of the stretched ones
EDGE = 1.0  # pt: the next line starts at the run's left edge within this


class Stretched(NamedTuple):
    """A stretched word space of a justified line: the region's line index and its x span (pt)."""

    line: int
    x0: float
    x1: float


def justified_gaps(words: Sequence[Word], lines: Sequence[Line]) -> tuple[Stretched, ...]:
    """The stretched word spaces of every justified run of ``lines`` (a region's text lines,
    top to bottom, each line's words left to right)."""
    out: list[Stretched] = []
    for li, line in enumerate(lines):
        if len(line.word_ids) < 2:
            continue
        for run in _equal_runs(words, line.word_ids):
            if _goes_on(words, lines, li, run) if len(run) > MIN_SPACES else _flush_pair(words, lines, li, run):
                out.extend(Stretched(li, words[a].bbox.x1, words[b].bbox.x0) for a, b in zip(run, run[1:], strict=False))
    return tuple(out)


def justified_line(words: Sequence[Word], lines: Sequence[Line], li: int, min_words: int) -> bool:
    """Is ``lines[li]`` wholly one justified run of ``min_words`` words or more, its paragraph
    going on below it (a prose line read as many pieces, between two tables' rules)?"""
    ids = lines[li].word_ids
    if len(ids) < min_words:
        return False
    runs = _equal_runs(words, ids)
    return len(runs) == 1 and len(runs[0]) == len(ids) and _goes_on(words, lines, li, runs[0])


def _equal_runs(words: Sequence[Word], ids: Sequence[int]) -> list[tuple[int, ...]]:
    """Maximal runs of consecutive words of one line parted by equal stretched spaces, not
    all numbers: two words (one space) or more."""
    # One pass, each word read once: a run's last two words are the pair just read, so the
    # run's own gap is the gap before this one; runs of one word are never kept.
    runs: list[list[int]] = []
    run: list[int] = [ids[0]]
    first = words[ids[0]]
    x1, size, before = first.bbox.x1, first.font_size, 0.0
    for b in ids[1:]:
        w = words[b]
        box = w.bbox
        gap = box.x0 - x1
        wide = gap >= STRETCHED * size
        if wide and (len(run) == 1 or _same(gap, before)):
            run.append(b)
        else:
            if len(run) > 1:
                runs.append(run)
            # A gap unlike the run's may still start a new run with the word before it.
            run = [run[-1], b] if wide else [b]
        x1, size, before = box.x1, w.font_size, gap
    if len(run) > 1:
        runs.append(run)
    out: list[tuple[int, ...]] = []
    for r in runs:  # kept when every word of the run is prose (amounts and codes are not)
        for i in r:
            if not prose_word(words[i].text):
                break
        else:
            out.append(tuple(r))
    return out


@lru_cache(maxsize=8192)  # a page's words repeat (amounts, "and", "the"): each text is counted once
def prose_word(text: str) -> bool:
    """A word of prose: two letters or more, and more letters than digits (amounts, a cell's
    "18" and codes such as "T3", "N1a" are no prose)."""
    letters = sum(ch.isalpha() for ch in text)
    return letters >= 2 and letters > sum(ch.isdigit() for ch in text)


def _gap(words: Sequence[Word], a: int, b: int) -> float:
    return words[b].bbox.x0 - words[a].bbox.x1


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= max(SAME_GAP, SAME_SHARE * max(a, b))


def _goes_on(words: Sequence[Word], lines: Sequence[Line], li: int, run: tuple[int, ...]) -> bool:
    """Does a line under ``lines[li]`` (within ``NEXT_LINES`` ems) go on with the paragraph of
    ``run``: starting at its left edge, over one of its stretched spaces or spaced closer?"""
    first, last = words[run[0]].bbox, words[run[-1]].bbox
    space = _gap(words, run[0], run[1])
    reach = lines[li].baseline + NEXT_LINES * words[run[0]].font_size
    for below in lines[li + 1:]:
        if below.baseline > reach:
            break
        boxes = [words[i].bbox for i in below.word_ids]
        mine = [b for b in boxes if b.x0 >= first.x0 - EDGE and b.x1 <= last.x1 + EDGE]
        if not mine or abs(mine[0].x0 - first.x0) > EDGE:
            continue
        if any(b.x0 < last.x1 < b.x1 - EDGE for b in boxes):
            return False  # a word running past the right edge: the next row's cell, not this paragraph's
        gaps = [q.x0 - p.x1 for p, q in zip(mine, mine[1:], strict=False)]
        middles = [(words[a].bbox.x1 + words[b].bbox.x0) / 2 for a, b in zip(run, run[1:], strict=False)]
        # The paragraph's next line runs over the stretched spaces it reaches; a table's next
        # row leaves white at its columns' gaps.
        reached = [m for m in middles if m < mine[-1].x1]
        over = bool(reached) and all(any(box.x0 < m < box.x1 for box in mine) for m in reached)
        return over or (bool(gaps) and max(gaps) < LAST_SHARE * space)
    return False


def _flush_pair(words: Sequence[Word], lines: Sequence[Line], li: int, run: tuple[int, ...]) -> bool:
    """Is the one stretched space of ``run`` (two words) a justified line's: a line next to it
    in the paragraph (within ``NEXT_LINES`` ems above or below) spans the same x from edge to
    edge (within ``EDGE``), its first word ending and its last word starting elsewhere (two
    justified lines' spaces neither start nor end at one x; their middles may, both lines
    being centred on the cell), its spaces stretched alike, and the paragraph ending below in
    a shorter line (``_ends_short``)? Lines of a table set flush at both sides are rows of
    amounts right-aligned, of one word repeated in a left-aligned column ("Weekday" under
    "Weekday"), or of a right-aligned text column beside a label of two words ("Ann Lee  Leeds")."""
    first, last = words[run[0]].bbox, words[run[-1]].bbox
    reach = NEXT_LINES * words[run[0]].font_size
    for k in (li - 1, li + 1):
        if not 0 <= k < len(lines) or abs(lines[k].baseline - lines[li].baseline) > reach:
            continue
        mine = [i for i in lines[k].word_ids if words[i].bbox.x0 >= first.x0 - EDGE and words[i].bbox.x1 <= last.x1 + EDGE]
        if len(mine) < 2 or abs(words[mine[0]].bbox.x0 - first.x0) > EDGE or abs(words[mine[-1]].bbox.x1 - last.x1) > EDGE:
            continue
        if not all(prose_word(words[i].text) for i in mine) or abs(words[mine[-1]].bbox.x0 - last.x0) <= 2 * EDGE:
            continue  # amounts set flush right, or one column's words set flush left: a table's
        if abs(words[mine[0]].bbox.x1 - first.x1) <= EDGE or not _stretched_alike(words, mine):
            continue  # its first space starts at one x, or a plain space beside a wide one: a table row
        return _ends_short(words, lines, li, first, last)
    return False


def _stretched_alike(words: Sequence[Word], ids: Sequence[int]) -> bool:
    """Are the spaces between the words ``ids`` all stretched and equal (a justified line)?"""
    gaps = [_gap(words, a, b) for a, b in zip(ids, ids[1:], strict=False)]
    return all(g >= STRETCHED * words[ids[0]].font_size and _same(g, gaps[0]) for g in gaps)


def _ends_short(words: Sequence[Word], lines: Sequence[Line], li: int, first: Rect, last: Rect) -> bool:
    """Does the paragraph of line ``li`` (spanning ``first.x0`` to ``last.x1``) end below it in
    a line starting at its left edge and ending short of its right edge, each line before that
    spanning both edges? A justified paragraph's last line is set plain; a table's rows with a
    right-aligned text column stay flush to the table's end."""
    at, reach = li, NEXT_LINES * words[lines[li].word_ids[0]].font_size
    for k in range(li + 1, len(lines)):
        if lines[k].baseline - lines[at].baseline > reach:
            return False
        mine = [words[i].bbox for i in lines[k].word_ids if words[i].bbox.x0 >= first.x0 - EDGE
                and words[i].bbox.x1 <= last.x1 + EDGE]
        if not mine or abs(mine[0].x0 - first.x0) > EDGE:
            continue  # another cell's line between the paragraph's lines
        if mine[-1].x1 < last.x1 - EDGE:
            return True
        at = k
    return False
