"""A chart's value scale: positions at one even step (an axis's ticks, the gridlines across a
bar series), and bar series standing on gridlines, a chart whose ticks are off (Excel,
matplotlib without ticks). ``figures`` makes figure areas of them. Page space (points)."""

from __future__ import annotations

from collections.abc import Sequence

from ..reading.document import Drawing
from ..types import Rect

EVEN = 1.15  # the widest step between ticks is at most this x the narrowest
STRAIGHT = 0.1  # pt a line's ends may differ across it and it still runs straight (horizontal or vertical)
MIN_TICK_STEP = 1.0  # pt between ticks, more than (a hatching or a dotted line is no scale)
MIN_BARS = 3  # bars of one series, at least
BAR_EPS = 0.5  # pt: bars of one series share their baseline and thickness within this
MIN_GRID = 3  # gridlines across a bar series, at least


def even_steps(positions: list[float]) -> bool:
    """Are ``positions`` (pt) evenly spaced: an axis's ticks, a value scale's gridlines (a table's
    columns are not)?"""
    xs = sorted(positions)
    steps = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    return bool(steps) and min(steps) > MIN_TICK_STEP and max(steps) <= EVEN * min(steps)


def bar_charts(drawings: Sequence[Drawing]) -> list[tuple[Rect, str]]:
    """Bar series over gridlines (a chart without tick marks: Excel, matplotlib with ticks
    off): three or more filled boxes of one colour and thickness standing on one baseline at
    an even pitch with gaps between them, of different lengths (a table's shaded rows or
    columns have one length), crossed by three or more evenly spaced lines of the value scale."""
    lines = [(d.items[0][1:], d.rect) for d in drawings if len(d.items) == 1 and d.items[0][0] == "l"]
    # A gridline runs across the bars (``_crosses``): thin in their direction. Fewer than
    # ``MIN_GRID`` such lines on the page and no series of that direction can be a chart: its
    # bars are not gathered (most pages have none across one way or the other).
    upright = sum(box.height < STRAIGHT for _, box in lines) >= MIN_GRID
    lying = sum(box.width < STRAIGHT for _, box in lines) >= MIN_GRID
    if not (upright or lying):
        return []
    series: dict[tuple[object, str, int, int], list[Rect]] = {}
    for d in drawings:
        if d.fill is None or len(d.items) != 1 or d.items[0][0] != "re":
            continue
        r = d.rect
        if upright:
            series.setdefault((d.fill_rgb or d.fill, "v", round(r.y1 / BAR_EPS), round(r.width / BAR_EPS)), []).append(r)
        if lying:
            series.setdefault((d.fill_rgb or d.fill, "h", round(r.x0 / BAR_EPS), round(r.height / BAR_EPS)), []).append(r)
    out = []
    for (_, grow, _, _), bars in series.items():
        if len(bars) < MIN_BARS or not _bar_series(bars, grow):
            continue
        run = Rect.bounding(bars)
        grid = _scale([box for _, box in lines if _crosses(box, run, grow)], grow)
        # The longest bar passes gridlines; bars drawn in a table's column pass no column rule.
        if sum(_within(b, run, grow) for b in grid) >= MIN_GRID:
            out.append((run.union(Rect.bounding(grid)), f"{len(bars)} bars on {len(grid)} gridlines"))
    return out


def _within(line: Rect, run: Rect, grow: str) -> bool:
    """Does ``line`` lie between the bars' baseline and the end of the longest one?"""
    if grow == "v":
        return run.y0 - BAR_EPS <= line.y0 <= run.y1 + BAR_EPS
    return run.x0 - BAR_EPS <= line.x0 <= run.x1 + BAR_EPS


def _scale(lines: list[Rect], grow: str) -> list[Rect]:
    """The longest run of ``lines`` (one per position) at one even step: a value scale's
    gridlines, without an axis or frame line off its step."""
    by_pos = {round((b.y0 if grow == "v" else b.x0) / BAR_EPS): b for b in lines}
    ordered = [by_pos[k] for k in sorted(by_pos)]
    pos = [b.y0 if grow == "v" else b.x0 for b in ordered]
    best: list[Rect] = []
    start = 0
    for end in range(2, len(pos) + 1):
        while end - start > 2 and not even_steps(pos[start:end]):
            start += 1
        if even_steps(pos[start:end]) and end - start > len(best):
            best = ordered[start:end]
    return best


def _bar_series(bars: list[Rect], grow: str) -> bool:
    """Bars (``grow`` "v": standing up; "h": lying) at an even pitch with gaps between them,
    not all of one length."""
    bars = sorted(bars, key=lambda b: b.x0 if grow == "v" else b.y0)
    thick = bars[0].width if grow == "v" else bars[0].height
    starts = [b.x0 if grow == "v" else b.y0 for b in bars]
    lengths = [b.height if grow == "v" else b.width for b in bars]
    steps = [b - a for a, b in zip(starts, starts[1:], strict=False)]
    if min(steps) <= thick + BAR_EPS:
        return False  # bars abut: a table's shaded cells
    # On one pitch; a category without a bar (a zero) leaves a step of two pitches.
    pitch = min(steps)
    return all(abs(s / pitch - round(s / pitch)) * pitch <= (EVEN - 1) * pitch for s in steps) \
        and max(lengths) - min(lengths) > BAR_EPS


def _crosses(line: Rect, run: Rect, grow: str) -> bool:
    """Is ``line`` a gridline of the value scale of bars spanning ``run``: across the bars'
    direction, reaching over all of them, at a value the bars reach (or one step beyond)?"""
    if grow == "v":
        return line.height < STRAIGHT and line.x0 <= run.x0 + BAR_EPS and line.x1 >= run.x1 - BAR_EPS \
            and run.y0 - run.height <= line.y0 <= run.y1 + BAR_EPS
    return line.width < STRAIGHT and line.y0 <= run.y0 + BAR_EPS and line.y1 >= run.y1 - BAR_EPS \
        and run.x0 - BAR_EPS <= line.x0 <= run.x1 + run.width
