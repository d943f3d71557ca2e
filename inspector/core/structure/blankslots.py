"""Blank slots beside a text in a row whose column rule the table draws nowhere (a frame with
no column rules: groff tbl's ``box``, a report's outline box): whether the text sits over them.

Nothing drawn says a blank slot and its neighbour are one cell, so only the text can: a
title centred over every column, a group label centred over its columns, sits over the blank
slots beside it; a year set in its own column beside a blank stub slot, or a total's amount
at the right of its row, does not. ``spans`` joins a blank slot to the text beside it across
such a boundary only when ``over_blank`` says so, and two blank slots across it not where
they would chain two texts into one (``blank_apart``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..types import Grid
from .columns import col_of
from .region import RegionEvidence
from .wordslots import WordSlots


def text_run(ev: RegionEvidence, slots: WordSlots, r: int, k: int) -> tuple[float, float] | None:
    """Left and right edge (pt) of the text runs (segments) of row ``r`` holding a word of slot
    k; None when no line of row ``r`` has a word there (a slot held by a cell carried down from
    the row above: no text of its own to sit over anything)."""
    xs, words = slots.grid.xs, ev.words
    segs = [sg for sg in ev.segs if slots.line_rows[sg.line] == r
            and any(xs[k] <= words[i].bbox.cx < xs[k + 1] for i in sg.word_ids)]
    return (min(sg.x0 for sg in segs), max(sg.x1 for sg in segs)) if segs else None


def over_blank(grid: Grid, held: Sequence[bool], run: tuple[float, float], blank: int) -> bool:
    """Does the text ``run`` (pt) of a row whose slots hold text as ``held`` sit over the blank
    slot ``blank`` beside it: of the runs of columns from those it covers out over the blank
    slots on either side, the one whose middle lies nearest the text's holds ``blank``? A title
    centred over every column is; a year set in its own column beside a blank stub is not."""
    xs, last = grid.xs, grid.n_cols - 1
    a, b = col_of(run[0], xs), col_of(max(run[0], run[1] - 1e-6), xs)
    lo, hi = a, b
    while lo > 0 and not held[lo - 1]:
        lo -= 1
    while hi < last and not held[hi + 1]:
        hi += 1
    mid = (run[0] + run[1]) / 2
    i, j = min(((i, j) for i in range(lo, a + 1) for j in range(b, hi + 1)),
               key=lambda ij: (abs(mid - (xs[ij[0]] + xs[ij[1] + 1]) / 2), ij[1] - ij[0]))
    return i <= blank <= j


def blank_apart(occupied: set[tuple[int, int]], nowhere: set[int], open_under: Callable[[int, int], bool],
                r: int, c: int) -> bool:
    """Are the slots (r, c) and (r, c + 1) both blank beside a boundary ``c`` the table draws
    nowhere, the row above or under them holding text on both sides with no rule drawn between
    in either column (``open_under(i, k)``: the boundary under row i is undrawn in column k)?
    Then they stay apart: joined, each to the text beside it down its column, they make two
    texts one cell ("Vendor" and "Catalog number" bottom-aligned under a blank header row). A
    form's blank ruled rows under its header chain nothing and join as before."""
    if c not in nowhere or (r, c) in occupied or (r, c + 1) in occupied:
        return False
    return any((k, c) in occupied and (k, c + 1) in occupied
               and open_under(min(r, k), c) and open_under(min(r, k), c + 1) for k in (r - 1, r + 1))
