"""The wording of a column that holds a column of pictures (``evidence.icons``): small pictures,
one per row under a header word, stand for its cells' text, so the column is there though no
word of its body is."""

from __future__ import annotations

from dataclasses import replace

from ..evidence.icons import MIN_ICONS, WHAT, is_icon
from ..types import Grid
from .page import Evidence, PageContext, Why


def icon_cols(ctx: PageContext, g: Grid, cols: list[Why]) -> list[Why]:
    """``cols`` with each boundary of a column holding ``MIN_ICONS`` or more pictures' words
    saying so, with evidence ``icons`` (their count). Page-space tables only: the pictures'
    words are placed in page space."""
    if g.turn or not ctx.frame.identity or len(cols) != len(g.xs):
        return cols
    icons = [w.bbox for w in ctx.res.words if is_icon(w) and g.ys[0] <= w.bbox.cy <= g.ys[-1]]
    if not icons:
        return cols
    out = list(cols)
    for k in range(len(g.xs) - 1):
        n = sum(g.xs[k] <= b.cx < g.xs[k + 1] for b in icons)
        if n < MIN_ICONS:
            continue
        for j, side in ((k, "right"), (k + 1, "left")):
            said = (f"; the column {side} of it holds {WHAT} ({n} small pictures, one per row under a header word, "
                    "no text): they stand for its cells' text")
            out[j] = replace(out[j], evidence=(*out[j].evidence, Evidence("icons", n)), decision=out[j].decision + said)
    return out
