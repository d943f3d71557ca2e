"""Why a table of horizontal rules reaches past its rules, or splits a column at a narrow gap:
the habits of a spreadsheet printed to PDF.

``structure.leftlabels.extend_left`` takes the row labels standing left of rules drawn over the
amounts only (a totals rule): the table's left edge then says so, with evidence
``row_labels`` (its value: the labelled lines). ``structure.glyphgaps.signs_open`` keeps a
column edge one glyph wide left of a column of currency signs set apart from their amounts
(an accounting format): that boundary says so, with evidence ``accounting_sign`` (its value:
the lines whose cell starts with a sign). ``structure.spacers.join_spacers`` joins the groups of
rules a blank spacer column breaks: the boundary in that column says so, with evidence
``spacer_column`` (its value: the rule heights broken there). ``structure.bandrows.amount_body`` splits the lines
above a table's first rule (a totals rule) into a header and rows of amounts: the boundary under
the header says so, with evidence ``amount_body`` (its value: the body's lines).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..structure.bandrows import amount_body
from ..structure.columns import Segment, segments
from ..structure.glyphgaps import SPLIT_GLYPHS, facing_columns, gap_in_glyphs, signs_open
from ..structure.spacers import spacer_break
from ..types import Grid, Word
from .page import Evidence, PageContext, Why

ROW_LABELS = ("the rules drawn across the table start at x = {x:.1f}, over the amounts only (a totals rule, as a "
              "spreadsheet draws it): the row labels on {n} of the table's lines left of them are its first column")
ACCOUNTING = ("on {n} line(s) the cell right of it starts with a currency sign alone, its amount further right "
              "(an accounting format: the sign at the cell's left edge): the gap left of the sign is a column's edge, "
              "no space inside a cell")
FACING = ("on {n} line(s) the text left of it is set right (its ends at one x, its starts ragged) and the text "
          "right of it set left (its starts at one x, its ends ragged): two cells' edges, no space inside one cell")
GLYPHS = f" and over {SPLIT_GLYPHS:g} glyphs of the text beside it (spaces inside cells are no column)"  # ``_text_gap``'s
AMOUNT_BODY = ("the {n} lines under it, above the table's first rule (a totals rule), are each a label beside "
               "amounts: rows of their own under the header, not the header's wrapped lines")
SPACER = ("the table's horizontal rules break over a blank column here and start again at the same {n} heights "
          "beyond it, over amounts only (a spreadsheet's spacer column: cell borders stop at the empty cells); "
          "one table across it")
TOL = 1.0  # pt a rule may start left of the row labels' right end and still be over the amounts only


def sheet_cols(ctx: PageContext, g: Grid, cols: list[Why]) -> list[Why]:
    """``cols`` (one per column boundary of ``g``) with the left edge and the accounting-sign
    boundaries of a spreadsheet's table saying so."""
    if g.source != "horizontal_rules" or len(cols) != len(g.xs) or len(g.xs) < 3:
        return cols
    words = ctx.centres.words
    lines = ctx.centres.region_lines(g.region, ctx.centres.inside(g.region), ctx.params.rows.y_tolerance)
    rules = [r for r in ctx.res.rules if r.orient == "h" and g.ys[0] - TOL <= r.pos <= g.ys[-1] + TOL
             and r.end > g.xs[0] and r.start < g.xs[-1]]
    labels = [words[i].bbox.x1 for ln in lines for i in ln.word_ids if words[i].bbox.cx < g.xs[1]]
    if rules and labels and min(r.start for r in rules) >= max(labels) - TOL:
        labelled = sum(any(words[i].bbox.cx < g.xs[1] for i in ln.word_ids) for ln in lines)
        said = ROW_LABELS.format(x=min(r.start for r in rules), n=labelled)
        cols[0] = replace(cols[0], evidence=(*cols[0].evidence, Evidence("row_labels", labelled)),
                          decision=f"{cols[0].decision}; {said}")
    hs = [r for r in ctx.res.rules if r.orient == "h" and g.ys[0] - TOL <= r.pos <= g.ys[-1] + TOL]
    for k in range(1, len(g.xs) - 1):
        n = spacer_break(hs, g.xs[k - 1], g.xs[k + 1])
        if n:
            cols[k] = replace(cols[k], evidence=(*cols[k].evidence, Evidence("spacer_column", n)),
                              decision=f"{cols[k].decision}; {SPACER.format(n=n)}")
    segs = segments(words, lines, ctx.params.columns.min_gap)
    for k in range(1, len(g.xs) - 1):
        n = signs_open(words, segs, g.xs[k])
        if n:
            decision = cols[k].decision
            if gap_in_glyphs(words, segs, g.xs[k], g.xs[k - 1], g.xs[k + 1]) <= SPLIT_GLYPHS:  # the sign kept it
                decision = decision.replace(GLYPHS, f" (though {SPLIT_GLYPHS:g} glyphs of the text beside it or less)")
            cols[k] = replace(cols[k], evidence=(*cols[k].evidence, Evidence("accounting_sign", n)),
                              decision=f"{decision}; {ACCOUNTING.format(n=n)}")
    return _facing(g, cols, words, segs)


def _facing(g: Grid, cols: list[Why], words: Sequence[Word], segs: Sequence[Segment]) -> list[Why]:
    """``cols`` with each boundary that only ``glyphgaps.facing_columns`` kept (a gap of
    ``SPLIT_GLYPHS`` glyphs or less between text set right and text set left) saying so,
    evidence ``facing_columns`` (its value: the lines showing it)."""
    for k in range(1, len(g.xs) - 1):
        n = facing_columns(segs, g.xs[k], g.xs[k - 1], g.xs[k + 1])
        if n and gap_in_glyphs(words, segs, g.xs[k], g.xs[k - 1], g.xs[k + 1]) <= SPLIT_GLYPHS:
            decision = cols[k].decision.replace(GLYPHS, f" (though {SPLIT_GLYPHS:g} glyphs of the text beside it "
                                                        "or less)")
            cols[k] = replace(cols[k], evidence=(*cols[k].evidence, Evidence("facing_columns", n)),
                              decision=f"{decision}; {FACING.format(n=n)}")
    return cols


def sheet_rows(ctx: PageContext, g: Grid, rows: list[Why]) -> list[Why]:
    """``rows`` (one per row boundary of ``g``) with the boundary under the header of a body of
    amounts standing above the first rule (``bandrows.amount_body``) saying so."""
    if g.source != "horizontal_rules" or len(rows) != len(g.ys):
        return rows
    ruled = sorted(r.pos for r in ctx.res.rules if r.orient == "h" and r.end > g.xs[0] and r.start < g.xs[-1]
                   and g.ys[0] - TOL <= r.pos <= g.ys[-1] + TOL)
    if not ruled or ruled[0] <= g.ys[0] + TOL:
        return rows  # the top is drawn: the first band is no open one
    words = ctx.centres.words
    lines = ctx.centres.region_lines(g.region, ctx.centres.inside(g.region), ctx.params.rows.y_tolerance)
    above = [ln for ln in lines if ln.bbox.cy < ruled[0]]
    body = amount_body(above, words, g.xs, ctx.params.tables.row_band_lines)
    if not body:
        return rows
    y0, y1 = above[body - 1].bbox.cy, above[body].bbox.cy
    k = next((k for k, y in enumerate(g.ys) if y0 < y < y1), None)
    if k is not None:
        rows[k] = replace(rows[k], evidence=(*rows[k].evidence, Evidence("amount_body", len(above) - body)),
                          decision=f"{rows[k].decision}; {AMOUNT_BODY.format(n=len(above) - body)}")
    return rows
