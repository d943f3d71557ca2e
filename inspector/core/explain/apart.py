"""Why a column boundary stays in a row where no rule is drawn: the row's texts lie apart.

In a ruled grid a separator left undrawn between two slots joins them when one is blank (a
cell merged across columns), unless a run of undrawn separators holds two texts or more
(``undrawn.texts_apart``: "Total" and its sum, blank slots between). Each such boundary says
so, with evidence ``texts_apart`` (its value: the rows). A separator the table draws nowhere
(a frame with no column rules: tbl's ``box``) joins a blank slot to the text beside it only
where the text sits over it (``spans.over_blank``); each row where it kept the two apart says
so, with evidence ``own_column`` (its value: the rows). Two blank slots across such a separator
are not joined where the row above or under holds text on both sides, no rule drawn between
in either column (joined, each to the text beside it, they would chain those texts, "Vendor"
and "Catalog number" under a blank header row, into one cell); each such row says so, with
evidence ``blank_apart`` (its value: the rows).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..evidence.rules_merge import RuleIndex
from ..structure.blankslots import blank_apart
from ..structure.region import HALF
from ..structure.undrawn import texts_apart
from ..types import Grid
from .page import Evidence, PageContext, Why

OWN_COLUMN = ("drawn nowhere in the table (a frame without column rules), so a blank slot beside a text joins it only "
              "where the text sits over both (its middle nearest a run of columns holding the blank one); in row(s) "
              "{rows} the text beside the blank slot sits in its own column: kept")
BLANK_APART = ("drawn nowhere in the table, and in row(s) {rows} the slots on both sides are blank over or under "
               "texts on both sides, no rule drawn between: the two blank slots are not joined across it (nothing "
               "drawn or written says they are one cell, and joined they would chain those texts into one)")
TEXTS_APART = ("not drawn in row(s) {rows}, yet kept there: each of those rows holds texts on both sides with only "
               "blank slots between them, and a cell merged across columns holds one text (a table that draws its "
               "column rules in the header band only leaves them out of every body row)")


def texts_apart_cols(ctx: PageContext, g: Grid, cols: list[Why]) -> list[Why]:
    """``cols`` (one per column boundary of ``g``) with each boundary ``undrawn.texts_apart``
    keeps in some rows saying so (a ruled grid, upright, in page space)."""
    if g.source != "ruled" or g.turn or not ctx.frame.identity or len(cols) != len(g.xs) or g.n_cols < 3:
        return cols
    apart, own, blank = _apart_rows(ctx, g)
    for rows, kind, say in ((apart, "texts_apart", TEXTS_APART), (own, "own_column", OWN_COLUMN),
                            (blank, "blank_apart", BLANK_APART)):
        for c, rs in rows.items():
            said = say.format(rows=", ".join(str(r + 1) for r in rs))
            cols[c + 1] = replace(cols[c + 1], evidence=(*cols[c + 1].evidence, Evidence(kind, len(rs))),
                                  decision=f"{cols[c + 1].decision}; {said}")
    return cols


def _apart_rows(ctx: PageContext, g: Grid) -> tuple[dict[int, list[int]], dict[int, list[int]], dict[int, list[int]]]:
    """Column boundary c (between columns c and c + 1) -> the rows where it is undrawn, a blank
    slot beside it, and kept: because the row's undrawn run holds two texts or more, (the
    second) because the boundary is drawn nowhere and the text beside the blank slot sits in
    its own column, and (the third) because it is drawn nowhere and both its slots are blank."""
    c = ctx.centres
    ids = c.inside(g.region)
    rs = np.searchsorted(g.ys, c.cy[ids], side="right") - 1
    cs = np.searchsorted(g.xs, c.cx[ids], side="right") - 1
    occupied = {(int(r), int(k)) for r, k in zip(rs, cs, strict=True) if 0 <= r < g.n_rows and 0 <= k < g.n_cols}
    spanned = {(r + i, k) for r, c0, n, m in g.spans for i in range(n) for k in range(c0, c0 + m - 1)}
    index, snap = RuleIndex(ctx.res.rules), ctx.params.merge.snap
    nowhere = {k for k in range(g.n_cols - 1) if index.covered("v", g.xs[k + 1], g.ys[0], g.ys[-1], snap) <= 0}

    def open_under(i: int, k: int) -> bool:  # no rule drawn under row i in column k
        return index.covered("h", g.ys[i + 1], g.xs[k], g.xs[k + 1], snap) < HALF

    out: dict[int, list[int]] = {}
    own: dict[int, list[int]] = {}
    blank: dict[int, list[int]] = {}
    for r in range(g.n_rows):
        undrawn = [k for k in range(g.n_cols - 1) if index.covered("v", g.xs[k + 1], g.ys[r], g.ys[r + 1], snap) < HALF]
        held = [(r, k) in occupied for k in range(g.n_cols)]
        for k in undrawn:
            if (r, k) not in spanned and held[k] != held[k + 1] and k in nowhere:
                own.setdefault(k, []).append(r)
            elif (r, k) not in spanned and blank_apart(occupied, nowhere, open_under, r, k):
                blank.setdefault(k, []).append(r)
        for k in sorted(texts_apart(held, undrawn)):
            # two texts side by side never join; a boundary drawn nowhere is read by ``own``
            if (r, k) not in spanned and not (held[k] and held[k + 1]) and k not in nowhere:
                out.setdefault(k, []).append(r)
    return out, own, blank
