"""A cell whose paragraph wraps across a row rule left out under it spans both rows.

Tables drawn with row rules only stroke each row's rule cell by cell (InDesign, Word,
pdfmake). Where one column's cell is merged down over two rows of the next column, its rule
is left out there and the cell's paragraph wraps on past the place the other column's rule
is drawn: "Increase representation of Black and Latino/a/x / executives (director or above)"
beside "Increased Black representation by 39%" over "Increased Latino/a/x representation by
32%". Read row by row, the paragraph's lines land in two rows, each a fragment. Its lines
are told from two rows' labels by their spacing: the first line under the boundary follows
the last line over it at the paragraph's leading and starts higher than the other columns'
texts under the boundary (``one_paragraph``); a row's own label sits where its row's texts
do. Read by ``spans.grid_spans`` (``tables.wrapped_spans``) and by ``explain``.
"""

from __future__ import annotations

import numpy as np

from ..types import Grid
from .region import FULL, HALF, RegionEvidence

LEADING = 1.5  # a paragraph's next line starts within this many word heights of the line before
PITCH_SLACK = 0.1  # of a word's height: a wrapped line starts higher than its row's texts by more than this


def _tops(ev: RegionEvidence, x0: float, x1: float, y0: float, y1: float) -> list[float]:
    """The tops (pt) of the words whose centres lie in the box (x0, y0)-(x1, y1)."""
    boxes = (ev.words[i].bbox for i in ev.ids)
    return [b.y0 for b in boxes if x0 <= b.cx < x1 and y0 <= b.cy < y1]


def one_paragraph(ev: RegionEvidence, grid: Grid, r: int, c: int) -> bool:
    """Are the texts of slots (r, c) and (r + 1, c) the lines of one paragraph wrapped across
    the boundary between them: the first line under it follows the last line over it (within
    ``LEADING`` word heights) and starts higher than the other columns' texts under it (rows
    set their texts apart by padding and paragraph spacing, a paragraph its lines by its
    leading alone)? A Word cell merged down wraps "Continuing operations" with "operations" in
    the next row's band, above that row's own texts; a row's label sits where its row's texts do."""
    xs, ys = grid.xs, grid.ys
    top, mid, bottom = ys[r], ys[r + 1], ys[r + 2]
    above, below = _tops(ev, xs[c], xs[c + 1], top, mid), _tops(ev, xs[c], xs[c + 1], mid, bottom)
    if not above or not below:
        return False
    h = float(np.median([ev.words[i].bbox.height for i in ev.ids]))
    firsts = [min(t) for k in range(grid.n_cols) if k != c and (t := _tops(ev, xs[k], xs[k + 1], mid, bottom))]
    return (bool(firsts) and 0 < min(below) - max(above) <= LEADING * h
            and min(below) < float(np.median(firsts)) - PITCH_SLACK * h)


def wrapped_spans(grid: Grid, ev: RegionEvidence, occupied: set[tuple[int, int]],
                  virtual: set[float]) -> list[tuple[int, int]]:
    """The slots (r, c) whose cell runs down over (r + 1, c) in a grid ruled row by row: the
    rule under row ``r`` drawn fully under another column, left out (under half) under column
    ``c``, both slots holding text that is one paragraph wrapped across the boundary
    (``one_paragraph``). A boundary the text put there (``virtual``) is no rule left out."""
    xs, ys, nc = grid.xs, grid.ys, grid.n_cols
    out: list[tuple[int, int]] = []
    for r in range(grid.n_rows - 1):
        if ys[r + 1] in virtual:
            continue
        cover = [ev.covered("h", ys[r + 1], xs[c], xs[c + 1]) for c in range(nc)]
        if max(cover) < FULL:
            continue
        out += [(r, c) for c in range(nc) if cover[c] < HALF and (r, c) in occupied
                and (r + 1, c) in occupied and one_paragraph(ev, grid, r, c)]
    return out
