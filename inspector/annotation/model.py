"""The annotation model: what a person's corrections of a document's tables are saved as.

Coordinates are PDF points, top-left origin, unrotated page space, like everywhere else.
A table has one or more regions (a table continued over pages has one region per page);
each region has its own row boundaries ``ys`` and column boundaries ``xs`` and cells that
cover its grid exactly once. Pages are 1-based. Every type is frozen: edits build new values.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import __version__
from ..core.geometry import Frame, slot_box
from ..core.limits import grid_problem
from ..core.multipage.logical import stack
from ..core.params import Params
from ..core.slots import covers, slots_of
from ..core.types import Cell, Grid, Rect, Table, TableSource, Word
from .roles import ROLES, leading_headers, suggest_row_roles

CORE_SOURCES: tuple[TableSource, ...] = ("ruled", "horizontal_rules", "aligned")
# Detection sources plus the ways a table can arrive without detection (by hand, ICDAR, a PDF's tags,
# the author's original HWPX or DOCX).
SOURCES = (*CORE_SOURCES, "manual", "icdar", "tags", "original")
ParamPairs = tuple[tuple[str, Any], ...]


@dataclass(frozen=True, slots=True)
class AnnCell:
    """A cell of a region: top-left slot ``r``/``c``, spans ``rs``/``cs`` (>= 1).

    ``text`` is what the page's words say; ``override`` is a hand correction that wins when
    set. ``bbox`` is the content box when a source gave one (ICDAR), else None: the cell's
    grid box is then ``Region.slot_box``.
    """

    r: int
    c: int
    rs: int = 1
    cs: int = 1
    text: str = ""
    override: str | None = None
    bbox: Rect | None = None

    @property
    def value(self) -> str:
        """The text to use: the override when present, else the page text."""
        return self.override if self.override is not None else self.text

    def covers(self, r: int, c: int) -> bool:
        return covers(self, r, c)


@dataclass(frozen=True, slots=True)
class Region:
    """One page's part of a table: ``bbox`` with ``xs``/``ys`` boundaries (n+1 each, ascending,
    ``xs[0] == bbox.x0``, ``xs[-1] == bbox.x1``, same for ``ys``), cells and one role per row.

    A table printed sideways (or on a page shown rotated) has ``turn`` 90/180/270 like
    ``core.types.Grid``: ``xs``/``ys`` are then measured in the upright frame
    ``geometry.Frame(turn, page_w, page_h)`` while ``bbox`` and cell boxes stay in page space.
    """

    page: int
    bbox: Rect
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    cells: tuple[AnnCell, ...]
    row_roles: tuple[str, ...] = ()
    turn: int = 0
    page_w: float = 0.0
    page_h: float = 0.0

    @property
    def frame(self) -> Frame:
        return Frame(self.turn, self.page_w, self.page_h)

    @property
    def frame_bbox(self) -> Rect:
        """``bbox`` in the upright frame, where ``xs``/``ys`` live."""
        return self.frame.rect(self.bbox) if self.turn else self.bbox

    @property
    def n_rows(self) -> int:
        return max(0, len(self.ys) - 1)

    @property
    def n_cols(self) -> int:
        return max(0, len(self.xs) - 1)

    def cell_at(self, r: int, c: int) -> AnnCell | None:
        """The cell covering slot (r, c), spans included."""
        return next((cell for cell in self.cells if covers(cell, r, c)), None)

    def slot_box(self, r: int, c: int, rs: int = 1, cs: int = 1) -> Rect:
        """Grid box of the slots r..r+rs-1 x c..c+cs-1 (points, page space)."""
        return slot_box(self.xs, self.ys, r, c, rs, cs, self.frame)

    def cell_box(self, cell: AnnCell) -> Rect:
        return self.slot_box(cell.r, cell.c, cell.rs, cell.cs)

    def problems(self) -> list[str]:
        """What breaks the invariants (empty when the region is sound)."""
        if self.turn not in (0, 90, 180, 270) or (self.turn and (self.page_w <= 0 or self.page_h <= 0)):
            return [f"turn {self.turn} needs to be 0, 90, 180 or 270 (with the page size when not 0)"]
        fb = self.frame_bbox
        out = _boundary_problems("xs", self.xs, fb.x0, fb.x1)
        out += _boundary_problems("ys", self.ys, fb.y0, fb.y1)
        if out:
            return out
        too_large = grid_problem(self.n_rows, self.n_cols)
        if too_large:  # before the coverage check walks every slot
            return [too_large]
        if self.row_roles and len(self.row_roles) != self.n_rows:
            out.append(f"row_roles has {len(self.row_roles)} entries for {self.n_rows} rows")
        out += [f"row_roles: unknown role '{r}' (use {', '.join(ROLES)})" for r in self.row_roles if r not in ROLES]
        return out + _coverage_problems(self)


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


def _boundary_problems(name: str, bounds: Sequence[float], lo: float, hi: float) -> list[str]:
    if len(bounds) < 2:
        return [f"{name} needs at least 2 boundaries, has {len(bounds)}"]
    if not all(math.isfinite(b) for b in bounds):
        return [f"{name} holds a value that is not a finite number"]
    if any(b >= a for a, b in zip(bounds[1:], bounds[:-1], strict=True)):
        return [f"{name} must be strictly ascending"]
    if abs(bounds[0] - lo) > 1e-4 or abs(bounds[-1] - hi) > 1e-4:
        return [f"{name} must start and end on the region's bbox edges ({lo:g}, {hi:g})"]
    return []


def _coverage_problems(region: Region) -> list[str]:
    owner: dict[tuple[int, int], int] = {}
    out: list[str] = []
    for i, cell in enumerate(region.cells):
        if cell.rs < 1 or cell.cs < 1 or cell.r < 0 or cell.c < 0 \
                or cell.r + cell.rs > region.n_rows or cell.c + cell.cs > region.n_cols:
            out.append(f"cells[{i}] (r={cell.r}, c={cell.c}, rs={cell.rs}, cs={cell.cs}) "
                       f"does not fit the {region.n_rows}x{region.n_cols} grid")
            continue
        for r, c in slots_of(cell):
            if (r, c) in owner:
                out.append(f"cells[{i}] overlaps cells[{owner[(r, c)]}] at row {r}, column {c}")
            owner[(r, c)] = i
    missing = region.n_rows * region.n_cols - len(owner)
    if not out and missing:
        out.append(f"{missing} grid slot(s) have no cell")
    return out


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


def fill_grid(cells: Sequence[AnnCell], n_rows: int, n_cols: int) -> tuple[AnnCell, ...]:
    """``cells`` plus an empty 1x1 cell for every slot nobody covers, in row-major order."""
    covered = {slot for cell in cells for slot in slots_of(cell)}
    extra = [AnnCell(r, c) for r in range(n_rows) for c in range(n_cols) if (r, c) not in covered]
    return tuple(sorted((*cells, *extra), key=lambda x: (x.r, x.c)))


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


def new_region(page: int, bbox: Rect, n_rows: int = 1, n_cols: int = 1) -> Region:
    """An evenly divided region with empty cells, all rows "data"."""
    xs = (bbox.x0, *(bbox.x0 + bbox.width * i / n_cols for i in range(1, n_cols)), bbox.x1)
    ys = (bbox.y0, *(bbox.y0 + bbox.height * i / n_rows for i in range(1, n_rows)), bbox.y1)
    cells = tuple(AnnCell(r, c) for r in range(n_rows) for c in range(n_cols))
    return Region(page, bbox, xs, ys, cells, ("data",) * n_rows)


__all__ = ["AnnCell", "Region", "AnnTable", "PageInfo", "DocumentAnnotation", "PieceRef", "NotContinued", "SOURCES", "ROLES",
           "annotation_table_from_detected", "to_core_table", "stacked_core_table", "fill_grid",
           "params_pairs", "params_from_pairs", "new_region"]
