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

from ..types import Fill, Rect, Rule

# Why no user would change these: shading reaches its cell's rules (within the rule's own width and
# a rounding), and covers most of a cell it pads; a mark is drawn at text size inside a larger cell.
TOUCH = 1.0  # pt: an edge this close to the rule beside it reaches that rule
SHARE = 0.5  # a mark covers less than this share of its cell's width or of its height
WHAT = "a mark in the cell (a redaction's box, a swatch), not its shading"


def cell_marks(rules: Sequence[Rule], fills: Sequence[Fill]) -> dict[int, Rect]:
    """The fills (by id) that are marks inside one cell of the stroked ``rules``, each with that
    cell's box (see the module)."""
    stroked = [r for r in rules if r.fill < 0 or r.stroked]  # a stroke along a fill's edge is drawn too
    if not fills or not stroked:
        return {}
    hs = [r for r in stroked if r.orient == "h"]
    vs = [r for r in stroked if r.orient == "v"]
    out = {}
    for f in fills:
        cell = _cell(f.bbox, hs, vs)
        if cell is not None and _small_in(f.bbox, cell):
            out[f.id] = cell
    return out


def without_marks(rules: Sequence[Rule], marks: dict[int, Rect]) -> list[Rule]:
    """``rules`` less the edges and gutters of the ``marks`` fills (a stroke along one stays)."""
    return [r for r in rules if r.fill not in marks or r.stroked] if marks else list(rules)


def _cell(b: Rect, hs: Sequence[Rule], vs: Sequence[Rule]) -> Rect | None:
    """The box of the stroked rules closest round ``b`` on its four sides, each running along
    its whole side, when none of them crosses ``b``; None when a side has none or one crosses."""
    left = [r.pos for r in vs if _along(r, b.y0, b.y1) and r.pos <= b.x0 + TOUCH]
    right = [r.pos for r in vs if _along(r, b.y0, b.y1) and r.pos >= b.x1 - TOUCH]
    top = [r.pos for r in hs if _along(r, b.x0, b.x1) and r.pos <= b.y0 + TOUCH]
    bottom = [r.pos for r in hs if _along(r, b.x0, b.x1) and r.pos >= b.y1 - TOUCH]
    if not (left and right and top and bottom):
        return None
    if any(b.x0 + TOUCH < r.pos < b.x1 - TOUCH and r.start < b.y1 and r.end > b.y0 for r in vs) or \
            any(b.y0 + TOUCH < r.pos < b.y1 - TOUCH and r.start < b.x1 and r.end > b.x0 for r in hs):
        return None
    return Rect(max(left), max(top), min(right), min(bottom))


def _along(r: Rule, lo: float, hi: float) -> bool:
    """Does rule ``r`` run along the whole of [lo, hi] (within ``TOUCH``)?"""
    return r.start <= lo + TOUCH and r.end >= hi - TOUCH


def _small_in(b: Rect, cell: Rect) -> bool:
    """Does ``b`` span ``cell`` along neither axis (it stands off a side across and a side down)
    and cover less than ``SHARE`` of its width or of its height?"""
    across = b.x0 - cell.x0 <= TOUCH and cell.x1 - b.x1 <= TOUCH
    down = b.y0 - cell.y0 <= TOUCH and cell.y1 - b.y1 <= TOUCH
    if across or down:
        return False
    return b.width < SHARE * cell.width or b.height < SHARE * cell.height
