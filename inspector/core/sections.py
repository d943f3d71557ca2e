"""Full-width shaded section rows: rows of the table that span all its columns.

A row whose text sits in one column only and which a fill covers across the table's
width is a section row ("Complete", "Extra") when that fill's colour is not the colour of
the table's ordinary rows (a zebra band under a row with one value filled in is no
section). It becomes one cell spanning every column.
"""

from __future__ import annotations

from collections.abc import Sequence

from .types import Fill, Grid

WIDE = 0.9  # a section fill covers this share of the table's width


def row_fills(grid: Grid, fills: Sequence[Fill]) -> list[Fill | None]:
    """For each row, the fill covering it across the table (its centre line inside), or None."""
    width = grid.xs[-1] - grid.xs[0]
    out: list[Fill | None] = []
    for r in range(grid.n_rows):
        cy = (grid.ys[r] + grid.ys[r + 1]) / 2
        hit = None
        for f in fills:
            b = f.bbox
            if b.y0 <= cy <= b.y1 and min(b.x1, grid.xs[-1]) - max(b.x0, grid.xs[0]) >= WIDE * width \
                    and b.height <= 1.5 * (grid.ys[r + 1] - grid.ys[r]) + 2:
                hit = f
        out.append(hit)
    return out


def section_rows(grid: Grid, fills: Sequence[Fill], occupied: set[tuple[int, int]]) -> list[int]:
    """Rows (after the first) that are shaded section rows spanning all columns."""
    if grid.n_cols < 2 or not fills:
        return []
    shade = row_fills(grid, fills)
    cols = [{c for (r, c) in occupied if r == row} for row in range(grid.n_rows)]
    rgb = [f.rgb if f is not None else None for f in shade]
    ordinary = {rgb[r] for r in range(1, grid.n_rows) if rgb[r] is not None and len(cols[r]) >= 2}
    return [r for r in range(1, grid.n_rows) if len(cols[r]) == 1 and rgb[r] is not None and rgb[r] not in ordinary]
