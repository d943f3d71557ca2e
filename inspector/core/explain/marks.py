"""A form's marks in ``explain``: the sides of check boxes and digit boxes and the ticks of combs set aside
before the grid (``evidence.checkboxes``, ``tables.check_boxes``) are dropped candidates of the
table they lie in, with why, so Why shows that those drawn lines were looked at and are no rules.
Only tables read upright in page space are looked at (a sideways grid has another frame).
A table's top or bottom where a form's ruled group was cut into its sections
(``structure.form_sections``, ``tables.section_cut``) says so, and a table's side where a block of
tables with a repeated header was cut into them (``structure.repeats``, ``tables.repeated_headers``);
a table's top where that cut left its title lines out of it says so (``repeats.untitled``). The edges
of a fill that is a mark inside one drawn cell (``structure.cellmarks``, ``tables.cell_marks``) are
dropped candidates of the table it lies in.
"""

from __future__ import annotations

from ..aside import FORM_MARKS
from ..structure.cellmarks import WHAT as CELL_MARK
from ..structure.form_sections import CUT
from ..structure.repeats import UNTITLED
from ..types import Grid
from .page import Evidence, PageContext, Why

NEAR = 1.0  # pt: marks this close across are one candidate


def form_mark_rules(ctx: PageContext, g: Grid, axis: str) -> list[Why]:
    """Dropped candidates for the check box sides and comb ticks inside the table's region."""
    orient = "v" if axis == "col" else "h"
    box = g.region
    out: dict[tuple[float, str], int] = {}
    for rej in ctx.res.rejected:
        r = rej.rule
        if rej.reason not in FORM_MARKS or r.orient != orient:
            continue
        b = r.bbox
        if b.within(box, NEAR):
            pos = next((p for p, why in out if abs(p - r.pos) <= NEAR and why == rej.reason), round(r.pos, 2))
            out[(pos, rej.reason)] = out.get((pos, rej.reason), 0) + 1
    return [Why(axis, pos, False, (Evidence("rule", n),), f"{n} drawn line(s) here: {why}", ("tables.check_boxes",))
            for (pos, why), n in sorted(out.items())]


def section_cut(ctx: PageContext, g: Grid, pos: float) -> bool:
    """Does the table's top or bottom at ``pos`` (a y, pt) lie on a rule where a form's ruled
    group was cut into its sections?"""
    return any(r.reason == CUT and r.bbox.y0 <= pos <= r.bbox.y1 and r.bbox.x0 < g.xs[-1] and r.bbox.x1 > g.xs[0]
               for r in ctx.res.regions)


REPEATED_PARAM = "tables.repeated_headers"


def repeated_cut(ctx: PageContext, g: Grid, axis: str, pos: float) -> str:
    """Why the table's side at ``pos`` (an x for ``axis`` "col", a y for "row", pt) lies where a
    block of tables with a repeated header was cut into them ("" when it does not)."""
    for r in ctx.res.regions:
        if r.param != REPEATED_PARAM or r.reason == UNTITLED:
            continue
        b = r.bbox
        on = b.x0 - NEAR <= pos <= b.x1 + NEAR and b.y0 < g.ys[-1] and b.y1 > g.ys[0] if axis == "col" else \
            b.y0 - NEAR <= pos <= b.y1 + NEAR and b.x0 < g.xs[-1] and b.x1 > g.xs[0]
        if on and (b.x1 - b.x0 < b.y1 - b.y0) == (axis == "col"):
            return r.reason
    return ""


def title_left_out(ctx: PageContext, g: Grid, pos: float) -> float:
    """The height (pt) of the title lines a block cut where its header is set again left out
    over the table's top at ``pos`` (a y, pt: ``repeats.untitled``); 0 when none were."""
    return next((r.bbox.height for r in ctx.res.regions if r.reason == UNTITLED and abs(r.bbox.y1 - pos) <= NEAR
                 and r.bbox.x0 < g.xs[-1] and r.bbox.x1 > g.xs[0]), 0.0)


def cell_mark_edges(ctx: PageContext, g: Grid) -> list[Why]:
    """Dropped candidates at the edges of the fills inside the table that are marks in one of its
    drawn cells (``cellmarks``): a column at each side, a row at its top and bottom."""
    if not ctx.params.tables.cell_marks:
        return []
    box, out = g.region, []
    marks = ctx.cell_marks
    for f in ctx.res.fills:
        if f.id not in marks or not f.bbox.within(box, NEAR):
            continue
        cell = marks[f.id]
        said = (f"the edge of a fill {f.bbox.width:.1f} x {f.bbox.height:.1f} pt inside a drawn cell of "
                f"{cell.width:.1f} x {cell.height:.1f} pt, reaching neither across nor down it: {CELL_MARK}, "
                "so its edges are no boundaries")
        ev = (Evidence("cell_mark", 1, (f.id,)),)
        out += [Why("col", x, False, ev, said, ("tables.cell_marks",)) for x in (f.bbox.x0, f.bbox.x1)]
        out += [Why("row", y, False, ev, said, ("tables.cell_marks",)) for y in (f.bbox.y0, f.bbox.y1)]
    return out

