"""What made each row and column boundary of a grid: the evidence ``explain`` records.

A boundary lies on drawn rules (strokes), on fill edges or gutters (the fills' ids), on
the side of the region, between stacks of right-aligned numbers, beside a clip edge that
cut several lines' text (the edge's x and the lines), or in a gap the text leaves (its
width in points). This is the
cheap part of issue 17 ("explain every boundary"): the record, kept in ``Grid``, that a
command or the window can show; decisions and parameters are not recorded here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from ..evidence.rules_merge import RuleIndex
from ..types import Boundary
from .columns import Line, Segment


def explain(xs: Sequence[float], ys: Sequence[float], text: tuple[Sequence[Segment], Sequence[Line]],
            drawn: tuple[RuleIndex, float], stacked: Sequence[float] = (),
            decided: tuple[Sequence[str], Sequence[str]] = ((), ()),
            clipped: Mapping[float, tuple[float, int]] | None = None
            ) -> tuple[tuple[Boundary, ...], tuple[Boundary, ...]]:
    """Evidence of every column boundary ``xs`` and row boundary ``ys`` (page space, points)
    of a region whose text is ``text`` (its line pieces and its lines) and whose rules are
    ``drawn`` (their index and ``merge.snap``); ``stacked`` are the columns found between stacks of right-aligned
    numbers, ``decided`` the reason of each x and each y as the step that made it says
    (``Boundary.reason``), ``clipped`` the columns at a clip edge that cut the text of several
    lines (x -> the edge and the lines cut: ``gapcuts.clip_decided``). A rule within
    ``merge.snap`` of a boundary lies on it."""
    (segs, lines), (rules, snap) = text, drawn
    sx0, sx1 = np.array([s.x0 for s in segs], dtype=float), np.array([s.x1 for s in segs], dtype=float)
    ly0 = np.array([ln.bbox.y0 for ln in lines], dtype=float)
    ly1 = np.array([ln.bbox.y1 for ln in lines], dtype=float)
    xg, yg = _free(xs, sx0, sx1), _free(ys, ly0, ly1)
    why_x, why_y = decided
    cut = clipped or {}
    cols = tuple(_boundary(x, "v", k in (0, len(xs) - 1), (rules, snap), xg[k], x in stacked,
                           why_x[k] if why_x else "", cut.get(x)) for k, x in enumerate(xs))
    rows = tuple(_boundary(y, "h", k in (0, len(ys) - 1), (rules, snap), yg[k], reason=why_y[k] if why_y else "")
                 for k, y in enumerate(ys))
    return cols, rows


def _boundary(pos: float, orient: str, side: bool, drawn: tuple[RuleIndex, float], gap: float,
              stack: bool = False, reason: str = "", clip: tuple[float, int] | None = None) -> Boundary:
    rules, snap = drawn
    near = rules.near(orient, pos, snap) if rules.rules else []
    strokes = sum(1 for r in near if r.drawn)  # a stroke along a fill's edge counts as both
    fills = tuple(sorted({r.fill for r in near if r.fill >= 0}))
    kind = ("rule" if strokes else "fill" if fills else "edge" if side else "number stack" if stack
            else "clip edge" if clip else "text gap")
    if clip is None:
        return Boundary(float(pos), kind, strokes, fills, round(gap, 2), reason)
    return Boundary(float(pos), kind, strokes, fills, round(gap, 2), reason, round(clip[0], 2), clip[1])


def _free(ps: Sequence[float], a: np.ndarray, b: np.ndarray) -> list[float]:
    """For each position, the width of the interval around it that no [a, b] interval (text
    pieces or lines) covers: the gap the text leaves there (0 when a piece runs across)."""
    p = np.asarray(ps, dtype=float)[:, None]
    if not len(a):
        return [0.0] * len(ps)
    cover = ((a[None, :] < p) & (p < b[None, :])).any(axis=1)
    left = np.where(b[None, :] <= p, b[None, :], -np.inf).max(axis=1)
    right = np.where(a[None, :] >= p, a[None, :], np.inf).min(axis=1)
    ok = ~cover & np.isfinite(left) & np.isfinite(right)
    gaps: list[float] = np.where(ok, right - left, 0.0).tolist()
    return gaps
