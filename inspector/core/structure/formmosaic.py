"""A form's mosaic of boxes: ruled bands each divided its own way, their column rules not
lining up from one band to the next.

A form page drawn as ruled boxes (a report form's "LOCATION", "DATE", "NUMBER OF UNITS" boxes
in one band, "ROAD NAME", "ROAD TYPE", "LATITUDE" in the next) makes one ruled grid whose
columns are the union of every band's own division: forty columns where each band has four
or five boxes, so every piece of text lands in a grid of mostly empty slots and the values'
digits split across columns. A table's column rules run down its rows: a row of a table has
most of the table's drawn columns (a spanning header or section row has fewer, the body rows
all of them; a table whose verticals are drawn in its header alone has them all in the
header's rows).

Measured from the drawn rules alone: the grid's inner columns on which some vertical rule is
drawn (``drawn``), and for each row of the grid the ones drawn down at least ``HALF`` of its
height. Rows next to each other holding the same ones are one band of boxes: a box drawn
inside one of the band's boxes (a check box, a short entry line) cuts the grid's rows there
without dividing the band another way, and a record of bands repeated down the page (an
occupant's name, address and injuries, four times) would otherwise count its widest band once
per cut. The grid is a form's mosaic when it has ``MIN_DRAWN`` drawn columns or more and its
bands with any of them hold on average no more than ``MAX_SHARE`` of them. A table's body rows,
each holding every column, are one band of share 1.
"""

from __future__ import annotations

from ..types import Grid
from .region import HALF, RegionEvidence

# Why no user would change these: ``tables.form_mosaic`` turns the test off. On ICDAR 2013,
# the real tagged documents, the tagged real set and the wild set, every ruled table with this
# many drawn columns has bands holding on average 0.44 of them or more (0.44 to 1.0; spanning
# headers included); the report forms measured hold 0.17 to 0.29 a band (0.14 to 0.39 a row,
# before rows holding the same columns were read as one band).
MIN_DRAWN = 8  # drawn inner columns a grid needs before its rows' division says it is a form
MAX_SHARE = 0.3  # a form's row holds on average at most this share of the drawn columns
FORM_MOSAIC = ("form of ruled boxes: its {n} drawn column rules do not run down its rows (a band of rows holds "
               "{share:.0%} of them on average; each band of boxes is divided its own way, not a table's columns)")


def row_shares(grid: Grid, ev: RegionEvidence) -> tuple[int, float]:
    """(drawn inner columns, mean share of them a band with any holds): a column is drawn when
    some vertical rule lies on it inside the grid, a row holds it when rules on it draw at
    least ``HALF`` of the row's height, and a band is a run of adjacent rows holding the same
    columns. (0, 1.0) for a grid with no drawn inner column."""
    y0, y1 = grid.ys[0], grid.ys[-1]
    drawn = [x for x in grid.xs[1:-1] if ev.covered("v", x, y0, y1) > 0]
    if not drawn:
        return 0, 1.0
    held = [frozenset(x for x in drawn if ev.covered("v", x, a, b) >= HALF)
            for a, b in zip(grid.ys, grid.ys[1:], strict=False)]
    bands = [h for k, h in enumerate(held) if h and (k == 0 or h != held[k - 1])]
    return len(drawn), (sum(map(len, bands)) / len(bands) / len(drawn) if bands else 1.0)


def form_mosaic(grid: Grid, ev: RegionEvidence) -> str:
    """The reason ``grid`` (a ruled one) is a form's mosaic of boxes, or "" when it may be a table."""
    if grid.source != "ruled" or grid.n_rows < 2 or grid.n_cols < MIN_DRAWN + 1:
        return ""
    n, share = row_shares(grid, ev)
    if n < MIN_DRAWN or share > MAX_SHARE:
        return ""
    return FORM_MOSAIC.format(n=n, share=share)
