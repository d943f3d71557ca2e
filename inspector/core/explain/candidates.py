"""Dropped candidates: gaps the text leaves that did not become column boundaries, and gaps
between text lines of one row. Positions are in the table's upright frame.

Columns (tables without drawn column rules): a gap was too narrow for ``columns.min_gap``,
would make a column with text on too few lines (``columns.min_rows``), or joins two parts of
one column that never share a line. A gap wide enough that more text lines cross than
``columns.spanning_lines`` allows (a long label or note running over it) is listed with the
lines that cross it. A suggested value is offered only after running the column stage (for
the crossing lines: the whole tables stage) again with it: the gap becomes a boundary and
every kept one stays (a lever that trades one column for another is none).

Rows (mirroring ``bandrows.split_rows``): the table draws its rows one by one (rules or bands),
so a band's lines are one row's multi-line cells (``tables.row_band_lines`` bounds how many
lines such a band may hold); the lines are the wrapped header at the top; or the next line
only continues the one above (a wrapped label: it fills no new column). A suggested value
is one under which the tables stage, run again, puts a boundary there and keeps every kept one.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from ..params import ColumnParams, Params
from ..structure.bandrows import band_depths, rows_delineated, staggered, title_over
from ..structure.columns import (
    Line,
    Pieces,
    WordCentres,
    column_boundaries,
    crossings_allowed,
    merge_complementary,
    segments,
)
from ..structure.gapcuts import RESOLUTION, clip_edges
from ..structure.glyphgaps import SPLIT_GLYPHS, gap_in_glyphs
from ..structure.grid import GLYPH_GAP_SOURCES
from ..structure.justified import Stretched, justified_gaps
from ..structure.ruledrows import body_pitch, read_pitch, tight_pitch
from ..structure.sectionrows import PITCH_SLACK, at_pitch
from ..structure.spanlines import spanning_steps
from ..structure.thincols import drop_thin_columns
from ..structure.wrapped_rows import broken_continuations, holds_label_number, tight_continuations
from ..types import Grid, Word
from .bands import boxed, drawn_ys, ruled_rows
from .page import SAME_BOUNDARY, Evidence, PageContext, TableText, Why, value_range

STEP = 0.5  # pt: the column stage's resolution; suggested gaps are multiples of it


@dataclass(frozen=True)
class Region:
    """The text of one table region as the column stage sees it."""

    words: Sequence[Word]
    lines: list[Line]
    pieces: Pieces
    n_lines: int
    x0: float
    x1: float
    crossings: int  # lines that may cross a column gap (``columns.spanning_lines``)
    text: TableText  # what tells two column positions apart (``page.TableText``)
    edges: tuple[float, ...] = ()  # where a clip path cut several lines' text (``gapcuts.clip_edges``)
    stretched: tuple[Stretched, ...] = ()  # justified lines' word spaces (``justified``): no column gaps

    def columns(self, cparams: ColumnParams) -> list[float]:
        """Inner boundaries the column stage finds with ``cparams`` (the same three steps)."""
        pieces = self.pieces.bridged(self.stretched) if cparams.justified else self.pieces
        inner = column_boundaries(pieces, self.x0, self.x1, self.n_lines, cparams, edges=self.edges)
        segs = segments(self.words, self.lines, cparams.min_gap)
        return merge_complementary(drop_thin_columns(inner, segs, cparams.min_rows), pieces, self.lines)

    def justified_lines(self, pos: float) -> int:
        """How many lines set justified have a stretched word space over ``pos``."""
        return len({s.line for s in self.stretched if s.x0 < pos < s.x1})


def region_of(g: Grid, centres: WordCentres, cparams: ColumnParams, tol: float) -> Region | None:
    """``g``'s text (``centres``: the words in ``g``'s frame; ``tol``: ``rows.y_tolerance``), or
    None when it has none."""
    words = centres.words
    ids = centres.inside(g.region)
    if not ids:
        return None
    lines = centres.region_lines(g.region, ids, tol)
    segs = segments(words, lines, cparams.min_gap)
    edges = tuple(x for x, _ in clip_edges(words, segs)) if centres.clipped else ()
    return Region(words, lines, Pieces.of_words(words, segs), len(lines), g.region.x0, g.region.x1,
                  crossings_allowed(len(lines), cparams), TableText.of_lines(words, lines), edges,
                  justified_gaps(words, lines))


def step_above(gap: float) -> float | None:
    """The smallest allowed ``columns.min_gap`` wider than ``gap`` (None above its range)."""
    lo, hi = value_range("columns.min_gap")
    value = max(lo, (math.floor(gap / STEP) + 1) * STEP)
    return value if value <= hi else None


def dropped_columns(ctx: PageContext, g: Grid, region: Region) -> tuple[Why, ...]:
    """Gaps in the text of a table without drawn columns that are not boundaries, and why."""
    fine = replace(ctx.params.columns, min_gap=STEP, min_rows=1)
    gaps = column_boundaries(region.pieces, region.x0, region.x1, region.n_lines, fine)
    return tuple(_why_dropped(ctx, g, pos, region) for pos in gaps
                 if not any(region.text.same("col", x, pos) for x in g.xs[1:-1]))


def width_at(region: Region, pos: float) -> float:
    """Width of the free interval around ``pos`` (the same projection the column stage uses)."""
    limit = region.crossings
    covered = list(zip(region.pieces.x0.tolist(), region.pieces.x1.tolist(), strict=True))
    lines_at = region.pieces.line.tolist()
    left = max([b for (a, b) in covered if b <= pos] or [region.x0])
    right = min([a for (a, b) in covered if a >= pos] or [region.x1])
    crossing = len({ln for (a, b), ln in zip(covered, lines_at, strict=True) if a < pos < b})
    return max(0.0, right - left) if crossing <= limit else 0.0


def crossing_lines(region: Region, pos: float) -> list[int]:
    """The region's lines (indices, top to bottom) with a word over ``pos``."""
    p = region.pieces
    return sorted(set(p.line[(p.x0 < pos) & (p.x1 > pos)].tolist()))


