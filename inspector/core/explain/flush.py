"""A column boundary inside a header cell whose group label is set flush with one end of the
cmidrule under it (``structure.flushlabels``): the boundary says so, evidence ``flush_label``
(its value: the label's 1-based row). Cmidrules a dash's gap apart are read apart (``Rule.breaks``)."""

from __future__ import annotations

from dataclasses import replace

from ..structure.flushlabels import flush_with
from ..types import Grid, Rule
from .page import Evidence, PageContext, Why

FLUSH_LABEL = ("in row {row} a header label (\"{text}\") set flush {side} with the rule drawn under columns {a}-{b} "
               "(a cmidrule, read apart from one a dash's gap beside it) is one cell over those columns, across "
               "this boundary")


def _parts(rules: list[Rule]) -> list[tuple[float, float]]:
    """The extents (pt) of ``rules``, each cut at the gaps its join bridged (``Rule.breaks``)."""
    out = []
    for u in rules:
        cuts = [u.start, *(x for b in u.breaks for x in b), u.end]
        out += list(zip(cuts[::2], cuts[1::2], strict=True))
    return out


def flush_label_cols(ctx: PageContext, g: Grid, cols: list[Why]) -> list[Why]:
    """``cols`` (one per column boundary of ``g``) with each boundary inside a header cell
    whose label is flush with its cmidrule saying so."""
    if g.source != "horizontal_rules" or len(cols) != len(g.xs) or g.turn or not ctx.frame.identity:
        return cols
    words, ids, snap = ctx.centres.words, ctx.centres.inside(g.region), ctx.params.merge.snap
    for r, c, rs, cs in g.spans:
        if rs != 1 or cs < 2 or r + 1 >= len(g.ys) - 1:
            continue
        x0, x1, y = g.xs[c], g.xs[c + cs], g.ys[r + 1]
        inside = sorted((words[i] for i in ids if g.ys[r] <= words[i].bbox.cy < y and x0 <= words[i].bbox.cx < x1),
                        key=lambda w: w.bbox.x0)
        text = " ".join(w.text for w in inside)
        under = _parts([u for u in ctx.res.rules if u.orient == "h" and abs(u.pos - y) <= snap])
        part = next(((a, b) for a, b in under if a < x1 and b > x0 and flush_with([w.bbox for w in inside], text, a, b)),
                    None)
        if part is None:
            continue
        side = "right" if abs(part[1] - max(w.bbox.x1 for w in inside)) <= abs(min(w.bbox.x0 for w in inside) - part[0]) \
            else "left"
        said = FLUSH_LABEL.format(row=r + 1, text=text[:50], side=side, a=c + 1, b=c + cs)
        for j in range(c + 1, c + cs):
            cols[j] = replace(cols[j], evidence=(*cols[j].evidence, Evidence("flush_label", r + 1)),
                              decision=f"{cols[j].decision}; {said}")
    return cols
