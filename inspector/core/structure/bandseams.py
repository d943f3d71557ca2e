"""Row boundaries where two bands of one colour, drawn apart, abut: a seam with text on both sides.

The fills stage joins touching rectangles of one colour into one fill and keeps where two met
one over the other (``Fill.row_seams``). A dark header band drawn on a section band of its own
colour, or a rate sheet's section rows drawn each as a rectangle, stacked with no gap, are then
one fill, and the header line and the section label one band (one row, or a band too tall to
be a section row). The drawing still tells them apart: the producer drew two rectangles and put
a text line in each. A seam with a text line wholly on each side of it, inside the fill, and
through no word is a row boundary when the fill runs across the table (a band, not one
column's tint): the fill is split there into two bands (same id) and a rule of the fill is set
on the seam. A band painted in strips under one text row has its seam through that row's words,
and a tint drawn one rectangle per line beside a cell of several lines has pieces holding no
line of their own: both stay one band. Coordinates in PDF points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..evidence.rules_merge import RuleIndex
from ..geometry import chain_groups
from ..page_marks import Fill, Rule
from ..types import Rect, RowBand, Word
from .region import RegionEvidence
from .sections import WIDE

# A word's box runs from its font's ascent to its descent; the ink of most glyphs lies in its
# middle. A seam within this share of the box's height from its top or bottom passes through
# the white above or below the letters (a band cut where two lines' boxes touch), not through them.
BOX_WHITE = 0.25
SEAM_BOUNDARY = ("two bands of one colour, drawn as separate rectangles, abut here with a text line in each and "
                 "no word across the seam: the edge of two rows the document drew, though no rule or gap shows it")


def with_band_seams(ev: RegionEvidence) -> RegionEvidence:
    """``ev`` with each fill across the region (``WIDE`` of its width) cut at its row
    boundaries (``seam_rows``) into bands of the same id, and a horizontal rule of the fill
    (no stroke) on every such boundary. Regions of rules (``ruled``,
    ``horizontal_rules``) only: their rows are the drawn bands. A column's tint drawn cell by
    cell is no band across: its seams are left to the rules and the text."""
    if ev.cand.source not in ("ruled", "horizontal_rules") or not any(f.row_seams for f in ev.fills):
        return ev
    box = ev.box
    fills: list[Fill] = []
    rules: list[Rule] = []
    for f in ev.fills:
        b = f.bbox
        across = min(b.x1, box.x1) - max(b.x0, box.x0) >= WIDE * box.width and b.y0 < box.y1 and b.y1 > box.y0
        cuts = seam_rows(f, ev.words, ev.lines, ev.snap) if across and f.row_seams else []
        cuts = [c for c in cuts if box.y0 + ev.snap < c[0] < box.y1 - ev.snap]
        if not cuts:
            fills.append(f)
            continue
        edges = [b.y0, *(y for y, _, _ in cuts), b.y1]
        fills += [replace(f, bbox=Rect(b.x0, y0, b.x1, y1), row_seams=())
                  for y0, y1 in zip(edges, edges[1:], strict=False)]
        rules += [Rule("h", y, max(x0, box.x0), min(x1, box.x1), 0.0, "vector", f.grey, f.id) for y, x0, x1 in cuts]
    if not rules:
        return ev
    cand = replace(ev.cand, rules=(*ev.cand.rules, *rules))
    return replace(ev, cand=cand, rules=RuleIndex(cand.rules), fills=fills)


def seam_rows(f: Fill, words: Sequence[Word], lines: Sequence[RowBand],
              snap: float) -> list[tuple[float, float, float]]:
    """The row seams of ``f`` (those within ``snap`` of each other joined, across their x
    extents) that are row boundaries: the pieces on its two sides (up to the next seams or
    the fill's edges) each hold a text line over the seam's extent (its middle inside the
    piece), and no word over that extent crosses it (``BOX_WHITE``). A band tinted one
    rectangle per line beside a cell of several lines has pieces that hold no line of their
    own: no row there. As (y, x0, x1), top to bottom."""
    b = f.bbox
    groups = chain_groups(sorted(f.row_seams), snap)
    ys = [sorted(s[0] for s in g)[len(g) // 2] for g in groups]
    edges = [b.y0, *ys, b.y1]
    boxes = [ln.bbox for ln in lines if b.y0 < ln.bbox.cy < b.y1 and min(ln.bbox.x1, b.x1) > max(ln.bbox.x0, b.x0)]
    out = []
    for k, group in enumerate(groups):
        y, x0, x1 = ys[k], min(s[1] for s in group), max(s[2] for s in group)
        held = [r.cy for r in boxes if min(r.x1, x1) > max(r.x0, x0)]
        above = any(edges[k] < c < y for c in held)
        under = any(y < c < edges[k + 2] for c in held)
        if above and under and not _crossed(words, y, x0, x1):
            out.append((y, x0, x1))
    return out


def _crossed(words: Sequence[Word], y: float, x0: float, x1: float) -> bool:
    """Does a word over [x0, x1] have letters across height ``y``?"""
    for w in words:
        r = w.bbox
        pad = BOX_WHITE * r.height
        if r.x1 > x0 and r.x0 < x1 and r.y0 + pad < y < r.y1 - pad:
            return True
    return False
