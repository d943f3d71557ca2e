"""Vector drawings -> rules.

Strokes and thin filled rectangles are rules. A filled rectangle thicker than
``max_thickness`` is a band (shading, zebra stripe, header band): its edges become rules,
never one thick rule. Invisible marks (white on white, fully transparent) are dropped; a
pale stroke drawn over darker fills painted before it is a rule where it crosses them (the
white cell borders of a shaded table: PowerPoint's and Word's banded styles, Impress).
Zero-width strokes are kept: in PDF they are hairlines, which every viewer draws. A stroke
with butt caps wider than it is long paints a bar across its direction (Distiller draws a
form's column rules as stacks of half-point "horizontal" strokes 10-30 pt wide): it is a rule
across, as thick as the stroke is long (``_across``).
Collinear pieces of a dashed or dotted line are joined.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter

from ..params import VectorParams
from ..reading.document import Drawing
from ..types import Band, Fill, Orientation, Rect, RejectedFill, RejectedRule, Rule, fast_rect, fast_rule
from .fills import MAX_NEIGHBOURS, RawFill, find_fills, hidden_fills
from .pale_rules import pale_over_fills

AXIS_TOL = 1.0  # pt a "horizontal" segment may drift in y
WHITE = 255  # grey of paper: contrast is measured from it


@dataclass(frozen=True)
class VectorResult:
    """Rules kept, candidates rejected (with reasons), bands whose edges became rules, and
    the fills behind them (kept and rejected, with reasons)."""

    rules: tuple[Rule, ...]
    rejected: tuple[RejectedRule, ...]
    bands: tuple[Band, ...]
    fills: tuple[Fill, ...] = ()
    rejected_fills: tuple[RejectedFill, ...] = ()


def find_vector_rules(drawings: Sequence[Drawing], params: VectorParams, page: Rect | None = None) -> VectorResult:
    """Rules from a page's drawings (points, unrotated, top-left origin); ``page``: the page's
    box, when known, for its background (``params.background``)."""
    pieces: list[Rule] = []
    background: list[Drawing] = []
    raw: list[RawFill] = []  # every filled rectangle, in painting order
    thin: dict[int, list[Rule]] = {}  # the rules a thin one of ``raw`` (by index) makes
    rejected: list[RejectedRule] = []
    pale: list[tuple[int, list[Rule]]] = []  # pale strokes' pieces, and how many fills were painted before
    for d in drawings:
        stroke_ok = _visible(d.stroke, d.stroke_opacity, params)
        fill_ok = _visible(d.fill, d.fill_opacity, params)
        if not (stroke_ok or fill_ok):
            if d.stroke is not None and d.stroke_opacity > 0.02 and raw:
                pale.append((len(raw), list(_from_stroke(d, params.max_thickness))))
            continue
        if fill_ok and page is not None and _background(d, page, params.background):
            background.append(d)
            fill_ok = False
        if fill_ok:
            _from_fill(d, params, raw, thin)
        if stroke_ok:
            pieces.extend(_from_stroke(d, params.max_thickness))
    # A thin rectangle painted inside an earlier one of its colour is invisible (an HTML
    # engine paints a shaded cell's background again behind every word and every space
    # between them): no rule.
    wide = [i for i in range(len(raw)) if i not in thin]
    both = bool(thin) and bool(wide) and len(raw) <= MAX_NEIGHBOURS  # else the fills look for themselves
    hidden = hidden_fills(raw) if both else set()
    pieces.extend(r for i, rules in thin.items() if i not in hidden for r in rules)
    if pale:
        pieces.extend(pale_over_fills(pale, raw, params.min_contrast))
    rejected.extend(RejectedRule(r, "inside a fill of its own colour") for i in sorted(hidden & thin.keys())
                    for r in thin[i])
    found = find_fills([raw[i] for i in wide], params, {k for k, i in enumerate(wide) if i in hidden} if both else None)
    pieces.extend(found.rules)
    joined = join_collinear(pieces, gap=params.dash_gap, pos_tol=0.6)
    kept = []
    for r in joined:
        if r.length < params.min_length:
            rejected.append(RejectedRule(r, "too short"))
        else:
            kept.append(r)
    bands = tuple(Band(f.bbox, f.grey, "vector") for f in found.fills)
    n = len(found.fills) + len(found.rejected)
    behind = tuple(RejectedFill(Fill(n + k, d.rect, d.fill_rgb or (g, g, g), g), BACKGROUND)
                   for k, d in enumerate(background) for g in [d.fill if d.fill is not None else 0])
    return VectorResult(tuple(kept), tuple(rejected), bands, found.fills, found.rejected + behind)


BACKGROUND = "covers the whole page: the page's background, whatever its colour"


def _background(d: Drawing, page: Rect, share: float) -> bool:
    """Is ``d`` one filled rectangle covering ``share`` of the page's width and height or more?"""
    r = d.rect
    return r.width >= share * page.width and r.height >= share * page.height and len(_fill_rects(d)) == 1


