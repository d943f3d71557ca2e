"""Why each row and column boundary of a page's tables exists, why candidates were dropped,
and which parameter would change that.

Kept boundaries take their evidence from the grid (``Grid.col_evidence``/``row_evidence``:
drawn rules, fill edges, the region's sides, text gaps). Dropped column candidates are the
gaps the text leaves in a table without drawn column rules that did not become boundaries:
too narrow for ``columns.min_gap``, making a column with text on too few lines
(``columns.min_rows``), or joining two parts of one column that never share a line. A
suggested parameter value (``flip``) is offered only after running the column stage again
with it and seeing the outcome change, so applying it really moves the boundary.

Positions are points; column positions of a sideways table are in its upright frame
(``Grid.turn``), where its candidates are not searched.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .columns import (
    Line,
    Pieces,
    WordCentres,
    column_boundaries,
    drop_thin_columns,
    merge_complementary,
    segments,
)
from .params import ColumnParams, Params, describe
from .types import Boundary, Grid, PageResult, Rect, Word

SNAP = 2.0  # pt: a candidate this close to a kept boundary is that boundary
STEP = 0.5  # pt: the column stage's resolution; suggested gaps are multiples of it
RULE_PARAMS = ("vector.min_length", "vector.max_thickness", "vector.min_contrast", "merge.snap")
FILL_PARAMS = ("vector.gutter", "vector.gradient_strips")


@dataclass(frozen=True, slots=True)
class Evidence:
    """One piece of evidence: ``kind`` rule | fill_edge | region_edge | text_gap | line_gap;
    ``value`` a count (rules) or a width (gaps, pt); ``ids`` fill ids."""

    kind: str
    value: float = 0.0
    ids: tuple[int, ...] = ()

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind}
        if self.kind == "rule":
            out["count"] = int(self.value)
        elif self.kind in ("text_gap", "line_gap"):
            out["width"] = round(self.value, 2)
        if self.ids:
            out["fills"] = list(self.ids)
        return out


@dataclass(frozen=True, slots=True)
class Why:
    """One boundary or dropped candidate: ``axis`` "col" or "row", ``pos`` in points."""

    axis: str
    pos: float
    kept: bool
    evidence: tuple[Evidence, ...]
    decision: str
    params: tuple[str, ...] = ()
    flip: tuple[str, float] | None = None  # set this parameter to this value and the outcome changes

    def as_json(self) -> dict[str, object]:
        return {"axis": self.axis, "pos": round(self.pos, 2), "kept": self.kept, "evidence": [e.as_json() for e in self.evidence],
                "decision": self.decision, "params": list(self.params),
                "flip": {"param": self.flip[0], "value": self.flip[1]} if self.flip else None}


@dataclass(frozen=True, slots=True)
class TableWhy:
    index: int
    bbox: Rect
    cols: tuple[Why, ...]
    rows: tuple[Why, ...]
    dropped: tuple[Why, ...]


def explain_page(res: PageResult, params: Params) -> tuple[TableWhy, ...]:
    """Every table's boundaries, kept and dropped, with evidence, decision and parameters."""
    out = []
    centres = WordCentres(res.words)  # the word arrays once per page, shared by every table
    for k, table in enumerate(res.tables):
        g = table.grid
        if g is None:
            continue
        region = _region(g, centres, params.columns) if g.turn == 0 and g.source != "ruled" else None
        cols = tuple(_kept("col", b, params, region) for b in _evidence(g.xs, g.col_evidence))
        rows = tuple(_kept("row", b, params, None) for b in _evidence(g.ys, g.row_evidence))
        dropped = _dropped_columns(g, region, params) if region is not None else ()
        if g.turn == 0:
            dropped = (*dropped, *_dropped_rows(g, centres, params))
        out.append(TableWhy(k, table.bbox, cols, rows, dropped))
    return tuple(out)


def _evidence(positions: Sequence[float], recorded: Sequence[Boundary]) -> list[Boundary]:
    """The grid's evidence per boundary; a boundary with none recorded is a region edge or a gap."""
    if len(recorded) == len(positions):
        return list(recorded)
    last = len(positions) - 1
    return [Boundary(p, "edge" if k in (0, last) else "text gap") for k, p in enumerate(positions)]


