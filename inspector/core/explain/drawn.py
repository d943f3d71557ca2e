"""What a drawn boundary's rules were before they were rules: a line the scan broke into pieces
(``raster_groups.bridge``), a pale line drawn over the cells' shading (``evidence.pale_rules``),
a scan's grey hairline found from faint ink (``evidence.faint_rules``, ``raster.faint_lines``), a
line that ran on into the table beside, cut at the two tables' facing edges (``Rule.cut``)."""

from __future__ import annotations

import dataclasses

from ..evidence.rules_vector import WHITE
from ..structure.drawnparts import GROUPED, LABELLED, TILED
from ..types import Boundary, Grid, Rule
from .page import Evidence, PageContext, Why, value_range

# The thresholds that find a rule: a drawn one the vector stage's, one found in the page's
# render the raster stage's (a vector threshold cannot act on a raster rule); both merged by snap.
VECTOR_FINDS = ("vector.min_length", "vector.max_thickness", "vector.min_contrast")
RASTER_FINDS = ("raster.min_length", "raster.max_thickness", "raster.paper_fraction")
RULE_PARAMS = (*VECTOR_FINDS, "merge.snap")


def rules_on(ctx: PageContext, g: Grid, axis: str, pos: float) -> list[Rule]:
    """The page's rules on boundary ``pos`` of ``g`` (within ``merge.snap``, across its region)."""
    orient = "v" if axis == "col" else "h"
    lo, hi = (g.region.y0, g.region.y1) if orient == "v" else (g.region.x0, g.region.x1)
    return [r for r in ctx.res.rules if r.orient == orient and abs(r.pos - pos) <= ctx.params.merge.snap
            and r.start < hi and r.end > lo]


def rule_params(ctx: PageContext, g: Grid, axis: str, pos: float) -> tuple[str, ...]:
    """The parameters that find the rules on boundary ``pos`` of ``g``: the vector stage's for
    drawn rules, the raster stage's for rules found in the render (both for a merged one). A
    turned table's boundaries are measured in its own frame: the page's rules are not matched
    to them, and every stage that found the page's rules is named."""
    on = rules_on(ctx, g, axis, pos) if ctx.frame.identity and not g.turn else list(ctx.res.rules)
    sources = {r.source for r in on}  # "merged": found by both stages
    vector, raster = not sources or bool(sources - {"raster"}), bool(sources - {"vector"})
    return (*(VECTOR_FINDS if vector else ()), *(RASTER_FINDS if raster else ()), "merge.snap")


def pale_over_fill(ctx: PageContext, g: Grid, axis: str, pos: float) -> bool:
    """Is a rule on boundary ``pos`` of ``g`` a pale line over shading (``evidence.pale_rules``):
    inside a fill, across it, and no darker than the fill (a rule darker than its fill is ink)?"""
    orient = "v" if axis == "col" else "h"
    lo, hi = (g.region.y0, g.region.y1) if orient == "v" else (g.region.x0, g.region.x1)
    for r in ctx.res.vector_rules:
        if r.orient != orient or abs(r.pos - pos) > ctx.params.merge.snap or r.start >= hi or r.end <= lo:
            continue
        mid = (r.start + r.end) / 2
        for f in ctx.res.fills:
            b = f.bbox
            inside = b.x0 + PALE_INSIDE < r.pos < b.x1 - PALE_INSIDE and b.y0 <= mid <= b.y1 if orient == "v" \
                else b.y0 + PALE_INSIDE < r.pos < b.y1 - PALE_INSIDE and b.x0 <= mid <= b.x1
            if inside and r.grey >= f.grey - 1:
                return True
    return False


PALE_INSIDE = 0.5  # pt: a pale line this far inside a fill's sides lies over it (not on its edge)


def bridged(ctx: PageContext, g: Grid, axis: str, pos: float) -> int:
    """The most pieces a raster rule on boundary ``pos`` of ``g`` was joined from
    (``raster_groups.bridge``); 0 when none was joined."""
    orient = "v" if axis == "col" else "h"
    lo, hi = (g.region.y0, g.region.y1) if orient == "v" else (g.region.x0, g.region.x1)
    on = [r.pieces for r in ctx.res.raster_rules if r.pieces > 1 and r.orient == orient
          and abs(r.pos - pos) <= ctx.params.merge.snap and r.start < hi and r.end > lo]
    return max(on, default=0)


CUT_NEAR = 3.0  # pt: a cut rule's end this near a column boundary ends on it (the cut is at the rule across)
CUT_SAID = (", the table's {n} row rule(s) end on it where the scan's line ran on into the table beside it: "
            "cut at the two tables' facing edges, a piece noise broke off one table's rule having reached "
            "across the gap to the other's (raster.hairline_gap: a dash's reach)")


