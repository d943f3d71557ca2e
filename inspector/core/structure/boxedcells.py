"""Cells drawn as closed boxes of their own, set apart: one table, not one region per cell.

A table whose every cell is a box of its own a few points from its neighbours (HTML's
``border-collapse: separate`` with cell spacing, Qt's QTextDocument tables with
``cellspacing``; a frame drawn round them or not) gives one group of meeting rules per cell
when the spacing is wider than ``tables.intersect_tol``: each box a ruled region of one cell,
the frame (when drawn) a region holding them, which alone would keep none of the boxes'
rules. Boxes that line up in a lattice are one table's cells: neighbours side by side share
their top or bottom, stacked ones their left or right side, and the gutter between them is
narrower than half a text line of the page (``SPACING``: the spacing of boxes, no row nor
column, as ``thinbands.one_per_pair`` takes the empty band of each pair of rules); two
rows and two columns of boxes at least (a row of comb boxes is a form field). Their rules
make one candidate, and a frame enclosing them within a gutter's width on every side gives it
its own rules and box. Inside the grid each boundary is then a pair of rules with an empty
band between, which ``thinbands.one_per_pair`` makes one.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Rect, Rule

Group = tuple[Rect, tuple[Rule, ...]]  # a ruled region's box and the rules that made it

SPACING = 0.5  # share of a line's height: an empty band, or a gutter, thinner is the spacing of two boxes
GUTTER_LINES = SPACING  # usual text line heights: a gutter between two boxes narrower is their spacing
MIN_BOXES = 4  # boxes of a lattice, at least (two rows of two)


def join_boxes(groups: Sequence[Group], tol: float, line: float) -> list[Group]:
    """``groups`` (in order) with each lattice of one-box groups, and the frame round it, made
    one (first, in the lattice's order); ``tol``: ``tables.intersect_tol`` (pt); ``line``: the
    page's usual text line height (pt)."""
    if line <= 0:
        return list(groups)
    gutter = GUTTER_LINES * line
    boxes = [k for k, (_, rules) in enumerate(groups) if _one_box(rules)]
    used: set[int] = set()
    out: list[Group] = []
    for lattice in _lattices([groups[k][0] for k in boxes], tol, gutter):
        members = [boxes[i] for i in lattice]
        box = Rect.bounding([groups[k][0] for k in members])
        frame = next((k for k, (b, _) in enumerate(groups) if k not in members and k not in used
                      and _frames(b, box, tol, gutter)), None)
        if frame is not None:
            members.append(frame)
            box = groups[frame][0]
        used.update(members)
        out.append((box, tuple(r for k in sorted(members) for r in groups[k][1])))
    return out + [g for k, g in enumerate(groups) if k not in used]


def _one_box(rules: Sequence[Rule]) -> bool:
    """Are ``rules`` one closed box: two horizontal rule positions and two vertical ones?"""
    return len({round(r.pos) for r in rules if r.orient == "h"}) == 2 \
        and len({round(r.pos) for r in rules if r.orient == "v"}) == 2


def _lattices(boxes: Sequence[Rect], tol: float, gutter: float) -> list[list[int]]:
    """Indexes into ``boxes`` of each group of neighbours (``_neighbours``) that spans two rows
    and two columns of boxes, ``MIN_BOXES`` at least."""
    pairs = [(i, j) for i, a in enumerate(boxes) for j in range(i + 1, len(boxes))
             if _neighbours(a, boxes[j], tol, gutter)]
    return [g for g in _components(len(boxes), pairs) if len(g) >= MIN_BOXES
            and len({round(boxes[i].y0) for i in g}) >= 2 and len({round(boxes[i].x0) for i in g}) >= 2]


def _neighbours(a: Rect, b: Rect, tol: float, gutter: float) -> bool:
    """Side by side (a top or bottom shared) or stacked (a side shared), a gutter apart at most."""
    across = max(a.x0, b.x0) - min(a.x1, b.x1)  # the white between them, left to right
    down = max(a.y0, b.y0) - min(a.y1, b.y1)
    if -tol <= across <= gutter and down < 0:
        return abs(a.y0 - b.y0) <= tol or abs(a.y1 - b.y1) <= tol
    if -tol <= down <= gutter and across < 0:
        return abs(a.x0 - b.x0) <= tol or abs(a.x1 - b.x1) <= tol
    return False


def _frames(outer: Rect, box: Rect, tol: float, gutter: float) -> bool:
    """Does ``outer`` enclose ``box`` with a gutter's white at most on every side?"""
    sides = (box.x0 - outer.x0, box.y0 - outer.y0, outer.x1 - box.x1, outer.y1 - box.y1)
    return all(-tol <= s <= gutter + tol for s in sides)


def lattice_boxes(rules: Sequence[Rule], tol: float, line: float) -> int:
    """How many boxes of a lattice ``join_boxes`` joined among ``rules`` (a table's: its
    connected groups found again), 0 when none (for explain)."""
    groups = _connected(rules, tol)
    boxes = [b for b, g in groups if _one_box(g)]
    return max((len(k) for k in _lattices(boxes, tol, GUTTER_LINES * line)), default=0) if line > 0 else 0


def _connected(rules: Sequence[Rule], tol: float) -> list[Group]:
    """The groups of ``rules`` that meet (a horizontal and a vertical within ``tol`` of each
    other), as ``regions.ruled_regions`` forms them, with their boxes."""
    pairs = [(i, j) for i, h in enumerate(rules) for j, v in enumerate(rules)
             if h.orient == "h" and v.orient == "v" and h.start - tol <= v.pos <= h.end + tol
             and v.start - tol <= h.pos <= v.end + tol]
    groups = [[rules[k] for k in g] for g in _components(len(rules), pairs)]
    return [(Rect.bounding([r.bbox for r in g]), tuple(g)) for g in groups]


def _components(n: int, pairs: Sequence[tuple[int, int]]) -> list[list[int]]:
    """The connected components of ``n`` items joined by ``pairs`` (union-find), in item order."""
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in pairs:
        parent[find(i)] = find(j)
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())
