"""A table's unit line: the text line near it that states the unit of its numbers.

Reports put "单位：万元", "(단위: 천원)" or "(in thousands of USD)" in small type just above a
table (often right-aligned, or beside the title), in its caption, or in a footnote under it;
the detector rightly leaves that line out of the table. ``find_unit_line`` looks at the few
text lines above and below a table's box (words overlapping its width, widened a little for a
right-aligned line) and returns the nearest one that ``units.unit_line`` reads a unit from.
Boxes are PDF points, top-left origin, in the frame the table was read in.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import median

import numpy as np

from ..types import Rect, Table, Word
from ..units import may_state_unit, unit_line
from .celltext import join_words
from .columns import WordCentres

# Points of one text line when bounding the search band: 12 pt type with its leading (a unit
# line is small print; a line in larger type further away is not looked at).
BAND_LINE_HEIGHT = 14.0


@dataclass(frozen=True, slots=True)
class UnitLineParams:
    """How far from a table a unit line may sit. ``lines``: text lines looked at above and
    below (each); ``reach``: the largest gap between the table and the nearest line, or between
    two looked-at lines, in line heights; ``widen``: share of the table's width added on each
    side (a right-aligned "单位：元" may stick out past the last column)."""

    lines: int = 3
    reach: float = 3.0
    widen: float = 0.15


def _lines(boxes: WordBoxes, ids: list[int]) -> list[list[Word]]:
    """The words ``ids`` grouped into text lines by vertical centre (half a word height from
    the line's first word at most), each left to right. Read from the page's arrays (the same
    floats as the words' boxes): this runs over every word above and below each table."""
    cy, x0 = boxes.cy[ids].tolist(), boxes.x0[ids].tolist()
    half = (np.maximum(boxes.y1[ids] - boxes.y0[ids], 0.1) / 2).tolist()
    keys = list(zip(cy, x0, strict=True))
    lines: list[list[int]] = []
    first: list[float] = []  # each line's first word's centre
    for k in sorted(range(len(ids)), key=keys.__getitem__):
        if lines and abs(first[-1] - cy[k]) <= half[k]:
            lines[-1].append(k)
        else:
            lines.append([k])
            first.append(cy[k])
    words = boxes.words
    return [[words[ids[k]] for k in sorted(line, key=x0.__getitem__)] for line in lines]


def _near(lines: list[list[Word]], edge: float, below: bool, p: UnitLineParams) -> list[list[Word]]:
    """Up to ``p.lines`` lines going away from the table edge at ``edge``, each within
    ``p.reach`` line heights of the previous one."""
    ordered = lines if below else list(reversed(lines))
    out: list[list[Word]] = []
    last = edge
    for line in ordered:
        top, bottom = min(w.bbox.y0 for w in line), max(w.bbox.y1 for w in line)
        height = median(w.bbox.height for w in line)
        gap = top - last if below else last - bottom
        if gap > p.reach * height or len(out) >= p.lines:
            break
        out.append(line)
        last = bottom if below else top
    return out


def find_unit_line(words: Sequence[Word], bbox: Rect, others: Sequence[Rect] = (),
                   params: UnitLineParams = UnitLineParams(), boxes: WordBoxes | None = None) -> str:
    """The text of the nearest line above or below ``bbox`` that states a unit, "" when none
    does. Lines touching another table's box (``others``) are not looked at. ``boxes``: the
    arrays of these ``words`` (``WordBoxes``), when a page's tables are looked at in turn."""
    boxes = boxes if boxes is not None and boxes.words is words else WordBoxes(words)
    slack = bbox.width * params.widen
    x0, x1 = bbox.x0 - slack, bbox.x1 + slack
    # A band of the page first, then the words of no other table (a page may hold dozens).
    band = params.lines * (params.reach + 1) * BAND_LINE_HEIGHT
    area = Rect(x0, bbox.y0 - band, x1, bbox.y1 + band)
    crossing = [o for o in others if o.intersection(area) is not None]
    near = boxes.near(x0, x1, bbox.y0 - band, bbox.y1 + band, crossing)
    cys = boxes.cy[near].tolist()
    above_ids = [i for i, cy in zip(near, cys, strict=True) if cy < bbox.y0]
    below_ids = [i for i, cy in zip(near, cys, strict=True) if cy > bbox.y1]
    # Most tables have no unit word in reach: then no line of these words can state one.
    if not may_state_unit(" ".join([boxes.words[i].text for i in above_ids + below_ids])):
        return ""
    up = _near(_lines(boxes, above_ids), bbox.y0, False, params)
    down = _near(_lines(boxes, below_ids), bbox.y1, True, params)
    # Nearest first, the line above before the one below at the same rank.
    for i in range(max(len(up), len(down))):
        for side in (up, down):
            if i < len(side) and may_state_unit(" ".join([w.text for w in side[i]])):
                text = join_words(side[i])
                if unit_line(text) is not None:
                    return text
    return ""


class WordBoxes:
    """One page's word boxes as arrays, to pick the words beside a table without a loop over
    every word of the page for each of its tables."""

    def __init__(self, words: Sequence[Word], centres: WordCentres | None = None) -> None:
        self.words = words
        if centres is None or centres.words is not words:  # else the pipeline's arrays of these words
            centres = WordCentres(words)
        self.x0, self.y0, self.x1, self.y1 = centres.x0, centres.y0, centres.x1, centres.y1
        self.cy = (self.y0 + self.y1) / 2  # as Rect.cy: the same floats
        self.free = ~np.fromiter((w.watermark for w in words), dtype=bool, count=len(words))

    def near(self, x0: float, x1: float, lo: float, hi: float, crossing: Sequence[Rect]) -> list[int]:
        """Indices, ascending, of the words that are no watermark, overlap x0..x1 (open), have
        their centre strictly between ``lo`` and ``hi``, and meet none of ``crossing`` (as
        ``Rect.intersection`` says: edges touching meet)."""
        m = self.free & (self.x1 > x0) & (self.x0 < x1) & (self.cy > lo) & (self.cy < hi)
        for o in crossing:
            m &= ~((np.maximum(self.x0, o.x0) <= np.minimum(self.x1, o.x1))
                   & (np.maximum(self.y0, o.y0) <= np.minimum(self.y1, o.y1)))
        return np.flatnonzero(m).tolist()


def attach_unit_lines(tables: Sequence[Table], words: Sequence[Word],
                      params: UnitLineParams = UnitLineParams(), centres: WordCentres | None = None) -> tuple[Table, ...]:
    """``tables`` (of one page, boxes in the frame of ``words``) with ``unit_line`` filled;
    ``centres``: the arrays of these ``words`` when made already (the pipeline's "index")."""
    out = []
    boxes = WordBoxes(words, centres) if tables else None
    for i, t in enumerate(tables):
        others = [o.bbox for j, o in enumerate(tables) if j != i]
        line = find_unit_line(words, t.bbox, others, params, boxes)
        out.append(dataclasses.replace(t, unit_line=line) if line != t.unit_line else t)
    return tuple(out)


def with_unit_line(table: Table, words: Sequence[Word], bbox: Rect, page: int,
                   params: UnitLineParams = UnitLineParams()) -> Table:
    """``table`` (a person's, from an annotation) with the unit line found beside ``bbox`` on
    1-based ``page`` (its first piece's box and page; ``words`` that page's); unchanged when it
    already has one, or when its title or footnote states a unit."""
    if table.unit_line or unit_line(table.title) or unit_line(table.footnote):
        return table
    line = find_unit_line(words, bbox, (), params)
    return dataclasses.replace(table, unit_line=line, unit_line_page=page) if line else table


__all__ = ["UnitLineParams", "WordBoxes", "attach_unit_lines", "find_unit_line", "with_unit_line"]
