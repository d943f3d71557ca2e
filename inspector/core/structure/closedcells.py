"""Does the drawing close every band of a ruled grid on all four sides (``closed_cells``)?

Then each band between two rules is one row of cells, as pdfplumber reads a grid from its
rules alone, and ``bandrows.split_rows`` reads every band's lines as one row's multi-line
cells (``bandrows.rows_delineated``). A cell merged down leaves the row rules under it out;
its text may sit at the top of the rows it spans, at their bottom, or centred across their
rule positions (``flows_over``). Positions in PDF points.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Word
from .bandrows import band_depths
from .columns import Line, col_of
from .region import FULL, RegionEvidence

FLOW_WHITE = 0.5  # line heights of white between two lines of one cell's text at most (leading, no padding)
# Why no user would change it: a cell's lines step at its type's leading; two cells' texts
# either side of a rule add twice the cell padding, a line height or more.


def closed_cells(ev: RegionEvidence, xs: Sequence[float], ys: Sequence[float]) -> bool:
    """Does the drawing close every band on all four sides: each of ``ys`` (sides included)
    ruled across the whole width and each drawn column boundary ``xs`` (sides included)
    ruled down the whole height? Then each band between two rules is one row of cells, as
    pdfplumber reads a grid from its rules alone. A cell spanning rows leaves the rules
    under it out: an inner rule may miss a column where the band below has no text (the
    cell above goes on there, "Reliability" beside its three ruled rows), where the band
    above has none (the cell's text set at the bottom of its rows), or where the column's
    text runs on over it (``flows_over``: a merged cell's text centred in its rows)."""
    if len(xs) < 3 or len(ys) < 3:
        return False
    x0, x1, y0, y1 = xs[0], xs[-1], ys[0], ys[-1]
    if not all(ev.covered("v", x, y0, y1) >= FULL for x in xs):
        return False
    if any(ev.covered("h", y, x0, x1) < FULL for y in (y0, y1)):
        return False
    inner = [k for k, y in enumerate(ys[1:-1], 1) if ev.covered("h", y, x0, x1) < FULL]
    if not inner:
        return True
    depths = band_depths(ev.lines, ev.words, xs, ys)
    return all(ev.covered("h", ys[k], xs[c], xs[c + 1]) >= FULL or not depths[k][c] or not depths[k - 1][c]
               or flows_over(ev.lines, ev.words, xs, c, ys[k])
               for k in inner for c in range(len(xs) - 1))


def flows_over(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float], c: int, y: float) -> bool:
    """Does column ``c``'s text run on over ``y`` (pt), where the rule across that column is
    left out, as one cell's text: the last line of the column above ``y`` and the first under
    it step at the column's own leading (the white between them under ``FLOW_WHITE`` line
    heights, no cell padding in it)? A merged cell's text centred in the rows it spans
    (Word's vertical merge) crosses the rows' rule positions; two cells' texts either side
    of a rule left out step further, by their padding."""
    boxes = sorted((ln.bbox for ln in lines if any(col_of(words[i].bbox.cx, xs) == c for i in ln.word_ids)),
                   key=lambda b: b.cy)
    above = [b for b in boxes if b.cy < y]
    under = [b for b in boxes if b.cy >= y]
    if not above or not under:
        return False
    a, b = above[-1], under[0]
    return b.y0 - a.y1 <= FLOW_WHITE * min(a.height, b.height)
