"""Figure areas: charts drawn as vector art, whose text is no table.

A chart's labels line up as a table's do (tick values in a column, a legend's names and
percentages in rows), and its gridlines and axes are rules. What tells a chart apart is
drawing no table has:

- tick marks: three or more short straight strokes (``TICK`` pt at most), all across one
  line at one height or one x, as an axis carries them;
- curves at least ``CURVE`` pt in both directions: two or more filled (pie and donut
  wedges; one is a logo) or one stroked open path (a smooth series);
- stroked open polylines of three or more slanted segments over ``SERIES`` pt (a line chart's
  series);
- bars over gridlines: a series of filled boxes on one baseline at an even pitch, of
  different lengths, crossed by evenly spaced lines (a chart drawn without tick marks).

Tick marks are single strokes, or the short strokes of a path that draws them with their
axis (Excel, PowerPoint: one end on the long line).

The area those marks span grows over the drawing lying mostly inside it (bars, gridlines,
the axes' frame), then over a legend: two or more small swatches of different colours near
it. The words touching the area (within ``TEXT_MARGIN``: tick labels, titles, data labels)
and the legend's labels beside its swatches are the figure's text, in no table; the rules
inside it are the figure's, no table's. Coordinates are page space (points).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..reading.document import Drawing
from ..types import Rect, Rule, Word
from .chartscale import EVEN, STRAIGHT, bar_charts, even_steps
from .diagrams import LINK_KIND, RING_KIND, WHAT, diagram_marks, is_diagram

TICK = 8.0  # pt: a tick mark is at most this long
TICK_MIN = 1.5  # pt: and at least this long (a dot is no tick)
MIN_TICKS = 3  # tick marks along one axis, at least
CURVE = 40.0  # pt: a chart's curve is at least this large both ways (a bullet, an icon is smaller)
CURVED_SHARE = 0.25  # a chart curve's path: curves at least this x its straight lines (a rounded box: far less)
SERIES = 30.0  # pt: a line series spans at least this
INSIDE = 0.5  # share of a drawing inside the area that makes it the figure's
TEXT_MARGIN = 10.0  # pt: words this close to the area are its labels (tick labels stand off their ticks)
SWATCH = (3.0, 20.0)  # pt: a legend swatch's sides lie in this range
LEGEND_REACH = 120.0  # pt: a legend stands at most this far from its chart
LABEL_REACH = 2.5  # x the swatch's height: its label starts within this right of it
# Why no user would change these: they describe how charts are drawn (strokes, ticks, legends)
# in pt or in the page's own measures, the same for every producer.
ART_SHARE = 0.5  # share of the page's area a drawing covers at most to be chart art (larger: a page frame)
CHAIN_GAP = 1.0  # pt: lines meeting within this go on from one another (cell borders drawn cell by cell)
OPEN_GAP = 1.0  # pt between a path's start and end, more than, for it to be open (a series, not a ring)
SLANT = 0.5  # pt a segment moves both ways, more than, to be slanted (a series' stroke)
STEP_RUN = 2.0  # pt (x plus y): the run of tiny joined steps measured as one segment of a traced curve
MIN_SLANTED = 3  # slanted segments of a path that make a line series
MIN_AXES = 2  # tick groups (two axes) or filled curved shapes (wedges) that make a chart
MIN_SWATCHES = 2  # swatches of different colours that make a legend
CONTAIN_EPS = 0.01  # pt: boxes equal up to float rounding contain one another
LINE_PAD = 0.25  # pt a stroke is widened by so that a line has an area to share
SWATCH_SLACK = 1  # pt a legend label may start left of its swatch's right side
LABEL_GAP_EM = 2  # font sizes of a word gap inside a legend label, at most
MIN_FONT = 1.0  # pt: the smallest font size a gap is measured against
AREA = "figure area"  # how every reason for a figure's rule or region set aside begins
RULE_MARGIN = 1.0  # pt around a figure area within which its rules (axes, gridlines) lie
RULE_INSIDE = 0.9  # share of a rule inside the area that makes it the figure's
AXIS_MIN = 3 * TICK  # pt: an axis drawn in one path with its ticks is at least this long
MAX_FIGURE_WORK = 50_000_000  # seeds x paths: a figure search of more (minutes of Python) is skipped and said


@dataclass(frozen=True)
class Figure:
    """A figure area, what found it (e.g. "7 tick marks, 4 curves") and its legend's swatches."""

    bbox: Rect
    marks: str
    swatches: tuple[Rect, ...] = ()  # its legend's swatches
    margin: float = TEXT_MARGIN  # pt around the area within which words are its text
    what: str = "a chart's labels and lines"

    def describe(self) -> str:
        return f"{AREA} ({self.marks}): {self.what}, in no table"