def _kept(axis: str, b: Boundary, params: Params, region: _Region | None) -> Why:
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
        value = _step_above(b.gap)
        # Offered only where the column stage, run again with it, really loses this boundary.
        works = value is not None and region is not None and not _near(
            region.columns(replace(params.columns, min_gap=value)), b.pos)
        said = (f"every line leaves a {b.gap:.1f} pt gap here" if b.gap > 0 else
                "the text leaves a gap here on all but a tenth of its lines at most (a spanning title may cross it)")
        return Why(axis, b.pos, True, (Evidence("text_gap", b.gap),),
                   f"{said}, at least columns.min_gap ({params.columns.min_gap:g} pt)", ("columns.min_gap",),
                   ("columns.min_gap", value) if works and value is not None else None)
    return Why(axis, b.pos, True, (Evidence("line_gap", b.gap),),
               "a new row starts with the next text line (it fills other columns than the line above)",
               ("rows.y_tolerance", "tables.row_band_lines"))


def _step_above(gap: float) -> float | None:
    """The smallest allowed ``columns.min_gap`` wider than ``gap`` (None above its range)."""
    hi = _range("columns.min_gap")[1]
    value = (math.floor(gap / STEP) + 1) * STEP
    return value if value <= hi else None


def _range(key: str) -> tuple[float, float]:
    info = next(f for f in describe() if f.key == key)
    return float(info.lo), float(info.hi)


@dataclass(frozen=True)
class _Region:
    """The text of one table region as the column stage sees it."""

    words: Sequence[Word]
    lines: list[Line]
    pieces: Pieces
    n_lines: int
    x0: float
    x1: float

    def columns(self, cparams: ColumnParams) -> list[float]:
        """Inner boundaries the column stage finds with ``cparams`` (the same three steps)."""
        inner = column_boundaries(self.pieces, self.x0, self.x1, self.n_lines, cparams)
        segs = segments(self.words, self.lines, cparams.min_gap)
        return merge_complementary(drop_thin_columns(inner, segs, cparams.min_rows), self.pieces)


def _region(g: Grid, centres: WordCentres, cparams: ColumnParams) -> _Region | None:
    words = centres.words
    ids = centres.inside(g.region)
    if not ids:
        return None
    lines = centres.region_lines(g.region, ids)
    segs = segments(words, lines, cparams.min_gap)
    return _Region(words, lines, Pieces.of_words(words, segs), len(lines), g.region.x0, g.region.x1)


def _dropped_columns(g: Grid, region: _Region, params: Params) -> tuple[Why, ...]:
    """Gaps in the text of a table without drawn columns that are not boundaries, and why."""
    fine = replace(params.columns, min_gap=STEP, min_rows=1)
    gaps = column_boundaries(region.pieces, region.x0, region.x1, region.n_lines, fine)
    kept = g.xs[1:-1]
    out = []
    for pos in gaps:
        if any(abs(pos - x) <= SNAP for x in kept):
            continue
        out.append(_why_dropped(pos, region, params, kept))
    return tuple(out)


def _width_at(region: _Region, pos: float) -> float:
    """Width of the free interval around ``pos`` (the same projection the column stage uses)."""
    limit = region.n_lines // 10
    covered = [(a, b) for a, b in zip(region.pieces.x0.tolist(), region.pieces.x1.tolist(), strict=True)]
    lines_at = region.pieces.line.tolist()
    left = max([b for (a, b) in covered if b <= pos] or [region.x0])
    right = min([a for (a, b) in covered if a >= pos] or [region.x1])
    crossing = len({ln for (a, b), ln in zip(covered, lines_at, strict=True) if a < pos < b})
    return max(0.0, right - left) if crossing <= limit else 0.0


def _near(xs: Sequence[float], pos: float) -> bool:
    return any(abs(x - pos) <= SNAP for x in xs)


