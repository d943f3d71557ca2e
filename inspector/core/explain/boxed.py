"""A ruled table whose cells are closed boxes set apart, joined into one table
(``structure.boxedcells``): its top boundary says so, evidence ``boxed_cells`` (how many boxes)."""

from __future__ import annotations

from dataclasses import replace

from ..structure.boxedcells import lattice_boxes
from ..structure.regions import usual_height
from ..types import Grid
from .page import Evidence, PageContext, Why

BOXED_CELLS = ("; the table's cells are drawn as closed boxes of their own, {} of them set apart in rows and "
               "columns by gutters narrower than half a text line: one table's cells, joined into it, not a region each")
REACH = 2.0  # pt past the table's region a rule of its frame may lie (the frame's stroke)


def boxed_rows(ctx: PageContext, g: Grid, rows: list[Why]) -> list[Why]:
    """``rows`` with the first boundary naming the boxes joined into ``g``, when they were."""
    if g.source != "ruled" or not rows or g.turn or not ctx.frame.identity:
        return rows
    box = g.region
    rules = [r for r in ctx.res.rules if box.x0 - REACH <= r.bbox.x0 and r.bbox.x1 <= box.x1 + REACH
             and box.y0 - REACH <= r.bbox.y0 and r.bbox.y1 <= box.y1 + REACH]
    n = lattice_boxes(rules, ctx.params.tables.intersect_tol, usual_height(ctx.res.rows))
    if not n:
        return rows
    first = rows[0]
    return [replace(first, evidence=(*first.evidence, Evidence("boxed_cells", n)),
                    decision=first.decision + BOXED_CELLS.format(n)), *rows[1:]]
