"""Which grid slot holds each of a region's words and text lines: read once per grid.

A grid's spanning cells ask the same thing many times over (``spans``, ``spanrows``,
``sections``, ``headspans``): the row and column of each word's centre, and the row of each
text line's centre. ``WordSlots`` answers it for every word of the region at once (numpy's
``searchsorted`` over the centres) when the grid's boundaries are final, and its users read
it instead of sorting the region's words into slots again, row by row.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..types import Grid, Word
from .region import RegionEvidence


def _clamped_index(edges: Sequence[float], values: np.ndarray, n: int) -> np.ndarray:
    """Interval of the ascending ``edges`` holding each of ``values``, clamped to 0..n - 1
    (``columns.col_of`` for each value at once)."""
    return np.minimum(np.maximum(np.searchsorted(edges, values, side="right") - 1, 0), n - 1)


def occupied_slots(grid: Grid, cx: np.ndarray, cy: np.ndarray) -> set[tuple[int, int]]:
    """Slots (r, c) holding the centre of at least one word (centres ``cx``, ``cy``, pt)."""
    r = _clamped_index(grid.ys, cy, grid.n_rows)
    c = _clamped_index(grid.xs, cx, grid.n_cols)
    return set(zip(r.tolist(), c.tolist(), strict=True))


class WordSlots:
    """The slot (row, column) of each word of ``ev.ids`` by its centre, clamped to ``grid`` as
    ``columns.col_of`` clamps (``rows``, ``cols``: in the order of ``ids``), the slots holding
    one at least (``occupied``), and the row of each of ``ev.lines`` by its box's centre
    (``line_rows``, made on first read)."""

    def __init__(self, grid: Grid, ev: RegionEvidence) -> None:
        self.grid, self.ev = grid, ev
        self.ids = list(ev.ids)
        self.rows: list[int] = _clamped_index(grid.ys, ev.centres.cy[self.ids], grid.n_rows).tolist()
        self.cols: list[int] = _clamped_index(grid.xs, ev.centres.cx[self.ids], grid.n_cols).tolist()
        self.occupied = set(zip(self.rows, self.cols, strict=True))
        self._line_rows: list[int] | None = None
        self._row_cells: dict[int, dict[int, list[Word]]] | None = None

    @property
    def line_rows(self) -> list[int]:
        """Row of each of the region's text lines (``ev.lines``) by its box's centre."""
        if self._line_rows is None:
            cy = np.array([ln.bbox.cy for ln in self.ev.lines], dtype=float)
            self._line_rows = _clamped_index(self.grid.ys, cy, self.grid.n_rows).tolist()
        return self._line_rows

    def row_cells(self, r: int) -> dict[int, list[Word]]:
        """Row ``r``'s words per column, each column's left to right (by ``x0``; ties in the
        order of ``ids``); every row's read in one pass on the first call."""
        if self._row_cells is None:
            words = self.ev.words
            order = np.argsort(self.ev.centres.x0[self.ids], kind="stable").tolist()  # stable: ties keep ``ids``' order
            ids, rows, cols = self.ids, self.rows, self.cols
            cells: dict[int, dict[int, list[Word]]] = {}
            for k in order:
                cells.setdefault(rows[k], {}).setdefault(cols[k], []).append(words[ids[k]])
            self._row_cells = cells
        return self._row_cells.get(r, {})

    def words_in_rows(self, rows: int) -> dict[tuple[int, int], list[int]]:
        """(r, c) -> the ids of the words centred there, in the grid's first ``rows`` rows."""
        out: dict[tuple[int, int], list[int]] = {}
        for i, r, c in zip(self.ids, self.rows, self.cols, strict=True):
            if r < rows:
                out.setdefault((r, c), []).append(i)
        return out
