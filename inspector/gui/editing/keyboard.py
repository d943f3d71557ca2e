"""Keyboard-only correction on the page: which cell or boundary Tab and the arrows select.

With the page focused and an accepted table on the page:
- Tab / Shift+Tab walk the inner boundaries of the current region (row boundaries top to
  bottom, then column boundaries left to right); from nothing selected, Tab picks the first
  cell of the page's first accepted table.
- Arrows move the selected cell (Shift+arrows extend the selection); with a boundary
  selected, the arrows along its axis nudge it (Shift: 5 pt). Esc on a boundary goes back
  to the cell before it.
Delete, M, S and H then act on the selection like the mouse-selected one.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt

from ...annotation.model import Region
from .document import AnnotationSession, BoundarySelection, CellSelection

ARROWS = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}


def boundaries(region: Region) -> list[tuple[str, int]]:
    """The inner boundaries of ``region`` in Tab order: ("row", 1..), then ("col", 1..)."""
    return [("row", k) for k in range(1, region.n_rows)] + [("col", k) for k in range(1, region.n_cols)]


def step_boundary(region: Region, current: tuple[str, int] | None, step: int) -> tuple[str, int] | None:
    """The boundary ``step`` places after ``current`` in Tab order (wrapping); None when the
    region has no inner boundary."""
    order = boundaries(region)
    if not order:
        return None
    if current not in order:
        return order[0] if step > 0 else order[-1]
    return order[(order.index(current) + step) % len(order)]


def moved_cells(sel: CellSelection, region: Region, dr: int, dc: int, extend: bool) -> CellSelection:
    """The cell selection after an arrow: the active corner moves (clamped to the grid);
    without ``extend`` the selection collapses to that one slot. A move out of a spanning
    cell jumps past its span."""
    r, c = (sel.r1, sel.c1) if sel.has_cells else (0, 0)
    cell = region.cell_at(r, c)
    if cell is not None and not extend:
        r = cell.r + cell.rs if dr > 0 else cell.r - 1 if dr < 0 else r
        c = cell.c + cell.cs if dc > 0 else cell.c - 1 if dc < 0 else c
        if not sel.has_cells:
            r, c = 0, 0
    else:
        r, c = r + dr, c + dc
    r = max(0, min(region.n_rows - 1, r))
    c = max(0, min(region.n_cols - 1, c))
    if extend and sel.has_cells:
        return CellSelection(sel.table_id, sel.region, sel.r0, sel.c0, r, c)
    return CellSelection(sel.table_id, sel.region, r, c, r, c)


class KeyboardNav:
    """Selection changes from keys for the annotation ``ann`` on 1-based page ``page()``."""

    def __init__(self, ann: AnnotationSession, page: Callable[[], int]) -> None:
        self.ann, self.page = ann, page

    def _current(self) -> tuple[CellSelection, Region] | None:
        sel = self.ann.selection
        table = self.ann.table(sel.table_id) if sel else None
        if sel is not None and table is not None and sel.region < len(table.regions) \
                and table.regions[sel.region].page == self.page():
            return sel, table.regions[sel.region]
        found = self.ann.tables_on(self.page())
        if not found:
            return None
        table, i = found[0]
        return CellSelection(table.id, i), table.regions[i]

    def tab(self, backwards: bool) -> bool:
        cur = self._current()
        if cur is None:
            return False
        sel, region = cur
        if not sel.has_cells and self.ann.boundary is None and not backwards:
            self.ann.select(CellSelection(sel.table_id, sel.region, 0, 0, 0, 0))
            return True
        b = self.ann.boundary
        now = (b.axis, b.index) if b is not None and (b.table_id, b.region) == (sel.table_id, sel.region) else None
        nxt = step_boundary(region, now, -1 if backwards else 1)
        if nxt is None:
            self.ann.message.emit("this table has one cell: no boundary to select")
            return True
        # Like a click on a boundary: the boundary alone is selected (Delete acts on it).
        self.ann.select(CellSelection(sel.table_id, sel.region), BoundarySelection(sel.table_id, sel.region, *nxt))
        return True

    def arrow(self, key: Qt.Key, extend: bool) -> bool:
        """Move the cell selection (or step along boundaries); False when there is nothing to move."""
        cur = self._current()
        if cur is None or key not in ARROWS:
            return False
        sel, region = cur
        dr, dc = ARROWS[key]
        if self.ann.boundary is not None:
            return False  # a selected boundary: the controller nudges it
        self.ann.select(moved_cells(sel, region, dr, dc, extend))
        return True

    def back_to_cells(self) -> bool:
        """Esc on a boundary: select the cell just before it instead."""
        b = self.ann.boundary
        if b is None:
            return False
        r, c = (b.index - 1, 0) if b.axis == "row" else (0, b.index - 1)
        self.ann.select(CellSelection(b.table_id, b.region, r, c, r, c))
        return True


__all__ = ["KeyboardNav", "boundaries", "step_boundary", "moved_cells"]
