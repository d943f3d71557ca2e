"""Why no table was found where a person expects one: the page's rejected regions.

The detection stages record each region they looked at and rejected, with the reason and
the parameter whose threshold did it (``TableRegion.reason``/``param``): too few rows or
columns, too few aligned lines, mostly empty rows, paragraph text, overlapping a table
found earlier. For a threshold, the value that makes the region a table is found by
detecting the page's tables again with it; it is offered only when a table then covers the
region and every table found before is still there.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import PageResult, Rect, TableRegion
from .context import PageContext, value_range
from .model import Rejected

SAME_TABLE = 0.8  # IoU: a table found again over this share of a table's box is that table
COVERS = 0.5  # IoU: a table found over this share of a rejected region makes it one
FILLED_STEP = 0.05  # tables.min_filled_rows is tried in these steps below its value


def explain_rejected(ctx: PageContext) -> tuple[Rejected, ...]:
    """Every rejected region of the page with its reason, parameter and a value that flips it."""
    return tuple(_rejected(ctx, r) for r in ctx.res.regions if r.reason)


def _rejected(ctx: PageContext, r: TableRegion) -> Rejected:
    if not r.param:
        return Rejected(r.bbox, r.source, r.reason)
    flip = next(((r.param, v) for v in _values(ctx, r.param) if _makes_table(ctx, r.param, v, r.bbox)), None)
    return Rejected(r.bbox, r.source, f"{r.reason} ({r.param} = {_value(ctx, r.param):g})", (r.param,), flip)


def _value(ctx: PageContext, key: str) -> float:
    stage, _, name = key.partition(".")
    return float(getattr(getattr(ctx.params, stage), name))


def _values(ctx: PageContext, key: str) -> list[float]:
    """Values of ``key`` below its current one, nearest first (every threshold here is a minimum)."""
    now, lo = _value(ctx, key), value_range(key)[0]
    if key == "tables.min_filled_rows":
        steps = [round(now - k * FILLED_STEP, 2) for k in range(1, 11)]
        return [v for v in steps if v >= lo]
    return [float(v) for v in range(int(now) - 1, int(lo) - 1, -1)]


def _makes_table(ctx: PageContext, key: str, value: float, box: Rect) -> bool:
    params = ctx.trial(key, value)
    if params is None:
        return False
    tables = [t.bbox for t in ctx.again(params).tables]
    return any(b.iou(box) >= COVERS for b in tables) and _all_kept(ctx.res, tables)


def _all_kept(res: PageResult, boxes: Sequence[Rect]) -> bool:
    return all(any(t.bbox.iou(b) >= SAME_TABLE for b in boxes) for t in res.tables)


def why_not_here(ctx: PageContext, rejected: Sequence[Rejected], x: float, y: float, pad: float = 6.0) -> str:
    """Why there is no table at page point (x, y): the rejected region there, else what the
    text there looks like to the table finder."""
    here = [r for r in rejected if r.bbox.contains_point(x, y, pad)]
    if here:
        r = min(here, key=lambda r: r.bbox.area)
        fix = f" Setting {r.flip[0]} to {r.flip[1]:g} makes it a table." if r.flip else \
            " No single parameter value makes it a table."
        return f"A {r.source} region was looked at here and rejected: {r.reason}.{fix}"
    words = [w for w in ctx.res.words if w.bbox.expanded(pad).contains_point(x, y)]
    near = [w for w in ctx.res.words if abs(w.bbox.cy - y) <= 3 * max(w.bbox.height, 1.0)]
    if not near:
        return "No text here: a table is found only where there are words (a scan needs OCR)."
    what = f"'{words[0].text}'" if words else "the text here"
    return (f"No table region was proposed for {what}: it is not inside drawn rules (two or more horizontal "
            "and vertical rules meeting, or stacked horizontal rules), and its lines do not leave column gaps "
            f"(1.5 font sizes wide) that line up over two or more lines (tables.min_aligned_rows = "
            f"{ctx.params.tables.min_aligned_rows}).")
