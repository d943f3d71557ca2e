"""Dropped row candidates: gaps between text lines that stayed inside one row (mirroring
``bandrows.split_rows``). The table draws its rows one by one (rules or bands), so a band's
lines are one row's multi-line cells (``tables.row_band_lines`` bounds how many lines such a
band may hold); the lines are the wrapped header at the top; or the next line only continues
the one above (a wrapped label: it fills no new column). A suggested value is one under
which the tables stage, run again, puts a boundary there and keeps every kept one. Positions
are in the table's upright frame.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from ..params import Params
from ..structure.bandrows import band_depths, staggered, title_over
from ..structure.columns import Line
from ..structure.delineated import drawn_rows, rows_delineated, wrapped_deep
from ..structure.ruledrows import body_pitch, read_pitch, tight_pitch
from ..structure.sectionrows import PITCH_SLACK, at_pitch
from ..structure.spanlines import spanning_steps
from ..structure.wrapped_rows import (
    broken_continuations,
    holds_label_number,
    number_tails,
    operator_continuations,
    tight_continuations,
)
from ..types import Grid
from .bands import boxed, drawn_ys, ruled_rows
from .candidates import STEP
from .headstack import STACKED, head_stacks, stacked_pair
from .page import Evidence, PageContext, Why

BANDS = "the table draws its rows one by one (rules or bands), so the lines inside one band are one row's " \
        "multi-line cells"
WRAPPED = BANDS + "; this band holds more lines than a row band (tables.row_band_lines = {n}), but its text " \
    "wraps (a line goes on with the text above it in some column, in lower case or after a joiner): a row's " \
    "wrapped cells, no rows under one rule"
HEADER = "both lines are in the first row, the header, whose wrapped lines stay one row"
HEADER_UNDER = "both lines are column headers under a spanning header's underline (drawn under a group of " \
    "columns only): the header goes on there, its wrapped lines stay one row"
TITLED = "both lines are column headers under the table's title row (one run of words across its columns, " \
    "ruled off above them): the header goes on there, its wrapped lines stay one row"
STAGGERED = "the lines of this band's columns fall between each other's lines: its cells are set one by one " \
    "(side-by-side lists), not row by row"
CONTINUES = "the next line continues the one above (a wrapped label or header: it fills no new column)"
RULED = "both lines lie between two rules drawn across the table, whose rules go between its rows: one ruled " \
    "row's multi-line cells (its lines are no rows of amounts, nor lines that each fill the row at the body's " \
    "row pitch)"
BAND_PITCH = "; no one-line row measures the body's row pitch, and the next line steps less than the band's " \
    "own (its height shared among its lines): the cell padding is around the band, not around each line"
LEADING = "; the body's one-line rows are set at the type's leading (no cell padding), and the next line " \
    "steps that pitch: a two-line cell's lines step it too, so the step is no evidence of a row of its own"
SPANNED = "both lines are one run of words each across a column boundary (one cell laid over the columns: a " \
    "caption, a title), the next one set at the text's leading under the other in its type: one cell's lines"
TIGHT = "the next line is set closer to the one above than the rows are to each other, holds no amount and " \
    "goes on cells of the line above (their wrapped ends): one row's multi-line cells"

OPERATOR = "a cell of the line above ends on an operator (\"0.562 ±\"): the next line holds its operand under " \
    "it and fills no column the line above leaves empty, one row's wrapped cells however the rows are spaced"

NUMBER_TAIL = "the next line holds the broken-off end of a number of the line above (\"1,692,0\" over \"00\": " \
    "alone no number, run on one), set where it ends or starts, and fills no column the line above leaves " \
    "empty: a number broken in a narrow column is never a row of its own, however the rows are spaced"

LABEL_NUMBER = "; its number stands in the label column, starting where the label's text above starts, not in " \
    "an amount column's range: the label's next line (\"(note\" over \"28\")), no amount"


def dropped_rows(ctx: PageContext, g: Grid, header_rows: int = 1) -> tuple[Why, ...]:
    """Gaps between consecutive text lines of ``g`` with no row boundary between them, with
    why and (when one exists) the parameter value that puts a boundary there. ``header_rows``:
    the table's header rows (more than one under a spanning header's underline)."""
    ids = ctx.centres.inside(g.region)
    lines = ctx.centres.region_lines(g.region, ids, ctx.params.rows.y_tolerance)  # the lines the grid stage read
    ys = drawn_ys(g)
    depths = band_depths(lines, ctx.centres.words, g.xs, ys)  # the bands split_rows read
    per_band = [max(d, default=0) for d in depths]
    bands = [[ln for ln in lines if ys[b] <= ln.bbox.cy < ys[b + 1]] for b in range(len(depths))]
    page, limit = (ctx.centres.words, g.xs), ctx.params.tables.row_band_lines
    # what held a band before the wrapped bands did (the depths alone, a ruled row) is said first
    plain = rows_delineated(depths, limit, closed=boxed(g))
    drawn = drawn_rows(depths, limit, boxed(g), bands, page)
    # read open (``boxed`` is the evidence record's guess at the grid stage's closed cells, which
    # hold a deep band whatever its text): the deep bands held because their text wraps
    wrapped = [ys[b] for b in wrapped_deep(depths, limit, False, bands, page)]
    ruled = ruled_rows(ctx, g, depths)
    found = []
    for above, below in zip(lines, lines[1:], strict=False):
        if any(above.bbox.cy < y < below.bbox.cy for y in g.ys):
            continue  # a boundary separates them: nothing dropped here
        found.append((above, below))
    if not found:
        return ()
    trials = _trials(ctx.params, per_band, drawn)
    heads = min(max(header_rows, 1), len(g.ys) - 1)
    pitch = body_pitch(drawn_ys(g), depths)
    bands = [[ln for ln in lines if g.ys[b] <= ln.bbox.cy < g.ys[b + 1]] for b in range(min(2, len(g.ys) - 1))]
    titled = heads == 2 and ctx.params.tables.title_row_header and title_over(bands[0], bands[1], ctx.centres.words, g.xs)
    stacks = head_stacks(ctx, g)
    return tuple(_why(ctx, g, above, below, (STACKED if stacked_pair(stacks, above, below) else "")
                      or plain or _in_ruled(g, ruled, above, below) or _in_wrapped(wrapped, ys, above, limit) or drawn
                      or _in_staggered(ctx, g, lines, above) or _in_tight(ctx, g, lines, below), trials, heads,
                      _pitch_read(ctx, g, lines, (above, below), pitch), titled)
                 for above, below in found)


def _in_wrapped(tops: Sequence[float], ys: Sequence[float], above: Line, limit: int) -> str:
    """WRAPPED when ``above`` lies in a band deeper than ``limit`` lines (tables.row_band_lines)
    read as one row because its text wraps (``bandrows.drawn_rows``; ``tops``: those bands'
    top boundaries, among the drawn ``ys``), else ""."""
    k = bisect_right(ys, above.bbox.cy) - 1
    return WRAPPED.format(n=limit) if 0 <= k < len(ys) - 1 and ys[k] in tops else ""


def _in_ruled(g: Grid, ruled: Sequence[bool], above: Line, below: Line) -> str:
    """RULED when ``above`` and ``below`` share a ruled row under the first band that the grid
    stage kept whole (a band it split held rows of its own), else ""."""
    drawn = drawn_ys(g)
    k = bisect_right(drawn, above.bbox.cy) - 1
    if not (0 < k < len(ruled) and ruled[k] and below.bbox.cy < drawn[k + 1]):
        return ""
    return "" if any(drawn[k] < y < drawn[k + 1] for y in g.ys) else RULED


BROKEN = "the cells' text broke before the next line: its first word in each cell it fills would not have " \
    "fitted after the text above (past the widest line of that column), it starts where that text starts, " \
    "leaves the first column empty and holds no amount: one row's wrapped cells, the rows set as tight as lines"


def _in_tight(ctx: PageContext, g: Grid, lines: Sequence[Line], line: Line) -> str:
    """TIGHT when ``line`` goes on the cells of the line above by its spacing in its band
    between drawn row boundaries (``wrapped_rows.tight_continuations``), OPERATOR when under a
    cell ending on an operator (``wrapped_rows.operator_continuations``), NUMBER_TAIL when it
    holds the ends of numbers broken above (``wrapped_rows.number_tails``), BROKEN when by where
    the cells' text broke (``wrapped_rows.broken_continuations``), else ""."""
    drawn = drawn_ys(g)
    k = max(bisect_right(drawn, line.bbox.cy) - 1, 0)
    top, bottom = drawn[k], drawn[min(k + 1, len(drawn) - 1)]
    band = [ln for ln in lines if top <= ln.bbox.cy < bottom]
    at = next((i for i, ln in enumerate(band) if ln is line), -1)
    if at <= 0:
        return ""
    if at in spanning_steps(band, ctx.centres.words, g.xs)[0]:
        return SPANNED
    if at in tight_continuations(band, ctx.centres.words, g.xs):
        return TIGHT + (LABEL_NUMBER if holds_label_number(band, at, ctx.centres.words, g.xs) else "")
    if at in operator_continuations(band, ctx.centres.words, g.xs):
        return OPERATOR
    if at in number_tails(band, ctx.centres.words, g.xs):
        return NUMBER_TAIL
    return BROKEN if at in broken_continuations(band, ctx.centres.words, g.xs) else ""


