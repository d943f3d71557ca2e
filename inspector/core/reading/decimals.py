"""A number's decimal point read with no advance beside a space: one word, not two.

A layout program aligning a column of amounts on the decimal point (InDesign) may map the
point's glyph to two characters, a space and the point (its leader-dot habit: ". . ."), and
may wrap it in marked content whose ActualText is the point. MuPDF then gives one of the two
characters the glyph's whole advance and the other none: the page shows "11,062.6", the text
layer reads "11,062." + "6" (ActualText) or "11,062" + ".6" (the map alone), two words that
land in one cell as "11,062. 6" (a number broken in two). A space is no gap between words
when it shares one glyph's advance with a decimal or grouping separator set between digits
(the separator has no advance, beside the space): the two words are one. Any other
zero-advance glyph (a combining accent) keeps its space, and so does a separator with an
advance of its own ("12. 3" in a sentence). The same mapping in a tab leader loses points:
MuPDF's word list keeps about one of each two (``count_leader_points`` counts them again from
the line's characters).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence

from ..types import Word

_SEPARATORS = frozenset(".,")  # the decimal and grouping separators a cut lies beside
_OPEN = re.compile(r".*\d[.,]")  # a word ending in a separator after a digit ...
_FRACTION = re.compile(r"\d{1,3}[%)]?")  # ... then a decimal part: "6", "25", "5%" ("2011" after "14," is a date)
_CLOSE = re.compile(r"[.,]\d{1,3}[%)]?")  # a word that is a separator and a decimal part
ZERO_ADVANCE = 0.01  # pt: a character this narrow has no advance (it shares a glyph's)
AT = 0.05  # pt: a character's box starts this close to its word's edge (the same number, rounded)
MAX_SPACE = 0.5  # ems: the space after the point is at most this wide (a word space, not a tab)

Chars = dict[tuple[int, int], list[tuple[str, float, float]]]


def _candidate(a: Word, b: Word) -> bool:
    """Could ``a`` and ``b`` be one number cut beside its separator (text and geometry)?"""
    if a.block != b.block or a.line != b.line or a.turn or not 0 <= b.bbox.x0 - a.bbox.x1 <= MAX_SPACE * max(a.font_size, 1.0):
        return False
    return (_OPEN.fullmatch(a.text) is not None and _FRACTION.fullmatch(b.text) is not None) or \
        (a.text[-1:].isdigit() and _CLOSE.fullmatch(b.text) is not None)


def _zero_advance(ch: str, x: float, line: Sequence[tuple[str, float, float]]) -> bool:
    """Is the character ``ch`` at ``x`` (pt) on its line drawn with no advance?"""
    return any(c[0] == ch and abs(c[1] - x) <= AT and c[2] - c[1] <= ZERO_ADVANCE for c in line)


def _shares_a_glyph(a: Word, b: Word, chars: Chars) -> bool:
    """Is the separator between ``a`` and ``b`` a zero-advance character (at ``a``'s end or
    ``b``'s start), the space beside it holding the glyph's advance?"""
    line = chars.get((a.block, a.line), ())
    if a.text[-1] in ".,":
        return _zero_advance(a.text[-1], a.bbox.x1, line)
    return _zero_advance(b.text[0], b.bbox.x0, line)


def glyph_text(chars: Sequence[tuple[str, float, float]]) -> str:
    """The text of one line's characters ``(char, x0, x1)`` (pt), less each space that shares a
    zero-advance separator's glyph between two digits (the module docstring's cut, read from the
    characters where no words are made: the tag importer's cell text)."""
    text = "".join(c[0] for c in chars)
    if " " not in text or not any(c in _SEPARATORS for c in text):
        return text
    return "".join(c[0] for k, c in enumerate(chars) if not _shared_space(chars, k))


def _shared_space(chars: Sequence[tuple[str, float, float]], k: int) -> bool:
    """Is ``chars[k]`` a space whose glyph a zero-advance separator beside it shares, digits around?"""
    if chars[k][0] != " ":
        return False

    def digit(i: int) -> bool:
        return 0 <= i < len(chars) and chars[i][0].isdigit()

    def separator_at(i: int, x: float) -> bool:
        return 0 <= i < len(chars) and chars[i][0] in _SEPARATORS and abs(chars[i][1] - x) <= AT \
            and chars[i][2] - chars[i][1] <= ZERO_ADVANCE

    before = separator_at(k - 1, chars[k][1]) and digit(k - 2) and digit(k + 1)  # "062." + " " + "6"
    after = separator_at(k + 1, chars[k][2]) and digit(k - 1) and digit(k + 2)  # "062" + " " + ".6"
    return before or after


def join_zero_advance_points(words: Sequence[Word], line_chars: Callable[[], Chars]) -> list[Word]:
    """``words`` with each pair cut beside a zero-advance decimal or grouping separator joined
    (see the module docstring); ``line_chars`` (``Page.line_chars``) is read only when some
    pair could be one (most pages have none)."""
    out = list(words)
    # Every word of every page passes here: the separator at the cut is tested first (a slice and
    # a set lookup), ``_candidate`` only for the few pairs that have one.
    pairs = [k for k in range(len(out) - 1)
             if (out[k].text[-1:] in _SEPARATORS or out[k + 1].text[:1] in _SEPARATORS) and _candidate(out[k], out[k + 1])]
    if not pairs:
        return out
    chars = line_chars()
    for k in reversed(pairs):  # from the right: a joined word may join the one before it again
        a, b = out[k], out[k + 1]
        if _shares_a_glyph(a, b, chars):
            box = dataclasses.replace(a.bbox, x1=b.bbox.x1, y0=min(a.bbox.y0, b.bbox.y0), y1=max(a.bbox.y1, b.bbox.y1))
            out[k:k + 2] = [dataclasses.replace(a, text=a.text + b.text, bbox=box)]
    return out


# The same habit in a leader: each leader glyph maps to a point and a space, and MuPDF's word
# list keeps about one point of each two, the rest of the characters (all there in the line's
# characters, some piled at the leader's end) in no word: "Total . . . ." reads half its leader
# (InDesign CS4 tab leaders, bold and regular). A run of words of points this far apart, or
# this wide, is counted again from its line's characters.
LEADER_PITCH = 0.75  # ems from one point word's start to the next's: a point and a space are about 0.55
LEADER_WIDTH = 0.4  # ems a point word takes a point at least where MuPDF merged two points into it


def _dot_runs(words: Sequence[Word]) -> list[tuple[int, int]]:
    """``(start, end)`` of each run of two or more words of points on one line, set apart
    or wide enough to have lost points (``LEADER_PITCH``, ``LEADER_WIDTH``)."""
    runs: list[tuple[int, int]] = []
    k = 0
    while k < len(words):
        j = k
        while j < len(words) and words[j].text and words[j].text.strip(".") == "" and not words[j].turn \
                and (words[j].block, words[j].line) == (words[k].block, words[k].line):
            j += 1
        if j - k >= 2 and _sparse(words[k:j]):
            runs.append((k, j))
        k = max(j, k + 1)
    return runs


def _sparse(run: Sequence[Word]) -> bool:
    """Are the points of ``run`` further apart or wider than a leader's points set one by one?"""
    em = max(run[0].font_size, 1.0)
    pitch = (run[-1].bbox.x0 - run[0].bbox.x0) / (len(run) - 1)
    return pitch >= LEADER_PITCH * em or any(w.bbox.x1 - w.bbox.x0 >= LEADER_WIDTH * em * len(w.text) for w in run)


def _leader(run: Sequence[Word], n: int) -> list[Word]:
    """``run`` as ``n`` words of one point each, spread evenly over its span (pt)."""
    x0, x1 = run[0].bbox.x0, run[-1].bbox.x1
    step = (x1 - x0) / n
    return [dataclasses.replace(run[0], text=".", bbox=dataclasses.replace(
        run[0].bbox, x0=x0 + i * step, x1=x0 + (i + 0.5) * step)) for i in range(n)]


def count_leader_points(words: Sequence[Word], line_chars: Callable[[], Chars]) -> list[Word]:
    """``words`` with each leader whose points MuPDF's word list lost (see ``LEADER_PITCH``)
    read with as many points as its line's characters hold from the leader's start (see
    ``_points_from``); ``line_chars`` is read only where a run could have lost points (most
    pages have none)."""
    runs = _dot_runs(words)
    if not runs:
        return list(words)
    chars = line_chars()
    out = list(words)
    for k, j in reversed(runs):
        run = out[k:j]
        n = _points_from(chars.get((run[0].block, run[0].line), ()), run[0].bbox.x0)
        if j < len(out) and (out[j].block, out[j].line) == (run[0].block, run[0].line):
            n -= len(out[j].text) - len(out[j].text.lstrip("."))  # points the next word already reads (".12")
        if n > sum(len(w.text) for w in run):
            out[k:j] = _leader(run, n)
    return out


def _points_from(line: Sequence[tuple[str, float, float]], x0: float) -> int:
    """The points of the leader that starts at ``x0`` (pt) on ``line``: from its first point on,
    the points of the characters in their order up to the first that is neither a point nor a
    space (the points piled at the leader's end count, their glyphs drawn along it)."""
    start = next((i for i, c in enumerate(line) if c[0] == "." and c[1] >= x0 - AT), len(line))
    n = 0
    for c in line[start:]:
        if c[0] not in ". ":
            break
        n += c[0] == "."
    return n
