"""Cell text from page words: the one rule every edit and import uses.

A word belongs to a box when its centre lies inside it. Words are grouped into lines by
their vertical centre (within half the median word height), lines are joined with
``"\\n"`` and words in a line with a space, which is also how ICDAR 2013 writes cell text.
``line_at`` finds the text line under a point (a title or footnote picked with a click).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from statistics import median

from ..core.types import Rect, Word

# (1-based page, box in points) -> text of that box
TextSource = Callable[[int, Rect], str]


def words_in(words: Sequence[Word], bbox: Rect) -> list[Word]:
    """Words whose centre lies inside ``bbox`` (points); half-open, so a centre on a shared
    boundary belongs to one cell only."""
    return [w for w in words if bbox.x0 <= w.bbox.cx < bbox.x1 and bbox.y0 <= w.bbox.cy < bbox.y1]


def join_words(words: Sequence[Word]) -> str:
    """Reading-order text: lines top to bottom, words left to right."""
    if not words:
        return ""
    tol = median(max(w.bbox.height, 0.1) for w in words) / 2
    lines: list[list[Word]] = []
    for w in sorted(words, key=lambda w: (w.bbox.cy, w.bbox.x0)):
        if lines and abs(lines[-1][0].bbox.cy - w.bbox.cy) <= tol:
            lines[-1].append(w)
        else:
            lines.append([w])
    return "\n".join(" ".join(w.text for w in sorted(line, key=lambda w: w.bbox.x0)) for line in lines)


def text_in(words: Sequence[Word], bbox: Rect) -> str:
    """The text of the words inside ``bbox``."""
    return join_words(words_in(words, bbox))


def text_source(words_by_page: Mapping[int, Sequence[Word]]) -> TextSource:
    """A ``TextSource`` over words already extracted, keyed by 1-based page.

    Words are sorted by their vertical centre once, so a box only looks at the words of its
    own band of the page (edits re-read hundreds of cells at a time).
    """
    index = {p: sorted(ws, key=lambda w: w.bbox.cy) for p, ws in words_by_page.items()}
    keys = {p: [w.bbox.cy for w in ws] for p, ws in index.items()}

    def text_for(page: int, bbox: Rect) -> str:
        ws = index.get(page, [])
        lo, hi = bisect_left(keys.get(page, []), bbox.y0), bisect_left(keys.get(page, []), bbox.y1)
        return text_in(ws[lo:hi], bbox)

    return text_for


def line_at(words: Sequence[Word], x: float, y: float, tol: float = 2.0) -> list[Word]:
    """The words of the text line under page point (x, y) (points): the nearest word within
    ``tol`` of the point, with every word PyMuPDF put on the same line of the same block.
    Empty when no word is that close. Used to pick a table's title or footnote with a click."""
    def gap(w: Word) -> float:
        b = w.bbox
        return max(b.x0 - x, 0.0, x - b.x1) + max(b.y0 - y, 0.0, y - b.y1)

    near = min(words, key=gap, default=None)
    if near is None or gap(near) > tol:
        return []
    return [w for w in words if (w.block, w.line) == (near.block, near.line)]
