"""A row boundary a cell's wrapped paragraph runs past, the rule left out under it
(``structure.wrapspans``): the boundary says which cell spans it, evidence ``wrapped_span``
(the cell's 1-based column)."""

from __future__ import annotations

from dataclasses import replace

from ..types import Grid
from .page import Evidence, PageContext, Why

WRAPPED_SPAN = ("; the rule is drawn here in other columns but left out under column {col}, where the cell's "
                "paragraph (\"{text}\") wraps on past it at its leading, above the next row's texts: one cell "
                "spanning both rows (tables.wrapped_spans)")
PARAM = "tables.wrapped_spans"


def wrapped_rows(ctx: PageContext, g: Grid, rows: list[Why]) -> list[Why]:
    """``rows`` (one per row boundary of ``g``) with each boundary inside a cell that a
    paragraph wrapped across a left-out rule made tall naming that cell."""
    if g.source != "horizontal_rules" or not ctx.params.tables.wrapped_spans or len(rows) != len(g.ys) \
            or g.turn or not ctx.frame.identity:  # rules in page space, the grid upright
        return rows
    words, ids = ctx.centres.words, ctx.centres.inside(g.region)
    snap = ctx.params.merge.snap
    for r, c, rs, cs in g.spans:
        if cs != 1 or rs < 2:
            continue
        x0, x1 = g.xs[c], g.xs[c + 1]
        inside = [words[i] for i in ids if x0 <= words[i].bbox.cx < x1 and g.ys[r] <= words[i].bbox.cy < g.ys[r + rs]]
        for k in range(r + 1, r + rs):
            y = g.ys[k]
            drawn = [u for u in ctx.res.rules if u.orient == "h" and abs(u.pos - y) <= snap]
            if not any(u.start < x0 - snap or u.end > x1 + snap for u in drawn) \
                    or any(u.start < x1 - snap and u.end > x0 + snap for u in drawn) \
                    or not any(w.bbox.cy < y for w in inside) or not any(w.bbox.cy >= y for w in inside):
                continue
            text = " ".join(w.text for w in inside)[:50]
            b = rows[k]
            rows[k] = replace(b, evidence=(*b.evidence, Evidence("wrapped_span", c + 1)),
                              decision=b.decision + WRAPPED_SPAN.format(col=c + 1, text=text),
                              params=(*b.params, PARAM))
    return rows
