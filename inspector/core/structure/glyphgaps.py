"""How wide a column gap is in glyphs of the text beside it: a gap a few letters wide between
words set in one cell's line (distributed alignment, "품    목") is no column, one wider than
``SPLIT_GLYPHS`` glyph advances is. Page space (points); glyph advance = word width / characters.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from statistics import median

from ..evidence.charrules import underline_break
from ..geometry import chain_groups
from ..numbers import currency_sign, is_number, leading_sign
from ..types import Rule, Word
from .columns import Segment
from .gapcuts import is_flush

SPLIT_GLYPHS = 1.5


def gap_in_glyphs(words: Sequence[Word], segs: Sequence[Segment], x: float, lo: float, hi: float) -> float:
    """The white space at ``x`` inside [lo, hi] in units of the glyph advance of the text
    beside it (the wider of the words left and right of it, width / characters), median
    over the lines with text on both sides. A line whose neighbours are single letters (a
    word spread over its cell, "품    목", distributed alignment) counts 0: no column there."""
    left: dict[int, Word] = {}
    right: dict[int, Word] = {}
    for s in segs:  # boxes read directly: this runs over every word of a region for each boundary
        line = s.line
        for i in s.word_ids:
            w = words[i]
            box = w.bbox
            c = (box.x0 + box.x1) / 2
            if not lo <= c < hi:
                continue
            if c < x:
                had = left.get(line)
                if had is None or box.x1 > had.bbox.x1:
                    left[line] = w
            else:
                had = right.get(line)
                if had is None or box.x0 < had.bbox.x0:
                    right[line] = w
    return _glyph_gap(left, right)


def gaps_in_glyphs(words: Sequence[Word], segs: Sequence[Segment], xs: Sequence[float],
                   unshared: float = 0.0) -> list[float]:
    """``gap_in_glyphs(words, segs, xs[k], xs[k - 1], xs[k + 1])`` for every inner boundary k
    of the ascending ``xs``, in one pass over the words: a word centred in column j (between
    xs[j] and xs[j + 1]) is the left neighbour candidate of boundary j + 1 and the right one of
    boundary j, and of no other (the same words, met in the same order, as one call a boundary).
    ``unshared``: the value of a boundary no line has words on both sides of."""
    n = len(xs) - 1  # columns; boundaries 1 .. n - 1 are inner
    left: list[dict[int, Word]] = [{} for _ in range(n + 1)]
    right: list[dict[int, Word]] = [{} for _ in range(n + 1)]
    for s in segs:
        line = s.line
        for i in s.word_ids:
            w = words[i]
            box = w.bbox
            j = bisect_right(xs, (box.x0 + box.x1) / 2) - 1
            if j < 0 or j >= n:
                continue
            side = left[j + 1]
            had = side.get(line)
            if had is None or box.x1 > had.bbox.x1:
                side[line] = w
            side = right[j]
            had = side.get(line)
            if had is None or box.x0 < had.bbox.x0:
                side[line] = w
    return [_glyph_gap(left[k], right[k], unshared) for k in range(1, n)]


def _glyph_gap(left: dict[int, Word], right: dict[int, Word], unshared: float = 0.0) -> float:
    """``gap_in_glyphs`` from each line's word left and right of the gap; ``unshared`` when no
    line has words on both sides."""
    ratios = []
    for line in left.keys() & right.keys():
        a, b = left[line], right[line]
        if len(a.text) == 1 == len(b.text) and a.text.isalpha() and b.text.isalpha():
            ratios.append(0.0)
            continue
        glyph = max(a.bbox.width / max(len(a.text), 1), b.bbox.width / max(len(b.text), 1), 1e-6)
        ratios.append((b.bbox.x0 - a.bbox.x1) / glyph)
    return float(median(ratios)) if ratios else unshared  # statistics': np.median costs more on a few values


def facing_columns(segs: Sequence[Segment], x: float, lo: float, hi: float) -> int:
    """The lines showing two columns facing each other across the gap at ``x`` (pt), 0 when they
    do not: on the lines with text on
    both sides inside [lo, hi), the text left of it set right (its pieces end at one x and start
    ragged: amounts of several widths) and the text right of it set left (starting at one x,
    ending ragged: notes of several lengths)? One cell's text keeps one alignment, so the gap
    is two cells' padding however few glyphs of the text beside it it spans (a column of
    Hangul notes 12 pt past the amounts: 1.3 of its full-width glyphs)."""
    left: dict[int, Segment] = {}
    right: dict[int, Segment] = {}
    for s in segs:
        c = (s.x0 + s.x1) / 2
        if not lo <= c < hi:
            continue
        if c < x:
            if s.line not in left or s.x1 > left[s.line].x1:
                left[s.line] = s
        elif s.line not in right or s.x0 < right[s.line].x0:
            right[s.line] = s
    both = left.keys() & right.keys()
    a = [left[ln] for ln in both]
    b = [right[ln] for ln in both]
    facing = (is_flush([s.x1 for s in a]) and not is_flush([s.x0 for s in a])
              and is_flush([s.x0 for s in b]) and not is_flush([s.x1 for s in b]))
    return len(both) if facing else 0


def signs_open(words: Sequence[Word], segs: Sequence[Segment], x: float) -> int:
    """Lines on which the text right of ``x`` starts with a currency sign alone followed, further
    right, by an amount ("$" ... "1,234.56"): a spreadsheet's accounting format sets the sign at
    its cell's left edge and the digits at the right, so the gap left of the sign is a column's
    edge however narrow (one glyph), never a space inside a cell. 0 unless half the lines with
    text right of ``x`` start so (a column of signs, not one "$" in a price list)."""
    right: dict[int, list[Word]] = {}
    for s in segs:  # words, not pieces: a sign a word space from the amount left of it is in its piece
        for i in s.word_ids:
            if words[i].bbox.x0 >= x:
                right.setdefault(s.line, []).append(words[i])
    signed = 0
    for ws in right.values():
        ws.sort(key=lambda w: w.bbox.x0)
        signed += len(ws) > 1 and currency_sign(ws[0].text) and is_number(ws[1].text)
    return signed if 2 * signed >= len(right) else 0


MIN_SIGN_LINES = 3  # lines whose leading signs stand at one x: a column of them, not one "$" in a sentence
SIGN_ALIGN = 1.0  # pt: signs set at their cell's left edge start within this of each other


def sign_edges(words: Sequence[Word], segs: Sequence[Segment]) -> list[float]:
    """Where a column of amounts ends that a column of leading currency signs alone follows,
    each sign between two numbers ("63,387 $ 577,928.85"): a spreadsheet's accounting format
    sets the sign at its cell's left edge, a cell's padding or two from the number of the
    cell before, a gap too narrow to see; the amounts' right end is that column's edge (for
    ``gapcuts.at_clip_edges``). Needs ``columns.signs_open``: the sign a piece of its own."""
    found: list[tuple[float, float, int]] = []  # sign's x0, the number's x1 before it, line
    by_line: dict[int, list[int]] = {}
    for s in segs:
        by_line.setdefault(s.line, []).extend(s.word_ids)
    for line, ids in by_line.items():
        ids.sort(key=lambda i: words[i].bbox.x0)
        for a, b, c in zip(ids, ids[1:], ids[2:], strict=False):
            if leading_sign(words[b].text) and is_number(words[a].text) and is_number(words[c].text):
                found.append((words[b].bbox.x0, words[a].bbox.x1, line))
    out = []
    for g in chain_groups(sorted(found), SIGN_ALIGN):
        if len({line for _, _, line in g}) >= MIN_SIGN_LINES:
            out.append(max(end for _, end, _ in g))
    return out


# A header line's gap at a column boundary is wider than this many times its other word gaps
# (a tight table's column gap is cell padding plus alignment slack; a word space is one space).
HEADER_SPACE_RATIO = 1.5


def wide_gaps(inner: list[float], segs: Sequence[Segment], words: Sequence[Word], x0: float, x1: float,
              rules: Sequence[Rule] = ()) -> list[float]:
    """The text-gap boundaries ``inner`` wider than ``SPLIT_GLYPHS`` glyphs of the text beside
    them: a run of spaces, or a full-width space, inside one cell's text is one or two glyphs
    wide and leaves a gap at the same x on every line of a column of look-alike cells
    ("Lot  A-1", "제1호　물품"); a column gap is wider. A narrow gap with header text on both
    sides stays a column boundary: a table set tight (little cell padding) heads each column;
    so does one left of a column of currency signs set apart from their amounts (``signs_open``),
    one between text set right and text set left (``facing_columns``: amounts, then notes),
    and one no line has text on both sides of (kept by ``merge_complementary``: middle-aligned
    cells straddling their row's line, nothing says it is spaces inside a cell); so does one in
    the break of a row of '-' characters underlining the heads field by field (``rules``: the
    region's, ``charrules.underline_break``)."""
    xs = [x0, *inner, x1]
    glyphs = gaps_in_glyphs(words, segs, xs, unshared=float("inf"))
    return [x for k, x in enumerate(inner, start=1)
            if glyphs[k - 1] > SPLIT_GLYPHS or underline_break(rules, x)
            or _headed_both_sides(segs, words, xs[k - 1], x, xs[k + 1])
            or signs_open(words, segs, x) or facing_columns(segs, x, xs[k - 1], xs[k + 1])]


def _headed_both_sides(segs: Sequence[Segment], words: Sequence[Word], a: float, x: float, b: float) -> bool:
    """Does the top text line hold words centred on both sides of ``x`` within [a, b), parted
    there by more than the line's own word spaces? One header set over a wide column, its
    spaces stretched by justification, leaves gaps as wide as a tight table's column gap at
    every space: the gap at ``x`` is one of them, not another column's header."""
    if not segs:
        return False
    top = min(s.line for s in segs)
    row = sorted((words[i].bbox for s in segs if s.line == top for i in s.word_ids
                  if a <= words[i].bbox.cx < b), key=lambda bb: bb.x0)
    cut = sum(1 for bb in row if bb.cx < x)
    if cut == 0 or cut == len(row):
        return False
    gaps = [q.x0 - p.x1 for p, q in zip(row, row[1:], strict=False)]
    at, others = gaps[cut - 1], gaps[:cut - 1] + gaps[cut:]
    return not others or at > HEADER_SPACE_RATIO * median(others)
