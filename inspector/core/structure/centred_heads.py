"""Two-level headers without a rule to read: a group label centred over its sub-columns.

An annual report's statement sets "本期发生额" (or "2023", "Year ended 31 December") over two
sub-columns ("金额 | 占比", "Amount | %") with no rule between or under the group alone: one
rule at most runs under every group at once, so ``spans``' cmidrule reading finds no group.
The label does not cross the text gap between its sub-columns either (it is shorter than
their texts together), so no text run spans them. What shows the group is where the label
sits: centred on the columns of its span, not on its own column, the other columns of the
span empty in its row, and the row under it with text in every one of them (the sub-headers).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..types import Grid, Rect, Word
from .columns import Line, Segment, col_of, segments

CENTRED_EMS = 0.25  # of the label's type height: slack on where a cell's middle may lie
GROUP_CENTRED = 0.1  # share of its sub-headers' width a group label's middle may lie off theirs
# A line centred on the table as on its own column is the table's title when its middle lies this
# many times further off the column's middle than off the table's: either is set exactly by its
# producer, so the nearer middle is the one it was centred on.
CLOSER = 4.0


def sub_header_cut(lines: Sequence[Line], words: Sequence[Word], min_gap: float,
                   xs: Sequence[float] = ()) -> float | None:
    """Where (y, pt) a header band of two or three lines parts into two header rows, or None:
    the last line's pieces stand in runs of two or more, each run together under one piece of
    the first line, centred under it (within ``GROUP_CENTRED`` of its span, the piece inside it
    give or take a line height), every other piece over the run clear of it. Sub-headers under
    group labels ("단가 | 금액" under "예정가격"; "2018 | 2019" under "Group" beside "2020 |
    2021" under "Restated") are a header row of their own, no wrapped header cell: the labels
    beside the groups set at the top of cells spanning both rows (reportlab's ``VALIGN`` top)
    share the groups' line; set in their middle, they make a line between the two.
    With the table's column boundaries ``xs`` (pt) a label may be centred on its sub-headers'
    columns instead of their texts: sub-headers set left in their cells over amounts set right
    ("Net  Gross" under "Unit price") leave their texts' middle off the group's."""
    if len(lines) not in (2, 3):
        return None
    *heads, last = lines
    tops = [sorted(segments(words, [ln], min_gap), key=lambda s: s.x0) for ln in heads]
    sub = sorted(segments(words, [last], min_gap), key=lambda s: s.x0)
    above = [q for row in tops for q in row]
    if len(sub) < 2 or len(above) < 2:
        return None
    em, i = lines[0].bbox.height, 0
    while i < len(sub):
        i = next((j + 1 for j in range(i + 1, len(sub)) if _under_one(sub[i:j + 1], tops[0], above, em, xs)), -1)
        if i < 0:
            return None
    return (heads[-1].bbox.y1 + last.bbox.y0) / 2


def _under_one(run: Sequence[Segment], firsts: Sequence[Segment], above: Sequence[Segment], em: float,
               xs: Sequence[float]) -> bool:
    """Does the run of sub-header pieces ``run`` stand under one piece of ``firsts`` (the first
    line's), centred on the run's text or its columns' (``xs``), inside it give or take ``em``,
    every other piece of ``above`` clear of it?"""
    a, b = run[0].x0, run[-1].x1
    cells = (xs[col_of((a + run[0].x1) / 2, xs)], xs[col_of((run[-1].x0 + b) / 2, xs) + 1]) if len(xs) > 2 else (a, b)
    for p in firsts:
        centred = any(abs((p.x0 + p.x1) / 2 - (u + v) / 2) <= GROUP_CENTRED * (v - u) for u, v in ((a, b), cells))
        if centred and a - em <= p.x0 and p.x1 <= b + em and all(q.x1 <= a or q.x0 >= b for q in above if q is not p):
            return True
    return False


def sub_header_cuts(lines: Sequence[Line], words: Sequence[Word], min_gap: float,
                    xs: Sequence[float] = ()) -> list[float]:
    """Where (y, pt, top down) a header band parts into header rows: ``sub_header_cut``'s cut,
    or, under title lines (each one piece of text across a column boundary of ``xs``: a
    table's title set in its first row over every column), the title lines each a row of
    their own and the two or three lines under them parted as ``sub_header_cut`` parts a band
    ("Segment results" over "Item | Reported" over "2014 | 2015" in one box, tbl's ``c s s``
    title over its group heads). Empty when neither."""
    y = sub_header_cut(lines, words, min_gap, xs)
    if y is not None:
        return [y]
    titles = 0
    while titles < len(lines) and len(xs) > 2 and _title_line(lines[titles], words, min_gap, xs):
        titles += 1
    if not titles or len(lines) - titles not in (2, 3):
        return []
    y = sub_header_cut(lines[titles:], words, min_gap, xs)
    if y is None:
        return []
    return [*((a.bbox.y1 + b.bbox.y0) / 2 for a, b in zip(lines[:titles], lines[1:titles + 1], strict=True)), y]


def _title_line(line: Line, words: Sequence[Word], min_gap: float, xs: Sequence[float]) -> bool:
    """Is ``line`` one piece of text (no gap of ``min_gap``) across an inner boundary of ``xs``,
    or centred on the table (within ``GROUP_CENTRED`` of its width) and not on its own column:
    over ``GROUP_CENTRED`` of the column's width off its middle (a short title over a wide
    column, tbl's ``expand``), or, where the column stands near the table's middle, off the
    column's middle over ``CLOSER`` times as far as off the table's (a title set on the
    table's middle, a column's head on its column's)?"""
    pieces = segments(words, [line], min_gap)
    if len(pieces) != 1:
        return False
    p = pieces[0]
    if any(p.x0 < x < p.x1 for x in xs[1:-1]):
        return True
    mid, k = (p.x0 + p.x1) / 2, col_of((p.x0 + p.x1) / 2, xs)
    off_table, off_col = abs(mid - (xs[0] + xs[-1]) / 2), abs(mid - (xs[k] + xs[k + 1]) / 2)
    return off_table <= GROUP_CENTRED * (xs[-1] - xs[0]) and (
        off_col > GROUP_CENTRED * (xs[k + 1] - xs[k]) or off_col > CLOSER * off_table)


def label_span(grid: Grid, boxes: Sequence[Rect], r: int, c: int) -> tuple[int, int] | None:
    """The columns (first, last) that the text of slot (r, c) is a group label over, or None.

    ``boxes``: the table's word boxes (pt). Row ``r + 1`` is filled under ``c`` (a sub-header),
    every column below; the span runs over columns empty in row ``r`` and filled in row
    ``r + 1`` on one side of ``c`` (a label in a middle column, centred on that
    column, is centred on a span as wide on both sides as well, and says nothing of one). A
    cell's edges lie in the white between its column's texts and its neighbours' (the texts
    of the rows under the label): the label is the span's when its middle can be the middle of
    a cell over the span and cannot be that of a cell over its own column (``CENTRED_EMS`` of
    slack, in its type height: its boxes' height, pt)."""
    return _Header(grid, boxes, r).span(c) if r + 1 < grid.n_rows else None


class _Header:
    """Header row ``r`` of ``grid`` read once for all its labels: its slots, the next row's, the
    slots of every row under it and the whites between their columns (``_slots``, ``_whites``)."""

    def __init__(self, grid: Grid, boxes: Sequence[Rect], r: int) -> None:
        self.n_cols = grid.n_cols
        self.slots = _slots(grid, boxes, r)
        self.below = _slots(grid, boxes, *range(r + 1, grid.n_rows))
        self.row = _slots(grid, boxes, r + 1)
        full = all(k in self.below for k in range(grid.n_cols))
        self.white = _whites(grid, self.below) if full else []

    def span(self, c: int) -> tuple[int, int] | None:
        """``label_span`` of the slot in column ``c``."""
        label = self.slots.get(c)
        if not label or not self.white:
            return None
        middle = (min(b.x0 for b in label) + max(b.x1 for b in label)) / 2
        slack = CENTRED_EMS * max(b.height for b in label)
        white = self.white
        def centred(a: int, b: int, by: float) -> bool:  # a cell over columns a..b can centre the label
            return (white[a][0] + white[b + 1][0]) / 2 - by <= middle <= (white[a][1] + white[b + 1][1]) / 2 + by
        if c not in self.row or centred(c, c, -slack):
            return None
        for step in (-1, 1):
            k = c + step
            while 0 <= k < self.n_cols and k not in self.slots and k in self.row:
                a, b = min(c, k), max(c, k)
                if centred(a, b, slack):
                    return a, b
                k += step
        return None


def _whites(grid: Grid, cols: dict[int, list[Rect]]) -> list[tuple[float, float]]:
    """Per column boundary k (0..n_cols), the white (x0, x1) between column k - 1's texts and
    column k's (the region's sides outside the first and last column): where a cell's edge lies."""
    xs, n = grid.xs, grid.n_cols
    his = [xs[0], *(max(b.x1 for b in cols[k]) for k in range(n))]
    los = [*(min(b.x0 for b in cols[k]) for k in range(n)), xs[-1]]
    return [(min(h, lo), max(h, lo)) for h, lo in zip(his, los, strict=True)]


def head_rows(grid: Grid, drawn: Callable[[float], bool]) -> int:
    """Rows over the header's rule: the first inner row boundary drawn the table's full width
    (``drawn(y)``, y in pt), 0 when none is."""
    return next((k for k in range(1, grid.n_rows) if drawn(grid.ys[k])), 0)


def centred_label_spans(grid: Grid, boxes: Sequence[Rect], head: int) -> list[tuple[int, int, int]]:
    """(r, first, last): each header row's group labels (rows over boundary ``head``, the
    row under the label a header row too) and the columns they span (``label_span``)."""
    out = []
    for r in range(min(max(head - 1, 0), grid.n_rows - 1)):
        header = _Header(grid, boxes, r)
        for c in sorted(header.slots):
            span = header.span(c)
            if span is not None:
                out.append((r, *span))
    return out


def _slots(grid: Grid, boxes: Sequence[Rect], *rows: int) -> dict[int, list[Rect]]:
    """Column -> the word boxes whose centres lie in ``rows`` (consecutive) of ``grid``."""
    out: dict[int, list[Rect]] = {}
    y0, y1 = grid.ys[rows[0]], grid.ys[rows[-1] + 1]
    for b in boxes:
        if y0 <= b.cy < y1 and grid.xs[0] <= b.cx <= grid.xs[-1]:
            out.setdefault(col_of(b.cx, grid.xs), []).append(b)
    return out
