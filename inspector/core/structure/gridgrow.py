"""A drawn grid grown over the lines its drawing leaves out: a header above its first rule, rows under its last fill."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

import numpy as np

from ..types import Rect, Rule, Word
from .columns import Segment, WordCentres, segments
from .grow import SIDE_SLACK, extend_down, extend_up

HEADER_COLUMNS = 0.5  # share of a ruled grid's columns a header line above its first rule fills, at least


def header_over_rules(box: Rect, rules: Sequence[Rule], words: Sequence[Word], min_gap: float, stop_y: float,
                      centres: WordCentres, *, tol: float) -> Rect:
    """Grow a ruled grid's ``box`` up over a header set above its first rule (Word's list
    styles draw only a rule under the header row, its cells unruled above it).

    ``rules``: the grid's; its inner vertical ones are the column edges. The lines ``extend_up``
    would take (over ``stop_y``) count only when each of their pieces stands inside one column
    (between two edges or the box's sides) and they fill two columns or more, half of them at
    least: a heading or a caption over a ruled table runs across its columns or stands in one.
    """
    edges = {round(r.pos, 1) for r in rules if r.orient == "v" and box.x0 + SIDE_SLACK < r.pos < box.x1 - SIDE_SLACK}
    grown = extend_up(box, words, min_gap, stop_y, 2, centres, tol=tol)
    if grown.y0 >= box.y0 or not edges:
        return box
    cols = [box.x0, *sorted(edges), box.x1]
    band = (centres.cy < box.y0) & (centres.cy > grown.y0)
    ids = np.flatnonzero(band & (centres.cx >= box.x0) & (centres.cx <= box.x1)).tolist()
    for ln in centres.lines(ids, tol):
        used = {_column_of(s, cols, words) for s in segments(words, [ln], min_gap)}
        if None in used or len(used) < max(2, HEADER_COLUMNS * (len(cols) - 1)):
            return box
    return grown


def rows_under_fills(box: Rect, rules: Sequence[Rule], words: Sequence[Word], min_gap: float, stop_y: float,
                     centres: WordCentres, *, tol: float) -> Rect:
    """Grow a grid drawn by fills alone (``rules`` all fills' edges and gutters: cells shaded
    one by one, white between them) down over its last rows left unshaded (a zebra's last row,
    a band's total under it): each line ``extend_down`` takes (over ``stop_y``), while each of
    its pieces stands inside one column (the grid's inner vertical edges) and it fills two
    columns or more, half of them at least; a line across the columns (a note) ends it. A
    line filling fewer goes on a row taken when the grid's own cells wrap (``_wrap_step``):
    its pieces under that row's texts, at that step under the row's last line (a wrapped
    label's second line).
    """
    if not rules or any(r.fill < 0 or r.stroked for r in rules):
        return box  # a stroked rule closes the grid where it is drawn
    edges = {round(r.pos, 1) for r in rules if r.orient == "v" and box.x0 + SIDE_SLACK < r.pos < box.x1 - SIDE_SLACK}
    grown = extend_down(box, words, min_gap, stop_y, centres, tol=tol)
    if grown.y1 <= box.y1 or not edges:
        return box
    cols, bottom = [box.x0, *sorted(edges), box.x1], box.y1
    # Lines past the grown box too: only a taken row's wrapped lines go on there.
    band = (centres.cy > box.y1) & (centres.cy < stop_y)
    ids = np.flatnonzero(band & (centres.cx >= box.x0) & (centres.cx <= box.x1)).tolist()
    step, row, last = -1.0, set[int | None](), 0.0
    for ln in centres.lines(ids, tol):
        used = {_column_of(s, cols, words) for s in segments(words, [ln], min_gap)}
        if None in used:
            break
        if len(used) < max(2, HEADER_COLUMNS * (len(cols) - 1)) or ln.bbox.cy > grown.y1:
            if step < 0:
                step = _wrap_step(box, rules, centres, tol)
            if not row or not used <= row or ln.baseline - last > step:
                break
        else:
            row = used
        bottom, last = max(bottom, ln.bbox.y1), ln.baseline
    return Rect(box.x0, box.y0, box.x1, bottom)


WRAP_SLACK = 1.1  # x a cell's wrapped lines' baseline step: a line set further down is set apart


def _wrap_step(box: Rect, rules: Sequence[Rule], centres: WordCentres, tol: float) -> float:
    """The baseline step (pt, by ``WRAP_SLACK``) of the grid's wrapped cells: the smallest step
    between two lines of ``box`` inside one band of its row rules; 0 when no band holds two."""
    ys = sorted({r.pos for r in rules if r.orient == "h"})
    inside = (centres.cy > box.y0) & (centres.cy < box.y1) & (centres.cx > box.x0) & (centres.cx < box.x1)
    lines = sorted(centres.lines(np.flatnonzero(inside).tolist(), tol), key=lambda ln: ln.baseline)
    steps = [b.baseline - a.baseline for a, b in zip(lines, lines[1:], strict=False)
             if bisect_left(ys, a.bbox.cy) == bisect_left(ys, b.bbox.cy)]
    return WRAP_SLACK * min(steps) if steps else 0.0


def _column_of(s: Segment, cols: Sequence[float], words: Sequence[Word]) -> int | None:
    """The column (between ``cols[k]`` and ``cols[k + 1]``) the piece ``s`` stands inside,
    within a quarter em of its sides; None when it runs across a column edge."""
    slack = 0.25 * words[s.word_ids[0]].font_size
    return next((k for k in range(len(cols) - 1) if cols[k] - slack <= s.x0 and s.x1 <= cols[k + 1] + slack), None)