def vetoed_columns(ctx: PageContext, g: Grid, region: Region, listed: Sequence[float]) -> tuple[Why, ...]:
    """Gaps at least ``columns.min_gap`` wide that are no boundary because more text lines
    cross them than ``columns.spanning_lines`` allows ("Lead time  approximately" running
    over the gap between two columns keeps them one). ``listed``: candidates already explained.
    Each is found at the smallest share that lets it through, and offered with the smallest
    share up to the parameter's top under which the tables stage, run again, adds the boundary
    (``TableText``: the same text on each side) and keeps every kept one; one without a lever
    is listed when at most a third of the lines cross it."""
    c = ctx.params.columns
    top = value_range("columns.spanning_lines")[1]
    steps = range(1, round((top - c.spanning_lines) / SHARE_STEP) + 1)
    shares = [s for k in steps if (s := round(c.spanning_lines + k * SHARE_STEP, 2)) <= top]
    # A kept boundary moved within its gap is that boundary; another candidate is another gap's
    # explanation unless it lies at the same place (a sliver beside a crossing line is one).
    seen: list[float] = [*listed]
    out: list[Why] = []
    for share in shares:
        trial = replace(c, spanning_lines=share)
        limit = crossings_allowed(region.n_lines, trial)
        for pos in column_boundaries(region.pieces, region.x0, region.x1, region.n_lines, trial):
            if any(region.text.same("col", x, pos) for x in g.xs) or any(abs(x - pos) <= SAME_BOUNDARY for x in seen) \
                    or any(_same_gap(region, pos, x, limit) for x in (*g.xs[1:-1], *(w.pos for w in out))):
                continue
            seen.append(pos)
            across = crossing_lines(region, pos)
            if len(across) <= region.crossings:
                continue  # not the crossing lines: a narrow or thin candidate, explained elsewhere
            # From the smallest share up: the tables stage may add it (the same text on each side,
            # elsewhere in its gap) at a share under the one the column stage alone needs here.
            flip = next((f for s in shares if (f := ctx.flips(g, "col", pos, [("columns.spanning_lines", s)]))), None)
            if flip is None and 3 * len(across) > region.n_lines:
                continue
            out.append(Why("col", pos, False, (Evidence("spanning_lines", len(across)),),
                           _spanned(region, across, c.spanning_lines), ("columns.spanning_lines",), flip))
    return tuple(out)