def find_figures(drawings: Sequence[Drawing], width: float, height: float, fine: bool = True) -> tuple[Figure, ...]:
    """The figure areas of a page ``width`` x ``height`` pt drawn with ``drawings``; ``fine``:
    curves traced in tiny steps are series too (``vector.traced_curves``)."""
    return search_figures(drawings, width, height, fine)[0]


def search_figures(drawings: Sequence[Drawing], width: float, height: float,
                   fine: bool = True) -> tuple[tuple[Figure, ...], bool]:
    """``find_figures``, and whether the search was skipped (no figures) because growing each
    seed over the page's art would take over MAX_FIGURE_WORK steps (a page of tens of
    thousands of curves: each is a seed, and each seed looks at every path, many times)."""
    seeds = (_tick_groups(drawings) + _curves(drawings) + _series(drawings, fine) + bar_charts(drawings)
             + diagram_marks(drawings))
    if not seeds:
        return (), False
    page = width * height
    art = [d for d in drawings if d.rect.width * d.rect.height < ART_SHARE * page]
    if len(seeds) * len(art) > MAX_FIGURE_WORK:
        return (), True
    return _grown(seeds, art), False


def _grown(seeds: list[tuple[Rect, str]], art: list[Drawing]) -> tuple[Figure, ...]:
    """The figure areas grown from ``seeds`` (boxes and what found them) over ``art``."""
    # Each group grows over its axis line first: the two axes' tick groups then meet.
    seeds = [(_absorb(box, art), what) for box, what in seeds]
    areas = [(_absorb(box, art), kinds) for box, kinds in _merged(seeds)]
    # Areas that overlap once grown (a series inside its axes) are one figure.
    joined: list[tuple[Rect, str, list[str]]] = []  # box, what found it (the summaries joined), the seeds' kinds
    for box, kinds in areas:
        hit = [k for k, (b, _, _) in enumerate(joined) if _near(b, box, 0.0)]
        marks = _summary(kinds)
        for k in sorted(hit, reverse=True):
            b, m, ks = joined.pop(k)
            box, marks, kinds = box.union(b), f"{m}, {marks}", ks + kinds
        joined.append((box, marks, kinds))
    return tuple(Figure(box, marks, _legend(box, art), what=WHAT) if _diagram_only(kinds) else
                 Figure(box, marks, _legend(box, art)) for box, marks, kinds in joined)


def _diagram_only(kinds: Sequence[str]) -> bool:
    """Were the area's seeds a diagram's rings and connectors alone?"""
    return all(k in (RING_KIND, LINK_KIND) for k in kinds)


def _tick_groups(drawings: Sequence[Drawing]) -> list[tuple[Rect, str]]:
    """Groups of tick marks: short strokes across one line (same x0 for horizontal ticks on a
    vertical axis, same y0 for vertical ticks on a horizontal one)."""
    groups: dict[tuple[str, int], list[Rect]] = {}
    ends: dict[tuple[str, int], list[tuple[float, float]]] | None = None  # read at the first tick-sized line
    for d in drawings:
        for x0, y0, x1, y1 in _tick_lines(d):
            dx, dy = abs(x1 - x0), abs(y1 - y0)
            if dy < STRAIGHT and TICK_MIN <= dx <= TICK:
                ends = _line_ends(drawings) if ends is None else ends
                if not _chained(ends, "h", y0, min(x0, x1), max(x0, x1)):
                    groups.setdefault(("h", round(min(x0, x1))), []).append(_line_box(x0, y0, x1, y1))
                    continue
            if dx < STRAIGHT and TICK_MIN <= dy <= TICK:
                ends = _line_ends(drawings) if ends is None else ends
                if not _chained(ends, "v", x0, min(y0, y1), max(y0, y1)):
                    groups.setdefault(("v", round(min(y0, y1))), []).append(_line_box(x0, y0, x1, y1))
    out = []
    for (axis, _), g in groups.items():
        # Charts side by side put their axes at one height: each run at its own pitch is a scale.
        for run in _runs(sorted(g, key=lambda r: r.cy if axis == "h" else r.cx), axis):
            if len(run) >= MIN_TICKS and even_steps([r.cy if axis == "h" else r.cx for r in run]):
                out.append((Rect.bounding(run), f"{len(run)} tick marks"))
    return out


