"""Why each row and column boundary of a page's tables exists, why candidates were dropped,
why regions were rejected, and which parameter value would change that.

Kept boundaries take their evidence from the grid (``Grid.col_evidence``/``row_evidence``:
drawn rules, fill edges, the region's sides, text gaps). Dropped candidates are the gaps
the text leaves that did not become column boundaries (``cols``) and the gaps between text
lines of one row (``rows``); rejected regions come from the detection's own record
(``rejected``). A suggested value (``flip``) is offered only after running the stage again
with it and seeing the outcome change, so applying it really moves the boundary.

Every position returned is in unrotated page space, sideways tables included (``model``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..params import Params
from ..types import Boundary, PageResult
from .cols import Region, dropped_columns, region_of, step_above
from .context import PageContext, near
from .model import Evidence, Rejected, TableWhy, Why, describe
from .rejected import explain_rejected, why_not_here
from .rows import dropped_rows

RULE_PARAMS = ("vector.min_length", "vector.max_thickness", "vector.min_contrast", "merge.snap")
FILL_PARAMS = ("vector.gutter", "vector.gradient_strips")


@dataclass(frozen=True)
class PageWhy:
    """A page's explanation: its tables' boundaries and its rejected regions."""

    tables: tuple[TableWhy, ...]
    rejected: tuple[Rejected, ...]
    context: PageContext

    def why_not_here(self, x: float, y: float) -> str:
        """Why no table covers page point (x, y)."""
        return why_not_here(self.context, self.rejected, x, y)


def explain(res: PageResult, params: Params) -> PageWhy:
    """Tables (``explain_page``) and rejected regions of ``res``, found with ``params``."""
    ctx = PageContext(res, params)
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
        region = region_of(g, ctx.centres, ctx.params.columns) if g.source != "ruled" else None
        cols = [_kept("col", b, ctx.params, region) for b in _evidence(g.xs, g.col_evidence)]
        rows = [_kept("row", b, ctx.params, None) for b in _evidence(g.ys, g.row_evidence)]
        dropped = [*(dropped_columns(g, region, ctx.params) if region is not None else ()), *dropped_rows(ctx, g)]
        out.append(TableWhy(k, table.bbox, *(tuple(ctx.placed(w, g) for w in ws) for ws in (cols, rows, dropped))))
    return tuple(out)


def _evidence(positions: Sequence[float], recorded: Sequence[Boundary]) -> list[Boundary]:
    """The grid's evidence per boundary; a boundary with none recorded is a region edge or a gap."""
    if len(recorded) == len(positions):
        return list(recorded)
    last = len(positions) - 1
    return [Boundary(p, "edge" if k in (0, last) else "text gap") for k, p in enumerate(positions)]


def _kept(axis: str, b: Boundary, params: Params, region: Region | None) -> Why:
    if b.kind == "rule":
        return Why(axis, b.pos, True, (Evidence("rule", b.rules),),
                   f"{b.rules} drawn rule(s) lie on it", RULE_PARAMS)
    if b.kind == "fill":
        return Why(axis, b.pos, True, (Evidence("fill_edge", len(b.fills), b.fills),),
                   "the edge of a fill, or the gutter between two fills, lies on it", FILL_PARAMS)
    if b.kind == "edge":
        return Why(axis, b.pos, True, (Evidence("region_edge"),), "the table region ends here",
                   ("tables.min_rows", "tables.min_cols"))
    if axis == "col":
        return _text_gap(b, params, region)
    return Why(axis, b.pos, True, (Evidence("line_gap", b.gap),),
               "a new row starts with the next text line (it fills other columns than the line above)",
               ("tables.row_band_lines",))


def _text_gap(b: Boundary, params: Params, region: Region | None) -> Why:
    value = step_above(b.gap)
    # Offered only where the column stage, run again with it, really loses this boundary.
    works = value is not None and region is not None and not near(
        region.columns(replace(params.columns, min_gap=value)), b.pos)
    said = (f"every line leaves a {b.gap:.1f} pt gap here" if b.gap > 0 else
            "the text leaves a gap here on all but a tenth of its lines at most (a spanning title may cross it)")
    return Why("col", b.pos, True, (Evidence("text_gap", b.gap),),
               f"{said}, at least columns.min_gap ({params.columns.min_gap:g} pt)", ("columns.min_gap",),
               ("columns.min_gap", value) if works and value is not None else None)


__all__ = ["Evidence", "PageWhy", "Rejected", "TableWhy", "Why", "describe", "explain", "explain_page",
           "explain_rejected"]
