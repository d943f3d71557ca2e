"""A fill set inside one drawn cell, small in it, is a mark in the cell, not the cell's shading.

A form's black box over a filled-in value (a redaction), a colour swatch beside a legend's label,
a bar drawn in a cell: each is a filled rectangle inside the cell its stroked rules close round it,
spanning it along neither axis and covering less than half of it across or down. Read as shading,
its four edges became rows and columns of the whole table (a redacted employer number's box cut
a form's label column into three). Shading spans what it shades: a cell's, a row's (side to side)
or a column's (top to bottom); a cell shaded with some padding still covers most of it. Such a
mark's edges are no boundaries (``tables.cell_marks``); a stroke drawn along an edge stays a rule.
Coordinates: page space, pt.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..types import Fill, Rect, Rule

# Why no user would change these: shading reaches its cell's rules (within the rule's own width and
# a rounding), and covers most of a cell it pads; a mark is drawn at text size inside a larger cell.
TOUCH = 1.0  # pt: an edge this close to the rule beside it reaches that rule
SHARE = 0.5  # a mark covers less than this share of its cell's width or of its height
MAX_FILLS = 300  # fills on a page beyond which none is looked at (a map or a picture drawn as boxes)
WHAT = "a mark in the cell (a redaction's box, a swatch), not its shading"


def cell_marks(rules: Sequence[Rule], fills: Sequence[Fill]) -> dict[int, Rect]:
    """The fills (by id) that are marks inside one cell of the stroked ``rules``, each with that
    cell's box (see the module)."""
    stroked = [r for r in rules if r.fill < 0 or r.stroked]  # a stroke along a fill's edge is drawn too
    if not fills or not stroked or len(fills) > MAX_FILLS:
        return {}
    # Each orientation's rules as arrays (position, start, end): a page of many fills and rules is
    # looked at in milliseconds.
    hs = np.array([(r.pos, r.start, r.end) for r in stroked if r.orient == "h"], dtype=float).reshape(-1, 3)
    vs = np.array([(r.pos, r.start, r.end) for r in stroked if r.orient == "v"], dtype=float).reshape(-1, 3)
    if not len(hs) or not len(vs):
        return {}
    out = {}
    for f in fills:
        b = f.bbox
        across = _sides(vs, b.x0, b.x1, b.y0, b.y1)
        down = _sides(hs, b.y0, b.y1, b.x0, b.x1)
        if across is None or down is None:
            continue
        cell = Rect(across[0], down[0], across[1], down[1])
        if _small_in(b, cell):
            out[f.id] = cell
    return out


def without_marks(rules: Sequence[Rule], marks: dict[int, Rect]) -> list[Rule]:
    """``rules`` less the edges and gutters of the ``marks`` fills (a stroke along one stays)."""
    return [r for r in rules if r.fill not in marks or r.stroked] if marks else list(rules)


def _sides(rules: np.ndarray, lo: float, hi: float, a: float, b: float) -> tuple[float, float] | None:
    """The positions of the rules of one orientation (rows of ``rules``: position, start, end)
    closest round [lo, hi] on each side, each running along all of [a, b] (within ``TOUCH``),
    when none crosses the box [lo, hi] x [a, b]; None when a side has none or one crosses."""
    pos, start, end = rules[:, 0], rules[:, 1], rules[:, 2]
    along = (start <= a + TOUCH) & (end >= b - TOUCH)
    before, after = pos[along & (pos <= lo + TOUCH)], pos[along & (pos >= hi - TOUCH)]
    if not len(before) or not len(after):
        return None
    if ((pos > lo + TOUCH) & (pos < hi - TOUCH) & (start < b) & (end > a)).any():
        return None
    return float(before.max()), float(after.min())


def _small_in(b: Rect, cell: Rect) -> bool:
    """Does ``b`` span ``cell`` along neither axis (it stands off a side across and a side down)
    and cover less than ``SHARE`` of its width or of its height?"""
    across = b.x0 - cell.x0 <= TOUCH and cell.x1 - b.x1 <= TOUCH
    down = b.y0 - cell.y0 <= TOUCH and cell.y1 - b.y1 <= TOUCH
    if across or down:
        return False
    return b.width < SHARE * cell.width or b.height < SHARE * cell.height