def _runs(ticks: list[Rect], axis: str) -> list[list[Rect]]:
    """``ticks`` (sorted along their axis) cut where a step is over ``EVEN`` x the one before."""
    runs: list[list[Rect]] = [ticks[:1]]
    pos = [r.cy if axis == "h" else r.cx for r in ticks]
    for k in range(1, len(ticks)):
        step, before = pos[k] - pos[k - 1], (pos[k - 1] - pos[k - 2] if len(runs[-1]) > 1 else None)
        if before is not None and step > EVEN * before:
            runs.append([ticks[k]])
        else:
            runs[-1].append(ticks[k])
    return runs


def _tick_lines(d: Drawing) -> list[tuple[float, float, float, float]]:
    """The lines of ``d`` that may be tick marks: the one line of a single-line path, or, in a
    path drawing an axis with its ticks (Excel, PowerPoint), the short lines with one end on
    a long line across them in the same path (the axis; a box's short sides meet short ones)."""
    lines = [(it[1], it[2], it[3], it[4]) for it in d.items if it[0] == "l"]
    if len(d.items) == 1:
        return lines
    # One stroke once: a path closed back over its last line draws that line twice.
    lines = sorted({(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)) for x0, y0, x1, y1 in lines})
    axes = [ln for ln in lines if max(ln[2] - ln[0], ln[3] - ln[1]) >= AXIS_MIN]
    return [ln for ln in lines if max(ln[2] - ln[0], ln[3] - ln[1]) <= TICK and any(_ends_on(ln, ax) for ax in axes)]


def _ends_on(ln: tuple[float, float, float, float], axis: tuple[float, float, float, float]) -> bool:
    """Does one end of the short line ``ln`` lie on the (straight, perpendicular) ``axis``?"""
    ax0, ay0, ax1, ay1 = axis
    vertical = abs(ax1 - ax0) < STRAIGHT
    if vertical == (abs(ln[2] - ln[0]) < STRAIGHT) or (not vertical and abs(ay1 - ay0) >= STRAIGHT):
        return False  # parallel to it, or the axis is slanted
    lo, hi = (min(ay0, ay1), max(ay0, ay1)) if vertical else (min(ax0, ax1), max(ax0, ax1))
    for x, y in ((ln[0], ln[1]), (ln[2], ln[3])):
        across, along = (x, y) if vertical else (y, x)
        if abs(across - (ax0 if vertical else ay0)) <= CHAIN_GAP and lo - CHAIN_GAP <= along <= hi + CHAIN_GAP:
            return True
    return False