def _joined(region: _Region, pos: float, min_gap: float) -> bool:
    """Do most lines read the words on both sides of ``pos`` as one cell's text? A gap under
    half the font size is a word space, whatever ``columns.min_gap`` says."""
    segs = segments(region.words, region.lines, min_gap)
    across = {s.line for s in segs if s.x0 < pos < s.x1}
    return len(across) * 2 > len(region.lines)


WORD_SPACE = "; the gap is no wider than a word space at this type size (half the font size), so the " \
             "words on both sides read as one cell's text"


def _why_dropped(pos: float, region: _Region, params: Params, kept: Sequence[float]) -> Why:
    """Why the gap at ``pos`` is no boundary; a suggestion must add it and keep every one of
    the ``kept`` inner boundaries (a lever that trades one column for another is none)."""
    c = params.columns

    def adds(cparams: ColumnParams) -> bool:
        found = region.columns(cparams)
        return _near(found, pos) and all(_near(found, x) for x in kept)

    width = _width_at(region, pos)
    ev = (Evidence("text_gap", width),)
    joined = WORD_SPACE if _joined(region, pos, c.min_gap) else ""
    if width < c.min_gap:
        lo = _range("columns.min_gap")[0]
        top = math.floor(width / STEP) * STEP
        for value in (v for v in (top, top - STEP, top - 2 * STEP) if lo <= v < c.min_gap):
            if adds(replace(c, min_gap=value)):
                return Why("col", pos, False, ev, f"a {width:.1f} pt gap, narrower than columns.min_gap "
                           f"({c.min_gap:g} pt)", ("columns.min_gap",), ("columns.min_gap", value))
        return Why("col", pos, False, ev, f"a {width:.1f} pt gap, narrower than columns.min_gap ({c.min_gap:g} pt)"
                   + joined, ("columns.min_gap",))
    thin = drop_thin_columns(column_boundaries(region.pieces, region.x0, region.x1, region.n_lines, c),
                             segments(region.words, region.lines, c.min_gap), c.min_rows)
    if not _near(thin, pos):
        for rows in range(c.min_rows - 1, 0, -1):
            if adds(replace(c, min_rows=rows)):
                return Why("col", pos, False, ev, f"a column beside it would have text on fewer than "
                           f"columns.min_rows ({c.min_rows}) lines", ("columns.min_rows",), ("columns.min_rows", rows))
        return Why("col", pos, False, ev, "a column beside it has text on too few lines" + joined,
                   ("columns.min_rows",))
    return Why("col", pos, False, ev, "the text on its two sides never shares a line: one column aligned two ways")


def _dropped_rows(g: Grid, centres: WordCentres, params: Params) -> tuple[Why, ...]:
    """Gaps between two text lines of one row band that did not become a row boundary, and why:
    the table draws its rows one by one, so a band's lines are one row's multi-line cells
    (``tables.row_band_lines`` bounds how many lines such a band may hold), or the next line
    only continues the one above (a wrapped label or header; no parameter moves that)."""
    from .grid import rows_delineated

    ids = centres.inside(g.region)
    lines = centres.region_lines(g.region, ids)  # the same lines _region reads for this grid
    per_band = [sum(1 for ln in lines if a <= ln.bbox.cy < b) for a, b in zip(g.ys, g.ys[1:], strict=False)]
    drawn = rows_delineated(per_band, params.tables.row_band_lines)
    out = []
    for above, below in zip(lines, lines[1:], strict=False):
        pos = (above.bbox.cy + below.bbox.cy) / 2  # text boxes of close lines may overlap
        if any(above.bbox.cy < y < below.bbox.cy for y in g.ys):
            continue  # a boundary separates them: nothing dropped here
        ev = (Evidence("line_gap", max(0.0, below.bbox.y0 - above.bbox.y1)),)
        if drawn:
            out.append(Why("row", pos, False, ev, "the table draws its rows one by one (rules or bands), so the "
                           "lines inside one band are one row's multi-line cells", ("tables.row_band_lines",)))
        else:
            out.append(Why("row", pos, False, ev, "the next line continues the one above (a wrapped label or "
                           "header: it fills no new column)", ("rows.y_tolerance",)))
    return tuple(out)
