"""What of a page's vector art is visible: paths clipped to the page and to their clip paths.

InDesign writes a spread's drawing into the content of both its pages (the facing page's half
lies outside the CropBox), and clip paths hide parts of drawings (a table frame cut to its
column, a picture's box). What is not visible is no evidence of a table: a rule is cut to the
visible part of it, and a path with nothing visible is dropped. A clip path counts by its
bounding box (MuPDF's "scissor"): a rectangle, as nearly every clip that cuts rules is.

Items are the document reader's tuples in points, top-left origin, unrotated page space:
("l", x0, y0, x1, y1), ("re", x0, y0, x1, y1) with x0 <= x1, y0 <= y1, and ("c", ...) (a
curve's chord).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

Box = tuple[float, float, float, float]
EPS = 0.01  # pt: art on the clip's edge is visible (a frame drawn on the page border)


def scissors(paths: Iterable[dict[str, Any]], page: Box) -> Iterator[tuple[dict[str, Any], Box]]:
    """Each painted path of ``get_cdrawings(extended=True)`` with the box it is visible in:
    the page box cut by every clip that encloses it (clips nest by ``level``)."""
    cut = Scissors(page)
    for d in paths:
        box = cut.box(d)
        if box is not None:
            yield d, box


class Scissors:
    """``scissors`` a path at a time, for paths handed over one by one (the callback of
    ``get_cdrawings``): the clips met so far, as a stack."""

    def __init__(self, page: Box) -> None:
        self.page = page
        self.stack: list[tuple[int, Box]] = []  # (level of the clip, its visible box)
        self.seen: set[Box] = set()  # every clip's visible box: where text may have been cut (``cliptext``)

    def box(self, d: dict[str, Any]) -> Box | None:
        """The box path ``d`` is visible in; None for a clip or a group (no paint)."""
        level = int(d.get("level", 0))
        stack = self.stack
        while stack and stack[-1][0] >= level:
            stack.pop()  # that clip's q ... Q has ended
        kind = d.get("type")
        if kind == "clip":
            outer = stack[-1][1] if stack else self.page
            box = _meet(outer, d.get("scissor") or outer)
            stack.append((level, box))
            self.seen.add(box)
            return None
        if kind == "group":
            return None
        return stack[-1][1] if stack else self.page


def _meet(a: Box, b: Box) -> Box:
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def clip_items(items: Iterable[tuple[Any, ...]], box: Box) -> tuple[tuple[Any, ...], ...]:
    """The visible parts of ``items`` inside ``box``; items with nothing visible are left out."""
    out = []
    for it in items:
        if it[0] == "re":
            x0, y0, x1, y1 = _meet(it[1:5], box)
            if x0 <= x1 + EPS and y0 <= y1 + EPS:
                out.append(("re", x0, y0, max(x0, x1), max(y0, y1)))
        else:
            seg = clip_segment(it[1], it[2], it[3], it[4], box)
            if seg is not None:
                out.append((it[0], *seg))
    return tuple(out)


def clip_segment(ax: float, ay: float, bx: float, by: float, box: Box) -> Box | None:
    """The part of segment a-b inside ``box`` (Liang-Barsky), or None when none is."""
    x0, y0, x1, y1 = box[0] - EPS, box[1] - EPS, box[2] + EPS, box[3] + EPS
    dx, dy = bx - ax, by - ay
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q < 0:
                return None  # parallel to this edge and outside it
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    def x(v: float) -> float:
        return min(max(v, box[0]), box[2])

    def y(v: float) -> float:
        return min(max(v, box[1]), box[3])

    return (x(ax + t0 * dx), y(ay + t0 * dy), x(ax + t1 * dx), y(ay + t1 * dy))


def items_box(items: Iterable[tuple[Any, ...]]) -> Box:
    """Bounding box of items (lines, rectangles, chords)."""
    xs: list[float] = []
    ys: list[float] = []
    for it in items:
        xs += (it[1], it[3])
        ys += (it[2], it[4])
    return (min(xs), min(ys), max(xs), max(ys))