def _visible(grey: int | None, opacity: float, params: VectorParams) -> bool:
    return grey is not None and opacity > 0.02 and WHITE - grey >= params.min_contrast


def _from_stroke(d: Drawing, thick: float) -> Iterable[Rule]:
    """The rules of the stroked path ``d``; ``thick``: ``max_thickness``, the widest a line is."""
    t = max(d.width, 0.1)
    for it in d.items:
        if it[0] == "l":
            r = _segment(it[1], it[2], it[3], it[4], t, d.stroke or 0)
            if r is None:
                continue
            if d.capped or not _across_shape(r.length, d.width, thick):
                yield r
            else:  # a bar across it, or a dot a line running either way may be made of
                yield _across(r)
                if d.width <= thick:
                    yield r
        elif it[0] == "re":
            x0, y0, x1, y1 = _norm(it[1:])
            g = d.stroke or 0
            yield from (fast_rule("h", y0, x0, x1, t, "vector", g), fast_rule("h", y1, x0, x1, t, "vector", g),
                        fast_rule("v", x0, y0, y1, t, "vector", g), fast_rule("v", x1, y0, y1, t, "vector", g))


def _segment(x0: float, y0: float, x1: float, y1: float, t: float, grey: int) -> Rule | None:
    if abs(y1 - y0) <= AXIS_TOL and abs(x1 - x0) > abs(y1 - y0):
        return fast_rule("h", (y0 + y1) / 2, min(x0, x1), max(x0, x1), t, "vector", grey)
    if abs(x1 - x0) <= AXIS_TOL and abs(y1 - y0) > abs(x1 - x0):
        return fast_rule("v", (x0 + x1) / 2, min(y0, y1), max(y0, y1), t, "vector", grey)
    return None


def _across_shape(length: float, width: float, thick: float) -> bool:
    """Does a butt-capped stroke ``length`` long and ``width`` wide paint a mark across its
    direction: no longer than a line is thick (``thick``) and wider than long? A thin filled
    rectangle's test (``_from_fill``) on the box the stroke paints: wider than ``thick``
    too, a bar across; else a dot, a piece of a line either way (joining decides)."""
    return length <= thick and width > length


def _across(r: Rule) -> Rule:
    """The bar a butt-capped stroke ``r`` shorter than its width paints: a rule across it,
    ``r.thickness`` long, centred on it, as thick as ``r`` is long."""
    across: Orientation = "v" if r.orient == "h" else "h"
    half = r.thickness / 2
    return fast_rule(across, (r.start + r.end) / 2, r.pos - half, r.pos + half, max(r.length, 0.1), "vector", r.grey)


