"""A column of right-aligned numbers followed, closer than the column gap, by a column of text
set left: two columns, not one cell's "1 Commission the heat pumps".

A formatter with little cell padding (Apache FOP's 1.5 pt a side) sets a row number's column
three points before the next column's text: no wider than a word space, so no text gap finds
the boundary, and ``stacks`` needs numbers on both sides. The alignments still tell it: the
numbers end at one x and start ragged (numbers of several widths, or a head over them set
right as they are), and the text after them starts at one x and ends ragged. One cell's text
keeps one alignment, so a ragged start and a flush end on the left of one flush start on the
right is two cells' padding (as ``glyphgaps.facing_columns`` reads it for wide gaps).
Page space, points.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..geometry import chain_groups
from ..numbers import is_number
from ..types import Word
from .columns import Line
from .stacks import ALIGN, MIN_LINES, MIN_ROOM, column_rows

NUMBER_EDGE = "number edge"  # the reason of a column edge right of such a stack (``number_edges``)


def number_edges(words: Sequence[Word], lines: Sequence[Line], xs: Sequence[float]) -> list[float]:
    """Boundaries (x, ascending) inside the columns [xs[k], xs[k + 1]) between a stack of
    right-aligned numbers that opens the column and the text set left after it (``_edge``)."""
    out = [_edge(rows) for rows in column_rows(words, lines, xs)]
    return sorted(x for x in out if x is not None)


def _edge(rows: list[list[Word]]) -> float | None:
    """The cut in one column's ``rows`` (its words, line by line): right of the stack where the
    first words of at least ``MIN_LINES`` rows, numbers on ``MIN_LINES`` of them, end within
    ``ALIGN`` of each other, when on each of those rows the next word starts within ``ALIGN``
    of one x at least ``MIN_ROOM`` right of the stack, the stack's words start ragged (right
    alignment), the next words end ragged (left alignment), and no word of the column crosses
    the cut; None when no stack of the column shows all of it."""
    ends = sorted((r[0].bbox.x1, k) for k, r in enumerate(rows) if len(r) > 1)
    for group in chain_groups(ends, ALIGN):
        at = [rows[k] for _, k in group]
        if len(at) < MIN_LINES or sum(is_number(r[0].text) for r in at) < MIN_LINES:
            continue
        stack = max(x for x, _ in group)
        starts = [r[1].bbox.x0 for r in at]
        room = min(starts) - stack
        if (room < MIN_ROOM or max(starts) - min(starts) > ALIGN
                or not _ragged([r[0].bbox.x0 for r in at]) or not _ragged([r[1].bbox.x1 for r in at])):
            continue
        x = (stack + min(starts)) / 2
        if not any(w.bbox.x0 < x < w.bbox.x1 for r in rows for w in r):
            return x
    return None


def _ragged(xs: list[float]) -> bool:
    """Do ``xs`` (pt) spread wider than ``ALIGN``: not set flush on that side?"""
    return max(xs) - min(xs) > ALIGN