def _same_gap(region: Region, a: float, b: float, limit: int) -> bool:
    """Are ``a`` and ``b`` in one gap, no more than ``limit`` lines crossing anywhere between them?
    (A kept boundary moves within its gap when more lines may cross: that is no new column.)"""
    lo, hi = min(a, b), max(a, b)
    return all(len(crossing_lines(region, x)) <= limit for x in np.arange(lo, hi + STEP, STEP))


SHARE_STEP = 0.05  # the step of ``columns.spanning_lines``


def _spanned(region: Region, across: Sequence[int], share: float) -> str:
    """The decision text: how many lines cross the gap, and which."""
    texts = [" ".join(region.words[i].text for i in region.lines[k].word_ids) for k in across]
    shown = "; ".join(f"'{t[:40]}'" for t in texts[:3]) + ("; ..." if len(texts) > 3 else "")
    return (f"{len(across)} of {region.n_lines} text lines cross this gap ({shown}), more than "
            f"columns.spanning_lines ({share:g} of the lines: {region.crossings}) allows: the columns on "
            "its two sides read as one")


def _joined(region: Region, pos: float, min_gap: float) -> bool:
    """Do most lines read the words on both sides of ``pos`` as one cell's text? A gap under
    half the font size is a word space, whatever ``columns.min_gap`` says."""
    segs = segments(region.words, region.lines, min_gap)
    across = {s.line for s in segs if s.x0 < pos < s.x1}
    return len(across) * 2 > len(region.lines)


JUSTIFIED = "word spaces stretched by justification on {} line(s): equal spaces wider than a plain one, " \
    "the paragraph going on below from the same left edge, so the words on both sides are one cell's text " \
    "(columns.justified)"
WORD_SPACE = "; the gap is no wider than a word space at this type size (half the font size), so the " \
             "words on both sides read as one cell's text"


def _why_dropped(ctx: PageContext, g: Grid, pos: float, region: Region) -> Why:
    """Why the gap at ``pos`` is no boundary of ``g``; a suggestion must add it and keep every
    kept inner boundary, in the column stage and then in the whole tables stage run again
    (what ``--set`` does); the table's source may hold its text gaps to a width in glyphs."""
    c, kept, source = ctx.params.columns, g.xs[1:-1], g.source

    def adds(key: str, value: float) -> bool:
        """Does ``key`` (a ``columns.`` field) at ``value`` add the boundary and keep the others?"""
        cparams = replace(c, **{key.split(".")[1]: type(getattr(c, key.split(".")[1]))(value)})
        if not region.text.adds("col", region.columns(cparams), kept, pos):
            return False  # the cheap check first: the column stage alone
        return ctx.flips(g, "col", pos, [(key, value)]) is not None

    width = width_at(region, pos)
    ev = (Evidence("text_gap", width),)
    stretched = region.justified_lines(pos) if c.justified else 0
    if stretched:
        flip = ("columns.justified", 0.0) if adds("columns.justified", 0.0) else None
        return Why("col", pos, False, (*ev, Evidence("justified", stretched)), JUSTIFIED.format(stretched),
                   ("columns.justified",), flip)
    joined = WORD_SPACE if _joined(region, pos, c.min_gap) else ""
    inner = column_boundaries(region.pieces, region.x0, region.x1, region.n_lines, c)
    # Found with a narrower min_gap alone, not with this one: the stage, which rounds word boxes
    # out to its steps, measures the gap narrower than min_gap even where the boxes leave more.
    rounded = width >= c.min_gap and not any(region.text.same("col", x, pos) for x in inner)
    if width < c.min_gap or rounded:
        lo = value_range("columns.min_gap")[0]
        top = min(math.floor(width / STEP) * STEP, c.min_gap - STEP)
        said = f"a {width:.1f} pt gap, narrower than columns.min_gap ({c.min_gap:g} pt)" + (
            f" as the column stage measures it (it rounds word boxes out to its {RESOLUTION:g} pt steps)"
            if rounded else "")
        for value in (v for v in (top, top - STEP, top - 2 * STEP) if lo <= v < c.min_gap):
            if adds("columns.min_gap", value):
                return Why("col", pos, False, ev, said, ("columns.min_gap",), ("columns.min_gap", value))
        return Why("col", pos, False, ev, said + joined, ("columns.min_gap",))
    thin = drop_thin_columns(inner, segments(region.words, region.lines, c.min_gap), c.min_rows)
    if not any(region.text.same("col", x, pos) for x in thin):
        for rows in range(c.min_rows - 1, 0, -1):
            if adds("columns.min_rows", rows):
                return Why("col", pos, False, ev, f"a column beside it would have text on fewer than "
                           f"columns.min_rows ({c.min_rows}) lines", ("columns.min_rows",), ("columns.min_rows", rows))
        return Why("col", pos, False, ev, "a column beside it has text on too few lines" + joined,
                   ("columns.min_rows",))
    if source in GLYPH_GAP_SOURCES:
        xs = sorted({region.x0, region.x1, *kept})
        lo, hi = max(x for x in xs if x < pos), min(x for x in xs if x > pos)
        glyphs = gap_in_glyphs(region.words, segments(region.words, region.lines, c.min_gap), pos, lo, hi)
        if glyphs <= SPLIT_GLYPHS:
            return Why("col", pos, False, ev, f"spaces inside cells: the gap is {glyphs:.1f} glyphs of the text beside "
                       f"it, not over {SPLIT_GLYPHS:g} (a run of spaces or a full-width space in one cell's text; "
                       "a table with horizontal rules only needs a wider gap for a column)")
    return Why("col", pos, False, ev, "the text on its two sides never shares a line: one column aligned two ways")