def _in_staggered(ctx: PageContext, g: Grid, lines: Sequence[Line], line: Line) -> str:
    """STAGGERED when ``line``'s band of ``g`` (a ruled grid with column rules) is set cell by
    cell (``grid.staggered``), else ""."""
    if g.source != "ruled" or not any(b.kind == "rule" for b in g.col_evidence[1:-1]):
        return ""
    k = max(bisect_right(g.ys, line.bbox.cy) - 1, 0)
    top, bottom = g.ys[k], g.ys[min(k + 1, len(g.ys) - 1)]
    band = [ln for ln in lines if top <= ln.bbox.cy < bottom]
    return STAGGERED if staggered(band, ctx.centres.words, g.xs) else ""


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


def _pitch_read(ctx: PageContext, g: Grid, lines: Sequence[Line], pair: tuple[Line, Line],
                pitch: float) -> tuple[str, Evidence] | None:
    """The row pitch ``ruledrows.own_rows`` read the pair's body band by, when it kept the pair
    together: at the type's leading (``tight_pitch``, LEADING), or, with no body ``pitch``
    measured, the band's own, wider than the step (BAND_PITCH); else None."""
    drawn = drawn_ys(g)
    above, below = pair
    k = bisect_right(drawn, above.bbox.cy) - 1
    if not 0 < k < len(drawn) - 1:
        return None  # the header band (or outside the drawn bands): its lines step as they like
    inside = [ln for ln in lines if drawn[k] <= ln.bbox.cy < drawn[k + 1]]
    read = read_pitch(inside, pitch, drawn[k + 1] - drawn[k])
    step = below.bbox.cy - above.bbox.cy
    if tight_pitch(pair, ctx.centres.words, read) and at_pitch(step, read):
        return LEADING, Evidence("leading_pitch", read)
    if pitch <= 0 < read and step < (1 - PITCH_SLACK) * read:
        return BAND_PITCH, Evidence("band_pitch", read)
    return None