def cut_here(ctx: PageContext, g: Grid, axis: str, pos: float) -> int:
    """How many raster row rules across ``g``'s rows end on column boundary ``pos`` where the
    raster stage cut a line running on into the table beside (``Rule.cut``,
    ``raster_groups._cut_at_specks``); 0 for a row boundary or a turned table."""
    if axis != "col" or g.turn:
        return 0
    y0, y1 = g.region.y0, g.region.y1
    return sum(1 for r in ctx.res.raster_rules if r.orient == "h" and r.cut and y0 <= r.pos <= y1
               and any(abs((r.start if end == "start" else r.end) - pos) <= CUT_NEAR for end in r.cut))


def faint_found(ctx: PageContext, g: Grid, axis: str, pos: float) -> bool:
    """Does a raster rule found from faint ink (``Rule.found_faint``) lie on boundary ``pos`` of ``g``?
    (A turned table's boundaries are measured in its own frame: not compared with page rules.)"""
    return not g.turn and any(r.found_faint for r in rules_on(ctx, g, axis, pos))


def _without_faint(ctx: PageContext, g: Grid, axis: str, pos: float) -> tuple[str, float] | None:
    """("raster.faint_lines", 0) when the tables stage, given the page's rules less those found
    from faint ink (what turning it off leaves), loses boundary ``pos`` of ``g`` and keeps the
    others; None otherwise (the lever is still named: it may change the grid in other ways)."""
    params = ctx.trial("raster.faint_lines", 0)
    if params is None:
        return None
    new = ctx.grid_again(params, g, tuple(r for r in ctx.res.rules if not r.found_faint))
    if new is None:
        return None
    found, old = (new.xs, g.xs) if axis == "col" else (new.ys, g.ys)
    text = ctx.text(g)
    if text.matched(axis, found, [p for p in old if p != pos]) is None or not text.gone(axis, found, old, pos):
        return None
    return ("raster.faint_lines", 0)  # a switch: 0, as the rejected regions' levers


def drawn_boundary(axis: str, b: Boundary, ctx: PageContext, g: Grid) -> Why:
    """A boundary on drawn rules. The lever for a pale rule is ``vector.min_contrast`` just
    above its contrast: offered when the tables stage, given only the rules that value keeps,
    loses the boundary and keeps the others; when the text leaves a column gap there too, the
    boundary stays without its rules, and the decision says so."""
    said = f"{b.rules} drawn rule(s) lie on it"
    if pale_over_fill(ctx, g, axis, b.pos):
        said += (", a pale line drawn over the cells' shading (a shaded table's cell border: its contrast "
                 "is read against the fill under it, not the paper)")
    named = rule_params(ctx, g, axis, b.pos)
    if not g.turn and any(r.source == "text" for r in rules_on(ctx, g, axis, b.pos)):
        said += (", printed as a row of '-' or '=' characters (a plain-text report's underline, read as a rule: "
                 "tables.character_rules)" if axis == "row" else
                 ", printed as a column of '|' characters (a text table's column rule, read as a rule: "
                 "tables.character_rules)")
        named = (*named, "tables.character_rules")
    pieces = bridged(ctx, g, axis, b.pos)
    if pieces:
        said += (f", one joined from {pieces} pieces the scan broke it into "
                 "(raster.bridge_gap; a hairline's dashes: raster.hairline_gap)")
        named = (*named, "raster.bridge_gap", "raster.hairline_gap")
    cut = cut_here(ctx, g, axis, b.pos)
    if cut:
        said += CUT_SAID.format(n=cut)
        named = tuple(dict.fromkeys((*named, "raster.hairline_gap")))  # named once with the pieces' levers
    trial = _fainter(ctx, g, axis, b.pos)
    flip = None
    if faint_found(ctx, g, axis, b.pos):
        said += (", found from faint ink: a grey hairline lighter than the ink threshold, told by its "
                 "darker valley (raster.faint_lines)")
        named = (*named, "raster.faint_lines")
        flip = _without_faint(ctx, g, axis, b.pos)
    if trial is not None:
        value, rules = trial
        fainter = ctx.trial("vector.min_contrast", value)
        new = None if fainter is None else ctx.grid_again(fainter, g, rules)
        found = (new.xs if axis == "col" else new.ys) if new is not None else ()
        old = g.xs if axis == "col" else g.ys
        # Only this boundary goes: a text gap beside it would put another in its place.
        if new is not None and len(found) == len(old) - 1 \
                and ctx.text(g).matched(axis, found, [p for p in old if p != b.pos]) == []:
            flip = flip or ("vector.min_contrast", value)
        elif new is not None and len(found) >= len(old) and b.gap > 0:
            said += (f"; without them a boundary stays here: the text leaves a {b.gap:.1f} pt gap "
                     "(columns.min_gap)")
            named = (*named, "columns.min_gap")
    evidence = (Evidence("rule", b.rules), *((Evidence("speck_cut", cut),) if cut else ()))
    return Why(axis, b.pos, True, evidence, said, named, flip)


