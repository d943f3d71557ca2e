"""The annotation model: what a person's corrections of a document's tables are saved as.

Coordinates are PDF points, top-left origin, unrotated page space, like everywhere else.
A table has one or more regions (a table continued over pages has one region per page);
each region has its own row boundaries ``ys`` and column boundaries ``xs`` and cells that
cover its grid exactly once (``region``: ``AnnCell``, ``Region``, re-exported here). Pages are
1-based. Every type is frozen: edits build new values.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import __version__
from ..core.geometry import Frame
from ..core.multipage.logical import stack
from ..core.params import Params
from ..core.types import Cell, Grid, Rect, Table, TableSource, Word
from .region import AnnCell, Region, fill_grid, new_region
from .roles import ROLES, leading_headers, suggest_row_roles

CORE_SOURCES: tuple[TableSource, ...] = ("ruled", "horizontal_rules", "aligned")
# Detection sources plus the ways a table can arrive without detection (by hand, ICDAR, a PDF's tags,
# the author's original HWPX or DOCX).
SOURCES = (*CORE_SOURCES, "manual", "icdar", "tags", "original")
ParamPairs = tuple[tuple[str, Any], ...]


@dataclass(frozen=True, slots=True)
class AnnTable:
    """A table as a person confirmed it, with what it was detected with.

    ``header_rows`` counts leading rows of the first region; ``header_cols`` leading columns
    of every region. ``params`` are ``("stage.field", value)`` pairs (empty when unknown).
    """

    id: str
    regions: tuple[Region, ...]
    header_rows: int = 0
    header_cols: int = 0
    title: str = ""
    footnote: str = ""
    verified: bool = False
    notes: str = ""
    source: str = "manual"
    params: ParamPairs = ()
    tool_version: str = __version__

    @property
    def page(self) -> int:
        return self.regions[0].page

    def problems(self) -> list[str]:
        out: list[str] = []
        if not self.regions:
            return ["has no regions"]
        for i, region in enumerate(self.regions):
            out += [f"regions[{i}]: {p}" for p in region.problems()]
        if self.header_rows < 0 or self.header_rows > self.regions[0].n_rows:
            out.append(f"header_rows {self.header_rows} is outside 0..{self.regions[0].n_rows}")
        cols = min(r.n_cols for r in self.regions)
        if self.header_cols < 0 or self.header_cols > cols:
            out.append(f"header_cols {self.header_cols} is outside 0..{cols}")
        return out


@dataclass(frozen=True, slots=True)
class PageInfo:
    """Size (points, unrotated) and rotation (degrees) of a page; ``number`` is 1-based."""

    number: int
    width: float
    height: float
    rotation: int = 0


@dataclass(frozen=True, slots=True)
class PieceRef:
    """A table piece by place: 1-based ``page`` and its ``bbox`` (points, page space)."""

    page: int
    bbox: Rect

    def same(self, page: int, bbox: Rect, min_iou: float = 0.5) -> bool:
        return page == self.page and bbox.iou(self.bbox) >= min_iou


@dataclass(frozen=True, slots=True)
class NotContinued:
    """A person said ``second`` (on the page after ``first``) does not continue ``first``:
    a proposed continuation rejected, so it is not proposed again."""

    first: PieceRef
    second: PieceRef


@dataclass(frozen=True, slots=True)
class DocumentAnnotation:
    """All the tables of one PDF, tied to the PDF's bytes by ``sha256``.

    A table continued over pages is one ``AnnTable`` with one region per page (a logical
    table of ordered pieces); ``not_continued`` holds the continuations a person rejected.
    """

    sha256: str
    file_name: str
    pages: tuple[PageInfo, ...] = ()
    tables: tuple[AnnTable, ...] = ()
    notes: str = ""
    tool_version: str = __version__
    not_continued: tuple[NotContinued, ...] = ()

    def rejected(self, first: PieceRef, second: PieceRef) -> bool:
        """Whether a person rejected "``second`` continues ``first``"."""
        return any(n.first.same(first.page, first.bbox) and n.second.same(second.page, second.bbox)
                   for n in self.not_continued)

    def table(self, table_id: str) -> AnnTable | None:
        return next((t for t in self.tables if t.id == table_id), None)

    def page_info(self, number: int) -> PageInfo | None:
        return next((p for p in self.pages if p.number == number), None)

    def with_table(self, table: AnnTable) -> DocumentAnnotation:
        """A copy with ``table`` replacing the one of the same id, or appended."""
        if self.table(table.id) is None:
            return replace(self, tables=(*self.tables, table))
        return replace(self, tables=tuple(table if t.id == table.id else t for t in self.tables))

    def without_table(self, table_id: str) -> DocumentAnnotation:
        return replace(self, tables=tuple(t for t in self.tables if t.id != table_id))

    def next_table_id(self) -> str:
        used = {t.id for t in self.tables}
        n = len(self.tables) + 1
        while f"t{n}" in used:
            n += 1
        return f"t{n}"

    def problems(self) -> list[str]:
        out: list[str] = []
        seen: set[str] = set()
        for i, t in enumerate(self.tables):
            out += [f"tables[{i}] (id '{t.id}'): {p}" for p in t.problems()]
            if t.id in seen:
                out.append(f"tables[{i}]: id '{t.id}' is used twice")
            seen.add(t.id)
            out += self._page_problems(i, t)
        return out

    def _page_problems(self, i: int, t: AnnTable) -> list[str]:
        """Regions on pages the PDF does not have (known from ``pages``; unchecked when empty)."""
        if not self.pages:
            return []
        numbers = {p.number for p in self.pages}
        return [f"tables[{i}] (id '{t.id}'): regions[{k}].page {r.page} is not a page of the PDF "
                f"(it has {len(self.pages)})" for k, r in enumerate(t.regions) if r.page not in numbers]


# ---- conversion with the core types -------------------------------------------------------

def params_pairs(params: Params | None) -> ParamPairs:
    """``Params`` as sorted ("stage.field", value) pairs; empty for None."""
    if params is None:
        return ()
    return tuple(sorted((f"{s}.{k}", v) for s, d in params.to_dict().items() for k, v in d.items()))


def params_from_pairs(pairs: ParamPairs) -> Params:
    """Back to ``Params``; raises ``ParamError`` on an unknown or out-of-range value."""
    p = Params()
    for key, value in pairs:
        p = p.with_value(key, value)
    return p


def annotation_table_from_detected(table: Table, table_id: str, words: Sequence[Word] = (),
                                   params: Params | None = None,
                                   page_size: tuple[float, float] = (0.0, 0.0)) -> AnnTable:
    """An annotation table from a detected core ``Table``.

    ``words`` are the page's words (``PageResult.words``) that ``Cell.word_ids`` index; they
    drive the suggested row roles (bold totals, small-type notes). ``page_size`` (unrotated
    width, height in points) is needed when the grid was read sideways (``grid.turn``).
    Slots the detection left uncovered get empty cells so the grid invariant holds.
    """
    xs, ys, turn = _boundaries(table)
    frame = Frame(turn, *page_size)
    if turn and min(page_size) <= 0:
        raise ValueError("annotation_table_from_detected: a sideways table needs page_size")
    bbox = frame.rect(Rect(xs[0], ys[0], xs[-1], ys[-1]), back=True)
    cells = fill_grid([AnnCell(c.r, c.c, c.rs, c.cs, c.text) for c in table.cells], table.n_rows, table.n_cols)
    rows = table.rows_text()
    row_words = [[words[i] for cell in table.cells if cell.r == r for i in cell.word_ids if 0 <= i < len(words)]
                 for r in range(table.n_rows)]
    roles = suggest_row_roles(rows, table.header_rows, row_words)
    region = Region(table.page, bbox, xs, ys, cells, roles, turn, *(page_size if turn else (0.0, 0.0)))
    source = table.source if table.source in SOURCES else "manual"
    return AnnTable(table_id, (region,), header_rows=table.header_rows, header_cols=table.header_cols,
                    title=table.title, footnote=table.footnote, source=source, params=params_pairs(params))


def _boundaries(table: Table) -> tuple[tuple[float, ...], tuple[float, ...], int]:
    """Column and row boundaries (from the grid when it matches the cells) and the grid's turn."""
    g = table.grid
    if g is not None and g.n_rows == table.n_rows and g.n_cols == table.n_cols and g.n_rows and g.n_cols:
        return _ascending(g.xs), _ascending(g.ys), g.turn
    b = table.bbox
    xs = _edges([(c.c, c.bbox.x0) for c in table.cells], table.n_cols, b.x0, b.x1)
    ys = _edges([(c.r, c.bbox.y0) for c in table.cells], table.n_rows, b.y0, b.y1)
    return xs, ys, 0


