"""A row boundary a stub label centred down its group of rows spans (``structure.centredstub``):
the boundary says which label's cell spans it, evidence ``centred_stub`` (the label's 1-based
row where it starts)."""

from __future__ import annotations

from dataclasses import replace

from ..types import Grid
from .page import Evidence, PageContext, Why

CENTRED_STUB = ("; the row labels stand centred down the rows they span (one off the rows' lines, or the first "
                "body row's blank), so the stub is read as groups: \"{text}\" is one cell over rows {first}-{last} "
                "(tables.centred_stubs)")
PARAM = "tables.centred_stubs"


def centred_stub_rows(ctx: PageContext, g: Grid, rows: list[Why]) -> list[Why]:
    """``rows`` (one per row boundary of ``g``) with each boundary inside a stub cell that
    ``centredstub`` made span its group naming that cell."""
    # A ruled grid's undrawn joins span such a label too, the lever or not: named only off ruled grids.
    if not ctx.params.tables.centred_stubs or g.source == "ruled" or len(rows) != len(g.ys) or g.turn \
            or not ctx.frame.identity:
        return rows
    words, ids = ctx.centres.words, ctx.centres.inside(g.region)
    for r, c, rs, cs in g.spans:
        if c != 0 or cs != 1 or rs < 2:
            continue
        x0, x1 = g.xs[0], g.xs[1]
        inside = [words[i] for i in ids if x0 <= words[i].bbox.cx < x1 and g.ys[r] <= words[i].bbox.cy < g.ys[r + rs]]
        if not inside or len({round(w.baseline, 1) for w in inside}) != 1:
            continue  # a label of several lines: another mechanism's span
        text = " ".join(w.text for w in inside)[:50]
        for k in range(r + 1, r + rs):
            b = rows[k]
            if any(e.kind == "centred_stub" for e in b.evidence):
                continue
            rows[k] = replace(b, evidence=(*b.evidence, Evidence("centred_stub", r + 1)),
                              decision=b.decision + CENTRED_STUB.format(text=text, first=r + 1, last=r + rs),
                              params=(*b.params, PARAM))
    return rows
