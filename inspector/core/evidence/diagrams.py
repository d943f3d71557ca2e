"""Diagram marks: the rings and curved connectors of a drawn diagram, whose text is no table.

A diagram (a parse, a concept map, a flow of entities) rings its words in ellipses and joins
them with curved strokes. Its words line up as a table's do (two entities on one line, their
patterns in columns under them) and the frame around it is a box of rules: a paper's figure
came out as a 3 x 2 table of its bubbles' words. What tells it apart is drawing no table has:

- rings: stroked, unfilled paths of curves only that close on themselves (ellipses, circles),
  at least ``RING`` pt wide and ``RING_HIGH`` pt high (a radio button, a bullet is smaller) and
  at most ``RING_MAX`` pt either way (a rounded page panel is larger, and has straight sides);
- connectors: stroked, unfilled open paths of curves only, at least ``LINK`` pt long one way
  (a bracket, an arrow's curved shaft; a rounded corner's arc is drawn with its box's sides).

A ring with ``MIN_LINKS`` connectors close together (``evidence.figures`` merges marks within
its ``TICK``) make a figure area: a ring alone is a badge, rings alone a column of icons,
connectors alone a brace. The connectors lead out of the rings: curves mostly inside a ring
are an outline icon's strokes.
Coordinates are page space (points).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..reading.document import Drawing
from ..types import Rect

# Why no user would change these: they describe how diagrams are drawn (a ring holds a word, a
# connector leads from it), in pt, the same for every producer; charts' marks are fixed alike.
RING = 20.0  # pt: a diagram's ring is at least this wide (it holds a word; a radio button is ~10 pt)
RING_HIGH = 8.0  # pt: and at least this high (a word's line)
RING_MAX = 200.0  # pt: and at most this large either way (larger: a panel, a page frame)
LINK = 10.0  # pt: a connector is at least this long one way (a rounded corner's arc is a few pt)
CLOSE_GAP = 1.0  # pt between a path's start and end, at most, for it to close on itself
MIN_LINKS = 2  # connectors that, with a ring, make a diagram
INSIDE = 0.5  # share of a curve's box inside a ring's box that makes it the ring's own drawing
RING_KIND = "ring(s) around words"  # the kinds of seed these marks are, as ``evidence.figures`` counts them
LINK_KIND = "curved connector(s)"
WHAT = "a diagram's ringed words and the labels its connectors lead to"


def diagram_marks(drawings: Sequence[Drawing]) -> list[tuple[Rect, str]]:
    """The rings and connectors among ``drawings``: (box, kind) each. A curve lying mostly
    inside a ring (``INSIDE``) is the ring's own drawing (an outline icon's strokes), no connector."""
    rings, links = [], []
    for d in drawings:
        if d.fill is not None or d.stroke is None or not d.items or any(it[0] != "c" for it in d.items):
            continue
        w, h = d.rect.width, d.rect.height
        if _closed(d):
            if RING <= w <= RING_MAX and RING_HIGH <= h <= RING_MAX:
                rings.append(d.rect)
        elif max(w, h) >= LINK:
            links.append(d.rect)
    links = [b for b in links if not any(_inside(b, r) for r in rings)]
    return [(b, RING_KIND) for b in rings] + [(b, LINK_KIND) for b in links]


def is_diagram(kinds: Sequence[str]) -> bool:
    """Do the seed ``kinds`` merged into one area make a diagram: a ring and ``MIN_LINKS``
    connectors at least (rings alone: a column of icons, a row of badges)?"""
    return RING_KIND in kinds and sum(k == LINK_KIND for k in kinds) >= MIN_LINKS


def _inside(b: Rect, ring: Rect) -> bool:
    inter = b.intersection(ring)
    return inter is not None and inter.area > INSIDE * b.area


def _closed(d: Drawing) -> bool:
    """Does the path end where it starts?"""
    first, last = d.items[0], d.items[-1]
    return bool(abs(first[1] - last[3]) + abs(first[2] - last[4]) <= CLOSE_GAP)
