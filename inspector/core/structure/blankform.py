"""A blank form's answer column: labels ending in leader dots beside ruled boxes left empty.

A printed form (a tax return, an application) rules a strip of entry boxes down its right
side, one box per line, and sets each line's label to their left, ending in a run of leader
dots that leads the eye to its box. The row rules make a ruled grid, and the leaders, set at
a fixed pitch, line up like columns; but a blank form's boxes hold nothing: the labels and
their boxes are one form to fill in, not a table. A table that uses leaders (a financial
statement's "Revenue . . . . 1,234") fills the column they lead to, so it stays.

Decided on the grid, before it is kept: a ruled grid of ``MIN_ROWS`` rows or more is a blank
form when its last column holds text in no more than ``EMPTY_SHARE`` of its rows and at
least ``LEADER_SHARE`` of its rows with text carry a run of leader dots.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..types import Grid, Word
from .columns import WordCentres
from .leaders import leader_dots

# Why no user would change these: the parameter ``tables.blank_form`` turns the test off; the
# shares say "almost all" and "most", and three dots are the shortest run read as a leader
# (an ellipsis "..." in a sentence is one word ending a phrase, never beside an empty box).
MIN_ROWS = 4  # rows a grid needs before its empty answer column says it is a form
EMPTY_SHARE = 0.1  # the answer column holds text in no more than this share of the rows
LEADER_SHARE = 0.5  # at least this share of the rows with text carry a leader
LEADER_DOTS = 3  # dots (in words made only of dots) a row needs for a leader
BLANK_FORM = ("blank form: {lead} of {text} rows end in leader dots toward a ruled answer column left empty "
              "in {filled} of {rows} rows; a form's labels and entry boxes, not a table")


def blank_form(grid: Grid, words: Sequence[Word], centres: WordCentres, ids: Sequence[int]) -> str:
    """The reason ``grid`` (a ruled one) is a blank form's answer column, or "" when it may be a table."""
    if grid.source != "ruled" or grid.n_rows < MIN_ROWS or grid.n_cols < 2 or not ids:
        return ""
    idx = np.asarray(ids, dtype=int)
    cx, cy = centres.cx[idx], centres.cy[idx]
    row = np.clip(np.searchsorted(grid.ys, cy, side="right") - 1, 0, grid.n_rows - 1)
    last = cx >= grid.xs[-2]
    filled = len(set(row[last].tolist()))
    if filled > EMPTY_SHARE * grid.n_rows:
        return ""
    dots = np.zeros(grid.n_rows, dtype=int)
    for k, r in zip(idx.tolist(), row.tolist(), strict=True):
        dots[r] += leader_dots(words[k].text)
    for w in _leaders_in(grid, words):  # read as space (``structure.leaders``): no centre, so not in ``ids``
        at = int(np.searchsorted(grid.ys, w.bbox.cy, side="right")) - 1
        dots[min(max(at, 0), grid.n_rows - 1)] += leader_dots(w.text)
    text_rows = len(set(row.tolist()))
    lead = int((dots >= LEADER_DOTS).sum())
    if lead < LEADER_SHARE * text_rows:
        return ""
    return BLANK_FORM.format(lead=lead, text=text_rows, filled=filled, rows=grid.n_rows)


def _leaders_in(grid: Grid, words: Sequence[Word]) -> list[Word]:
    """The leader words (``Word.leader``) whose centre lies inside ``grid``."""
    x0, x1, y0, y1 = grid.xs[0], grid.xs[-1], grid.ys[0], grid.ys[-1]
    return [w for w in words if w.leader and x0 <= w.bbox.cx <= x1 and y0 <= w.bbox.cy <= y1]
