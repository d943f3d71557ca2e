"""Why each row and column boundary of a page's tables exists, why candidates were dropped,
why regions were rejected, and which parameter value would change that.

Kept boundaries take their evidence from the grid (``Grid.col_evidence``/``row_evidence``:
drawn rules, fill edges, the region's sides, text gaps), and what decided each from the
reason the grid stage recorded on it (``Boundary.reason``, ``kept``), never from what lies near it. Dropped candidates are the gaps
the text leaves that did not become column boundaries and the gaps between text lines of
one row (``candidates``). Rejected regions come from the detection's own record: each region
looked at and rejected keeps its reason and the parameter whose threshold did it
(``TableRegion.reason``/``param``); for a threshold, the value that makes the region a table
is found by detecting the page's tables again, and offered only when a table then covers the
region and every table found before is still there. Every suggested value (``flip``) is
checked that way, so applying it really moves the boundary.

Every position returned is in unrotated page space, sideways tables included (``page``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ..multipage.markers import MARKER
from ..params import Params
from ..structure.ends import TABLE_LABEL
from ..structure.form_sections import CUT
from ..structure.repeats import UNTITLED
from ..types import Grid, PageResult
from ..units import whole_unit_line
from .apart import texts_apart_cols
from .boxed import boxed_rows
from .candidates import dropped_columns, region_of, vetoed_columns
from .centredstub import centred_stub_rows
from .clipped import edge_note, hidden_rules
from .drawn import joined_rows
from .flush import flush_label_cols
from .grown import cell_line_rows, clear_cut_cols, ended_rows, under_fill_rows
from .heads import (
    data_band_rows,
    group_label_cols,
    group_line_rows,
    head_rowspan_rows,
    left_head_cols,
    phrase_label_cols,
    spanning_head_rows,
    sub_header_rows,
    titled_head_rows,
)
from .icons import icon_cols
from .kept import kept_why, recorded_evidence
from .marks import REPEATED_PARAM, cell_mark_edges, form_mark_rules, repeated_cut, section_cut, title_left_out
from .options import option_cols, option_rules
from .page import Evidence, PageContext, Rejected, TableWhy, Why, describe_why
from .rowlines import dropped_rows
from .sheets import sheet_cols, sheet_rows
from .thin import pair_rules, thin_band_rules
from .verdicts import explain_rejected, rejected_at, why_not_here, why_table
from .wrapped import wrapped_rows


@dataclass(frozen=True)
class PageWhy:
    """A page's explanation: its tables' boundaries and its rejected regions."""

    tables: tuple[TableWhy, ...]
    rejected: tuple[Rejected, ...]
    context: PageContext
    # ``why_table``'s answers, each worked out once (it re-runs the tables stage for each value it
    # tries: tens of milliseconds; the window works them out on its Why lane, off the GUI thread)
    verdicts: dict[int, tuple[str, tuple[str, float] | None]] = field(default_factory=dict, compare=False,
                                                                       repr=False)

    def why_not_here(self, x: float, y: float) -> str:
        """Why no table covers page point (x, y)."""
        return why_not_here(self.context, self.rejected, x, y)

    def rejected_at(self, x: float, y: float) -> Rejected | None:
        """The rejected region at page point (x, y), if any."""
        return rejected_at(self.rejected, x, y)

    def what_is_at(self, x: float, y: float, reach: float) -> str:
        """What lies at page point (x, y) when no boundary is within ``reach`` points of it:
        the table, row, column and cell text there (or the words, outside tables), and how
        far the nearest boundary is. "" when a boundary is that close (explain that one)."""
        res = self.context.res
        table = next(((k, t) for k, t in enumerate(res.tables) if t.bbox.contains_point(x, y)), None)
        if table is None:
            return ""  # outside tables ``why_not_here`` says what is there
        k, t = table
        why = next((tw for tw in self.tables if tw.index == k), None)
        def away(w: Why) -> float:
            return abs(w.pos - (x if w.orient == "v" else y))

        lines = [(away(w), w) for w in (*why.cols, *why.rows)] if why else []
        gap, line = min(lines, key=lambda dw: dw[0], default=(float("inf"), None))
        # A dropped candidate counts too: a click where a boundary is missing asks about it.
        if (line is not None and gap <= reach) or (why and any(away(w) <= reach for w in why.dropped)):
            return ""
        cell = next((c for c in t.cells if c.bbox.contains_point(x, y)), None)
        where = (f"row {cell.r + 1}, column {cell.c + 1}, cell text '{cell.text or '(empty)'}'" if cell is not None
                 else "between its cells")
        nearest = (f"; the nearest boundary ({line.axis} at {line.pos:.1f} pt) is {gap:.1f} pt away: click within "
                   f"{reach:.0f} pt of a line, or where one is missing, to ask about it" if line is not None else "")
        return f"Inside table {k + 1} ({t.n_rows} x {t.n_cols}), {where}{nearest}.\n\n" + self.why_table(k)[0]

    def why_table(self, k: int) -> tuple[str, tuple[str, float] | None]:
        """Why table ``k`` was taken as a table, and the one parameter value that would reject
        it while every other table of the page stays (checked by running the stage again)."""
        if k not in self.verdicts:
            self.verdicts[k] = why_table(self.context, k)
        return self.verdicts[k]


def explain(res: PageResult, params: Params, detect: Callable[[Params], PageResult] | None = None) -> PageWhy:
    """Tables (``explain_page``) and rejected regions of ``res``, found with ``params``.
    ``detect``: the page detected whole again with other parameters, to confirm a value that
    makes or rejects a table reaching the page's top or bottom band (``PageContext.whole_tables``;
    without it the tables stage's answer stands). The CLI and the window pass it."""
    ctx = PageContext(res, params, detect)
    return PageWhy(_tables(ctx), explain_rejected(ctx), ctx)


