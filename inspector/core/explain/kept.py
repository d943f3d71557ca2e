"""A kept boundary's evidence, and what decided it in the words of the grid stage's ``Boundary.reason``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..structure.bandseams import SEAM_BOUNDARY
from ..structure.colends import COLUMN_ENDS, SPAN_ENDS
from ..structure.rulejoints import MIN_RULES, NARROW_JOINT, RULE_JOINTS, joints
from ..types import Boundary, Grid
from .bands import (
    AMOUNT_ROW,
    CENTRED_ROW,
    GROUP_HEAD,
    LABEL_LEADS,
    LABELLED_HEAD,
    MISREAD,
    NEXT_ITEM,
    OUTDENTED,
    PARAGRAPH_ROW,
    RUNS_ON,
    SECTION_LABEL,
    STUB_ROW,
    TOTALS_ROW,
    amount_band,
    bold_label_below,
    centred_band,
    group_head_below,
    item_below,
    label_leads_below,
    labelled_head,
    lines_around,
    misread_band,
    outdented_below,
    paragraph_band,
    runs_on_above,
    spanning_apart,
    stub_band,
    totals_band,
)
from .candidates import Region
from .drawn import drawn_boundary
from .headstack import stack_cut
from .page import Evidence, PageContext, Why, value_range
from .textgap import text_gap

FILL_PARAMS = ("vector.gutter", "vector.gradient_strips")


def recorded_evidence(positions: Sequence[float], recorded: Sequence[Boundary]) -> list[Boundary]:
    """The grid's evidence per boundary; a boundary with none recorded is a region edge or a gap."""
    if len(recorded) == len(positions):
        return list(recorded)
    last = len(positions) - 1
    return [Boundary(p, "edge" if k in (0, last) else "text gap") for k, p in enumerate(positions)]


def _decided(b: Boundary) -> str:
    """What made boundary ``b``, as the grid stage recorded it (``Boundary.reason``), in the
    words of its evidence: a boundary the text decided is a text gap even when a rule happens
    to lie on it, one between number stacks a number stack, one beside text a clip cut a clip
    edge; the evidence found on it otherwise
    (a grid from elsewhere records no reason)."""
    if b.reason == "text":
        return "text gap"
    if b.reason in ("number stack", "clip edge", "group rule", "line number", "cell tiles", "sign edge", "tight edge", "column ends",
                    "rule joints", "number edge"):
        return b.reason
    return b.kind


def _ends_decision(g: Grid, y: float) -> str:
    """What the column rules ending at ``y`` decided: a row across the table, or a line under
    some columns only (the cell under the ends spans them, ``colends``)."""
    r = g.ys.index(y) if y in g.ys else -1
    part = [(c, cs) for rr, c, rs, cs in g.spans if rr == r and 1 < cs < g.n_cols]
    if not part:
        return COLUMN_ENDS
    c, cs = part[0]
    return SPAN_ENDS.format(x0=g.xs[c], x1=g.xs[c + cs])