def _fainter(ctx: PageContext, g: Grid, axis: str, pos: float) -> tuple[float, tuple[Rule, ...]] | None:
    """The ``vector.min_contrast`` that hides every rule on boundary ``pos`` of ``g``, and the
    page's rules that value keeps; None when that cannot be worked out from the rules alone
    (a turned table, raster rules, fill edges on it, or a fill the value would hide too)."""
    if not ctx.frame.identity or any(r.source != "vector" for r in ctx.res.rules):
        return None
    on = rules_on(ctx, g, axis, pos)
    if not on or any(r.fill >= 0 for r in on):
        return None
    value = max(WHITE - r.grey for r in on) + 1
    if value <= ctx.params.vector.min_contrast or value > value_range("vector.min_contrast")[1] \
            or any(WHITE - f.grey < value for f in ctx.res.fills):
        return None
    return float(value), tuple(r for r in ctx.res.rules if WHITE - r.grey >= value)


JOINED_PARAM = "tables.ruled_parts"
JOINED_ROW = ("; {} it lies a row ruled across only, joined to the drawn grid's parts (its column rules stroked in "
              "shaded rows only): its text keeps the grid's columns ({})")
LABEL_ROW = ("; {} it lies a section label between two ruled blocks of one grid (the same sides and column rules), "
             "set in a row's height over a row of amounts, not apart nor over the next table's header: one table, "
             "the label its section row ({})")

TILED_ROW = ("; {} it lies an unfilled row between runs of the table's cell tiles (fills a gutter apart, or a band over "
             "them), joined to them: the tiles' gutters line up over and under it and its text keeps their columns ({})")
GROUP_ROW = ("; {} it lies a blank gap narrower than a row between two ruled blocks of one grid, the lower one "
             "opening on a row across every column (a group's label) or being one row (a total), its column rules "
             "among the upper's: a report's groups set a little apart, one table ({})")
_KINDS = {LABELLED: ("section_label", LABEL_ROW), TILED: ("tiled_row", TILED_ROW), GROUPED: ("group_gap", GROUP_ROW)}


def joined_rows(ctx: PageContext, g: Grid, rows: list[Why]) -> list[Why]:
    """``rows`` with each boundary on the top or bottom of a band ``tables.ruled_parts`` joined
    to ``g`` (the band the tables stage noted, ``drawnparts.Parts.tell``) naming it, with
    evidence ``drawn_parts`` (a row of the grid's columns), ``section_label`` (a section label
    between two blocks, ``drawnparts.section_label``), ``group_gap`` (a blank gap over a
    report's next group, ``stacked_grids._group_gap``) or ``tiled_row`` (an unfilled row between
    cell tiles, ``stacked_grids``); switching it off is offered when that
    removes the boundary and keeps the others (otherwise the table comes apart, and the lever is
    only named)."""
    bands = [(r.bbox, r.reason) for r in ctx.res.regions
             if r.joined and r.param == JOINED_PARAM and r.bbox.iou(g.region) > 0]
    if not bands or not ctx.frame.identity or g.turn:
        return rows
    snap, out = ctx.params.merge.snap, []
    for w in rows:
        edge = [("over", lab) for b, lab in bands if abs(b.y1 - w.pos) <= snap] + \
            [("under", lab) for b, lab in bands if abs(b.y0 - w.pos) <= snap]
        if not edge:
            out.append(w)
            continue
        off = (JOINED_PARAM, 0.0)
        flip = w.flip or (off if ctx.removes(g, "row", w.pos, off, [y for y in g.ys if y != w.pos]) else None)
        kinds = {_KINDS.get(why, ("drawn_parts", JOINED_ROW)) for _, why in edge}
        kind, text = min(kinds) if len(kinds) == 1 else ("drawn_parts", JOINED_ROW)
        said = text.format(" and ".join(sorted({s for s, _ in edge})), JOINED_PARAM)
        out.append(dataclasses.replace(
            w, evidence=(*w.evidence, Evidence(kind, len(edge))),
            decision=w.decision + said, params=(*w.params, JOINED_PARAM), flip=flip))
    return out