def _norm(c: Sequence[float]) -> tuple[float, float, float, float]:
    """min and max of each axis, written out (what min() and max() of two return, ties and -0.0
    included): this runs for every rectangle of every page."""
    x0, y0, x1, y1 = c[0], c[1], c[2], c[3]
    return (x1 if x1 < x0 else x0, y1 if y1 < y0 else y0, x1 if x1 > x0 else x0, y1 if y1 > y0 else y0)


def _fill_rects(d: Drawing) -> list[tuple[float, float, float, float]]:
    """Axis-aligned rectangles a fill covers: its "re" items, or a path of axis-aligned lines.
    One pass over the items (every filled path of every page comes here)."""
    rects = []
    lines = axis = False  # any "l" item; all of them along an axis
    for it in d.items:
        op = it[0]
        if op == "re":  # _norm written out: most fills are one rectangle
            _, x0, y0, x1, y1 = it
            rects.append((x1 if x1 < x0 else x0, y1 if y1 < y0 else y0, x1 if x1 > x0 else x0, y1 if y1 > y0 else y0))
        elif op == "l":
            straight = _along_axis(it[1], it[2], it[3], it[4])
            axis = straight if not lines else axis and straight
            lines = True
    if lines and not rects and axis:
        r = d.rect
        rects.append((r.x0, r.y0, r.x1, r.y1))
    return rects


def _along_axis(x0: float, y0: float, x1: float, y1: float) -> bool:
    """Would ``_segment`` make a rule of this line (horizontal or vertical)?"""
    dx, dy = abs(x1 - x0), abs(y1 - y0)
    return (dy <= AXIS_TOL and dx > dy) or (dx <= AXIS_TOL and dy > dx)


def _from_fill(d: Drawing, params: VectorParams, fills: list[RawFill], thin: dict[int, list[Rule]]) -> None:
    """Each rectangle of the fill ``d`` onto ``fills``; a thin one's rules into ``thin`` under
    its index (a wide one's edges come from ``fills.fill_rules``)."""
    g = d.fill if d.fill is not None else 0
    rgb = d.fill_rgb or (g, g, g)
    thick = params.max_thickness
    for x0, y0, x1, y1 in _fill_rects(d):
        w, h = x1 - x0, y1 - y0
        if w <= 0 and h <= 0:
            continue
        rules: list[Rule] = []
        if w <= thick and h <= thick:
            # A dot: part of a dotted line running either way; joining decides which.
            t = max(min(w, h), 0.1)
            rules = [fast_rule("h", (y0 + y1) / 2, x0, x1, t, "vector", g),
                     fast_rule("v", (x0 + x1) / 2, y0, y1, t, "vector", g)]
        elif h <= thick and w > h:
            rules = [fast_rule("h", (y0 + y1) / 2, x0, x1, max(h, 0.1), "vector", g)]
        elif w <= thick and h > w:
            rules = [fast_rule("v", (x0 + x1) / 2, y0, y1, max(w, 0.1), "vector", g)]
        if rules:
            thin[len(fills)] = rules
        fills.append((fast_rect(x0, y0, x1, y1), rgb, g))


_set = object.__setattr__
_BY_POS = attrgetter("pos", "start")  # sort keys made in C: a page has hundreds of rule pieces
_BY_START = attrgetter("start")


def join_collinear(rules: Sequence[Rule], gap: float, pos_tol: float) -> list[Rule]:
    """Join rules of one orientation lying on one line (within ``pos_tol``) whose extents
    overlap or are less than ``gap`` apart. The joined rule keeps the thickest part's
    thickness and the darkest grey; its source is "merged" when sources differ. ``rules`` is
    read once per orientation, so it must be a sequence, not a one-pass iterator. A stroke
    joined with a fill's edge keeps the fill's id and is ``stroked``."""
    out: list[Rule] = []
    for orient in ("h", "v"):
        same = sorted((r for r in rules if r.orient == orient), key=_BY_POS)
        for line in _cluster_by_pos(same, pos_tol):
            out.extend(_join_line(sorted(line, key=_BY_START), gap, orient))
    return out


