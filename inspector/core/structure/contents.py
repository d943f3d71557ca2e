"""A table of contents set without leaders is no table.

Reports and guidelines (InDesign, Word) set their contents as titles with their page numbers
right-aligned or after a tab, no leader between: read as text, a two- or three-column grid
(section number, title, page). Leaders told such a list before (``leaders.leader_list``); here
the page numbers alone tell it: on most lines the last column holds one page reference
(``leaders.page_references``: page numbers or roman numerals, rising, restarting rarely), its
labels are words, and the numbers neither count the rows (1, 2, 3...: a ranking or a row number)
nor are years (a chronology).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..types import Rect, RowBand, Word
from .leaders import PAGE_REF, page_references

CONTENTS = ("a table of contents: {refs} of its {lines} lines end in a page number in the last column, the numbers "
            "rising down the list and the labels beside them titles")
# Why no user would change these: five entries is the shortest contents list worth the name, and
# four in five lines ending in a page number leaves room for titles wrapped over two lines and
# part headings without a page; a list counting its rows steps by one (a ranking), a contents
# list repeats pages and jumps by a section's length; a year has four digits from 1800 to 2199 (a
# list of mostly years is a chronology; a year in a title is not).
MIN_ENTRIES = 5
REF_SHARE = 0.8
COUNTING = 0.8  # share of steps of exactly one above which the numbers count rows
MAX_COLS = 3
YEAR = re.compile(r"^(?:18|19|20|21)\d\d$")
LETTERS = re.compile(r"[^\W\d_]{2}")


def contents_list(xs: Sequence[float], box: Rect, words: Sequence[Word], lines: Sequence[RowBand]) -> str:
    """The reason a grid without drawn columns (column boundaries ``xs``, region ``box``) is a table
    of contents set without leaders, "" when it may be a table."""
    if not 3 <= len(xs) <= MAX_COLS + 1:
        return ""
    ends, labelled, filled = _last_column(xs[-2], box, words, lines)
    refs = [v for v in ends if PAGE_REF.match(v)]  # a wrapped title's last word may stand there too
    if len(refs) < MIN_ENTRIES or len(refs) < REF_SHARE * filled or labelled < REF_SHARE * len(ends):
        return ""
    if not page_references(refs) or 2 * sum(bool(YEAR.match(v)) for v in refs) > len(refs) or _counts(refs):
        return ""
    return CONTENTS.format(refs=len(refs), lines=filled)


def _last_column(x: float, box: Rect, words: Sequence[Word], lines: Sequence[RowBand]) -> tuple[list[str], int, int]:
    """(the one word right of ``x`` on each line holding one there and text left of it, top to
    bottom; how many of those lines have letters left of ``x``; the lines with text in ``box``)."""
    refs: list[str] = []
    labelled = filled = 0
    for ln in sorted(lines, key=lambda b: b.bbox.y0):
        inside = [words[i] for i in ln.word_ids if box.x0 <= words[i].bbox.cx <= box.x1]
        if not inside:
            continue
        filled += 1
        left = [w.text for w in inside if w.bbox.cx < x]
        right = [w.text for w in inside if w.bbox.cx >= x]
        if len(right) == 1 and left:
            refs.append(right[0])
            labelled += any(LETTERS.search(t) for t in left)
    return refs, labelled, filled


def _counts(refs: Sequence[str]) -> bool:
    """Do the numbers count the rows (most steps exactly one)?"""
    nums = [int(v) for v in refs if v.isdigit()]
    steps = [b - a for a, b in zip(nums, nums[1:], strict=False)]
    return bool(steps) and sum(s == 1 for s in steps) >= COUNTING * len(steps)
