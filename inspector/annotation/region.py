"""One page's part of an annotated table: its grid of row and column boundaries, the cells
that cover that grid exactly once, one role per row, and the checks of those invariants.

Coordinates are PDF points, top-left origin, unrotated page space (a sideways region measures
``xs``/``ys`` in its upright frame, see ``Region``). Rows and columns are 0-based slots.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.geometry import Frame, slot_box
from ..core.limits import grid_problem
from ..core.slots import covers, slots_of
from ..core.types import Rect
from .roles import ROLES


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


def fill_grid(cells: Sequence[AnnCell], n_rows: int, n_cols: int) -> tuple[AnnCell, ...]:
    """``cells`` plus an empty 1x1 cell for every slot nobody covers, in row-major order."""
    covered = {slot for cell in cells for slot in slots_of(cell)}
    extra = [AnnCell(r, c) for r in range(n_rows) for c in range(n_cols) if (r, c) not in covered]
    return tuple(sorted((*cells, *extra), key=lambda x: (x.r, x.c)))


def new_region(page: int, bbox: Rect, n_rows: int = 1, n_cols: int = 1) -> Region:
    """An evenly divided region with empty cells, all rows "data"."""
    xs = (bbox.x0, *(bbox.x0 + bbox.width * i / n_cols for i in range(1, n_cols)), bbox.x1)
    ys = (bbox.y0, *(bbox.y0 + bbox.height * i / n_rows for i in range(1, n_rows)), bbox.y1)
    cells = tuple(AnnCell(r, c) for r in range(n_rows) for c in range(n_cols))
    return Region(page, bbox, xs, ys, cells, ("data",) * n_rows)


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


__all__ = ["AnnCell", "Region", "fill_grid", "new_region"]