def kept_why(axis: str, b: Boundary, ctx: PageContext, table: tuple[Grid, Region | None]) -> Why:
    kind = _decided(b)
    if kind == "rule":
        return drawn_boundary(axis, b, ctx, table[0])
    if kind == "fill" and axis == "row" and _on_seam(ctx, table[0], b):
        return Why(axis, b.pos, True, (Evidence("band_seam", len(b.fills), b.fills),), SEAM_BOUNDARY, ())
    if kind == "fill":
        return Why(axis, b.pos, True, (Evidence("fill_edge", len(b.fills), b.fills),),
                   "the edge of a fill, or the gutter between two fills, lies on it", FILL_PARAMS)
    if kind == "edge":
        return Why(axis, b.pos, True, (Evidence("region_edge"),), "the table region ends here",
                   ("tables.min_rows", "tables.min_cols"))
    if kind == "number stack":
        return Why(axis, b.pos, True, (Evidence("number_stack", b.gap),),
                   "numbers right-aligned in a stack on each side (a negative's \")\" may hang out of its stack, "
                   "as accounting formats set it), sharing their lines, with free space between "
                   "on every line (a word OCR only guessed, under 40 %, across it on one line in ten is taken as "
                   "misread): two columns closer than columns.min_gap", ())
    if kind == "number edge":
        return Why(axis, b.pos, True, (Evidence("number_edge"), Evidence("text_gap", b.gap)),
                   "numbers set right end at one x here, their starts ragged, and the text after them on the same "
                   "lines starts at one x, its ends ragged: one cell keeps one alignment, so the "
                   f"{b.gap:.1f} pt between is two cells' padding (closer than columns.min_gap)", ())
    if kind == "clip edge":
        return Why(axis, b.pos, True, (Evidence("clipped_text", b.clip_lines), Evidence("text_gap", b.gap)),
                   f"text clipped at x = {b.clip_x:.1f} in {b.clip_lines} rows: a clip path cuts the cells' text "
                   f"there, so their column ends there, though the next column's text starts {b.gap:.1f} pt "
                   "further (closer than columns.min_gap)", ())
    if kind == "sign edge":
        return Why(axis, b.pos, True, (Evidence("sign_edge"), Evidence("text_gap", b.gap)),
                   "a column of currency signs alone, each between two numbers, starts here: a spreadsheet's "
                   "accounting format sets the sign at its cell's left edge, so the amounts left of it end their "
                   f"column though the gap is {b.gap:.1f} pt (closer than columns.min_gap; columns.signs_open)",
                   ("columns.signs_open",))
    if kind == "tight edge":
        return Why(axis, b.pos, True, (Evidence("tight_edge"), Evidence("text_gap", b.gap)),
                   "the next column's text starts at one x on most lines right of here, no line runs across it, "
                   f"and the {b.gap:.1f} pt before it is wider than the table's word spaces on every line: two "
                   "text columns a cell inset apart (closer than columns.min_gap; columns.tight_edges)",
                   ("columns.tight_edges",))
    if kind == "line number":
        return Why(axis, b.pos, True, (Evidence("line_number"),),
                   "a blank table's side, moved past the form's line number set in its first caption (a number "
                   "of the column of line numbers running on above and below it, no text of the table)",
                   ("tables.blank_tables",))
    if kind == "cell tiles":
        return Why(axis, b.pos, True, (Evidence("cell_tiles", len(b.fills), b.fills), Evidence("text_gap", b.gap)),
                   "the cells' shading is drawn one rectangle per cell, and two of them meet side by side here on "
                   "several text lines, through no word: the edge of the cells the document laid out, though no "
                   "rule is drawn on it", ())
    if kind == "rule joints":
        n = max((k for x, k in joints(ctx.res.rules, table[0].region, ctx.params.merge.snap)
                 if abs(x - b.pos) <= ctx.params.merge.snap), default=MIN_RULES)
        gap = text_gap(b, ctx, *table)  # the white found the column; the joints place it in that white
        said = gap.decision if b.gap >= ctx.params.columns.min_gap else NARROW_JOINT.format(gap=b.gap)
        return replace(gap, evidence=(Evidence("rule_joints", n), *gap.evidence),
                       decision=f"{RULE_JOINTS.format(n=n)}; {said}")
    if kind == "column ends":
        return Why(axis, b.pos, True, (Evidence("column_ends"),), _ends_decision(table[0], b.pos), ("tables.column_ends",))
    if kind == "group rule":
        return Why(axis, b.pos, True, (Evidence("group_rule", b.gap),),
                   f"the end of a rule under a group label (a spanning header's underline), in the {b.gap:.1f} pt "
                   "of white the lines leave here: the group's first column starts where its rule does, a "
                   "sub-header set flush left under it included", ("columns.min_gap",))
    if axis == "col":
        return text_gap(b, ctx, *table)
    g = table[0]
    stack = stack_cut(ctx, g, b.pos)  # the header's lines above its head rule, parted by their stacks
    if stack is not None:
        return Why(axis, b.pos, True, (stack[1],), stack[0], ())
    trial = _band_limit(ctx, g)
    drawn = [y for y, e in zip(g.ys, recorded_evidence(g.ys, g.row_evidence), strict=True) if _decided(e) != "text gap"]
    works = trial is not None and ctx.removes(g, "row", b.pos, trial, drawn)
    around, leads = lines_around(ctx, g, b.pos), False
    run: tuple[str, float] | None = None
    item: tuple[str, str] | None = None
    outdent = 0.0
    head: tuple[float, float] | None = None
    amounts = amount_band(ctx, g, b.pos)
    totals = not amounts and totals_band(ctx, g, b.pos)
    labelled = not (amounts or totals) and labelled_head(ctx, g, b.pos)
    centred = not (amounts or totals or labelled) and centred_band(ctx, g, b.pos)
    stub = not (amounts or totals or labelled or centred) and stub_band(ctx, g, b.pos)
    step = 0.0 if amounts or totals or labelled or centred or stub else paragraph_band(ctx, g, b.pos)
    said = AMOUNT_ROW if amounts else TOTALS_ROW if totals else LABELLED_HEAD if labelled else \
        CENTRED_ROW if centred else STUB_ROW if stub else \
        PARAGRAPH_ROW.format(step) if step else \
        SECTION_LABEL if around and bold_label_below(ctx, g, *around) else \
        OUTDENTED.format(step=outdent) if around and (outdent := outdented_below(ctx, g, *around)) else \
        GROUP_HEAD.format(above=head[0], pitch=head[1]) if around and (head := group_head_below(ctx, g, *around)) \
        else \
        SPAN_APART if around and spanning_apart(ctx, g, *around) else \
        LABEL_LEADS if around and (leads := label_leads_below(ctx, g, *around)) else \
        RUNS_ON.format(text=run[0], step=run[1]) if around and (run := runs_on_above(ctx, g, *around)) else \
        NEXT_ITEM.format(*item) if (item := item_below(ctx, g, b.pos)) else \
        "a new row starts with the next text line (it fills other columns than the line above)"
    ev = Evidence("amount_row", b.gap) if amounts else Evidence("totals_box", b.gap) if totals else \
        Evidence("labelled_rows", b.gap) if labelled else \
        Evidence("centred_amounts", b.gap) if centred else Evidence("stub_labels", b.gap) if stub else \
        Evidence("labelled_paragraph", step) if step else Evidence("outdented_label", outdent) if outdent else \
        Evidence("group_head", head[0]) if head else \
        Evidence("label_leads_in", b.gap) if leads else \
        Evidence("runs_on", run[1]) if run else Evidence("next_item", b.gap) if item else Evidence("line_gap", b.gap)
    evidence: tuple[Evidence, ...] = (ev,)
    if misread := misread_band(ctx, g, b.pos):
        said += MISREAD.format(n=len(misread), words=", ".join(f'"{w}"' for w in misread[:3]))
        evidence += (Evidence("misread_amounts", len(misread)),)
    return Why(axis, b.pos, True, evidence, said, ("tables.row_band_lines",), trial if works else None)