def _ascending(bounds: Sequence[float]) -> tuple[float, ...]:
    out = [float(bounds[0])]
    for b in bounds[1:]:
        out.append(max(float(b), out[-1] + 1e-3))
    return tuple(out)


def _edges(starts: list[tuple[int, float]], n: int, lo: float, hi: float) -> tuple[float, ...]:
    """n+1 ascending edges from cell start positions; even spacing where none is known."""
    n = max(n, 1)
    out = [lo + (hi - lo) * i / n for i in range(n + 1)]
    for i in range(1, n):
        known = [pos for idx, pos in starts if idx == i and lo < pos < hi]
        if known:
            out[i] = min(known)
    return _ascending(out)


def to_core_table(table: AnnTable, region_index: int | None = 0) -> Table:
    """A core ``Table`` of one region (what exporters and metrics take).

    ``region_index=None`` stacks every region into one table (see ``stacked_core_table``).
    Cell text is the override when set; cell boxes are grid boxes.
    """
    if region_index is None:
        return stacked_core_table(table)
    region = table.regions[region_index]
    header_rows = table.header_rows if region_index == 0 else leading_headers(region.row_roles)
    cells = tuple(Cell(c.r, c.c, c.rs, c.cs, c.value, region.cell_box(c)) for c in region.cells)
    spans = tuple((c.r, c.c, c.rs, c.cs) for c in region.cells if c.rs > 1 or c.cs > 1)
    source = core_source(table.source)
    grid = Grid(region.bbox, region.xs, region.ys, source, spans, turn=region.turn,
                page_w=region.page_w, page_h=region.page_h)
    return Table(region.bbox, region.n_rows, region.n_cols, cells, source=source,
                 header_rows=header_rows, header_cols=table.header_cols, page=region.page,
                 row_roles=region.row_roles, title=table.title if region_index == 0 else "",
                 footnote=table.footnote, grid=grid)


