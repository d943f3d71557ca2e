"""Two placements explain names on a table's kept boundaries: a column boundary cut through
the clear white of its gap, not its middle (``gapcuts.cut_how``: a cell's text running on into
the gap on a few lines, "3.05% over £10k" under a rate), and a table's bottom moved under its
last row's next line (``grow.next_cell_line``: a zebra table's last, unshaded row keeps
"(under 18)" under "Youth Savings"). And what ended a table's growth down by its words
(``ends.why_ended``): a longtable's "Continued on next page" foot, a caption, a numbered
section heading set apart under the last row, a heading without a number over prose or the
next table's header. Positions in the grid's frame (pt)."""

from __future__ import annotations

from dataclasses import replace

from ..structure.columns import Line, gap_cut, segments
from ..structure.ends import row_pitch, why_ended
from ..structure.gapcuts import CLEAR
from ..structure.grow import PARAGRAPH_GAP, cell_leading, next_cell_line
from ..types import Grid, Rect
from .candidates import Region
from .page import Evidence, PageContext, Why

CLEAR_CUT = ("; the lines the gap lets cross it (a cell's text running on into it) leave one part of it clear: the "
             "boundary goes through that white, not the gap's middle (through the cell's text)")
CELL_LINE = ("; the table's bottom takes in the last row's next line (\"{}\"): one piece in one column, starting "
             "where that cell's text starts, in its type, stepping the leading of the table's own multi-line "
             "cells, under the last drawn boundary: the row's cell typed over two lines, not a note under the table")


def clear_cut_cols(ctx: PageContext, g: Grid, region: Region | None, cols: list[Why]) -> list[Why]:
    """``cols`` with each inner text-gap boundary the column stage cut through its gap's clear
    white (``gapcuts.CLEAR``) where the gap's middle holds a line's text, saying so, with
    evidence ``clear_white``."""
    if region is None or len(cols) < 3:
        return cols
    c = ctx.params.columns
    pieces = region.pieces.bridged(region.stretched) if c.justified else region.pieces
    out = list(cols)
    for k, w in enumerate(cols[1:-1], 1):
        if any(e.kind == "text_gap" for e in w.evidence) and \
                gap_cut(pieces, region.x0, region.x1, region.n_lines, c, w.pos) == (CLEAR, True):
            out[k] = replace(w, evidence=(*w.evidence, Evidence("clear_white")), decision=w.decision + CLEAR_CUT)
    return out


def cell_line_rows(ctx: PageContext, g: Grid, rows: list[Why]) -> list[Why]:
    """``rows`` with the table's bottom saying so when it lies under its last row's next cell
    line, taken under the last drawn boundary (a rule or a fill's edge) by the growth down
    (``grow.next_cell_line``), with evidence ``cell_next_line``."""
    if len(rows) < 3 or [e.kind for e in rows[-1].evidence] != ["region_edge"]:
        return rows
    drawn = [w.pos for w in rows[:-1] if any(e.kind in ("rule", "fill_edge") for e in w.evidence)]
    centres, tol = ctx.centres, ctx.params.rows.y_tolerance
    lines = centres.region_lines(g.region, centres.inside(g.region), tol)
    if len(lines) < 2 or not drawn:
        return rows
    above, ln = lines[-2], lines[-1]
    if max(drawn) > above.bbox.cy or len(segments(centres.words, [ln], ctx.params.columns.min_gap)) != 1:
        return rows
    box = Rect(g.region.x0, g.region.y0, g.region.x1, (above.bbox.y1 + ln.bbox.y0) / 2)
    if not next_cell_line([above], ln, centres.words, g.xs, cell_leading(centres, box, tol)):
        return rows
    text = " ".join(centres.words[i].text for i in ln.word_ids)[:60]
    last = rows[-1]
    return [*rows[:-1], replace(last, evidence=(*last.evidence, Evidence("cell_next_line")),
                                decision=last.decision + CELL_LINE.format(text))]


ENDED = "; the line under it (\"{}\") is {}, no row of the table: the growth down stops there ({})"
ENDED_KIND = {"a continuation marker": ("foot_line", "the table's foot on a page it does not end on, by its words"),
              "a caption": ("foot_line", "the table's caption set under it, by its words"),
              "a numbered section heading": ("section_heading", "a section number and a title, in heading type, "
                                             "with more white over it than the table's row pitch"),
              "a paragraph": ("paragraph_under", "running prose: the first line of a paragraph, the line under it "
                              "of the same measure (starting where it starts, no wider), in its type, at its leading"),
              "a heading": ("heading_under", "a heading without a number: one piece with more white over it than "
                            "the table's row pitch, set larger than the table's body (or bold over a body that is "
                            "not), over prose or the next table's header row, not over rows of the table; or, set "
                            "closer, in type larger than any of the table's and than the header row under it")}


