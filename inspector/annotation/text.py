"""Cell text from page words for edits and imports: a ``TextSource`` over a page's words.

The rule itself (centre inside the box, lines by vertical centre, read in the table's
upright frame) is ``core.cells.cell_text``; this module only indexes words by page.
``line_at`` finds the text line under a point (a title or footnote picked with a click).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from statistics import median
from typing import Protocol

from ..core.structure.celltext import cell_text, join_words, words_in
from ..core.types import Rect, Word

__all__ = ["TextSource", "join_words", "text_in", "text_source", "words_in", "words_dragged_over"]


class TextSource(Protocol):
    """(1-based page, page-space box in points, the table's turn) -> text of that box."""

    def __call__(self, page: int, bbox: Rect, turn: int = 0) -> str: ...


def text_in(words: Sequence[Word], bbox: Rect, turn: int = 0) -> str:
    """The text of the words inside ``bbox`` (see ``core.cells.cell_text``)."""
    return cell_text(words, bbox, turn)


def text_source(words_by_page: Mapping[int, Sequence[Word]]) -> TextSource:
    """A ``TextSource`` over words already extracted, keyed by 1-based page.

    Words are sorted by their vertical centre once, so a box only looks at the words of its
    own band of the page (edits re-read hundreds of cells at a time).
    """
    index = {p: sorted(ws, key=lambda w: w.bbox.cy) for p, ws in words_by_page.items()}
    keys = {p: [w.bbox.cy for w in ws] for p, ws in index.items()}

    def text_for(page: int, bbox: Rect, turn: int = 0) -> str:
        ws = index.get(page, [])
        lo, hi = bisect_left(keys.get(page, []), bbox.y0), bisect_left(keys.get(page, []), bbox.y1)
        return cell_text(ws[lo:hi], bbox, turn)

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


def words_dragged_over(words: Sequence[Word], rect: Rect, slack: float = 0.0) -> list[Word]:
    """The words a drag over ``rect`` (points) picks: those mostly inside it.

    A word counts when the rectangle, grown by ``slack`` (the pointer's precision, in points),
    covers at least half its width and half of its height, or of the rectangle's own height
    when that is smaller (word boxes run from the font's ascender to its descender, so a thin
    drag through the ink still takes the line). Its centre alone is not the rule: a narrow
    glyph ("†", "*") has side bearings of a third of its width, so a drag started at the
    visible ink starts right of the centre and dropped the footnote's leading marker.
    """
    x0, y0, x1, y1 = rect.x0 - slack, rect.y0 - slack, rect.x1 + slack, rect.y1 + slack
    out = []
    for w in words:
        b = w.bbox
        across = min(b.x1, x1) - max(b.x0, x0)
        down = min(b.y1, y1) - max(b.y0, y0)
        if across >= 0.5 * max(b.width, 1e-6) and down >= 0.5 * max(min(b.height, y1 - y0), 1e-6):
            out.append(w)
    return out


def caption_above(words: Sequence[Word], bbox: Rect, max_lines: int = 3, reach: float = 2.5,
                  others: Sequence[Rect] = ()) -> str:
    """A guess at a table's title: the block of text lines just above ``bbox`` (points).

    Only words overlapping the table's width count. The nearest line must end within
    ``reach`` line heights of the table's top; lines above it join while the gap between
    them stays under one line height, up to ``max_lines``. ``others``: the boxes of the
    page's other tables; a table above is a barrier, since its last rows are no title of
    the one below. Returns "" when nothing is that close. A guess for a person to
    confirm, never written into an annotation alone.
    """
    barrier = max((o.y1 for o in others if o.y1 <= bbox.y0 + 1.0 and o.x1 > bbox.x0 and o.x0 < bbox.x1),
                  default=-float("inf"))
    above = [w for w in words if barrier - 1.0 < w.bbox.y0 and w.bbox.y1 <= bbox.y0 + 1.0
             and w.bbox.x1 > bbox.x0 and w.bbox.x0 < bbox.x1]
    lines: list[list[Word]] = []
    for w in sorted(above, key=lambda w: -w.bbox.cy):  # nearest the table first
        tol = max(w.bbox.height, 0.1) / 2
        if lines and abs(lines[-1][0].bbox.cy - w.bbox.cy) <= tol:
            lines[-1].append(w)
        elif len(lines) < max_lines:
            lines.append([w])
        else:
            break
    picked: list[list[Word]] = []
    for line in lines:
        top, bottom = min(w.bbox.y0 for w in line), max(w.bbox.y1 for w in line)
        height = median(w.bbox.height for w in line)
        below = picked[-1] if picked else None
        limit = bbox.y0 if below is None else min(w.bbox.y0 for w in below)
        if limit - bottom > (reach if below is None else 1.0) * height or top >= limit:
            break
        picked.append(line)
    return " ".join(join_words(line) for line in reversed(picked))
