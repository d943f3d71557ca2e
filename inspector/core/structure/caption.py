"""A court caption is no table.

A pleading's caption sets the parties on the left ("DISCOVER BANK," / "Plaintiff," / "vs." /
"Defendant(s)") and the case's title on the right ("PLAINTIFF'S COMPLAINT", a claim range),
parted by a column of closing parentheses typed one a line down its middle. Read as text, the
parentheses are a column of their own that every line fills, and the block a three-column table
of ragged rows. A grid whose columns come from the text, with an inner column holding nothing but
closing parentheses on ``MIN_MARKS`` lines or more and on ``MARK_SHARE`` of its rows, is such a
caption: two blocks of text beside a typed divider, no table. (A table never fills a column with
")" alone: a bracket closes a value in its own cell.)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Grid, Word
from .columns import col_of

CAPTION = ("a court caption: a column of closing parentheses typed down its middle, one a line on {marks} of "
           "its {rows} rows, parts the parties from the case's title; two blocks of text, no table")
# Why no user would change these: a caption names two parties over four lines at least, and its
# divider runs down nearly all of it (a blank line or two between the parties aside).
MIN_MARKS = 4
MARK_SHARE = 0.75


def court_caption(grid: Grid, words: Sequence[Word], ids: Sequence[int]) -> str:
    """The reason ``grid`` (its region's words: ``ids`` of ``words``) is a court caption, "" when
    it may be a table."""
    if grid.source == "ruled" or grid.n_cols < 3:
        return ""
    xs, ys = grid.xs, grid.ys
    marks: dict[int, set[int]] = {}  # per inner column, the rows holding a ")" alone
    other: set[int] = set()  # the inner columns holding any other text
    for i in ids:
        w = words[i]
        if w.in_no_table:
            continue
        c = col_of((w.bbox.x0 + w.bbox.x1) / 2, xs)
        if not 0 < c < len(xs) - 2:
            continue
        if w.text.strip(")"):
            other.add(c)
        else:
            marks.setdefault(c, set()).add(col_of((w.bbox.y0 + w.bbox.y1) / 2, ys))
    best = max((len(rows) for c, rows in marks.items() if c not in other), default=0)
    if best >= MIN_MARKS and best >= MARK_SHARE * grid.n_rows:
        return CAPTION.format(marks=best, rows=grid.n_rows)
    return ""
