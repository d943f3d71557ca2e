"""What a drawn boundary's rules were before they were rules: a line the scan broke into pieces
(``raster_groups.bridge``), a pale line drawn over the cells' shading (``evidence.pale_rules``)."""

from __future__ import annotations

from ..types import Grid
from .page import PageContext


def pale_over_fill(ctx: PageContext, g: Grid, axis: str, pos: float) -> bool:
    """Is a rule on boundary ``pos`` of ``g`` a pale line over shading (``evidence.pale_rules``):
    inside a fill, across it, and no darker than the fill (a rule darker than its fill is ink)?"""
    orient = "v" if axis == "col" else "h"
    lo, hi = (g.region.y0, g.region.y1) if orient == "v" else (g.region.x0, g.region.x1)
    for r in ctx.res.vector_rules:
        if r.orient != orient or abs(r.pos - pos) > ctx.params.merge.snap or r.start >= hi or r.end <= lo:
            continue
        mid = (r.start + r.end) / 2
        for f in ctx.res.fills:
            b = f.bbox
            inside = b.x0 + PALE_INSIDE < r.pos < b.x1 - PALE_INSIDE and b.y0 <= mid <= b.y1 if orient == "v" \
                else b.y0 + PALE_INSIDE < r.pos < b.y1 - PALE_INSIDE and b.x0 <= mid <= b.x1
            if inside and r.grey >= f.grey - 1:
                return True
    return False


PALE_INSIDE = 0.5  # pt: a pale line this far inside a fill's sides lies over it (not on its edge)


def bridged(ctx: PageContext, g: Grid, axis: str, pos: float) -> int:
    """The most pieces a raster rule on boundary ``pos`` of ``g`` was joined from
    (``raster_groups.bridge``); 0 when none was joined."""
    orient = "v" if axis == "col" else "h"
    lo, hi = (g.region.y0, g.region.y1) if orient == "v" else (g.region.x0, g.region.x1)
    on = [r.pieces for r in ctx.res.raster_rules if r.pieces > 1 and r.orient == orient
          and abs(r.pos - pos) <= ctx.params.merge.snap and r.start < hi and r.end > lo]
    return max(on, default=0)
