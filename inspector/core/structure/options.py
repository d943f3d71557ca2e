"""A form field's check-box options set side by side in one ruled cell: one cell, not two columns.

A form's table may give a field two or more options in a row, each a check box with its label,
and draw a rule between them ("[ ] Full-time student | [ ] Permanently and totally disabled"
under "Dependent 1"). That rule makes a grid boundary, but the table's own column is the field's:
its other rows leave the rule out (the header "Dependent 1", the name rows span across it). A
boundary is such a division of options when, in every row where it is drawn, the slots on both
its sides each start with a check box (a side set aside by ``evidence.checkboxes``, the
``marks``) before their text, and in some row it is not drawn beside text. Those rows' slots
are joined, and the joined cell is read option by option (``option_cells``: each slot's text a
block, left to right), not line by line across the options. Geometry only, the same for any
producer; page space (points).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Grid, Rule
from .region import HALF, RegionEvidence
from .spans import occupied_slots


def option_pairs(grid: Grid, ev: RegionEvidence) -> list[tuple[int, int]]:
    """Slots (r, c) whose right neighbour (r, c + 1) holds another option of the same field
    (see the module). Only for a ruled grid with check boxes set aside."""
    if grid.source != "ruled" or not ev.marks:
        return []
    xs, ys = grid.xs, grid.ys
    sides = [m for m in ev.marks if m.orient == "v" and grid.region.x0 <= m.pos <= grid.region.x1
             and grid.region.y0 - ev.snap <= m.start and m.end <= grid.region.y1 + ev.snap]
    if not sides:
        return []
    ids = list(ev.ids)
    occupied = occupied_slots(grid, ev.centres.cx[ids], ev.centres.cy[ids])
    out: list[tuple[int, int]] = []
    for c in range(grid.n_cols - 1):
        drawn = [ev.covered("v", xs[c + 1], ys[r], ys[r + 1]) >= HALF for r in range(grid.n_rows)]
        rows = [r for r, d in enumerate(drawn) if d]
        # The pair reads as one column elsewhere: a row where the rule is left out beside text.
        open_beside_text = any(not d and ((r, c) in occupied or (r, c + 1) in occupied) for r, d in enumerate(drawn))
        if rows and open_beside_text and all(_starts_with_box(grid, ev, sides, r, k)
                                             for r in rows for k in (c, c + 1)):
            out += [(r, c) for r in rows]
    return out


def _starts_with_box(grid: Grid, ev: RegionEvidence, sides: Sequence[Rule], r: int, c: int) -> bool:
    """Does slot (r, c) hold text that starts after a check box: a box's side inside the slot
    left of all its words?"""
    x0, x1, y0, y1 = grid.xs[c], grid.xs[c + 1], grid.ys[r], grid.ys[r + 1]
    lefts = [b.x0 for b in (ev.words[i].bbox for i in ev.ids) if x0 <= b.cx < x1 and y0 <= b.cy < y1]
    if not lefts:
        return False
    first = min(lefts)
    return any(x0 <= m.pos <= first and y0 - ev.snap <= m.start and m.end <= y1 + ev.snap for m in sides)


def option_cells(spans: Sequence[tuple[int, int, int, int]], pairs: Sequence[tuple[int, int]]
                 ) -> tuple[tuple[int, int], ...]:
    """The top-left slots of the spans (r, c, rs, cs) that join a pair of ``pairs``: cells read
    option by option."""
    out = {(r, c) for r, c, rs, cs in spans
           if any(r <= pr < r + rs and c <= pc < c + cs - 1 for pr, pc in pairs)}
    return tuple(sorted(out))
