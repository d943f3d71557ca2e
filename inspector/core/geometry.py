"""Upright frames: turning a page's content so its text reads left to right.

Rows and columns only make sense where text is upright. A page shown rotated (its
/Rotate key) or a table printed sideways has text running up or down the unrotated page;
detection then works in an *upright frame*, a quarter-turned copy of the page space, and
maps its results back to unrotated page space. ``turn`` is the clockwise quarter-turn
(0, 90, 180, 270 degrees) that makes the dominant text direction point right.

A scanned page is also rarely straight: ``skew`` is the small rotation (degrees, about the
page centre) that straightens it. Boxes keep their size under it (a word tilted by a degree
or two is still the same word), only their centres move.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .slots import SlotSpan, span_slots
from .types import Grid, Rect, RowBand, Rule, Table, Word, fast_rect


@dataclass(frozen=True)
class Frame:
    """Page space (width ``w``, height ``h`` points) turned by ``turn`` degrees."""

    turn: int
    w: float
    h: float
    skew: float = 0.0

    @property
    def identity(self) -> bool:
        return not self.turn and not self.skew

    def straighten(self, x: float, y: float, back: bool = False) -> tuple[float, float]:
        """Page point -> straightened page point (or back): a rotation by ``skew`` degrees about
        the page centre, the same as OpenCV's ``getRotationMatrix2D(centre, skew, 1)``."""
        if not self.skew:
            return x, y
        a = math.radians(-self.skew if back else self.skew)
        c, s = math.cos(a), math.sin(a)
        dx, dy = x - self.w / 2, y - self.h / 2
        return self.w / 2 + c * dx + s * dy, self.h / 2 - s * dx + c * dy

    def straighten_rect(self, r: Rect, back: bool = False) -> Rect:
        """``r`` moved with its centre; the size is kept (small angles)."""
        if not self.skew:
            return r
        cx, cy = self.straighten(r.cx, r.cy, back)
        hw, hh = r.width / 2, r.height / 2
        return Rect(cx - hw, cy - hh, cx + hw, cy + hh)

    def point(self, x: float, y: float) -> tuple[float, float]:
        """Page point -> frame point."""
        x, y = self.straighten(x, y)
        return self._turn(x, y)

    def _turn(self, x: float, y: float) -> tuple[float, float]:
        if self.turn == 90:  # text ran downwards
            return y, self.w - x
        if self.turn == 270:  # text ran upwards
            return self.h - y, x
        if self.turn == 180:
            return self.w - x, self.h - y
        return x, y

    def point_back(self, x: float, y: float) -> tuple[float, float]:
        """Frame point -> page point."""
        return self.straighten(*self._turn_back(x, y), back=True)

    def _turn_back(self, x: float, y: float) -> tuple[float, float]:
        if self.turn == 90:
            return self.w - y, x
        if self.turn == 270:
            return y, self.h - x
        if self.turn == 180:
            return self.w - x, self.h - y
        return x, y

    def rect(self, r: Rect, back: bool = False) -> Rect:
        if not back:
            r = self.straighten_rect(r)
        f = self._turn_back if back else self._turn
        ax, ay = f(r.x0, r.y0)
        bx, by = f(r.x1, r.y1)
        out = fast_rect(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
        return self.straighten_rect(out, back=True) if back else out

    def word(self, w: Word) -> Word:
        b = self.rect(w.bbox)
        if not self.turn:  # straightened only: the baseline moves with the box
            return dataclasses.replace(w, bbox=b, baseline=w.baseline + b.cy - w.bbox.cy)
        # The span origin does not survive a quarter turn; the box's lower part does.
        return dataclasses.replace(w, bbox=b, baseline=b.y1 - 0.22 * b.height, turn=(w.turn - self.turn) % 360)

    def rule(self, r: Rule) -> Rule:
        b = self.rect(r.bbox)
        if b.width >= b.height:
            return dataclasses.replace(r, orient="h", pos=b.cy, start=b.x0, end=b.x1)
        return dataclasses.replace(r, orient="v", pos=b.cx, start=b.y0, end=b.y1)

    def row_back(self, row: RowBand) -> RowBand:
        return row._replace(bbox=self.rect(row.bbox, back=True))

    def table_back(self, t: Table) -> Table:
        cells = tuple(dataclasses.replace(c, bbox=self.rect(c.bbox, back=True)) for c in t.cells)
        grid = (dataclasses.replace(t.grid, turn=self.turn, page_w=self.w, page_h=self.h, skew=self.skew)
                if t.grid is not None else None)
        return dataclasses.replace(t, bbox=self.rect(t.bbox, back=True), cells=cells, grid=grid)


def slot_box(xs: Sequence[float], ys: Sequence[float], r: int, c: int, rs: int = 1, cs: int = 1,
             frame: Frame | None = None) -> Rect:
    """Page-space box of the ``rs`` x ``cs`` slots from (r, c) of a grid with boundaries
    ``xs``/``ys``, which are in ``frame`` (its upright frame) when the frame is turned.
    Spans running past the grid are clipped to it."""
    box = Rect(xs[c], ys[r], xs[min(c + cs, len(xs) - 1)], ys[min(r + rs, len(ys) - 1)])
    return frame.rect(box, back=True) if frame is not None and not frame.identity else box


def grid_frame(grid: Grid) -> Frame:
    """The upright frame ``grid``'s boundaries are measured in (turn 0: page space)."""
    return Frame(grid.turn, grid.page_w, grid.page_h, grid.skew)


def cell_boxes(grid: Grid) -> list[tuple[SlotSpan, Rect]]:
    """Every cell of ``grid`` (a span once) with its box in page space, row-major.

    The one place turned grids become page boxes: detection, exporters and both renderers
    draw these."""
    frame = grid_frame(grid)
    return [((r, c, rs, cs), slot_box(grid.xs, grid.ys, r, c, rs, cs, frame))
            for r, c, rs, cs in span_slots(grid.n_rows, grid.n_cols, grid.spans)]


def upright_words(words: Sequence[Word], turn: int) -> list[Word]:
    """``words`` as seen in the upright frame of ``turn``: reading order is then top to bottom,
    left to right. Only relative positions matter for that, so no page size is needed."""
    if not turn:
        return list(words)
    frame = Frame(turn, 0.0, 0.0)
    return [frame.word(w) for w in words]


def line_turn(dx: float, dy: float) -> int:
    """The quarter-turn that makes a text line of direction (dx, dy) upright."""
    if abs(dx) >= abs(dy):
        return 0 if dx > 0 else 180
    return 90 if dy > 0 else 270


def dominant_turn(directions: Iterable[tuple[float, float, int]]) -> int:
    """The quarter-turn that makes most text upright, from (dx, dy, weight) line directions."""
    votes = {0: 0, 90: 0, 180: 0, 270: 0}
    for dx, dy, n in directions:
        votes[0 if dy == 0 and dx > 0 else line_turn(dx, dy)] += n  # most lines run left to right
    best = max(votes, key=lambda k: votes[k])
    # Turn only when sideways text clearly dominates: page numbers and headers stay upright.
    return best if votes[best] > 2 * votes[0] else 0


_P = TypeVar("_P", bound=tuple[float, ...])


def chain_groups(points: Sequence[_P], tol: float) -> list[list[_P]]:
    """``points`` (tuples whose first item is an x in pt: with a key such as a line's index, or
    a seam's extent), sorted by x, in runs whose neighbours lie at most ``tol`` apart (a chain:
    a run may span more than ``tol``)."""
    groups: list[list[_P]] = []
    for p in points:
        if groups and p[0] - groups[-1][-1][0] <= tol:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups
