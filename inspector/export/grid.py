"""The table laid out slot by slot: what every exporter starts from.

A ``Table`` holds cells with spans; exporters mostly need the opposite view, one entry per
grid slot saying which cell covers it. This module builds that view once, tolerating
tables that break the "cells cover the grid exactly once" invariant (overlaps: the first
cell in reading order wins; gaps: empty slots; cells outside the grid: clipped), so a
half-edited annotation still exports instead of failing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..core.types import Cell, Table

SpanMode = Literal["repeat", "empty"]
NoHeader = Literal["first_row", "empty"]


@dataclass(frozen=True, slots=True)
class Slot:
    """One grid position: the cell covering it (or None) and whether it is that cell's top-left."""

    cell: Cell | None
    is_origin: bool

    @property
    def text(self) -> str:
        return self.cell.text if self.cell is not None else ""


@dataclass(frozen=True, slots=True)
class SlotGrid:
    """``slots[r][c]`` for every row and column of a table; spans clipped to the grid."""

    n_rows: int
    n_cols: int
    slots: tuple[tuple[Slot, ...], ...]

    def text(self, r: int, c: int, spans: SpanMode = "repeat") -> str:
        """Text shown at (r, c): a spanning cell's text everywhere, or only at its origin."""
        slot = self.slots[r][c]
        if spans == "empty" and not slot.is_origin:
            return ""
        return slot.text

    def row_texts(self, r: int, spans: SpanMode = "repeat") -> list[str]:
        return [self.text(r, c, spans) for c in range(self.n_cols)]

    def origins(self) -> list[Cell]:
        """The cells that own at least their top-left slot, in reading order."""
        return [s.cell for row in self.slots for s in row if s.is_origin and s.cell is not None]


def slot_grid(table: Table) -> SlotGrid:
    """Lay ``table``'s cells out on its grid (see the module docstring for bad tables)."""
    n_rows, n_cols = max(0, table.n_rows), max(0, table.n_cols)
    owner: list[list[Cell | None]] = [[None] * n_cols for _ in range(n_rows)]
    origin: list[list[bool]] = [[False] * n_cols for _ in range(n_rows)]
    for cell in sorted(table.cells, key=lambda k: (k.r, k.c)):
        if not (0 <= cell.r < n_rows and 0 <= cell.c < n_cols) or owner[cell.r][cell.c] is not None:
            continue
        r1, c1 = min(n_rows, cell.r + max(1, cell.rs)), min(n_cols, cell.c + max(1, cell.cs))
        for r in range(cell.r, r1):
            for c in range(cell.c, c1):
                if owner[r][c] is None:
                    owner[r][c] = cell
        origin[cell.r][cell.c] = True
    slots = tuple(tuple(Slot(owner[r][c], origin[r][c]) for c in range(n_cols)) for r in range(n_rows))
    return SlotGrid(n_rows, n_cols, slots)


def header_row_count(table: Table, grid: SlotGrid, no_header: NoHeader = "first_row") -> int:
    """Rows that form the header: ``table.header_rows``, else the first row when allowed.

    ``first_row`` promotes row 0 only when at least one more row follows it. A cell that
    spans from the header into the rows below takes those rows into the header (see
    ``closed_header_rows``).
    """
    if table.header_rows > 0:
        n = min(table.header_rows, grid.n_rows)
    else:
        n = 1 if no_header == "first_row" and grid.n_rows > 1 else 0
    return closed_header_rows(grid, n)


def row_header_count(table: Table, first_col: bool = True) -> int:
    """Columns that label a row: ``table.header_cols``, else the first column when allowed."""
    if table.header_cols > 0:
        return min(table.header_cols, table.n_cols)
    return 1 if first_col and table.n_cols > 1 else 0


def flat(text: str) -> str:
    """Whitespace (line breaks included) collapsed to single spaces, ends trimmed."""
    return " ".join(text.split())


def fold(parts: list[str], sep: str = " / ") -> str:
    """Non-empty parts joined by ``sep``, a part equal to the one before it dropped.

    A header cell spanning two header rows appears in both; it must read once.
    """
    out: list[str] = []
    for part in parts:
        part = part.strip()
        if part and (not out or out[-1] != part):
            out.append(part)
    return sep.join(out)


def column_headers(grid: SlotGrid, n_header: int, spans: SpanMode = "repeat", sep: str = " / ") -> list[str]:
    """Each column's header rows folded to one label ("Top / Sub"); "" when none."""
    return [fold([grid.text(r, c, spans) for r in range(n_header)], sep) for c in range(grid.n_cols)]


def unique_names(names: list[str], prefix: str = "col") -> list[str]:
    """Names made non-empty and unique: empty -> "col3" (1-based), repeats -> "Q3_2"."""
    out: list[str] = []
    seen: set[str] = set()
    for i, name in enumerate(names):
        base = flat(name) or f"{prefix}{i + 1}"
        candidate, n = base, 2
        while candidate in seen:
            candidate, n = f"{base}_{n}", n + 1
        seen.add(candidate)
        out.append(candidate)
    return out


def row_role(table: Table, r: int, n_header: int) -> str:
    """The role of row ``r``: the table's own when known, else "header" or "data"."""
    if 0 <= r < len(table.row_roles) and table.row_roles[r]:
        return table.row_roles[r]
    return "header" if r < n_header else "data"


def closed_header_rows(grid: SlotGrid, n_header: int) -> int:
    """Smallest count >= ``n_header`` that no cell's row span crosses.

    HTML row groups cannot be spanned across, and a header cell spanning into the body is
    header text anyway.
    """
    h = n_header
    while 0 < h < grid.n_rows:
        crossing = any(grid.slots[h][c].cell is grid.slots[h - 1][c].cell and grid.slots[h][c].cell is not None
                       for c in range(grid.n_cols))
        if not crossing:
            break
        h += 1
    return h
