"""A form field's check-box options set side by side in one ruled cell: one cell, not two columns.

A form's table may give a field two or more options in a row, each a check box with its label,
and draw a rule between them ("[ ] Full-time student | [ ] Permanently and totally disabled"
under "Dependent 1"). That rule makes a grid boundary, but the table's own column is the field's:
its other rows leave the rule out (the header "Dependent 1", the name rows span across it). A
boundary is such a division of options when, in every row where it is drawn, the slots on both
its sides each start with a check box (a side set aside by ``evidence.checkboxes``, the
``marks``) before their text, and in some row it is not drawn beside text. Those rows' slots
are joined, and the joined cell is read option by option (``Grid.option_splits``: each option's
text a block, left to right), not line by line across the options; a boundary every row's cell
then spans leaves the grid (the field is one column). Geometry only, the same for any
producer; page space (points).

Also here: a form's choices outside any grid (``choices``), a label beside lines of options each
after its check box ("Filing Status  1 [ ] Single  4 [ ] Head of household"): no table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..types import Grid, Rule
from .columns import Line, Segment
from .region import HALF, RegionEvidence
from .wordslots import occupied_slots


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


Span = tuple[int, int, int, int]  # (r, c, rs, cs)


@dataclass(frozen=True)
class Options:
    """A grid once its fields' options are joined: the column boundaries ``xs`` left (one whose
    every row is one cell across it goes: only the options' rule drew it), the ``spans`` on them,
    and ``splits`` (r, x): in row r the cell holding x holds options divided at x (read option by
    option, ``cells``), ``dropped`` the x (pt) of the boundaries removed."""

    xs: tuple[float, ...]
    spans: tuple[Span, ...]
    splits: tuple[tuple[int, float], ...]
    dropped: tuple[float, ...]


def join_options(xs: Sequence[float], n_rows: int, spans: Sequence[Span], pairs: Sequence[tuple[int, int]]
                 ) -> Options:
    """The grid of ``xs`` and ``spans`` (``pairs`` joined already) without the boundaries that
    only options' rules drew and that every row's cell now spans (see ``Options``)."""
    out_xs, out = list(xs), list(spans)
    splits = tuple(sorted((r, xs[c + 1]) for r, c in pairs))
    dropped: list[float] = []
    for k in sorted({c + 1 for _, c in pairs}, reverse=True):  # from the right: lower indices stay
        if not all(any(r0 <= r < r0 + rs and c0 < k < c0 + cs for r0, c0, rs, cs in out) for r in range(n_rows)):
            continue
        moved = [(r0, c0, rs, cs - 1) if c0 < k < c0 + cs else (r0, c0 - 1 if c0 >= k else c0, rs, cs)
                 for r0, c0, rs, cs in out]
        out = [sp for sp in moved if sp[2] * sp[3] > 1]
        dropped.append(out_xs.pop(k))
    return Options(tuple(out_xs), tuple(sorted(out)), splits, tuple(sorted(dropped)))


# A form's choices: a label beside options ticked in check boxes, no table (``tables`` asks).
CHOICES = ("a form's choices: the text after each line's label starts at a check box (set aside); a list of "
           "options to tick, no table (tables.check_boxes)")
CHOICE_ODD = 4  # one multi-piece line in this many may go without a box in a form's choices (a section label's)
CHOICE_REACH = 1.0  # line heights right of a check box's side within which its option starts


def choices(lines: Sequence[Line], pieces: Sequence[Sequence[Segment]], marks: Sequence[Rule]) -> bool:
    """Is a run a label beside options ticked in check boxes ("Filing Status  [ ] Single")?
    On its lines in several pieces a piece after the first starts right of a check
    box set aside (``marks``: their sides), within ``CHOICE_REACH`` line heights: the second
    piece, or a later one when a form's line number stands between label and box ("Filing
    Status  1 [ ] Single"). A checklist table with a column of boxes has a header row over
    them (no box there) and stays: the top line must have its box, and one line in
    ``CHOICE_ODD`` at most may go without (the section's label set beside a brace and a
    side caption: "Exemptions  }  Boxes checked")."""
    rows = [(ln, sorted(ps, key=lambda p: p.x0)) for ln, ps in zip(lines, pieces, strict=True) if len(ps) >= 2]
    boxed = [any(_after_box(ln, p, marks) for p in ps[1:]) for ln, ps in rows]
    return len(rows) >= 2 and boxed[0] and CHOICE_ODD * boxed.count(False) <= len(rows)


def _after_box(ln: Line, piece: Segment, marks: Sequence[Rule]) -> bool:
    b = ln.bbox
    return any(m.start - 1 <= b.cy <= m.end + 1 and 0 <= piece.x0 - m.pos <= CHOICE_REACH * b.height for m in marks)
