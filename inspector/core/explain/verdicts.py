"""Why a region is a table or not: what made each table a table and the one table-level
minimum that would reject it alone, and why each rejected region was rejected with the value
of its parameter that would make it a table. Every value offered is checked by detecting the
page's tables again with it (``PageContext.again``): a table then covers the region (or the
table is gone) and every other table of the page is still there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..evidence.verticaltext import RULE as VERTICAL_RULE
from ..params import Params
from ..reading.unseen import HIDDEN_PARAM, NOT_VISIBLE, UNSEEN
from ..types import PageResult, Rect, TableRegion
from .page import PageContext, Rejected, value_range

REJECT_KEYS = ("tables.min_rows", "tables.min_cols", "tables.min_aligned_rows", "tables.min_filled_rows")
# Levers the aside stage reads (``core.aside.set_aside``): the tables stage run again on the page's
# words keeps them set aside whatever the value, so only the page detected whole again can say.
VERTICAL_PARAM = "tables.vertical_writing"
ASIDE_KEYS = frozenset({"tables.check_boxes", "tables.leaders", "tables.line_numbers", VERTICAL_PARAM})


def why_table(ctx: PageContext, k: int) -> tuple[str, tuple[str, float] | None]:
    """What made table ``k`` a table (its evidence and the minimums it passed) and the value
    of a table-level minimum that would reject it alone (None: no single value does)."""
    t = ctx.res.tables[k]
    p = ctx.params.tables
    said = (f"Taken as a table from {SOURCES.get(t.source, t.source)}: {t.n_rows} rows (tables.min_rows = "
            f"{p.min_rows}) and {t.n_cols} columns (tables.min_cols = {p.min_cols})"
            + (f", its text aligned over {t.n_rows} lines (tables.min_aligned_rows = {p.min_aligned_rows})"
               if t.source == "aligned" else "")
            + ("; fewer rows than the minimum, but one row of cells closed by drawn rules on every side, with "
               "text in two or more (tables.ruled_row)" if t.n_rows < p.min_rows else "") + ".")
    for key in REJECT_KEYS:
        for value in _values_above(ctx, key, t.n_rows, t.n_cols):
            if _rejects(ctx, key, value, k):
                return f"{said} Setting {key} to {value:g} would reject it (every other table stays).", (key, value)
    return f"{said} No single table-level minimum rejects it alone (raising one loses other tables too).", None


def _values_above(ctx: PageContext, key: str, n_rows: int, n_cols: int) -> list[float]:
    """Values of the minimum ``key`` above its current one that could reject a table of
    ``n_rows`` x ``n_cols``: a count one above the table's (a larger one only rejects more)."""
    now, hi = _value(ctx, key), value_range(key)[1]
    if key == "tables.min_filled_rows":
        return [v for k in range(1, 11) if (v := round(now + k * FILLED_STEP, 2)) <= hi]
    count = n_cols if key == "tables.min_cols" else n_rows
    return [float(count + 1)] if now < count + 1 <= hi else []


def _rejects(ctx: PageContext, key: str, value: float, k: int) -> bool:
    params = ctx.trial(key, value)
    if params is None:
        return False
    box = ctx.res.tables[k].bbox
    others = [t for j, t in enumerate(ctx.res.tables) if j != k]
    return _holds(ctx, params, lambda boxes: all(b.iou(box) < COVERS for b in boxes)
                  and all(any(t.bbox.iou(b) >= SAME_TABLE for b in boxes) for t in others))


def _holds(ctx: PageContext, params: Params, test: Callable[[Sequence[Rect]], bool]) -> bool:
    """Does ``test`` hold of the table boxes found with ``params``: by the tables stage, and by the
    whole page detected again where the tables stage's may not be the page's answer (a table
    reaching the page's top or bottom band: ``PageContext.whole_tables``)?"""
    boxes = [t.bbox for t in ctx.again(params).tables]
    if not test(boxes):
        return False
    return test(ctx.whole_tables(params, boxes))


# -- rejected regions -------------------------------------------------------------------

SOURCES = {"ruled": "rules meeting", "horizontal_rules": "stacked horizontal rules", "aligned": "aligned text"}
SAME_TABLE = 0.8  # IoU: a table found again over this share of a table's box is that table
COVERS = 0.5  # IoU: a table found over this share of a rejected region makes it one
FILLED_STEP = 0.05  # tables.min_filled_rows is tried in these steps below its value


def explain_rejected(ctx: PageContext) -> tuple[Rejected, ...]:
    """Every rejected region of the page with its reason, parameter and a value that flips it."""
    return tuple(_rejected(ctx, r) for r in ctx.res.regions if r.rejected)


def _rejected(ctx: PageContext, r: TableRegion) -> Rejected:
    if r.reason.endswith(NOT_VISIBLE):
        return _unseen(ctx, r)
    if not r.param:
        return Rejected(r.bbox, r.source, r.reason)
    flip = next(((r.param, v) for v in _values(ctx, r.param) if _makes_table(ctx, r.param, v, r.bbox)), None)
    return Rejected(r.bbox, r.source, f"{r.reason}{_rules_among(ctx, r)} ({r.param} = {_value(ctx, r.param):g})",
                    (r.param,), flip)