def explain_page(res: PageResult, params: Params) -> tuple[TableWhy, ...]:
    """Every table's boundaries, kept and dropped, with evidence, decision and parameters."""
    return _tables(PageContext(res, params))


def _tables(ctx: PageContext) -> tuple[TableWhy, ...]:
    out = []
    for k, table in enumerate(ctx.res.tables):
        g = table.grid
        if g is None:
            continue
        region = region_of(g, ctx.centres, ctx.params.columns, ctx.params.rows.y_tolerance) if g.source != "ruled" else None
        cols = _outer_cuts(ctx, g, "col", [kept_why("col", b, ctx, (g, region)) for b in recorded_evidence(g.xs, g.col_evidence)])
        rows = _outer_cuts(ctx, g, "row", [kept_why("row", b, ctx, (g, None)) for b in recorded_evidence(g.ys, g.row_evidence)])
        rows = under_fill_rows(ctx, g, cell_line_rows(ctx, g, ended_rows(ctx, g, rows)))
        rows = sub_header_rows(ctx, g, group_line_rows(ctx, g, sheet_rows(ctx, g, _section_rows(g, rows))))
        rows = titled_head_rows(ctx, g, rows)
        rows = spanning_head_rows(ctx, g, boxed_rows(ctx, g, joined_rows(ctx, g, head_rowspan_rows(ctx, g, rows))))
        rows = centred_stub_rows(ctx, g, wrapped_rows(ctx, g, data_band_rows(ctx, g, rows)))
        cols = group_label_cols(ctx, g, option_cols(g, clear_cut_cols(ctx, g, region, cols)))
        cols = sheet_cols(ctx, g, texts_apart_cols(ctx, g, phrase_label_cols(ctx, g, cols)))
        cols = icon_cols(ctx, g, flush_label_cols(ctx, g, left_head_cols(ctx, g, region, cols)))
        above = _line_above(ctx, g, rows[0].pos) if rows else ""
        if TABLE_LABEL.match(above):  # the growth upwards stopped at it (``grow.extend_up``)
            rows[0] = replace(rows[0], decision=rows[0].decision + f"; the line above is the table's caption "
                                                                     f"(\"{above[:60]}\"), no header line")
        elif MARKER.search(above):  # so did a continuation's caption ("Table (continued): ...")
            rows[0] = replace(rows[0], decision=rows[0].decision + f"; the line above is a continuation marker "
                                                                     f"(\"{above[:60]}\"), no header line")
        elif whole_unit_line(above) is not None:  # so did it here: the grid starts at the rule
            rows[0] = replace(rows[0], evidence=(*rows[0].evidence, Evidence("unit_line")),
                              decision=rows[0].decision + UNIT_LINE.format(above[:60]))
        elif _header_over_rule(ctx, g, rows):
            off = ("tables.header_over_rules", 0)  # the lever, when switching it off takes the header line off
            rows[0] = replace(rows[0], evidence=(*rows[0].evidence, Evidence("header_over_rules")),
                              decision=rows[0].decision + HEADER_OVER_RULES, params=(off[0],),
                              flip=off if ctx.removes(g, "row", rows[0].pos, off, g.ys[1:]) else None)
        narrow = dropped_columns(ctx, g, region) if region is not None else ()
        spanned = vetoed_columns(ctx, g, region, [w.pos for w in narrow]) if region is not None else ()
        dropped = [*narrow, *spanned, *dropped_rows(ctx, g, table.header_rows)]
        if ctx.res.clipped_art and ctx.frame.identity and not g.turn:
            dropped += [*hidden_rules(ctx, g, "col"), *hidden_rules(ctx, g, "row")]
        dropped += [*thin_band_rules(ctx, g), *pair_rules(ctx, g)]
        if ctx.frame.identity and not g.turn:
            dropped += [*form_mark_rules(ctx, g, "col"), *form_mark_rules(ctx, g, "row"), *option_rules(g),
                        *cell_mark_edges(ctx, g)]
        cols, rows = _without(ctx.res.skipped, cols), _without(ctx.res.skipped, rows)
        out.append(TableWhy(k, table.bbox, *(tuple(ctx.placed(w, g) for w in ws) for ws in (cols, rows, dropped))))
    return tuple(out)


