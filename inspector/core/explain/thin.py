"""Why a rule just past a table's top or bottom row is no row boundary: the band is thin.

``structure.thinbands`` ends a grid at the inner rule when the band between it and the next
rule out holds no text and is thinner than a line of the table's type (a double rule, the
rule over the notes). Each such rule is listed dropped, with evidence ``thin_band`` (its value:
the band's height, pt). Inside the grid, a rule beside a kept boundary over an empty band thinner
than half a line (``thinbands.one_per_pair``: cells boxed apart) is listed dropped with
evidence ``rule_pair`` (its value: the band's width, pt).
"""

from __future__ import annotations

import numpy as np

from ..structure.boxedcells import SPACING
from ..structure.thinbands import thin_empty
from ..types import Grid
from .page import Evidence, PageContext, Why

THIN_BAND = ("a rule {h:.1f} pt past the table's {side} row, the band between them empty and thinner than a "
             "line of the table's type ({line:.1f} pt): a double rule or the rule over the notes, no row")
PAIR = ("a rule {d:.1f} pt beside the {what} boundary at {at:.1f} pt, the band between them empty and thinner than "
        "half a line of the table's type ({line:.1f} pt): cells drawn as boxes apart, the pair is one boundary")
WIDE = 0.9  # share of the table's width a rule must run to close a band across it


def _type_line(ctx: PageContext, g: Grid) -> float | None:
    """The median height of ``g``'s words (pt): a line of the table's type; None where the
    explanation has nothing to say (a turned or re-framed page, one row, no text)."""
    if not ctx.frame.identity or g.turn or g.n_rows < 2:
        return None
    ids = ctx.centres.inside(g.region)
    return float(np.median([ctx.centres.words[i].bbox.height for i in ids])) if ids else None


def thin_band_rules(ctx: PageContext, g: Grid) -> list[Why]:
    """Dropped candidates: the rules just past ``g``'s first and last row over a thin empty band."""
    line = _type_line(ctx, g)
    if line is None:
        return []
    c = ctx.centres
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


def pair_rules(ctx: PageContext, g: Grid) -> list[Why]:
    """Dropped candidates: the rules inside ``g`` that pair with a kept boundary over an empty
    band thinner than half a line (one per position; a rule within ``merge.snap`` is the same
    line), on an axis whose inner boundaries are all paired or none is (``one_per_pair``)."""
    line = _type_line(ctx, g)
    if line is None:
        return []
    c = ctx.centres
    inside = (c.cx >= g.xs[0]) & (c.cx <= g.xs[-1]) & (c.cy >= g.ys[0]) & (c.cy <= g.ys[-1])
    out = []
    for axis, kept, centre in (("row", g.ys, c.cy[inside]), ("col", g.xs, c.cx[inside])):
        found: dict[float, tuple[float, float]] = {}  # rule position -> (its kept boundary, distance)
        lo, hi = (g.xs[0], g.xs[-1]) if axis == "row" else (g.ys[0], g.ys[-1])
        for r in ctx.res.rules:
            if r.orient != ("h" if axis == "row" else "v") or r.end <= lo or r.start >= hi:
                continue
            if axis == "row" and not kept[0] < r.pos < kept[-1]:
                continue  # past the first or last row: ``thin_band_rules`` tells it
            at = min(kept, key=lambda k: abs(k - r.pos))
            d = abs(at - r.pos)
            if ctx.params.merge.snap < d < SPACING * line and thin_empty(min(at, r.pos), max(at, r.pos), centre, line):
                found.setdefault(round(r.pos, 1), (at, d))
        paired = {at for at, _ in found.values()} & set(kept[1:-1])
        if paired and len(paired) < len(kept) - 2:
            continue  # a pair here and there (a shaded cell's inset fill): not boxes apart, none dropped
        out += [Why(axis, pos, False, (Evidence("rule_pair", round(d, 2)),),
                    PAIR.format(d=d, what="row" if axis == "row" else "column", at=at, line=line))
                for pos, (at, d) in found.items()]
    return out
