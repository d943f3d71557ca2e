"""Why a rule just past a table's top or bottom row is no row boundary: the band is thin.

``structure.thinbands`` ends a grid at the inner rule when the band between it and the next
rule out holds no text and is thinner than a line of the table's type (a double rule, the
rule over the notes). Each such rule is listed dropped, with evidence ``thin_band`` (its value:
the band's height, pt).
"""

from __future__ import annotations

import numpy as np

from ..structure.thinbands import thin_empty
from ..types import Grid
from .page import Evidence, PageContext, Why

THIN_BAND = ("a rule {h:.1f} pt past the table's {side} row, the band between them empty and thinner than a "
             "line of the table's type ({line:.1f} pt): a double rule or the rule over the notes, no row")
WIDE = 0.9  # share of the table's width a rule must run to close a band across it


def thin_band_rules(ctx: PageContext, g: Grid) -> list[Why]:
    """Dropped candidates: the rules just past ``g``'s first and last row over a thin empty band."""
    if not ctx.frame.identity or g.turn or g.n_rows < 2:
        return []
    c = ctx.centres
    ids = c.inside(g.region)
    if not ids:
        return []
    line = float(np.median([c.words[i].bbox.height for i in ids]))
    x0, x1 = g.xs[0], g.xs[-1]
    cy = c.cy[(c.cx >= x0) & (c.cx <= x1)]  # the words across the table's width (NaN: none)
    out = []
    for r in ctx.res.rules:
        if r.orient != "h" or min(r.end, x1) - max(r.start, x0) < WIDE * (x1 - x0):
            continue
        below = g.ys[-1] < r.pos and thin_empty(g.ys[-1], r.pos, cy, line)
        above = r.pos < g.ys[0] and thin_empty(r.pos, g.ys[0], cy, line)
        if below or above:
            h = r.pos - g.ys[-1] if below else g.ys[0] - r.pos
            out.append(Why("row", r.pos, False, (Evidence("thin_band", round(h, 2)),),
                           THIN_BAND.format(h=h, side="last" if below else "first", line=line)))
    return out
