"""Filled rectangles -> fills (evidence with edges, colour and extent) -> boundary rules.

A fill is table evidence of its own kind: its edges mark rows or columns, a white gutter
between two fills is one boundary (at the gutter's middle), and the edge where two
rectangles of one colour touch is none (they are merged into one fill first: a column
tinted by one rectangle per text line is one tinted column). A run of thin abutting
strips whose colour steps one way (a chart's gradient) is rejected with its reason.
Every rule made here carries the id of the fill that drew it (``Rule.fill``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import inf, isnan, nan
from typing import Any

import numpy as np

from ..params import VectorParams
from ..types import Fill, Rect, RejectedFill, Rule, fast_rule

TOUCH = 0.75  # pt: rectangles this close touch
MAX_NEIGHBOURS = 600  # fills on a page beyond which gutters are not looked for (cost is quadratic)
RawFill = tuple[Rect, tuple[int, int, int], int]  # box, RGB 0-255, grey


@dataclass(frozen=True)
class FillResult:
    fills: tuple[Fill, ...]
    rejected: tuple[RejectedFill, ...]
    rules: tuple[Rule, ...]


def find_fills(raw: Sequence[RawFill], params: VectorParams, hidden: set[int] | None = None) -> FillResult:
    """Drop hidden rectangles, merge touching same-colour ones, drop gradients, and draw
    boundary rules. ``raw`` is in painting order; ``hidden``: its hidden ones when known."""
    hidden = hidden_fills(raw) if hidden is None else hidden
    merged = _merge(_merge([f for i, f in enumerate(raw) if i not in hidden], vertical=True), vertical=False)
    bad = _gradients(merged, params.gradient_strips)
    kept = [Fill(k, *m) for k, m in enumerate(m for i, m in enumerate(merged) if i not in bad)]
    rejected = [RejectedFill(Fill(len(kept) + n, *m), bad[i])
                for n, (i, m) in enumerate((i, m) for i, m in enumerate(merged) if i in bad)]
    n = len(kept) + len(rejected)
    rejected += [RejectedFill(Fill(n + k, raw[i][0], raw[i][1], raw[i][2], 1), "inside a fill of its own colour")
                 for k, i in enumerate(sorted(hidden))]
    return FillResult(tuple(kept), tuple(rejected), tuple(fill_rules(kept, params.gutter)))


def hidden_fills(raw: Sequence[RawFill]) -> set[int]:
    """Indices of rectangles painted inside an earlier one of the same colour, with nothing
    of another colour painted over that spot in between: invisible, so no edges (an HTML
    engine paints a cell's background again behind every run of its text). Compared by
    colour: a rectangle's latest same-coloured holder painted before it (``_latest_holder``),
    then, for those held, the last rectangle of another colour over it painted before it:
    hidden when that one came no later than the holder."""
    n = len(raw)
    if n < 2 or n > MAX_NEIGHBOURS:
        return set()
    b = np.array([f[0].as_tuple() for f in raw], dtype=float)
    colours: dict[tuple[int, int, int], int] = {}
    ids = np.array([colours.setdefault(f[1], len(colours)) for f in raw])
    holder = _latest_holder(b, ids, len(colours))
    held = np.flatnonzero(holder >= 0)
    if not held.size:
        return set()
    r = b[held]
    over = ((b[None, :, 0] < r[:, None, 2]) & (b[None, :, 2] > r[:, None, 0]) & (b[None, :, 1] < r[:, None, 3])
            & (b[None, :, 3] > r[:, None, 1]) & (np.arange(n)[None, :] < held[:, None]) & (ids[None, :] != ids[held][:, None]))
    last = np.where(over, np.arange(n)[None, :], -1).max(axis=1)  # -1: none
    return {int(i) for i in held[holder[held] >= last]}


def _latest_holder(b: np.ndarray, ids: np.ndarray, colours: int) -> np.ndarray:
    """For each row of ``b`` (x0, y0, x1, y1, in painting order), the last earlier row of its
    colour (``ids``) holding it within ``TOUCH``; -1 where none does. One colour at a time."""
    out = np.full(len(b), -1, dtype=np.int64)
    for c in range(colours):
        at = np.flatnonzero(ids == c)
        if len(at) < 2:
            continue
        g = b[at]
        inside = ((g[None, :, 0] <= g[:, None, 0] + TOUCH) & (g[None, :, 1] <= g[:, None, 1] + TOUCH)
                  & (g[None, :, 2] >= g[:, None, 2] - TOUCH) & (g[None, :, 3] >= g[:, None, 3] - TOUCH)
                  & np.tri(len(at), k=-1, dtype=bool))
        best = np.where(inside, np.arange(len(at))[None, :], -1).max(axis=1)
        out[at[best >= 0]] = at[best[best >= 0]]
    return out


_Merged = list[Any]  # [Rect, rgb, grey, parts, seams, row seams]


def _merge(items: list[Any], vertical: bool) -> list[_Merged]:
    """Join rectangles of one colour that touch end to end along y (``vertical``) or x,
    with the same extent across; where two met end to end (not overlapping) the place is
    kept: along x as a seam (x, y0, y1), along y as a row seam (y, x0, x1)."""
    rows = [[*it, 1, (), ()] if len(it) == 3 else list(it) for it in items]

    def key(m: _Merged) -> tuple[Any, ...]:
        b = m[0]
        return (m[1], round(b.x0), round(b.x1), b.y0) if vertical else (m[1], round(b.y0), round(b.y1), b.x0)

    rows.sort(key=key)
    out: list[_Merged] = []
    for m in rows:
        if out and out[-1][1] == m[1] and _continues(out[-1][0], m[0], vertical):
            p = out[-1]
            out[-1] = [p[0].union(m[0]), p[1], p[2], p[3] + m[3], (*p[4], *_seam(p[0], m[0], vertical), *m[4]),
                       (*p[5], *_row_seam(p[0], m[0], vertical), *m[5])]
        else:
            out.append(m)
    return out


def _seam(a: Rect, b: Rect, vertical: bool) -> tuple[tuple[float, float, float], ...]:
    """Where ``b`` meets ``a`` side by side along x, end to end (the gap or overlap at most
    ``TOUCH``), as one (x, y0, y1); none along y (one rectangle per text line is a common way
    to shade one cell) nor where one overlaps the other (a run's background over its cell's)."""
    if vertical or abs(b.x0 - a.x1) > TOUCH:
        return ()
    return ((round((a.x1 + b.x0) / 2, 2), round(max(a.y0, b.y0), 2), round(min(a.y1, b.y1), 2)),)


def _row_seam(a: Rect, b: Rect, vertical: bool) -> tuple[tuple[float, float, float], ...]:
    """Where ``b`` meets ``a`` one over the other, end to end (the gap or overlap at most
    ``TOUCH``), as one (y, x0, x1): two bands drawn apart that abut (a header band on a section
    band of its colour), or one band drawn in strips; ``structure.bandseams`` tells them apart
    by the text. None where one overlaps the other."""
    if not vertical or abs(b.y0 - a.y1) > TOUCH:
        return ()
    return ((round((a.y1 + b.y0) / 2, 2), round(max(a.x0, b.x0), 2), round(min(a.x1, b.x1), 2)),)


def _continues(a: Rect, b: Rect, vertical: bool) -> bool:
    """Do ``a`` and ``b`` have one extent across and touch (or overlap) along the axis?"""
    if vertical:
        return (abs(a.x0 - b.x0) <= TOUCH and abs(a.x1 - b.x1) <= TOUCH
                and b.y0 <= a.y1 + TOUCH and b.y1 >= a.y0 - TOUCH)
    return (abs(a.y0 - b.y0) <= TOUCH and abs(a.y1 - b.y1) <= TOUCH
            and b.x0 <= a.x1 + TOUCH and b.x1 >= a.x0 - TOUCH)


def _gradients(items: list[_Merged], min_strips: int) -> dict[int, str]:
    """Indices of fills in runs of ``min_strips`` or more abutting strips of one extent whose
    grey moves one way in small steps: a gradient drawn as strips, not table shading."""
    bad: dict[int, str] = {}
    for vertical in (True, False):
        def key(i: int, vertical: bool = vertical) -> tuple[Any, ...]:
            b = items[i][0]
            return (round(b.x0), round(b.x1), b.y0) if vertical else (round(b.y0), round(b.y1), b.x0)

        order = sorted(range(len(items)), key=key)
        run: list[int] = []
        for i in [*order, -1]:
            if i >= 0 and run and _steps_on(items, run, i, vertical):
                run.append(i)
                continue
            if len(run) >= min_strips:
                bad.update({k: f"gradient of {len(run)} strips" for k in run})
            run = [i] if i >= 0 else []
    return bad


def _steps_on(items: list[_Merged], run: list[int], i: int, vertical: bool) -> bool:
    a, b = items[run[-1]][0], items[i][0]
    if not _continues(a, b, vertical):
        return False
    step = [x - y for x, y in zip(items[i][1], items[run[-1]][1], strict=True)]
    if not any(step) or max(abs(s) for s in step) > 32:
        return False
    if len(run) < 2:
        return True
    prev = [x - y for x, y in zip(items[run[-1]][1], items[run[-2]][1], strict=True)]
    return all(s * p >= 0 for s, p in zip(step, prev, strict=True))  # same direction every channel


def fill_rules(fills: Sequence[Fill], gutter: float) -> list[Rule]:
    """Boundary rules of ``fills``.

    A side facing another fill across a gap of at most ``gutter`` points gives one rule in
    the gap's middle. Otherwise a fill marks rows (or columns) along its long sides; its
    short ends count only when it has a neighbour along that axis (a row of panels).
    """
    if not fills:
        return []
    sides = ("top", "bottom", "left", "right")
    boxes = [f.bbox.as_tuple() for f in fills]
    # Most pages: a few fills, compared in plain loops (numpy's calls cost more). Not with a
    # side at 0: a gap of -0.0 and one of 0.0 tie, and numpy's min picks either, by length.
    if len(fills) <= FEW and all(v != 0 for box in boxes for v in box):
        top, bottom, left, right = (_facing_few(boxes, side, gutter) for side in sides)
    else:
        b = np.array(boxes, dtype=float)
        crowded = len(fills) > MAX_NEIGHBOURS  # a map or a picture drawn as boxes: long sides only
        # Plain floats (NaN where no neighbour faces): a fill's four sides are read one by one.
        top, bottom, left, right = (_facing(b, side, gutter).tolist() if not crowded else [nan] * len(fills)
                                    for side in sides)
    out: list[Rule] = []
    for k, f in enumerate(fills):
        box = f.bbox
        wide = box.width >= box.height
        across_x = not (isnan(left[k]) and isnan(right[k]))
        across_y = not (isnan(top[k]) and isnan(bottom[k]))
        for h, pos, edge in ((True, top[k], box.y0), (True, bottom[k], box.y1), (False, left[k], box.x0),
                             (False, right[k], box.x1)):
            if isnan(pos):
                if h != wide and not (across_y if h else across_x):
                    continue
                pos = edge
            if h:
                out.append(fast_rule("h", float(pos), box.x0, box.x1, 0.1, "vector", f.grey, f.id))
            else:
                out.append(fast_rule("v", float(pos), box.y0, box.y1, 0.1, "vector", f.grey, f.id))
    return out


FEW = 8  # fills up to which ``_facing_few`` compares them pairwise in Python


def _facing_few(boxes: Sequence[tuple[float, float, float, float]], side: str, gutter: float) -> list[float]:
    """``_facing`` for a few fills, the same float operations one pair at a time: the nearest
    facing gap (the first of equal ones) and the middle of it, NaN where none faces."""
    out: list[float] = []
    for k, (x0, y0, x1, y1) in enumerate(boxes):
        nearest = inf
        for j, (bx0, by0, bx1, by1) in enumerate(boxes):
            if j == k:
                continue
            if side in ("top", "bottom"):
                gap = y0 - by1 if side == "top" else by0 - y1
                over = min(x1, bx1) - max(x0, bx0)
                need = 0.5 * min(x1 - x0, bx1 - bx0)
            else:
                gap = x0 - bx1 if side == "left" else bx0 - x1
                over = min(y1, by1) - max(y0, by0)
                need = 0.5 * min(y1 - y0, by1 - by0)
            if -TOUCH <= gap <= gutter and over >= need and gap < nearest:
                nearest = gap
        edge = {"top": y0, "bottom": y1, "left": x0, "right": x1}[side]
        out.append(nan if nearest == inf else edge - nearest / 2 if side in ("top", "left") else edge + nearest / 2)
    return out


def _facing(b: np.ndarray, side: str, gutter: float) -> np.ndarray:
    """For every fill, the middle of the gap between its ``side`` and the nearest fill facing
    it within ``gutter`` points (overlapping half the shorter extent across), else NaN."""
    x0, y0, x1, y1 = (b[:, i][:, None] for i in range(4))  # this fill (rows) ...
    X0, Y0, X1, Y1 = (b[:, i][None, :] for i in range(4))  # ... against every other (columns)
    if side in ("top", "bottom"):
        gap = (y0 - Y1) if side == "top" else (Y0 - y1)
        over = np.minimum(x1, X1) - np.maximum(x0, X0)
        need = 0.5 * np.minimum(x1 - x0, X1 - X0)
    else:
        gap = (x0 - X1) if side == "left" else (X0 - x1)
        over = np.minimum(y1, Y1) - np.maximum(y0, Y0)
        need = 0.5 * np.minimum(y1 - y0, Y1 - Y0)
    ok = (gap >= -TOUCH) & (gap <= gutter) & (over >= need)
    np.fill_diagonal(ok, False)
    nearest = np.where(ok, gap, np.inf).min(axis=1)
    edge = {"top": b[:, 1], "bottom": b[:, 3], "left": b[:, 0], "right": b[:, 2]}[side]
    mid = edge - nearest / 2 if side in ("top", "left") else edge + nearest / 2
    return np.where(np.isfinite(nearest), mid, np.nan)
