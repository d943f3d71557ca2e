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
from .columns import Line, col_of, segments

CENTRED_EMS = 0.25  # of the label's type height: slack on where a cell's middle may lie
GROUP_CENTRED = 0.1  # share of its sub-headers' width a group label's middle may lie off theirs


def sub_header_cut(lines: Sequence[Line], words: Sequence[Word], min_gap: float,
                   xs: Sequence[float] = ()) -> float | None:
    """Where (y, pt) a header band of two or three lines parts into two header rows, or None:
    the last line's two or more pieces stand together under one piece of the first line,
    centred under it (within ``GROUP_CENTRED`` of their span, the piece inside it give or take
    a line height), every other piece over them clear of them. Sub-headers under a group label
    ("단가 | 금액" under "예정가격") are a header row of their own, no wrapped header cell: the
    labels beside the group set at the top of cells spanning both rows (reportlab's ``VALIGN``
    top) share the group's line; set in their middle, they make a line between the two.
    With the table's column boundaries ``xs`` (pt) the label may be centred on the sub-headers'
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
    a, b, em = sub[0].x0, sub[-1].x1, lines[0].bbox.height
    cells = (xs[col_of((a + sub[0].x1) / 2, xs)], xs[col_of((sub[-1].x0 + b) / 2, xs) + 1]) if len(xs) > 2 else (a, b)
    for p in tops[0]:
        centred = any(abs((p.x0 + p.x1) / 2 - (u + v) / 2) <= GROUP_CENTRED * (v - u) for u, v in ((a, b), cells))
        if centred and a - em <= p.x0 and p.x1 <= b + em and all(q.x1 <= a or q.x0 >= b for q in above if q is not p):
            return (heads[-1].bbox.y1 + last.bbox.y0) / 2
    return None


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
