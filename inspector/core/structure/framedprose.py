"""Running text inside a drawn frame is no table: a poster's panels, a page border around columns.

A frame drawn around text (a rectangle round a poster, its panels' boxes, a page border) makes
a grid of rules meeting: its sides are drawn, while its inner rows and columns come from the
text alone (a paragraph that ends in one column while the other goes on reads as a new row).
Prose set in columns does not flow across those row boundaries (each row ends a paragraph), so
``flow`` does not see it. What tells it from a table framed without inner rules is its lines:
in every column they are running text, eight words or more a line (``rejects.PARAGRAPH_WORDS``,
the bar the aligned grids' paragraph test uses) over several lines, where a table's columns
hold labels or amounts in at least one of them (a key column, a number column). A grid one of
whose inner row boundaries is drawn (a rule between its rows) has rows the document drew, and
is left to the other tests.
"""

from __future__ import annotations

from bisect import bisect_right
from statistics import median

from ..types import Grid
from .region import RegionEvidence

MIN_LINES = 5  # lines each column holds at least: fewer say nothing of running text
MAX_COLS = 2  # columns a frame of prose is read in (more are a table's, or a page's columns, ``layouts``)
UNDRAWN = 0.5  # share of a row boundary's width a rule covers below which it is not drawn


def no_row_drawn(grid: Grid, ev: RegionEvidence) -> bool:
    """Is none of ``grid``'s inner row boundaries drawn (a rule over ``UNDRAWN`` of its width)?"""
    x0, x1 = grid.xs[0], grid.xs[-1]
    return all(ev.covered("h", y, x0, x1) < UNDRAWN for y in grid.ys[1:-1])


def framed_prose(grid: Grid, ev: RegionEvidence, words_a_line: int) -> str:
    """Why ``grid`` is running text in a drawn frame (see the module), "" when it may be a
    table. ``words_a_line``: the median words a line every column reaches at least."""
    if grid.source != "ruled" or grid.n_cols > MAX_COLS or not ev.lines:
        return ""
    if not no_row_drawn(grid, ev):
        return ""  # a rule between its rows: rows the document drew
    counts = _words_by_column(grid, ev)
    if any(len(c) < MIN_LINES or median(c) < words_a_line for c in counts):
        return ""
    each = ", ".join(f"{median(c):.0f}" for c in counts)
    return (f"running text in a drawn frame: no rule drawn between its rows, and every one of its "
            f"{grid.n_cols} column(s) holds lines of {each} words (median), {words_a_line} at least (a poster's "
            "panels, a page border around text set in columns)")


def _words_by_column(grid: Grid, ev: RegionEvidence) -> list[list[int]]:
    """For each column of ``grid``, the number of words each region line sets in it (lines with
    none there left out). A word is in the column its centre falls in."""
    inner = grid.xs[1:-1]
    counts: list[list[int]] = [[] for _ in range(grid.n_cols)]
    for ln in ev.lines:
        per = [0] * grid.n_cols
        for i in ln.word_ids:
            per[bisect_right(inner, float(ev.centres.cx[i]))] += 1
        for col, n in zip(counts, per, strict=True):
            if n:
                col.append(n)
    return counts
