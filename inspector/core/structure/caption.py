"""Captions that say a block is no table: a court caption, a figure's caption.

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

import re
from collections.abc import Sequence

from ..types import Grid, Rect, Word
from .between import LINE_SLACK, short_text
from .columns import Line, col_of

CAPTION = ("a court caption: a column of closing parentheses typed down its middle, one a line on {marks} of "
           "its {rows} rows, parts the parties from the case's title; two blocks of text, no table")
# Why no user would change these: a caption names two parties over four lines at least, and its
# divider runs down nearly all of it (a blank line or two between the parties aside).
MIN_MARKS = 4
MARK_SHARE = 0.75
CAPTION_REACH = 1.5  # line heights under a drawing within which its caption starts


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


# A caption's label: the word and number, then a colon, a full stop or a dash, or nothing more
# ("Figure 1: ...", "Fig. 2.", "图 3"); prose that names a figure ("Figure 2-1 extends ...") goes on.
FIGURE_CAPTION = re.compile(r"^\s*(?:figure|fig\.|abbildung|abb\.|graph|chart|图|圖|그림|図)\s*[0-9IVX][0-9A-Za-z.\-]*"
                            r"(?:\s*[:.：。—–|]|\s*$)", re.IGNORECASE)


def figure_caption(box: Rect, words: Sequence[Word], lines: Sequence[Line]) -> str:
    """The caption under ``box`` when it names a figure ("Figure 1: ..."): the first line below
    it within one and a half line heights, across its x range; "" otherwise. A framed drawing
    so captioned is a figure, whatever its frame's lines say."""
    under = [ln for ln in lines if ln.bbox.y0 >= box.y1 - LINE_SLACK and ln.bbox.x1 > box.x0 and ln.bbox.x0 < box.x1]
    first = min(under, key=lambda ln: ln.bbox.y0, default=None)
    if first is None or first.bbox.y0 - box.y1 > CAPTION_REACH * first.bbox.height:
        return ""
    text = " ".join(words[i].text for i in first.word_ids)
    return short_text(text) if FIGURE_CAPTION.match(text) else ""
