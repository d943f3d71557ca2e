"""A row whose top border is left out: the column rules above end inside a ruled band.

Word draws each cell's borders itself. A full-width row under a table's columns (a form's
"Please book: [ ] 20' [ ] 40' ..." line, a note row) whose top border is set to none leaves no
rule between it and the row above, yet the column rules of the row above end where that row
ends, all at one height inside the band the horizontal rules make. That common end is a row
boundary (``column_ends``), and the row under it, drawing none of the grid's column rules, is
one cell across the table (``open_rows``): its line runs under the columns, not in them.

Measured from the drawn rules: in a band between two consecutive row rules, the inner vertical
rules that enter it from its top, when there are ``MIN_ENDS`` or more and all of them end at
one height (within ``snap``) a line's height or more above the band's bottom, with no inner
vertical running on past it, and text lines both wholly above that height and wholly under it.
Parameter ``tables.column_ends``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..types import Grid
from .region import HALF, RegionEvidence

# Why no user would change this: one column rule ending early is a drawing's slip (a rule a
# point short) or one box's divider; two or more ending together, none running on, are a row's
# bottom.
MIN_ENDS = 2  # inner column rules that must end together
COLUMN_ENDS = ("the column rules above all end here, inside the band their row rules make, text above and "
               "under: a row whose top border is left out (Word's full-width row under a table's columns), "
               "one cell across the table when it draws none of them")


def column_ends(ev: RegionEvidence, xs: Sequence[float], ys: Sequence[float]) -> list[float]:
    """Heights (pt) inside the bands of ``ys`` where all the inner column rules entering a band
    from its top end together, a line of text wholly above and one wholly under: boundaries of
    rows whose top border is left out. None unless ``tables.column_ends``."""
    if not ev.params.tables.column_ends:
        return []
    inner = [r for r in ev.cand.rules if r.orient == "v" and xs[0] + ev.snap < r.pos < xs[-1] - ev.snap]
    boxes = [ln.bbox for ln in ev.lines]
    out: list[float] = []
    for top, bottom in zip(ys, ys[1:], strict=False):
        inside = [b for b in boxes if top <= b.cy < bottom]
        if len(inside) < 2:
            continue
        height = min(b.height for b in inside)
        entering = [v for v in inner if v.start <= top + ev.snap and v.end > top + height]
        if len(entering) < MIN_ENDS:
            continue
        end = min(v.end for v in entering)
        if max(v.end for v in entering) - end > ev.snap or end > bottom - height:
            continue
        if any(v.start < end - ev.snap and v.end > end + ev.snap for v in inner):
            continue  # a column rule runs on through: no row ends there
        if any(b.y1 <= end for b in inside) and any(b.y0 >= end for b in inside):
            out.append(end)
    return out


def open_rows(grid: Grid, ev: RegionEvidence, ends: Collection[float]) -> list[int]:
    """The rows of ``grid`` starting at one of ``ends`` (``column_ends``) that draw none of its
    column rules (none down half their height): full-width rows, one cell across."""
    ys, xs = grid.ys, grid.xs
    return [r for r in range(grid.n_rows) if ys[r] in ends
            and all(ev.covered("v", x, ys[r], ys[r + 1]) < HALF for x in xs[1:-1])]
