"""A row boundary a stub label centred down its group of rows spans (``structure.centredstub``):
the boundary says which label's cell spans it, evidence ``centred_stub`` (the label's 1-based
row where it starts)."""

from __future__ import annotations

from dataclasses import replace

from ..evidence.rules_merge import RuleIndex
from ..structure.centred_heads import head_rows
from ..structure.centredstub import centred_stub_groups
from ..structure.columns import col_of
from ..structure.region import FULL, HALF
from ..types import Grid, Word
from .page import Evidence, PageContext, Why

CENTRED_STUB = ("; the row labels stand centred down the rows they span (one off the rows' lines, or the first "
                "body row's blank), so the stub is read as groups: \"{text}\" is one cell over rows {first}-{last} "
                "(tables.centred_stubs)")
PARAM = "tables.centred_stubs"


def centred_stub_rows(ctx: PageContext, g: Grid, rows: list[Why]) -> list[Why]:
    """``rows`` (one per row boundary of ``g``) with each boundary inside a stub cell that
    ``centredstub`` made span its group naming that cell: the groups read again as the
    structure step read them, kept where the grid spans them."""
    if not ctx.params.tables.centred_stubs or len(rows) != len(g.ys) or g.turn or not ctx.frame.identity \
            or g.n_cols < 2:
        return rows
    words, ids = ctx.centres.words, ctx.centres.inside(g.region)
    cells: dict[int, dict[int, list[Word]]] = {}
    for i in ids:
        w = words[i]
        cells.setdefault(col_of(w.bbox.cy, g.ys), {}).setdefault(col_of(w.bbox.cx, g.xs), []).append(w)
    index, snap, xs = RuleIndex(ctx.res.rules), ctx.params.merge.snap, g.xs
    head = head_rows(g, lambda y: index.covered("h", y, xs[0], xs[-1], snap) >= FULL)
    groups = centred_stub_groups(g, lambda r: cells.get(r, {}), head,
                                 lambda y: index.covered("h", y, xs[0], xs[1], snap) >= HALF)
    spans = {(r, rs) for r, c, rs, cs in g.spans if c == 0 and cs == 1}
    for first, last in groups:
        if (first, last - first + 1) not in spans:
            continue
        text = " ".join(w.text for r in range(first, last + 1) for w in cells.get(r, {}).get(0, []))[:50]
        for k in range(first + 1, last + 1):
            b = rows[k]
            rows[k] = replace(b, evidence=(*b.evidence, Evidence("centred_stub", first + 1)),
                              decision=b.decision + CENTRED_STUB.format(text=text, first=first + 1, last=last + 1),
                              params=(*b.params, PARAM))
    return rows