def _on_seam(ctx: PageContext, g: Grid, b: Boundary) -> bool:
    """Does row boundary ``b`` lie inside one of its fills, not on its edge: a seam where two
    bands of one colour drawn apart abut (``structure.bandseams``)?"""
    if not ctx.frame.identity or g.turn:
        return False
    snap, fills = ctx.params.merge.snap, ctx.res.fills
    return any(0 <= i < len(fills) and fills[i].bbox.y0 + snap < b.pos < fills[i].bbox.y1 - snap for i in b.fills)


SPAN_APART = ("a new row starts with the next text line: it and the line above are each one run of words across a "
              "column boundary (cells laid over the columns: a caption, a title), and it stands apart from that "
              "line or is set in another type: another cell, not that one's next line")


def _band_limit(ctx: PageContext, g: Grid) -> tuple[str, float] | None:
    """``tables.row_band_lines`` raised to the most lines a drawn band of ``g`` holds: the bands
    are then rows drawn one by one, whose lines are multi-line cells (None when it is no raise)."""
    drawn = [y for y, e in zip(g.ys, recorded_evidence(g.ys, g.row_evidence), strict=True) if _decided(e) != "text gap"]
    lines = ctx.centres.region_lines(g.region, ctx.centres.inside(g.region), ctx.params.rows.y_tolerance)
    most = max((sum(1 for ln in lines if a <= ln.bbox.cy < b) for a, b in zip(drawn, drawn[1:], strict=False)),
               default=0)
    hi = value_range("tables.row_band_lines")[1]
    return ("tables.row_band_lines", most) if ctx.params.tables.row_band_lines < most <= hi else None