def _without(skipped: tuple[str, ...], kept: list[Why]) -> list[Why]:
    """``kept`` with each evidence kind the page went without (``PageResult.skipped``, e.g. its
    raster rules when the render did not fit the budget) named on every boundary: decided without it."""
    if not skipped:
        return kept
    return [replace(w, evidence=(*w.evidence, *(Evidence(k) for k in skipped))) for w in kept]


SECTION_ROW = "; the row under it is a section row, one cell across the table: a full-width fill of its own, or a " \
    "bold label alone in the first column over regular labels, in a band of its own (rules or fill edges over and " \
    "under it) or at the padded rows' own pitch"


def _section_rows(g: Grid, rows: list[Why]) -> list[Why]:
    """``rows`` with the boundary over each row that one cell spans across the whole table
    (``spans.grid_spans``'s section rows) saying so, with evidence ``section_row``; a row under
    column rules' ends (``colends``) says its own reason, which spans it."""
    full = {r for r, c, rs, cs in g.spans if r > 0 and c == 0 and rs == 1 and cs == g.n_cols > 1}
    return [replace(w, evidence=(*w.evidence, Evidence("section_row")), decision=w.decision + SECTION_ROW)
            if k in full and "column_ends" not in [e.kind for e in w.evidence] else w for k, w in enumerate(rows)]


def _outer_cuts(ctx: PageContext, g: Grid, axis: str, kept: list[Why]) -> list[Why]:
    """``kept`` with the table's two outer boundaries saying so where drawn art stops there at a
    cut (the page's edge, a clip path) and runs on hidden: the cut, not the art, ended the table."""
    for k in {0, len(kept) - 1} if kept else ():
        extra, said = edge_note(ctx, g, axis, kept[k].pos)
        if extra:
            kept[k] = replace(kept[k], evidence=(*kept[k].evidence, *extra), decision=kept[k].decision + said)
        if axis == "row" and not g.turn and ctx.frame.identity and section_cut(ctx, g, kept[k].pos):
            kept[k] = replace(kept[k], decision=f"{kept[k].decision}; {CUT}",
                              params=(*kept[k].params, "tables.section_cut"))
        said = repeated_cut(ctx, g, axis, kept[k].pos) if not g.turn and ctx.frame.identity else ""
        title = title_left_out(ctx, g, kept[k].pos) if axis == "row" and k == 0 and not g.turn \
            and ctx.frame.identity else 0.0
        if title:
            kept[k] = replace(kept[k], evidence=(*kept[k].evidence, Evidence("title_over", title)),
                              decision=f"{kept[k].decision}; {UNTITLED}", params=(*kept[k].params, REPEATED_PARAM))
        if said:
            kept[k] = replace(kept[k], evidence=(*kept[k].evidence, Evidence("repeated_header")),
                              decision=f"{kept[k].decision}; {said}", params=(*kept[k].params, REPEATED_PARAM))
    return kept


UNIT_LINE = ("; the line above, wholly over the table's top, states its unit and nothing else (\"{}\"): the "
             "table's unit line, no header line")


HEADER_OVER_RULES = ("; the first row is a header line set above the grid's first rule, each of its pieces inside "
                     "one of the grid's columns (a style that rules only under its header row)")


def _header_over_rule(ctx: PageContext, g: Grid, rows: list[Why]) -> bool:
    """Did ``grow.header_over_rules`` take the first row: a ruled grid whose top is no drawn
    rule nor fill edge, over a first row boundary that is a drawn rule?"""
    return (ctx.params.tables.header_over_rules and g.source == "ruled" and len(rows) > 1
            and [e.kind for e in rows[0].evidence] == ["region_edge"] and rows[1].evidence[0].kind == "rule")


def _line_above(ctx: PageContext, g: Grid, y: float) -> str:
    """The text of the line right above the table's top ``y`` (within a line height and a
    half, over the table's width), "" when none: a caption (``ends.TABLE_LABEL``) or a unit
    line (``units.whole_unit_line``) stopped the growth upwards there."""
    near_top = [w for w in ctx.centres.words if not w.in_no_table and w.bbox.y1 <= y + 1.0
                and y - w.bbox.y1 < 1.5 * w.bbox.height and w.bbox.x1 > g.xs[0] and w.bbox.x0 < g.xs[-1]]
    if not near_top:
        return ""
    low = max(w.bbox.cy for w in near_top)
    line = sorted((w for w in near_top if abs(w.bbox.cy - low) <= 0.5 * w.bbox.height), key=lambda w: w.bbox.x0)
    return " ".join(w.text for w in line)


__all__ = ["Evidence", "PageWhy", "Rejected", "TableWhy", "Why", "describe_why", "explain", "explain_page",
           "explain_rejected", "rejected_at", "why_not_here", "why_table"]
