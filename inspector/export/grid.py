"""The table laid out slot by slot: what every exporter starts from.

A ``Table`` holds cells with spans; exporters mostly need the opposite view, one entry per
grid slot saying which cell covers it: ``core.slots.SlotGrid``, which tolerates tables
that break the "cells cover the grid exactly once" invariant, so a half-edited annotation
still exports instead of failing. Here: header rows and columns, names, folding.
"""

from __future__ import annotations

import re
from typing import Literal

from ..core.slots import SlotGrid, SpanMode
from ..core.text import flat
from ..core.types import Cell, Table

NoHeader = Literal["first_row", "empty"]

_BREAKS = re.compile("\r\n|[\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")  # what str.splitlines breaks at
_CONTROLS = re.compile("[\x00-\x08\x0e-\x1b\x1f\x7f-\x84\x86-\x9f]")  # tab and line breaks aside


def cell_lines(text: str) -> str:
    """A cell's text for a text export: trimmed, every kind of line break as ``\\n``, other
    control characters (NUL, ESC: invalid in HTML, cut a C reader's string; an annotation or a
    compare source may hold them) as spaces."""
    return _CONTROLS.sub(" ", _BREAKS.sub("\n", text.strip())).strip()


def slot_grid(table: Table) -> SlotGrid[Cell]:
    """Lay ``table``'s cells out on its grid (``core.slots.SlotGrid``: tolerates bad tables)."""
    return SlotGrid.of(table.cells, table.n_rows, table.n_cols)


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
        crossing = any(grid.at(h, c) is grid.at(h - 1, c) and grid.at(h, c) is not None for c in range(grid.n_cols))
        if not crossing:
            break
        h += 1
    return h