def _cluster_by_pos(rules: list[Rule], tol: float) -> list[list[Rule]]:
    groups: list[list[Rule]] = []
    for r in rules:
        if groups and r.pos - groups[-1][-1].pos <= tol:
            groups[-1].append(r)
        else:
            groups.append([r])
    return groups


def _join_line(line: list[Rule], gap: float, orient: Orientation) -> list[Rule]:
    out: list[Rule] = []
    cur = [line[0]]
    end = line[0].end
    for r in line[1:]:
        if r.start <= end + gap:
            cur.append(r)
            end = max(end, r.end)
        else:
            out.append(_combine(cur, orient))
            cur, end = [r], r.end
    out.append(_combine(cur, orient))
    return out


def _combine(parts: list[Rule], orient: Orientation) -> Rule:
    if len(parts) == 1:
        return parts[0]
    lengths = [max(p.end - p.start, 0.01) for p in parts]  # each part's length read once
    total = sum(lengths)
    pos = sum([p.pos * n for p, n in zip(parts, lengths, strict=True)]) / total
    sources = {p.source for p in parts}
    source = parts[0].source if len(sources) == 1 else "merged"
    fill = next((p.fill for p in parts if p.fill >= 0), -1)
    # A stroke along a fill's edge is both: the fill's edge, and a line drawn there.
    stroked = fill >= 0 and any(p.drawn for p in parts)
    r = fast_rule(orient, pos, min(p.start for p in parts), max(p.end for p in parts),
                  max(p.thickness for p in parts), source, min(p.grey for p in parts), fill, stroked)
    # Set on the rule just made, seen by nothing yet (as ``replace`` would make it, without a
    # second rule: a table drawn cell by cell joins a thousand such rules on a page).
    _set(r, "joints", _joints(parts))
    _set(r, "breaks", _breaks(parts))
    return r


BREAK_PART = 20.0  # pt: strokes at least this long on both sides of a gap are two rules side by side, no dashes


def _breaks(parts: list[Rule]) -> tuple[tuple[float, float], ...]:
    """The gaps (start, end, pt) between ``parts`` (sorted by start) wider than ``JOINT`` with
    strokes at least ``BREAK_PART`` long on both sides: cmidrules set side by side under two
    group labels, a dash's gap apart (a dashed line's short dashes leave none); the gaps the
    parts carried already kept where no other part covers them."""
    drawn = [p for p in parts if p.fill < 0]
    out = [b for p in parts for b in p.breaks
           if not any(q.start < b[0] and q.end > b[1] for q in parts if b not in q.breaks)]
    start, end = (drawn[0].start, drawn[0].end) if drawn else (0.0, 0.0)
    for p in drawn[1:]:
        if p.start > end + JOINT:
            if end - start >= BREAK_PART and p.end - p.start >= BREAK_PART:
                out.append((end, p.start))
            start = p.start
        end = max(end, p.end)
    return tuple(sorted(set(out)))


JOINT = 0.75  # pt: two strokes whose ends lie this close met end to end (no gap a dash leaves, no overlap)


def _joints(parts: list[Rule]) -> tuple[float, ...]:
    """Where ``parts`` (sorted by start) met end to end: one stroke ending where the next
    starts, within ``JOINT``, neither running past the other (a dash's gap is none); strokes
    and fills' edges each among their own (a fill's edge under strokes drawn cell by cell
    hides none of their joints); the joints the parts carried already kept."""
    out = {j for p in parts for j in p.joints}
    for kind in (True, False):
        same = [p for p in parts if (p.fill < 0) == kind]
        end = same[0].end if same else 0.0
        for p in same[1:]:
            if abs(p.start - end) <= JOINT and p.end > end + JOINT:
                out.add(round((p.start + end) / 2, 2))
            end = max(end, p.end)
    return tuple(sorted(out))
