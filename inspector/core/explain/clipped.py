"""Clipped art in ``explain``: drawn paths the page box, a clip path or an opaque box painted over
them hides (``PageResult.clipped_art``) are no evidence; where they would have decided a boundary, Why says so.

Two cases: a table edge where visible rules or fills stop at the cut and their hidden part runs
on (without the cut the table would have run on too), and a rule hidden inside a table where
no boundary is (it would have made one). Only tables read upright in page space are looked at
(a sideways table's grid is measured in another frame).
"""

from __future__ import annotations

from ..types import ClippedArt, Grid, Rect
from .page import Evidence, PageContext, Why

NEAR = 2.0  # pt: a cut this close to a boundary is on it (a clip path hugs a frame's outer edge)
THIN = 2.0  # pt: a stroked path at most this wide across is a rule
CLIPPED = "clipped art (outside the page, under a clip path or under an opaque box painted over it) is no evidence"


def _span(r: Rect, orient: str) -> tuple[float, float]:
    """Extent of ``r`` along a boundary of ``orient`` ("v": its y range, "h": its x range)."""
    return (r.y0, r.y1) if orient == "v" else (r.x0, r.x1)


def _across(r: Rect, orient: str) -> tuple[float, float]:
    return (r.x0, r.x1) if orient == "v" else (r.y0, r.y1)


def runs_past(art: tuple[ClippedArt, ...], g: Grid, axis: str, pos: float) -> int:
    """How many cut paths have their visible part end on the table edge ``pos`` (a column edge
    when ``axis`` is "col") and their hidden part run on past it, alongside the table."""
    orient = "v" if axis == "col" else "h"
    lo, hi = _span(g.region, orient)
    n = 0
    for a in art:
        if a.visible is None:
            continue
        s0, s1 = _span(a.visible, "h" if orient == "v" else "v")  # the art's extent across the edge
        w0, w1 = _span(a.rect, "h" if orient == "v" else "v")
        along = _span(a.visible, orient)
        beside = along[0] < hi and along[1] > lo
        if beside and ((abs(s1 - pos) <= NEAR and w1 > pos + NEAR) or (abs(s0 - pos) <= NEAR and w0 < pos - NEAR)):
            n += 1
    return n


def hidden_rules(ctx: PageContext, g: Grid, axis: str) -> list[Why]:
    """Dropped candidates for rules inside the table that a cut hides wholly or along the table."""
    orient = "v" if axis == "col" else "h"
    kept = g.xs if axis == "col" else g.ys
    inner = _across(g.region, orient)
    lo, hi = _span(g.region, orient)
    out: dict[float, int] = {}
    for a in ctx.res.clipped_art:
        c0, c1 = _across(a.rect, orient)
        if not a.stroked or c1 - c0 > THIN:
            continue
        pos = round((c0 + c1) / 2, 2)
        if not inner[0] + NEAR < pos < inner[1] - NEAR or any(abs(pos - k) <= NEAR for k in kept):
            continue
        a0, a1 = _span(a.rect, orient)
        v0, v1 = _span(a.visible, orient) if a.visible is not None else (a0, a0)
        hidden = max(0.0, min(a1, hi) - max(a0, lo)) - max(0.0, min(v1, hi) - max(v0, lo))
        if hidden >= 0.5 * (hi - lo):
            out[pos] = out.get(pos, 0) + 1
    return [Why(axis, pos, False, (Evidence("clipped_art", n),), f"{n} drawn rule(s) here are hidden: {CLIPPED}")
            for pos, n in sorted(out.items())]


def edge_note(ctx: PageContext, g: Grid, axis: str, pos: float) -> tuple[tuple[Evidence, ...], str]:
    """Extra evidence and words for a region edge that a cut decided ((), "" when none did)."""
    if not ctx.frame.identity or g.turn:
        return (), ""
    n = runs_past(ctx.res.clipped_art, g, axis, pos)
    if not n:
        return (), ""
    return (Evidence("clipped_art", n),), f"; {n} drawn path(s) stop here at a cut and run on hidden: {CLIPPED}"