# -- rows ---------------------------------------------------------------------------------

BANDS = "the table draws its rows one by one (rules or bands), so the lines inside one band are one row's " \
        "multi-line cells"
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

LABEL_NUMBER = "; its number stands in the label column, starting where the label's text above starts, not in " \
    "an amount column's range: the label's next line (\"(note\" over \"28\")), no amount"


def dropped_rows(ctx: PageContext, g: Grid, header_rows: int = 1) -> tuple[Why, ...]:
    """Gaps between consecutive text lines of ``g`` with no row boundary between them, with
    why and (when one exists) the parameter value that puts a boundary there. ``header_rows``:
    the table's header rows (more than one under a spanning header's underline)."""
    ids = ctx.centres.inside(g.region)
    lines = ctx.centres.region_lines(g.region, ids, ctx.params.rows.y_tolerance)  # the lines the grid stage read
    depths = band_depths(lines, ctx.centres.words, g.xs, drawn_ys(g))  # the bands split_rows read
    per_band = [max(d, default=0) for d in depths]
    drawn = rows_delineated(depths, ctx.params.tables.row_band_lines, closed=boxed(g))
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
    return tuple(_why(ctx, g, above, below, drawn or _in_ruled(g, ruled, above, below)
                      or _in_staggered(ctx, g, lines, above) or _in_tight(ctx, g, lines, below), trials, heads,
                      _pitch_read(ctx, g, lines, (above, below), pitch), titled)
                 for above, below in found)


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
    between drawn row boundaries (``wrapped_rows.tight_continuations``), BROKEN when by where
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
    if g.ys[1] <= above.bbox.cy and below.bbox.cy < g.ys[heads]:
        said, params = (TITLED, ("tables.title_row_header",)) if titled else (HEADER_UNDER, ())
    elif isinstance(drawn, str) and drawn:
        said, params = drawn, ()
    elif drawn:
        said, params = BANDS, ("tables.row_band_lines",)
    elif g.n_rows >= 2 and below.bbox.cy < g.ys[1]:
        said, params = HEADER, ("tables.row_band_lines",)
    else:
        said, params = CONTINUES, ()
    if said is BROKEN:  # evidence of its own: where the cells' text broke, not the spacing
        ev = (*ev, Evidence("line_break"))
    if (said is BANDS or said is RULED) and read is not None:  # the pitch own_rows read the band by
        said, ev = said + read[0], (*ev, read[1])
    flip = ctx.flips(g, "row", pos, trials)
    if flip is not None and flip[0] not in params:
        params = (*params, flip[0])
    return Why("row", pos, False, ev, said, params, flip)
