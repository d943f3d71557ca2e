"""Column heads stacked over several lines above a head rule (``structure.headstacks``), for
explain: the row boundaries the stacks put in the header (a title over the heads, a column's
stack breaking between a group head and the column heads) and the lines they keep in one header
row. Mirrors ``bandrows._head_stacks``; positions in the table's upright frame (points).
"""

from __future__ import annotations

from ..structure.bandlines import full_lines
from ..structure.columns import Line, line_cols
from ..structure.headstacks import HeadStacks, stacked_heads
from ..types import Grid
from .bands import drawn_ys
from .page import Evidence, PageContext

STACK_TITLE = "a new row starts with the next text line: the column heads stacked over several lines in their " \
    "columns above the head rule start here, under a line running across the columns (a title or a sentence " \
    "over them); all of it above the head rule is header"
STACK_BREAK = "a new header row starts with the next text line: the column heads above the head rule stack in " \
    "their columns, and a column's stack breaks here (its text above, white, then text again under): a group " \
    "head's lines over the column heads, two header rows"
STACKED = "both lines are column heads stacked in their columns above the head rule (each column's lines one " \
    "cell, though a lower line fills columns the one above leaves empty: heads set on the rule): one header row"


def head_stacks(ctx: PageContext, g: Grid) -> tuple[list[Line], HeadStacks] | None:
    """The first band's lines of ``g`` and their stacked-heads reading, when its bottom is a
    drawn rule with a body band under it and its lines are stacked heads read apart (a title
    over them or two header rows); else None. The band reads as a header already, as
    ``bandrows.split_rows`` has it, when its top is drawn or not all its lines fill the row, and
    it is not all full lines, more than a row band holds."""
    drawn = drawn_ys(g)
    kinds = {b.pos: b.kind for b in g.row_evidence}
    if len(drawn) < 3 or kinds.get(drawn[1]) != "rule":
        return None
    words = ctx.centres.words
    lines = [ln for ln in ctx.centres.region_lines(g.region, ctx.centres.inside(g.region), ctx.params.rows.y_tolerance)
             if drawn[0] <= ln.bbox.cy < drawn[1]]
    cols = [line_cols(ln, words, g.xs) for ln in lines]
    full = full_lines(lines, words, g.xs, cols=cols)
    header = (kinds.get(drawn[0]) == "rule" or not full) and not (full and len(lines) > ctx.params.tables.row_band_lines)
    found = stacked_heads(lines, words, g.xs, cols, header)
    if found is None or (found.first == 0 and len(found.starts) == 1):
        return None
    return lines, found


def stack_cut(ctx: PageContext, g: Grid, y: float) -> tuple[str, Evidence] | None:
    """Why the row boundary at ``y`` parts the header's lines by their stacks, with its evidence
    (``head_stack``: the lines of the stacked block), or None when the stacks did not put it there."""
    got = head_stacks(ctx, g)
    if got is None:
        return None
    lines, found = got
    for k in found.starts:
        if 0 < k < len(lines) and lines[k - 1].bbox.cy < y < lines[k].bbox.cy:
            said = STACK_TITLE if k == found.first else STACK_BREAK
            return said, Evidence("head_stack", len(lines) - found.first)
    return None


def stacked_pair(got: tuple[list[Line], HeadStacks] | None, above: Line, below: Line) -> bool:
    """Are ``above`` and ``below`` lines of one header row of stacked heads (``got``: the
    table's ``head_stacks``)?"""
    if got is None:
        return False
    lines, found = got
    at = [k for k, ln in enumerate(lines) if ln.word_ids in (above.word_ids, below.word_ids)]
    if len(at) != 2 or at[0] < found.first:
        return False
    return not any(at[0] < s <= at[1] for s in found.starts)
