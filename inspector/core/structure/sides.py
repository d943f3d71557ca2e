"""Two borderless tables set side by side: a gutter parts them into two tables.

Text lines are found across the whole page, so two tables set beside each other (a "T"
and an "N" definitions table, a staging table beside a list) share page lines: an aligned
run takes both in as one table, and where their rows drift apart (a wrapped cell on one
side, a row on the other) the run breaks and the rest of both is lost. What tells two
tables beside each other from one table with a wide column gap:

- a gutter: an x interval, several font sizes wide, that no text line of the block crosses;
- one side at least is a table of its own (lines in two or more pieces apart by a column
  gap), the other holds lines of its own (another table, a list, a note);
- the sides keep their own rows: lines of one side face lines of the other off their
  baselines (a table's cells of one row share a baseline; two tables' rows drift apart);
- or, where both sides sit on one row grid (two blocks of a spreadsheet share its rows), both
  sides are tables of their own and one ends rows before the other: two or more rows of one
  side, in two or more pieces, go on below the other side's last line ("ends apart"; a
  table's right-hand columns left empty is one row, a total, not a run of rows).

Then the lines of the block are cut at the gutter and each side is read as a page of its own
(a list beside a table then stays out of it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from statistics import median

from ..types import Rect, Word
from .columns import Line, lines_in, segments
from .pagecols import PAGE_GUTTER_EM, column_edges, facing_lines, near_edge, page_gutter

Gaps = list[tuple[float, float]]

# Why no user would change these: they describe a gutter and two tables' rows in the page's
# own measures (font sizes, line spacings, a baseline's pt), not a producer's style.
GUTTER_EM = 2.5  # a gutter between two tables is at least this many font sizes wide
GUTTER_RATIO = 1.0  # ... and wider than the widest column gap of most lines beside it
BLOCK_GAP = 4.0  # line heights of white that end a block of lines side by side
MIN_SIDE_ROWS = 3  # lines in two or more pieces a table side needs (the borderless minimum), and lines the other
SAME_BASELINE_PT = 0.6  # a row's cells share a baseline within this
FACING = 0.5  # line spacings: a row this close to text of the other side faces it
MIN_OFF = 2  # lines facing the other side off its baselines: the sides keep their own rows
MIN_APART = 2  # rows (in two or more pieces) one side goes on by below the other's last line
SIDES_END_APART = (  # the explanation of a block parted by ``apart``
    "tables side by side on one row grid (a sheet's two blocks): a gutter {w:.0f} pt wide at "
    "x={x0:.0f}-{x1:.0f} pt that no line of the block crosses, a table of its own on each side, one "
    "side going on {apart} row(s) below the other's last line; cut at the gutter, each side read on "
    "its own")
PIECE_GAP_EM = 1.5  # a column gap inside a side is at least this many font sizes (as aligned runs)


@dataclass(frozen=True)
class SideBlock:
    """Lines ``first`` to ``last`` (indices into the lines looked at, inclusive) hold two
    tables side by side, parted by the gutter ``gutter`` (x0, x1 in pt)."""

    first: int
    last: int
    gutter: tuple[float, float]
    box: Rect  # the gutter's area: from the block's top to its bottom (a page gutter's: the lines read across it)
    off: int  # lines facing the other side off its baselines
    apart: int = 0  # rows one side goes on by below the other's last line (read where ``off`` is short)
    page: bool = False  # the gutter is the page's own, between its text columns (``pagecols``)

    @property
    def cut(self) -> float:
        return (self.gutter[0] + self.gutter[1]) / 2


Read = Callable[[Sequence[int], float], list[Line]]  # ``lines_in`` of the page's words: (ids, tol) -> lines


def side_blocks(words: Sequence[Word], lines: Sequence[Line], gaps: Sequence[Gaps],
                occupied: Sequence[list[tuple[float, float]]], min_gap: float, tol: float,
                ends_apart: bool = True, read: Read | None = None, page_gutters: bool = True) -> list[SideBlock]:
    """Blocks of ``lines`` (consecutive, top-down) parted by a gutter into two tables side by
    side. ``gaps``: each line's column gaps (x0, x1), as aligned runs read them; ``occupied``:
    each line's pieces (x0, x1, its segments at ``min_gap``: ``columns.min_gap``); ``tol``:
    ``rows.y_tolerance``; ``ends_apart``: ``tables.sides_ends_apart``, two tables on one row
    grid are parted where one ends rows before the other. ``read``: ``lines_in`` of ``words``
    (the page index's, ``WordCentres.lines``: the same lines from facts read once a page);
    ``page_gutters``: ``tables.page_gutters``, a narrower gutter will do where it is the page's
    own (``pagecols``)."""
    if not any(gaps):
        return []
    if read is None:
        read = lambda ids, tol: lines_in(words, ids, tol)  # noqa: E731
    out: list[SideBlock] = []
    tried: list[SideBlock] = []  # blocks looked at and refused: a seed inside one, in its gutter, gives it again
    tried_page: list[SideBlock] = []  # the same for the page's gutters (kept apart: they refuse for other reasons)
    done = -1
    edges: tuple[list[float], list[float]] | None = None
    for i, line_gaps in enumerate(gaps):
        if i <= done:
            continue
        em = median(words[k].font_size for k in lines[i].word_ids)
        for g in sorted(line_gaps, key=lambda g: g[0] - g[1]):  # the widest first
            wide = g[1] - g[0] >= GUTTER_EM * em
            if not wide and g[1] - g[0] < PAGE_GUTTER_EM * em:
                break
            block = None
            if wide and not _seen(tried, i, g):
                found, ok = _block((words, read), lines, occupied, i, g, em, min_gap, tol, ends_apart)
                (out if ok else tried).append(found)
                block = found if ok else None
            if block is None and page_gutters and not _seen(tried_page, i, g):
                if edges is None:  # read once a page, and only when a gap is left to ask
                    edges = column_edges(words, lines, occupied)
                if near_edge(g[0], g[1], *edges):
                    found, ok = _page_block((words, read), lines, occupied, i, g, em, min_gap, tol, edges)
                    (out if ok else tried_page).append(found)
                    block = found if ok else None
            if block is not None:
                done = block.last
                break
    return out


def _seen(tried: Sequence[SideBlock], i: int, g: tuple[float, float]) -> bool:
    """Was line ``i``'s gap ``g`` inside a block looked at and refused?"""
    return any(t.first <= i <= t.last and g[0] <= t.gutter[1] and t.gutter[0] <= g[1] for t in tried)


def _block(text: tuple[Sequence[Word], Read], lines: Sequence[Line], occupied: Sequence[list[tuple[float, float]]],
           seed: int, gap: tuple[float, float], em: float, min_gap: float, tol: float,
           ends_apart: bool) -> tuple[SideBlock, bool]:
    """The block of lines around ``seed`` whose gutter grows from ``gap``, and whether its two
    sides are two tables: rows off each other's baselines; failing that (``ends_apart``), in
    the block grown up to a line in one piece over the gutter, one side ending rows before."""
    least = GUTTER_EM * em
    grown = _grown(lines, occupied, seed, gap, least, False)
    found, rows = _sides(text, lines, occupied, grown, min_gap, tol)
    if (rows is not None and found.off >= MIN_OFF) or not ends_apart:
        return found, rows is not None and found.off >= MIN_OFF
    spanned = _grown(lines, occupied, seed, gap, least, True)
    # No line in one piece over the gutter: the same block, whose sides were just read (a third of the calls).
    apart, rows = (found, rows) if spanned == grown else _sides(text, lines, occupied, spanned, min_gap, tol)
    if rows is None or min(rows) < MIN_SIDE_ROWS or apart.apart < MIN_APART:
        return found, False
    return apart, True


def _page_block(text: tuple[Sequence[Word], Read], lines: Sequence[Line], occupied: Sequence[list[tuple[float, float]]],
                seed: int, gap: tuple[float, float], em: float, min_gap: float, tol: float,
                edges: tuple[list[float], list[float]]) -> tuple[SideBlock, bool]:
    """As ``_block``, for a gutter narrower than ``GUTTER_EM`` at a page column's edge: the
    block's two sides keep their own rows, and the page's columns go on above and below it.
    The sides' own column gaps may be wider than the gutter (a contents list's page numbers)."""
    grown = _grown(lines, occupied, seed, gap, PAGE_GUTTER_EM * em, False)
    found, rows = _sides(text, lines, occupied, grown, min_gap, tol, ratio=False)
    ok = rows is not None and found.off >= MIN_OFF \
        and page_gutter(occupied, found.first, found.last, found.gutter, em, edges)
    facing = facing_lines(occupied, found.first, found.last, found.gutter, em)
    box = Rect.bounding([lines[k].bbox for k in facing]) if facing else found.box
    return replace(found, page=True, box=box), ok


Grown = tuple[int, int, float, float]  # first, last line, gutter x0, x1


def _grown(lines: Sequence[Line], occupied: Sequence[list[tuple[float, float]]], seed: int,
           gap: tuple[float, float], least: float, stop_at_spans: bool) -> Grown:
    """Lines around ``seed`` while the gutter, narrowed by each, stays ``least`` pt wide;
    ``stop_at_spans``: a line in one piece over the gutter (a page head, a title over both
    sides) ends the block too."""
    g0, g1, first, last = gap[0], gap[1], seed, seed
    for step in (-1, 1):
        k = seed + step
        while 0 <= k < len(lines):
            a, b = lines[k - step].bbox, lines[k].bbox
            white = (b.y0 - a.y1) if step > 0 else (a.y0 - b.y1)
            if white > BLOCK_GAP * max(a.height, b.height) or (stop_at_spans and _spans(occupied[k], g0, g1)):
                break
            n0, n1 = _narrowed(g0, g1, occupied[k])
            if n1 - n0 < least:
                break
            g0, g1 = n0, n1
            first, last = min(first, k), max(last, k)
            k += step
    return first, last, g0, g1


def _sides(text: tuple[Sequence[Word], Read], lines: Sequence[Line], occupied: Sequence[list[tuple[float, float]]],
           grown: Grown, min_gap: float, tol: float, ratio: bool = True) -> tuple[SideBlock, list[int] | None]:
    """The block ``grown`` with its evidence (``off``, ``apart``) and each side's rows in two or
    more pieces (None, and no evidence, where a side is too short or the gutter no wider than
    the sides' column gaps). ``text``: the words and ``lines_in`` of them."""
    words, read = text
    first, last, g0, g1 = grown
    box = Rect(g0, min(ln.bbox.y0 for ln in lines[first:last + 1]), g1, max(ln.bbox.y1 for ln in lines[first:last + 1]))
    ids = [i for ln in lines[first:last + 1] for i in ln.word_ids]
    left = [i for i in ids if words[i].bbox.x1 <= g0 + 1]
    right = [i for i in ids if words[i].bbox.x0 >= g1 - 1]
    sides = [read(left, tol), read(right, tol)]
    refused = SideBlock(first, last, (g0, g1), box, 0)
    pieces = [_pieces(words, s, min_gap) for s in sides]  # read once: rows, gaps and row starts come from them
    rows = [sum(len(p) >= 2 for p in side) for side in pieces]  # lines in two or more pieces
    if max(rows) < MIN_SIDE_ROWS or min(len(s) for s in sides) < MIN_SIDE_ROWS:
        return refused, None
    widest = [w for side in pieces for w in _widest_gaps(side)]
    if ratio and widest and g1 - g0 < GUTTER_RATIO * median(widest):
        return refused, None
    starts = [_row_starts(words, sides[0], pieces[0], -1), _row_starts(words, sides[1], pieces[1], 0)]
    bases = [sorted({words[i].baseline for i in left}), sorted({words[i].baseline for i in right})]
    pitch = median(_steps(sides[0]) + _steps(sides[1]) or [0.0])
    off = _off_baselines(starts[0], bases[1], pitch) + _off_baselines(starts[1], bases[0], pitch)
    apart = max(_rows_below(starts[0], bases[1]), _rows_below(starts[1], bases[0]))
    return SideBlock(first, last, (g0, g1), box, off, apart), rows


def _spans(occupied: Sequence[tuple[float, float]], g0: float, g1: float) -> bool:
    """Is a line one piece (``occupied``) that reaches into the gutter [g0, g1]?"""
    return len(occupied) == 1 and occupied[0][0] < g1 and occupied[0][1] > g0


def _narrowed(g0: float, g1: float, occupied: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """The widest part of [g0, g1] that none of a line's pieces ``occupied`` covers."""
    free = [(g0, g1)]
    for x0, x1 in occupied:
        free = [part for a, b in free for part in ((a, min(b, x0)), (max(a, x1), b)) if part[1] > part[0]]
    return max(free, key=lambda p: p[1] - p[0], default=(g0, g0))


def _pieces(words: Sequence[Word], lines: Sequence[Line], min_gap: float) -> list[list[tuple[float, float]]]:
    """Each line's pieces (x0, x1) apart by a column gap (``PIECE_GAP_EM`` font sizes)."""
    out: list[list[tuple[float, float]]] = [[] for _ in lines]
    for s in segments(words, lines, min_gap):
        em = max(words[s.word_ids[0]].font_size, 1.0)
        row = out[s.line]
        if row and s.x0 - row[-1][1] < PIECE_GAP_EM * em:
            row[-1] = (row[-1][0], s.x1)
        else:
            row.append((s.x0, s.x1))
    return out


def _widest_gaps(pieces: Sequence[Sequence[tuple[float, float]]]) -> list[float]:
    """Each line's widest column gap (pt), for the lines in two or more ``pieces`` (``_pieces``)."""
    out = []
    for p in pieces:
        if len(p) >= 2:
            out.append(max(b[0] - a[1] for a, b in zip(p, p[1:], strict=False)))
    return out


def _row_starts(words: Sequence[Word], lines: Sequence[Line], line_pieces: Sequence[Sequence[tuple[float, float]]],
                which: int) -> list[float]:
    """The baselines of the rows of one side: of each line in two or more pieces (``line_pieces``,
    ``_pieces`` of ``lines``), the baseline of its piece next to the gutter (``which``: -1 the
    last piece, 0 the first), read from that piece's own words (a page line may join a row's
    label with another side's text)."""
    out = []
    for ln, pieces in zip(lines, line_pieces, strict=True):
        if len(pieces) >= 2:
            x0, x1 = pieces[which]
            out.append(median(words[i].baseline for i in ln.word_ids if x0 <= words[i].bbox.x0 <= x1))
    return out


def _rows_below(mine: Sequence[float], other: Sequence[float]) -> int:
    """Rows of one side (``mine``: their baselines) below every word of the other (``other``:
    its words' baselines), by more than a baseline's slack."""
    end = max(other, default=float("inf"))
    return sum(b > end + SAME_BASELINE_PT for b in mine)


def _steps(lines: Sequence[Line]) -> list[float]:
    return [b.baseline - a.baseline for a, b in zip(lines, lines[1:], strict=False)]


def _off_baselines(mine: Sequence[float], other: Sequence[float], pitch: float) -> int:
    """Rows of one side (``mine``: their baselines) that face text of the other (``other``:
    its words' baselines) within ``FACING`` line spacings ``pitch``, off every baseline there:
    the two sides' rows do not share baselines. Rows are read from the pieces next to the
    gutter and compared with words, not page lines: a table's label column beside its
    numbers shares their baselines even where running text sits further out on its side."""
    count = 0
    for b in mine:
        d = min((abs(b - o) for o in other), default=float("inf"))
        if SAME_BASELINE_PT < d < FACING * pitch:
            count += 1
    return count


SIDE_BY_SIDE = ("tables side by side: a gutter {w:.0f} pt wide at x={x0:.0f}-{x1:.0f} pt that no line of the block "
                "crosses, a table of its own on one side at least, {off} row(s) facing text of the other side off its "
                "baselines (two blocks' rows, not one table's); cut at the gutter, each side read on its own")

PAGE_SIDES = ("blocks side by side in a page's text columns: the page's gutter {w:.0f} pt wide at x={x0:.0f}-{x1:.0f} "
              "pt, the columns' running text ending at its left edge and starting at its right, no line crossing it, "
              "{off} row(s) facing text of the other side off its baselines; cut at the gutter, each side read on "
              "its own")


def cut_said(bl: SideBlock) -> tuple[str, str]:
    """What explain says of the block ``bl`` cut at its gutter, and the parameter that would
    keep it whole ("" when none does)."""
    said, param = (PAGE_SIDES, "tables.page_gutters") if bl.page else (SIDE_BY_SIDE, "") if bl.off >= MIN_OFF \
        else (SIDES_END_APART, "tables.sides_ends_apart")
    return said.format(w=bl.gutter[1] - bl.gutter[0], x0=bl.gutter[0], x1=bl.gutter[1], off=bl.off,
                       apart=bl.apart), param
