"""Row candidates: the gaps between two text lines of one row that did not become a boundary.

Why a line did not start a row (mirroring ``grid._split_rows``): the table draws its rows
one by one (rules or bands), so a band's lines are one row's multi-line cells
(``tables.row_band_lines`` bounds how many lines such a band may hold); the lines are the
wrapped header at the top; or the next line only continues the one above (a wrapped label,
it fills no new column). A suggested value is one under which the tables stage, run again,
puts a boundary there and keeps every kept one. Positions are in the table's upright frame.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..columns import Line
from ..grid import rows_delineated
from ..params import Params
from ..types import Grid
from .cols import STEP
from .context import PageContext
from .model import Evidence, Why

BANDS = "the table draws its rows one by one (rules or bands), so the lines inside one band are one row's " \
        "multi-line cells"
HEADER = "both lines are in the first row, the header, whose wrapped lines stay one row"
CONTINUES = "the next line continues the one above (a wrapped label or header: it fills no new column)"


def dropped_rows(ctx: PageContext, g: Grid) -> tuple[Why, ...]:
    """Gaps between consecutive text lines of ``g`` with no row boundary between them, with
    why and (when one exists) the parameter value that puts a boundary there."""
    ids = ctx.centres.inside(g.region)
    lines = ctx.centres.region_lines(g.region, ids)  # the lines the grid stage read for this region
    per_band = [sum(1 for ln in lines if a <= ln.bbox.cy < b) for a, b in zip(g.ys, g.ys[1:], strict=False)]
    drawn = rows_delineated(per_band, ctx.params.tables.row_band_lines)
    found = []
    for above, below in zip(lines, lines[1:], strict=False):
        if any(above.bbox.cy < y < below.bbox.cy for y in g.ys):
            continue  # a boundary separates them: nothing dropped here
        found.append((above, below))
    if not found:
        return ()
    trials = _trials(ctx.params, per_band, drawn)
    return tuple(_why(ctx, g, above, below, drawn, trials) for above, below in found)


def _trials(params: Params, per_band: Sequence[int], drawn: bool) -> list[tuple[str, float]]:
    """Parameter values that may put a boundary between two lines of one row: a band limit
    under the fullest band's lines (the rows are then split line by line), and a narrower
    column gap (a line filling two columns starts a row)."""
    out: list[tuple[str, float]] = []
    used = [n for n in per_band if n]
    if drawn and used and max(used) > 1:
        out.append(("tables.row_band_lines", max(used) - 1))
    gap = params.columns.min_gap
    out += [("columns.min_gap", v) for v in (gap - 2 * STEP, gap / 2) if v >= 1.0]
    return out


def _why(ctx: PageContext, g: Grid, above: Line, below: Line, drawn: bool,
         trials: Sequence[tuple[str, float]]) -> Why:
    pos = (above.bbox.cy + below.bbox.cy) / 2  # text boxes of close lines may overlap
    ev = (Evidence("line_gap", max(0.0, below.bbox.y0 - above.bbox.y1)),)
    params: tuple[str, ...]
    if drawn:
        said, params = BANDS, ("tables.row_band_lines",)
    elif g.n_rows >= 2 and below.bbox.cy < g.ys[1]:
        said, params = HEADER, ("tables.row_band_lines",)
    else:
        said, params = CONTINUES, ()
    flip = ctx.flips(g, "row", pos, trials)
    if flip is not None and flip[0] not in params:
        params = (*params, flip[0])
    return Why("row", pos, False, ev, said, params, flip)
