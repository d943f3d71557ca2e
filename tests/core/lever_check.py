"""Does a lever that explain offers act? Each boundary's ``flip`` applied as ``--set`` does:
the page detected again from the document with that value (``Pipeline.run``, every stage),
then the boundary looked for in the table found again over the same region.

Written apart from ``inspector.core.explain`` (which checks its levers on the tables stage
alone): boundaries are compared in page space, and two positions are the same boundary when
they split the table's words the same way (no word centre between them) and lie within two
type sizes of each other, or within ``CLOSE`` pt.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from inspector.core.explain import Why, explain_page
from inspector.core.geometry import grid_frame
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.types import Grid, PageResult, Rect

CLOSE = 2.0  # pt
NUDGE = 0.01  # pt: the same float, mapped to page space twice
SAME_TABLE = 0.5  # IoU of the table's box found again


@dataclass(frozen=True)
class Lever:
    """One offered lever: table ``table`` of the page, the boundary (or candidate) ``why``."""

    table: int
    why: Why

    def __str__(self) -> str:
        w = self.why
        state = "kept" if w.kept else "dropped"
        return f"t{self.table + 1} {w.axis} {state} at {w.pos:.1f} --set {w.flip[0]}={w.flip[1]:g}" if w.flip else ""


def levers(res: PageResult, params: Params) -> Iterator[Lever]:
    """Every boundary lever ``explain`` offers on ``res`` (kept boundaries and dropped candidates)."""
    for t in explain_page(res, params):
        for w in (*t.cols, *t.rows, *t.dropped):
            if w.flip is not None:
                yield Lever(t.index, w)


def lines(g: Grid, orient: str, inner: bool = True) -> list[float]:
    """``g``'s boundaries (``inner``: but its sides) that run ``orient`` ("v" or "h") on the
    page, as page positions."""
    f, r, cut = grid_frame(g), g.region, slice(1, -1) if inner else slice(None)
    out = []
    for axis, ps in (("col", g.xs[cut]), ("row", g.ys[cut])):
        for p in ps:
            a, b = ((p, r.y0), (p, r.y1)) if axis == "col" else ((r.x0, p), (r.x1, p))
            (ax, ay), (bx, by) = f.point_back(*a), f.point_back(*b)
            vertical = abs(by - ay) >= abs(bx - ax)
            if ("v" if vertical else "h") == orient:
                out.append((ax + bx) / 2 if vertical else (ay + by) / 2)
    return sorted(out)


class Text:
    """The words of one table's box (page space): what tells two boundary positions apart."""

    def __init__(self, res: PageResult, box: Rect) -> None:
        words = [w.bbox for w in res.words if box.contains_point(w.bbox.cx, w.bbox.cy)]
        self.cx = [b.cx for b in words]
        self.cy = [b.cy for b in words]
        self.cap = 2 * statistics.median([b.height for b in words]) if words else CLOSE

    def same(self, orient: str, a: float, b: float) -> bool:
        lo, hi = min(a, b), max(a, b)
        if hi - lo <= CLOSE:
            return True
        centres = self.cx if orient == "v" else self.cy
        return hi - lo <= self.cap and not any(lo < c < hi for c in centres)


def _match(text: Text, orient: str, found: Sequence[float], wanted: Sequence[float]) -> list[float] | None:
    """``found`` less one match for each of ``wanted`` (the nearest same one); None when one has none."""
    left = list(found)
    for p in wanted:
        hits = [f for f in left if text.same(orient, f, p)]
        if not hits:
            return None
        left.remove(min(hits, key=lambda f: abs(f - p)))
    return left


def failure(pipe: Pipeline, index: int, res: PageResult, params: Params, lever: Lever) -> str:
    """"" when ``lever`` acts on page ``index`` of ``pipe``'s document (``res``: its result with
    ``params``), else what went wrong."""
    w, old = lever.why, res.tables[lever.table]
    assert w.flip is not None and old.grid is not None
    again = pipe.run(index, params.with_value(*w.flip))
    new = max(again.tables, key=lambda t: t.bbox.iou(old.bbox), default=None)
    if new is None or new.bbox.iou(old.bbox) < SAME_TABLE or new.grid is None:
        return "the table is gone"
    text = Text(res, old.bbox)
    if w.kept:  # gone: nothing found again is the same as it and nearer to it than to another boundary
        before, after = lines(old.grid, w.orient, inner=False), lines(new.grid, w.orient, inner=False)
        stays = [p for p in after if text.same(w.orient, p, w.pos)
                 and abs(min(before, key=lambda q: abs(q - p)) - w.pos) < NUDGE]
        return "the boundary stays" if stays else ""
    before, after = lines(old.grid, w.orient), lines(new.grid, w.orient)
    left = _match(text, w.orient, after, before)
    if left is None:
        return "a kept boundary goes"
    return "" if any(text.same(w.orient, p, w.pos) for p in left) else "no boundary appears there"
