"""Slots of a ruled grid joined where its drawing leaves a separator out (split from ``spans``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..evidence.rules_merge import RuleIndex
from ..types import Grid
from .blankslots import blank_apart, over_blank, text_run
from .columns import col_of
from .region import FULL, HALF, RegionEvidence
from .wordslots import WordSlots
from .wrapspans import one_paragraph

Join = Callable[[int, int], None]  # joins two slots (r * n_cols + c) into one cell


def undrawn_joins(grid: Grid, ev: RegionEvidence, occupied: set[tuple[int, int]],
                  virtual: set[float], join: Join, slots: WordSlots) -> None:
    xs, ys, nr, nc = grid.xs, grid.ys, grid.n_rows, grid.n_cols
    # A separator drawn the whole way along divides every pair of slots it passes.
    v_open = [c for c in range(nc - 1) if ev.covered("v", xs[c + 1], ys[0], ys[-1]) < FULL]
    # One drawn nowhere says nothing of any row's slots (``blankslots``).
    nowhere = {c for c in v_open if ev.covered("v", xs[c + 1], ys[0], ys[-1]) <= 0}
    h_open = [r for r in range(nr - 1) if ys[r + 1] not in virtual
              and ev.covered("h", ys[r + 1], xs[0], xs[-1]) < FULL]

    def open_under(i: int, k: int) -> bool:  # no rule drawn under row i in column k
        return i in h_open and ev.covered("h", ys[i + 1], xs[k], xs[k + 1]) < HALF
    for r in range(nr):
        undrawn = [c for c in v_open if ev.covered("v", xs[c + 1], ys[r], ys[r + 1]) < HALF]
        held = [(r, c) in occupied for c in range(nc)]
        apart = texts_apart(held, undrawn)
        for c in undrawn:
            # Beside a blank slot where no column rule is drawn, the text decides; a slot held
            # by a cell carried down has none of its own: the rule below applies.
            run = text_run(ev, slots, r, c if held[c] else c + 1) if c in nowhere and held[c] != held[c + 1] else None
            if run is not None:
                if over_blank(grid, held, run, c + held[c]):
                    join(r * nc + c, r * nc + c + 1)
            # Two blank slots over or under two texts they would chain into one: apart (``blank_apart``).
            elif c not in apart and not (held[c] and held[c + 1]) and not blank_apart(occupied, nowhere, open_under, r, c):
                join(r * nc + c, r * nc + c + 1)
    strokes = RuleIndex([rule for rule in ev.cand.rules if rule.drawn]) if h_open else None
    for r in h_open:
        for c in range(nc):
            if ev.covered("h", ys[r + 1], xs[c], xs[c + 1]) >= HALF:
                continue
            blank = ((r, c) not in occupied) + ((r + 1, c) not in occupied)
            # A text and a blank slot under it are one cell; two blank slots only inside one
            # stroked box (else they chain the labels of rows ruled elsewhere into one cell:
            # a totals box's "Subtotal", "Tax", "Total" beside the ruled amounts); two texts
            # when laid out across both, or when the rule divides only blank slots elsewhere.
            if blank == 1 or (strokes is not None and _boxed_slots(strokes, ev.snap, grid, r, c) and (
                    blank == 2 or _laid_across(ev, grid, r, c) or not _divides_text(grid, occupied, r, c)
                    or one_paragraph(ev, grid, r, c))):
                join(r * nc + c, (r + 1) * nc + c)



def texts_apart(held: Sequence[bool], undrawn: Sequence[int]) -> set[int]:
    """The undrawn column boundaries (``c``: between slots c and c + 1 of one row) kept in a
    row that draws none of its column rules, when the row holds texts apart, a blank slot
    between them: "Total" in the first column and its sum in the last. Joining the blank
    slots to the text beside them would chain both texts into one cell, yet nothing drawn
    says the row merges anything: a table that draws its column rules in the header band
    only (as InDesign's often do) leaves them out of every body row. A row that draws some
    column rules and leaves others out (a form's box) keeps its joins. Texts in adjacent
    slots are one label across their boundary ("LOAD RADIUS" over eight columns). ``held``:
    which slots hold text."""
    if len(undrawn) < len(held) - 1:
        return set()
    return set(undrawn) if _groups(held) >= 2 else set()


def _groups(held: Sequence[bool]) -> int:
    """How many groups of adjacent held slots ``held`` has (blank slots between groups)."""
    return sum(1 for k, h in enumerate(held) if h and (k == 0 or not held[k - 1]))


def _boxed_slots(strokes: RuleIndex, snap: float, grid: Grid, r: int, c: int) -> bool:
    """Are slots (r, c) and (r + 1, c) one stroked box: column rules on both sides down both,
    the rule between them stroked in other columns but not in this one (a Word cell merged over
    two rows, a header beside a column group's two header rows)? Then their texts are one
    cell's, as the rules alone read: a tall cell's text runs past the other columns' rules.
    Strokes only (``strokes`` holds no fill edge unless a stroke is drawn along it): a shaded
    column's fill has no edges between the rows it covers, yet its rows are rows."""
    xs, ys = grid.xs, grid.ys
    sides = all(strokes.covered("v", x, ys[r], ys[r + 2], snap) >= FULL for x in (xs[c], xs[c + 1]))
    return sides and any(strokes.covered("h", ys[r + 1], xs[k], xs[k + 1], snap) >= FULL
                         for k in range(grid.n_cols) if k != c)



def _divides_text(grid: Grid, occupied: set[tuple[int, int]], r: int, c: int) -> bool:
    """Does the boundary under row ``r`` have text on both its sides in a column other than
    ``c``? A rule drawn only between empty slots (a form's blank rows beside a tall cell)
    shows rows there, none in column ``c``."""
    return any((r, k) in occupied and (r + 1, k) in occupied for k in range(grid.n_cols) if k != c)



def _laid_across(ev: RegionEvidence, grid: Grid, r: int, c: int) -> bool:
    """Is the text of slots (r, c) and (r + 1, c) laid out across both, not in each: a line
    crosses the boundary between them, or the two slots' texts sit alike in neither (not
    both at their tops, nor both at their bottoms, nor both centred; "FY 2006" low in one
    and "Actuals" high in the next are one header centred over both)? Rows set one line
    each under a rule drawn in another column sit alike in theirs."""
    x0, x1, top, mid, bottom = grid.xs[c], grid.xs[c + 1], grid.ys[r], grid.ys[r + 1], grid.ys[r + 2]
    boxes = [ev.words[i].bbox for i in ev.ids]
    boxes = [b for b in boxes if x0 <= b.cx < x1 and top <= b.cy < bottom]
    if not boxes:
        return False
    h = float(np.median([b.height for b in boxes]))
    if any(b.y0 < mid - h / 4 and b.y1 > mid + h / 4 for b in boxes):
        return True
    above, below = [b for b in boxes if b.cy < mid], [b for b in boxes if b.cy >= mid]
    if not above or not below:
        return False
    # White above and below each slot's text (pt).
    a_top, a_bot = min(b.y0 for b in above) - top, mid - max(b.y1 for b in above)
    b_top, b_bot = min(b.y0 for b in below) - mid, bottom - max(b.y1 for b in below)
    alike = (abs(a_top - b_top) <= h / 2 or abs(a_bot - b_bot) <= h / 2
             or abs((a_top - a_bot) - (b_top - b_bot)) <= h)
    return not alike


def crossing_words(grid: Grid, ev: RegionEvidence, drawn: Callable[[float, int], bool], join: Join) -> None:
    """A word printed across a column rule's place in a row where the rule is left out, inside
    one stroked box, is one cell's text over both slots: a Word form's box merged across the
    columns other rows draw, its justified lines running past them. The word crosses by a glyph
    at least on each side (a box padded by its spaces or tab stops reaches over a boundary its
    glyphs never touch); the box is stroked round both slots (``_boxed_across``). One word
    only: a line of several is ``spans._text_spans``'."""
    xs, ys, nc = grid.xs, grid.ys, grid.n_cols
    strokes: RuleIndex | None = None
    for i in ev.ids:
        w = ev.words[i]
        b, glyph = w.bbox, w.bbox.width / max(len(w.text), 1)
        ks = [k for k in range(1, nc) if b.x0 + glyph <= xs[k] <= b.x1 - glyph]
        if not ks:
            continue
        r = col_of(b.cy, ys)
        strokes = strokes or RuleIndex([rule for rule in ev.cand.rules if rule.drawn])
        for k in ks:
            if not drawn(xs[k], r) and _boxed_across(strokes, ev.snap, grid, r, k):
                join(r * nc + k - 1, r * nc + k)


def _boxed_across(strokes: RuleIndex, snap: float, grid: Grid, r: int, k: int) -> bool:
    """Are slots (r, k - 1) and (r, k) one stroked box: the rules over and under row ``r``
    stroked across both, the column rule between them stroked in another row (a form's box
    merged across it) but not in this one?"""
    xs, ys = grid.xs, grid.ys
    over_under = all(strokes.covered("h", y, xs[k - 1], xs[k + 1], snap) >= FULL for y in (ys[r], ys[r + 1]))
    return over_under and any(strokes.covered("v", xs[k], ys[q], ys[q + 1], snap) >= FULL
                              for q in range(grid.n_rows) if q != r)