def _rules_among(ctx: PageContext, r: TableRegion) -> str:
    """For the page's vertical writing: the rules among it set aside with it (``writing_rules``)."""
    if r.param != VERTICAL_PARAM:
        return ""
    n = sum(1 for g in ctx.res.rejected if g.reason == VERTICAL_RULE)
    return f"; {n} drawn rule(s) among it, near no other text, are no table's rules either" if n else ""


def _unseen(ctx: PageContext, r: TableRegion) -> Rejected:
    """Text left out as not visible: the switch that reads it, offered as the flip when the page
    detected again whole with it (the words stage runs again: the tables stage alone cannot say)
    has a table over the text and every table found before."""
    if not r.param:  # a hidden layer: no parameter shows it
        return Rejected(r.bbox, UNSEEN, r.reason)
    flip = (r.param, 0)
    params = ctx.trial(*flip)
    boxes = ctx.detected(params) if params is not None else []
    made = any(b.iou(r.bbox) >= COVERS or r.bbox.within(b, 1.0) for b in boxes) and _all_kept(ctx.res, boxes)
    return Rejected(r.bbox, UNSEEN, f"{r.reason} ({r.param} = {_value(ctx, r.param):g}; 0 reads it)", (r.param,),
                    flip if made else None)


def _value(ctx: PageContext, key: str) -> float:
    stage, _, name = key.partition(".")
    return float(getattr(getattr(ctx.params, stage), name))


def _values(ctx: PageContext, key: str) -> list[float]:
    """Values of ``key`` below its current one, nearest first (every threshold here is a minimum)."""
    now, lo = _value(ctx, key), value_range(key)[0]
    if key == "tables.min_filled_rows":
        steps = [round(now - k * FILLED_STEP, 2) for k in range(1, 11)]
        return [v for v in steps if v >= lo]
    # Whole steps as ints: a switch (a bool field) takes 0, not 0.0, and a count takes 2, not 2.0.
    return list(range(int(now) - 1, int(lo) - 1, -1))


def _makes_table(ctx: PageContext, key: str, value: float, box: Rect) -> bool:
    params = ctx.trial(key, value)
    if params is None:
        return False

    def made(boxes: Sequence[Rect]) -> bool:
        return any(b.iou(box) >= COVERS for b in boxes) and _all_kept(ctx.res, boxes)
    if key in ASIDE_KEYS:  # set aside before the tables stage: every stage runs again
        return made(ctx.detected(params))
    return _holds(ctx, params, made)


def _all_kept(res: PageResult, boxes: Sequence[Rect]) -> bool:
    return all(any(t.bbox.iou(b) >= SAME_TABLE for b in boxes) for t in res.tables)


def rejected_at(rejected: Sequence[Rejected], x: float, y: float, pad: float = 6.0) -> Rejected | None:
    """The smallest rejected region within ``pad`` points of page point (x, y)."""
    return min((r for r in rejected if r.bbox.contains_point(x, y, pad)), key=lambda r: r.bbox.area, default=None)


def why_not_here(ctx: PageContext, rejected: Sequence[Rejected], x: float, y: float, pad: float = 6.0) -> str:
    """Why there is no table at page point (x, y): the rejected region there, else what the
    text there looks like to the table finder."""
    r = rejected_at(rejected, x, y, pad)
    if r is not None and r.source == UNSEEN:
        fix = f" Setting {r.flip[0]} to {r.flip[1]:g} reads it, and a table is found here." if r.flip else \
            f" Setting {HIDDEN_PARAM} to 0 reads it as text." if r.params else \
            " No parameter shows a hidden layer: a viewer shows it only when a person turns the layer on."
        return f"Text here is not shown and was left out: {r.reason}.{fix}"
    if r is not None:
        fix = f" Setting {r.flip[0]} to {r.flip[1]:g} makes it a table." if r.flip else \
            " No single parameter value makes it a table."
        return f"A table region was looked at here ({SOURCES.get(r.source, r.source)}) and rejected: {r.reason}.{fix}"
    words = [w for w in ctx.res.words if w.bbox.expanded(pad).contains_point(x, y)]
    near = [w for w in ctx.res.words if abs(w.bbox.cy - y) <= 3 * max(w.bbox.height, 1.0)]
    if not near:
        return "No text here: a table is found only where there are words (a scan needs OCR)."
    what = f"'{words[0].text}'" if words else "the text here"
    return (f"No table region was proposed for {what}: it is not inside drawn rules (two or more horizontal "
            "and vertical rules meeting, or stacked horizontal rules), and its lines do not leave column gaps "
            f"(1.5 font sizes wide) that line up over two or more lines (tables.min_aligned_rows = "
            f"{ctx.params.tables.min_aligned_rows}).")

