"""Upright frames: turning a page's content so its text reads left to right.

Rows and columns only make sense where text is upright. A page shown rotated (its
/Rotate key) or a table printed sideways has text running up or down the unrotated page;
detection then works in an *upright frame*, a quarter-turned copy of the page space, and
maps its results back to unrotated page space. ``turn`` is the clockwise quarter-turn
(0, 90, 180, 270 degrees) that makes the dominant text direction point right.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from .types import Rect, RowBand, Rule, Table, Word


@dataclass(frozen=True)
class Frame:
    """Page space (width ``w``, height ``h`` points) turned by ``turn`` degrees."""

    turn: int
    w: float
    h: float

    def point(self, x: float, y: float) -> tuple[float, float]:
        """Page point -> frame point."""
        if self.turn == 90:  # text ran downwards
            return y, self.w - x
        if self.turn == 270:  # text ran upwards
            return self.h - y, x
        if self.turn == 180:
            return self.w - x, self.h - y
        return x, y

    def point_back(self, x: float, y: float) -> tuple[float, float]:
        """Frame point -> page point."""
        if self.turn == 90:
            return self.w - y, x
        if self.turn == 270:
            return y, self.h - x
        if self.turn == 180:
            return self.w - x, self.h - y
        return x, y

    def rect(self, r: Rect, back: bool = False) -> Rect:
        f = self.point_back if back else self.point
        ax, ay = f(r.x0, r.y0)
        bx, by = f(r.x1, r.y1)
        return Rect(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))

    def word(self, w: Word) -> Word:
        b = self.rect(w.bbox)
        # The span origin does not survive a quarter turn; the box's lower part does.
        return dataclasses.replace(w, bbox=b, baseline=b.y1 - 0.22 * b.height)

    def rule(self, r: Rule) -> Rule:
        b = self.rect(r.bbox)
        if b.width >= b.height:
            return dataclasses.replace(r, orient="h", pos=b.cy, start=b.x0, end=b.x1)
        return dataclasses.replace(r, orient="v", pos=b.cx, start=b.y0, end=b.y1)

    def row_back(self, row: RowBand) -> RowBand:
        return dataclasses.replace(row, bbox=self.rect(row.bbox, back=True))

    def table_back(self, t: Table) -> Table:
        cells = tuple(dataclasses.replace(c, bbox=self.rect(c.bbox, back=True)) for c in t.cells)
        grid = dataclasses.replace(t.grid, turn=self.turn) if t.grid is not None else None
        return dataclasses.replace(t, bbox=self.rect(t.bbox, back=True), cells=cells, grid=grid)


def dominant_turn(directions: Iterable[tuple[float, float, int]]) -> int:
    """The quarter-turn that makes most text upright, from (dx, dy, weight) line directions."""
    votes = {0: 0, 90: 0, 180: 0, 270: 0}
    for dx, dy, n in directions:
        if abs(dx) >= abs(dy):
            votes[0 if dx > 0 else 180] += n
        else:
            votes[90 if dy > 0 else 270] += n
    best = max(votes, key=lambda k: votes[k])
    # Turn only when sideways text clearly dominates: page numbers and headers stay upright.
    return best if votes[best] > 2 * votes[0] else 0