def core_source(source: str) -> TableSource:
    """An annotation's source as a core table source ("manual" and "icdar" read as "ruled")."""
    return next((s for s in CORE_SOURCES if s == source), "ruled")


def stacked_core_table(table: AnnTable, drop_repeated_headers: bool = True) -> Table:
    """Every region's rows one below the other, as one core ``Table`` (``core.logical.stack``).

    Leading "header" rows of continuation regions are repeated headers and are dropped
    unless ``drop_repeated_headers`` is False. ``page`` is the first region's; ``bbox`` and
    cell boxes stay in their own pages' coordinates, so only the text and structure are
    meaningful across pages. ``grid`` is None.
    """
    pieces = [to_core_table(table, i) for i in range(len(table.regions))]
    skip = [0] + [leading_headers(r.row_roles) if drop_repeated_headers else 0 for r in table.regions[1:]]
    if len(pieces) == 1:
        return dataclasses.replace(pieces[0], grid=None, row_roles=pieces[0].row_roles
                                   or ("data",) * pieces[0].n_rows)
    return stack(pieces, skip)


__all__ = ["AnnCell", "Region", "AnnTable", "PageInfo", "DocumentAnnotation", "PieceRef", "NotContinued", "SOURCES", "ROLES",
           "annotation_table_from_detected", "to_core_table", "stacked_core_table", "fill_grid",
           "params_pairs", "params_from_pairs", "new_region"]