def ended_rows(ctx: PageContext, g: Grid, rows: list[Why]) -> list[Why]:
    """``rows`` with the table's bottom, when only the region's edge, naming the line under it
    that ended the growth down by its words (``ends.why_ended``), with evidence ``foot_line``,
    ``section_heading`` or ``heading_under``."""
    if len(rows) < 2 or [e.kind for e in rows[-1].evidence] not in (["region_edge"], ["rule"]):
        return rows
    centres, tol = ctx.centres, ctx.params.rows.y_tolerance
    lines = centres.region_lines(g.region, centres.inside(g.region), tol)
    under = _lines_under(ctx, g, lines)
    if not under:
        return rows
    ln, gap = under[0], ctx.params.columns.min_gap
    n = len(segments(centres.words, [ln], gap))
    after = (under[1], len(segments(centres.words, [under[1]], gap))) if len(under) > 1 else None
    said = why_ended(centres.words, ln, n, lines[-1] if lines else None, row_pitch(lines), lines, after)
    if not said:
        return rows
    text = " ".join(centres.words[i].text for i in ln.word_ids)[:60]
    last = rows[-1]
    kind, how = ENDED_KIND[said]
    return [*rows[:-1], replace(last, evidence=(*last.evidence, Evidence(kind)),
                                decision=last.decision + ENDED.format(text, said, how))]


def _lines_under(ctx: PageContext, g: Grid, lines: list[Line]) -> list[Line]:
    """The first text line under the table's bottom over its width, within the white the growth
    down reads past (``grow.PARAGRAPH_GAP`` line heights), and the line under it when near
    (what a heading stands over); empty when none."""
    centres, bottom, tol = ctx.centres, g.region.y1, ctx.params.rows.y_tolerance
    height = sorted(ln.bbox.height for ln in lines)[len(lines) // 2] if lines else 10.0
    band = Rect(g.region.x0, bottom, g.region.x1, bottom + (2 * PARAGRAPH_GAP + 2) * height)
    under = [ln for ln in centres.lines(centres.inside(band), tol) if ln.bbox.y0 >= bottom - 1]
    if not under or under[0].bbox.y0 - bottom > PARAGRAPH_GAP * height:
        return []
    return [_whole(ctx, ln, g.region) for ln in under[:2]]


ACROSS = 1e5  # pt: wider than any page, the band a line's words are read across


def _whole(ctx: PageContext, ln: Line, box: Rect) -> Line:
    """The line ``ln`` (its words inside ``box``'s width) with the rest of its pieces over that
    width: a paragraph's line under a narrower table runs on past the table's side, and is
    judged a paragraph's by its whole measure (``ends.paragraph_over``), not cut at the side."""
    centres, tol = ctx.centres, ctx.params.rows.y_tolerance
    across = Rect(-ACROSS, ln.bbox.y0, ACROSS, ln.bbox.y1)
    full = [k for k in centres.lines(centres.inside(across), tol) if ln.word_ids[0] in k.word_ids]
    if not full:
        return ln
    pieces = [s for s in segments(centres.words, full, ctx.params.columns.min_gap) if s.x1 > box.x0 and s.x0 < box.x1]
    ids = [i for s in pieces for i in s.word_ids]
    whole = centres.lines(sorted(ids), tol) if ids else []
    return whole[0] if len(whole) == 1 else ln


UNDER_FILLS = ("; the table's last rows stand under its shaded cells, left unshaded, each of their lines' pieces "
               "inside one of the grid's columns (a grid drawn by cell shading alone does not end where the "
               "shading does); a row's wrapped line goes with it, under its texts at the step the grid's own cells "
               "wrap at")


def under_fill_rows(ctx: PageContext, g: Grid, rows: list[Why]) -> list[Why]:
    """``rows`` with the table's bottom saying so when ``grow.rows_under_fills`` took it under
    the last fill's edge (a grid drawn by shading alone), with evidence ``rows_under_fills`` and
    the lever that takes the rows off."""
    if not (ctx.params.tables.rows_under_fills and g.source == "ruled" and len(rows) >= 3):
        return rows
    last, kinds = rows[-1], [e.kind for e in rows[-1].evidence]
    if kinds[:1] != ["region_edge"] or "cell_next_line" in kinds or \
            {e.kind for e in rows[-2].evidence} != {"fill_edge"}:
        return rows
    off = ("tables.rows_under_fills", 0)
    return [*rows[:-1], replace(last, evidence=(*last.evidence, Evidence("rows_under_fills")),
                                decision=last.decision + UNDER_FILLS, params=(off[0],),
                                flip=off if ctx.removes(g, "row", last.pos, off, g.ys[:-1]) else None)]