def _line_box(x0: float, y0: float, x1: float, y1: float) -> Rect:
    return Rect(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def _line_ends(drawings: Sequence[Drawing]) -> dict[tuple[str, int], list[tuple[float, float]]]:
    """Axis-aligned lines by orientation and rounded position: their (start, end) spans."""
    out: dict[tuple[str, int], list[tuple[float, float]]] = {}
    for d in drawings:
        for it in d.items:
            if it[0] != "l":
                continue
            _, x0, y0, x1, y1 = it
            if abs(y1 - y0) < STRAIGHT:
                out.setdefault(("h", round(y0)), []).append((min(x0, x1), max(x0, x1)))
            elif abs(x1 - x0) < STRAIGHT:
                out.setdefault(("v", round(x0)), []).append((min(y0, y1), max(y0, y1)))
    return out


def _chained(ends: dict[tuple[str, int], list[tuple[float, float]]], axis: str, pos: float, a: float,
             b: float) -> bool:
    """Do other lines go on from both ends of this short one (cell borders drawn cell by
    cell)? A tick's far end is free (its near end may go on as a gridline)."""
    spans = [(s, e) for s, e in ends.get((axis, round(pos)), []) if (s, e) != (a, b)]
    return any(abs(s - b) <= CHAIN_GAP for s, _ in spans) and any(abs(e - a) <= CHAIN_GAP for _, e in spans)


def _curves(drawings: Sequence[Drawing]) -> list[tuple[Rect, str]]:
    """Paths drawn mostly in curves (a wedge, a smooth series; a rounded box is mostly
    straight), large ones (an icon is smaller)."""
    out = []
    for d in drawings:
        if d.rect.width < CURVE or d.rect.height < CURVE:
            continue
        curved = sum(_chord(it) for it in d.items if it[0] == "c")
        straight = sum(_chord(it) for it in d.items if it[0] == "l")
        if curved > 0 and curved >= CURVED_SHARE * straight:
            if d.fill is not None:
                out.append((d.rect, "curves"))
            elif _open(d):  # a stroked ring or outline (a logo) closes on itself; a series does not
                out.append((d.rect, "a line series"))
    return out


def _open(d: Drawing) -> bool:
    """Does the path end away from where it starts?"""
    first, last = d.items[0], d.items[-1]
    if first[0] == "re" or last[0] == "re":
        return False
    return bool(abs(first[1] - last[3]) + abs(first[2] - last[4]) > OPEN_GAP)


def _chord(it: tuple[Any, ...]) -> float:
    return float(((it[3] - it[1]) ** 2 + (it[4] - it[2]) ** 2) ** 0.5)


def _series(drawings: Sequence[Drawing], fine: bool = True) -> list[tuple[Rect, str]]:
    """Line series: stroked open paths over ``SERIES`` pt with ``MIN_SLANTED`` slanted segments or
    more; with ``fine``, segments too small to be slanted alone (a curve traced in steps a
    fraction of a point long) count by the ``STEP_RUN`` pt runs they make (``_slanted_runs``)."""
    out = []
    for d in drawings:
        if d.fill is not None or max(d.rect.width, d.rect.height) < SERIES or not _open(d):
            continue
        slanted = [it for it in d.items if it[0] == "l" and abs(it[3] - it[1]) > SLANT and abs(it[4] - it[2]) > SLANT]
        if len(slanted) >= MIN_SLANTED or (fine and _slanted_runs(d.items) >= MIN_SLANTED):
            out.append((d.rect, "a line series"))
    return out


def _slanted_runs(items: Sequence[tuple[Any, ...]]) -> int:
    """How many runs of joined line segments, each run ``STEP_RUN`` pt long (x plus y) or more,
    move more than ``SLANT`` both ways: a curve a writer traced as tiny steps (each along x or
    y, or slanted by less than SLANT) rises and runs over its runs as a series' strokes do.
    A path of anything but joined lines counts none."""
    runs = 0
    dx = dy = 0.0
    end: tuple[float, float] | None = None
    for it in items:
        if it[0] != "l" or (end is not None and abs(it[1] - end[0]) + abs(it[2] - end[1]) > CHAIN_GAP):
            return 0
        dx, dy, end = dx + it[3] - it[1], dy + it[4] - it[2], (it[3], it[4])
        if abs(dx) + abs(dy) >= STEP_RUN:
            runs += abs(dx) > SLANT and abs(dy) > SLANT
            dx = dy = 0.0
    return runs


def _merged(seeds: list[tuple[Rect, str]]) -> list[tuple[Rect, list[str]]]:
    """Seeds that touch or overlap (within ``TICK``) as one area each, with the kinds of
    seed it holds."""
    areas: list[tuple[Rect, list[str]]] = []
    for box, what in sorted(seeds, key=lambda s: (s[0].y0, s[0].x0)):
        hit = [k for k, (b, _) in enumerate(areas) if _near(b, box, TICK)]
        merged, kinds = box, [what]
        for k in sorted(hit, reverse=True):
            b, ks = areas.pop(k)
            merged, kinds = merged.union(b), ks + kinds
        areas.append((merged, kinds))
    return [(b, ks) for b, ks in areas if _figure_like(ks)]


def _figure_like(kinds: list[str]) -> bool:
    """Ticks on two axes, two filled curved shapes (wedges) or a stroked series: one group of
    ticks alone may be a ruler, one filled curved shape a logo."""
    ticks = sum(k.endswith("tick marks") for k in kinds)
    bars = any(k.endswith("gridlines") for k in kinds)
    return (ticks >= MIN_AXES or kinds.count("curves") >= MIN_AXES or "a line series" in kinds or bars
            or is_diagram(kinds))


def _summary(kinds: list[str]) -> str:
    """What found an area, from its seeds' kinds: "7 tick marks, 2 curves"."""
    ticks = sum(int(k.split()[0]) for k in kinds if k.endswith("tick marks"))
    parts = [f"{ticks} tick marks"] if ticks else []
    parts += [k for k in kinds if k.endswith("gridlines")]
    for k in ("curves", "a line series"):
        n = kinds.count(k)
        if n:
            parts.append(f"{n} {'curves' if k == 'curves' else 'line series'}")
    parts += [f"{kinds.count(k)} {k}" for k in (RING_KIND, LINK_KIND) if k in kinds]
    return ", ".join(parts)


def _near(a: Rect, b: Rect, pad: float) -> bool:
    return a.x0 - pad <= b.x1 and b.x0 <= a.x1 + pad and a.y0 - pad <= b.y1 and b.y0 <= a.y1 + pad


def _absorb(box: Rect, art: Sequence[Drawing]) -> Rect:
    """``box`` grown over the drawings lying mostly inside it (bars, gridlines, the frame)."""
    grew = True
    while grew:
        grew = False
        for d in art:
            r = d.rect
            if _inside_share(r, box.expanded(TICK)) >= INSIDE and not _contains(box, r):
                box, grew = box.union(r), True
    return box


def _legend(box: Rect, art: Sequence[Drawing]) -> tuple[Rect, ...]:
    """The swatches of a legend near ``box``: two or more small filled squares or bars of
    different colours (none when there are not)."""
    lo, hi = SWATCH
    near = [d for d in art if d.fill is not None and lo <= d.rect.width <= hi and lo <= d.rect.height <= hi
            and _near(box, d.rect, LEGEND_REACH) and not _contains(box, d.rect)]
    if len({d.fill_rgb or d.fill for d in near}) < MIN_SWATCHES:
        return ()
    return tuple(d.rect for d in near)


def _contains(a: Rect, b: Rect) -> bool:
    return (a.x0 - CONTAIN_EPS <= b.x0 and a.y0 - CONTAIN_EPS <= b.y0
            and b.x1 <= a.x1 + CONTAIN_EPS and b.y1 <= a.y1 + CONTAIN_EPS)


def _inside_share(r: Rect, box: Rect) -> float:
    """Share of ``r`` (a line counts by its length) inside ``box``."""
    g = r.expanded(LINE_PAD)
    inter = g.intersection(box)
    return inter.area / g.area if inter is not None and g.area > 0 else 0.0


def figure_words(words: Sequence[Word], figures: Sequence[Figure]) -> frozenset[int]:
    """Indices of the words that are the figures' text: touching an area, or a legend label
    running right from a swatch."""
    out: set[int] = set()
    for f in figures:
        area = f.bbox.expanded(f.margin)
        out.update(i for i, w in enumerate(words) if _near(area, w.bbox, 0.0))
        for s in f.swatches:
            out.update(_label(words, s, f.swatches))
    return frozenset(out)


def _label(words: Sequence[Word], s: Rect, swatches: Sequence[Rect]) -> list[int]:
    """The words of the label right of swatch ``s``: starting within ``LABEL_REACH`` swatch
    heights of it, on its line, going on while the word gaps stay under two font sizes and
    no other swatch comes."""
    row = sorted((i for i, w in enumerate(words) if abs(w.bbox.cy - s.cy) <= s.height and w.bbox.x0 >= s.x1 - SWATCH_SLACK),
                 key=lambda i: words[i].bbox.x0)
    stops = [o.x0 for o in swatches if o.x0 > s.x1 and abs(o.cy - s.cy) <= s.height]
    end, reach, out = min(stops, default=float("inf")), s.x1 + LABEL_REACH * s.height, []
    for i in row:
        b = words[i].bbox
        if b.x0 > reach or b.x0 >= end:
            break
        out.append(i)
        reach = b.x1 + LABEL_GAP_EM * max(words[i].font_size, MIN_FONT)
    return out


def figure_rules(rules: Sequence[Rule], figures: Sequence[Figure]) -> tuple[Rule, ...]:
    """The rules lying inside a figure area (gridlines, axes)."""
    return tuple(r for r in rules if any(_inside_share(r.bbox, f.bbox.expanded(RULE_MARGIN)) >= RULE_INSIDE for f in figures))
