"""What made each row and column boundary of a grid: the evidence ``explain`` records.

A boundary lies on drawn rules (strokes), on fill edges or gutters (the fills' ids), on
the side of the region, or in a gap the text leaves (its width in points). This is the
cheap part of issue 17 ("explain every boundary"): the record, kept in ``Grid``, that a
command or the window can show; decisions and parameters are not recorded here.
"""

from __future__ import annotations

from collections.abc import Sequence

from .columns import Line, Segment
from .rules_merge import near_rules
from .types import Boundary, Rule, Word

SNAP = 2.0  # pt: a rule this close to a boundary lies on it


def explain(xs: Sequence[float], ys: Sequence[float], rules: Sequence[Rule], lines: Sequence[Line],
            segs: Sequence[Segment], words: Sequence[Word]) -> tuple[tuple[Boundary, ...], tuple[Boundary, ...]]:
    """Evidence of every column boundary ``xs`` and row boundary ``ys`` (page space, points)."""
    cols = tuple(_boundary(x, "v", k in (0, len(xs) - 1), rules, _x_gap(x, segs)) for k, x in enumerate(xs))
    rows = tuple(_boundary(y, "h", k in (0, len(ys) - 1), rules, _y_gap(y, lines)) for k, y in enumerate(ys))
    return cols, rows


def _boundary(pos: float, orient: str, side: bool, rules: Sequence[Rule], gap: float) -> Boundary:
    near = near_rules(rules, orient, pos, SNAP) if rules else []
    strokes = sum(1 for r in near if r.fill < 0)
    fills = tuple(sorted({r.fill for r in near if r.fill >= 0}))
    kind = "rule" if strokes else "fill" if fills else "edge" if side else "text gap"
    return Boundary(float(pos), kind, strokes, fills, round(gap, 2))


def _x_gap(x: float, segs: Sequence[Segment]) -> float:
    """Width of the text-free interval around ``x`` (0 when text runs across it)."""
    left = max((s.x1 for s in segs if s.x1 <= x), default=None)
    right = min((s.x0 for s in segs if s.x0 >= x), default=None)
    if left is None or right is None or any(s.x0 < x < s.x1 for s in segs):
        return 0.0
    return right - left


def _y_gap(y: float, lines: Sequence[Line]) -> float:
    """Space between the text line above ``y`` and the one below (0 when a line straddles it)."""
    above = max((ln.bbox.y1 for ln in lines if ln.bbox.y1 <= y), default=None)
    below = min((ln.bbox.y0 for ln in lines if ln.bbox.y0 >= y), default=None)
    if above is None or below is None or any(ln.bbox.y0 < y < ln.bbox.y1 for ln in lines):
        return 0.0
    return below - above
