"""What is selected in an accepted table: a block of cells, or one inner boundary."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CellSelection:
    """Selected slots of one region of one accepted table: rows ``r0..r1``, columns ``c0..c1``."""

    table_id: str
    region: int = 0
    r0: int = -1
    c0: int = -1
    r1: int = -1
    c1: int = -1

    @property
    def has_cells(self) -> bool:
        return self.r0 >= 0 and self.c0 >= 0


@dataclass(frozen=True)
class BoundarySelection:
    """A selected inner boundary: ``axis`` "row"/"col", ``index`` into the region's ys/xs."""

    table_id: str
    region: int
    axis: str
    index: int