def _why(ctx: PageContext, g: Grid, above: Line, below: Line, drawn: bool | str,
         trials: Sequence[tuple[str, float]], heads: int = 1, read: tuple[str, Evidence] | None = None,
         titled: bool = False) -> Why:
    pos = (above.bbox.cy + below.bbox.cy) / 2  # text boxes of close lines may overlap
    ev: tuple[Evidence, ...] = (Evidence("line_gap", max(0.0, below.bbox.y0 - above.bbox.y1)),)
    params: tuple[str, ...]
    if drawn is STACKED:  # over the head rule, whichever header row
        said, params = STACKED, ()
    elif g.ys[1] <= above.bbox.cy and below.bbox.cy < g.ys[heads]:
        said, params = (TITLED, ("tables.title_row_header",)) if titled else (HEADER_UNDER, ())
    elif isinstance(drawn, str) and drawn:
        said, params = drawn, ("tables.row_band_lines",) if drawn.startswith(BANDS) else ()
    elif drawn:
        said, params = BANDS, ("tables.row_band_lines",)
    elif g.n_rows >= 2 and below.bbox.cy < g.ys[1]:
        said, params = HEADER, ("tables.row_band_lines",)
    else:
        said, params = CONTINUES, ()
    if said is BROKEN:  # evidence of its own: where the cells' text broke, not the spacing
        ev = (*ev, Evidence("line_break"))
    if said is NUMBER_TAIL:  # evidence of its own: a number made whole, not the spacing
        ev = (*ev, Evidence("number_tail"))
    if (said is BANDS or said is RULED) and read is not None:  # the pitch own_rows read the band by
        said, ev = said + read[0], (*ev, read[1])
    flip = ctx.flips(g, "row", pos, trials)
    if flip is not None and flip[0] not in params:
        params = (*params, flip[0])
    return Why("row", pos, False, ev, said, params, flip)
