"""Table regions: where on the page a table may be, and from what evidence.

Three kinds, tried in this order so each area is claimed once:
ruled (horizontal and vertical rules meeting), horizontal_rules (stacked horizontal rules
of similar extent, no verticals) and aligned (text lines whose words line up in columns).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import numpy as np

from ..types import Fill, Rect, Rule, TableRegion, TableSource, Word
from .between import LineFacts
from .blockunder import block_under
from .boxedcells import join_boxes
from .columns import Line
from .rulegaps import beside_told, prose_between, title_banner
from .shadedbands import joins, note_under_header

if TYPE_CHECKING:  # drawnparts reads this module's candidates
    from .drawnparts import Parts

# Why no user would change these: each is a proportion of the page's own drawing and type
# (the grid's rows, the rules' lengths, the usual line height) or a pt slack of a stroke's
# width, the same for every producer; the declared levers are merge.snap (``tol``) and the
# tables parameters.
RULE_DECIMALS = 1  # a rule's position is compared rounded to this many decimals of a pt (a stroke's jitter)
GRID_MIN_RULES = 2  # distinct rule positions of each direction a ruled region needs (two of each enclose a cell)
EDGE_RULE_WIDTH = 0.1  # pt: the stroke width given to the rules made of a fill's edges (a hairline; never compared)
SIDE_TOLS = 2  # snap tolerances by which a joining rule's (or block's) sides may differ from the grid's
ROW_STEP_REACH = 2  # a rule under a grid joins it within this many times the grid's tallest row
FILL_SPAN = 0.9  # share of a grid's width a fill stacked on it covers (a header band)
FILL_OVERHANG = 1.1  # ... and at most this many times the grid's width
PANEL_HEIGHT = 1.5  # a panel behind the whole grid is at most this many times its height
INSIDE_SLACK = 2.0  # pt a box may stand past another and still lie inside it (a frame's stroke)
LONG_RULE = 0.5  # share of a rule group's longest rule its sides are taken from (an underline does not widen it)
RULE_OVERLAP = 0.7  # share of the shorter by which consecutive rules overlap to stack into one group
SHARED_SIDE = 3  # horizontal rules ending together that make a ruled table's side
MARGIN_LABEL = 5  # snap tolerances one rule runs on past that side to be a section's rule, not the table's
ACROSS = 0.25  # share of a line's height it reaches past a row rule on both sides to run across it


@dataclass(frozen=True)
class Candidate:
    """A region and the rules that made it (none for aligned regions)."""

    bbox: Rect
    source: TableSource
    rules: tuple[Rule, ...] = ()


def _meets(h: Rule, v: Rule, tol: float) -> bool:
    return (h.start - tol <= v.pos <= h.end + tol) and (v.start - tol <= h.pos <= v.end + tol)


def ruled_regions(rules: Sequence[Rule], tol: float, lines: Sequence[Line] = (),
                  said: list[TableRegion] | None = None) -> list[Candidate]:
    """Connected groups of rules with at least two horizontals and two verticals (their
    boxes cut off margin labels: ``_ruled_box``, said in ``said``)."""
    hs = [r for r in rules if r.orient == "h"]
    vs = [r for r in rules if r.orient == "v"]
    parent = list(range(len(hs) + len(vs)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in _meeting_pairs(hs, vs, tol):  # the pairs in the order a loop over hs, then vs, meets them
        parent[find(i)] = find(len(hs) + j)
    groups: dict[int, list[Rule]] = {}
    for k, r in enumerate([*hs, *vs]):
        groups.setdefault(find(k), []).append(r)
    out = []
    for g in groups.values():
        nh = len({round(r.pos) for r in g if r.orient == "h"})
        nv = len({round(r.pos) for r in g if r.orient == "v"})
        if nh >= GRID_MIN_RULES and nv >= GRID_MIN_RULES:
            out.append(Candidate(_ruled_box(g, tol, lines, said), "ruled", tuple(g)))
    joined = join_boxes([(c.bbox, c.rules) for c in out], tol, usual_height(lines))
    return _absorb_nested(_unframed([Candidate(b, "ruled", rules) for b, rules in joined], lines, said))


def _unframed(cands: list[Candidate], lines: Sequence[Line], said: list[TableRegion] | None) -> list[Candidate]:
    """``cands`` less each bare frame (two horizontal and two vertical rule positions: a box)
    around a ruled grid that also holds text outside that grid: a brochure's outlined panel
    with a heading over its table and a note under it, whose outline no rule of the table
    meets. Kept, the frame took the grid in as one table with the heading and the note as
    rows (``_absorb_nested``). Told in ``said``."""
    out = []
    for c in cands:
        inner = [d.bbox for d in cands if d is not c and d.bbox.within(c.bbox, INSIDE_SLACK)]
        if inner and _frame(c) and any(_outside(ln.bbox, c.bbox, inner) for ln in lines):
            if said is not None:
                said.append(TableRegion(c.bbox, "ruled", PANEL))
            continue
        out.append(c)
    return out


def _outside(line: Rect, frame: Rect, inner: Sequence[Rect]) -> bool:
    """Does a text line stand inside ``frame`` but touch none of the ``inner`` grids?"""
    return line.within(frame, INSIDE_SLACK) and all(line.intersection(b) is None for b in inner)


def _frame(c: Candidate) -> bool:
    """Is ``c`` a bare box: two horizontal and two vertical rule positions?"""
    return len({round(r.pos) for r in c.rules if r.orient == "h"}) == GRID_MIN_RULES == \
        len({round(r.pos) for r in c.rules if r.orient == "v"})


PANEL = ("a panel around a table: a box of four rules that no rule of the ruled table inside it meets, holding "
         "text outside that table too (a heading over it, a note under it); the table is the grid inside")


def _ruled_box(g: Sequence[Rule], tol: float, lines: Sequence[Line], said: list[TableRegion] | None) -> Rect:
    """The box of a group of rules, its sides where its rules end. One horizontal rule running
    on past every other rule on one side (a form's section rule across the page) does not
    widen it when ``SHARED_SIDE`` or more horizontals end together at the others' side and the
    strip beyond holds a text line running across one of those rules (text set at its own
    pitch, off the table's rows, is a margin label: "Dependents (see instructions) If more than
    four...", not the table's stub column, whose labels sit on its rows), or no text at all (a
    page's header rule drawn just over the table's top rule, one rule with it, over an empty
    margin: empty columns no other rule reaches)."""
    boxes = [r.bbox for r in g]  # a property: a new Rect each time it is read
    box = Rect.bounding(boxes)
    hs = sorted((r for r in g if r.orient == "h"), key=lambda r: r.pos)
    if len(hs) < SHARED_SIDE + 1 or not lines:
        return box
    x0, x1 = box.x0, box.x1
    cuts: list[tuple[Rect, str]] = []
    for outer in (hs[0], hs[-1]):
        rest = [b for r, b in zip(g, boxes, strict=True) if r is not outer]
        left, right = min(b.x0 for b in rest), max(b.x1 for b in rest)
        if outer.start < left - MARGIN_LABEL * tol:
            why = _beyond(lines, Rect(box.x0, box.y0, left, box.y1), [h for h in hs if abs(h.start - left) <= tol], tol)
            if why:
                x0 = max(x0, left)
                cuts.append((Rect(box.x0, box.y0, left, box.y1), why))
        if outer.end > right + MARGIN_LABEL * tol:
            why = _beyond(lines, Rect(right, box.y0, box.x1, box.y1), [h for h in hs if abs(h.end - right) <= tol], tol)
            if why:
                x1 = min(x1, right)
                cuts.append((Rect(right, box.y0, box.x1, box.y1), why))
    if said is not None:
        said.extend(TableRegion(b, "ruled", why) for b, why in cuts if b.width > tol)
    return Rect(x0, box.y0, x1, box.y1)


MARGIN_LABELS = ("margin labels beside a ruled table: one rule runs on over them, the table's other rules end "
                 "together short of them, and their lines run across its row rules; left out of the table")
EMPTY_MARGIN = ("an empty margin beside a ruled table: one rule runs on over it (a page's header or footer rule "
                "drawn against the table's own), the table's other rules end together short of it, and no text "
                "stands in it; no column of the table")


def _beyond(lines: Sequence[Line], strip: Rect, inner: Sequence[Rule], tol: float) -> str:
    """Why the ``strip`` beyond the side where the ``inner`` horizontals end together (at least
    ``SHARED_SIDE`` of them) is no part of the table: ``MARGIN_LABELS``, ``EMPTY_MARGIN``, or ""
    when it may be (text sitting on the table's rows: its stub column)."""
    if len(inner) < SHARED_SIDE:
        return ""
    if _off_rows(lines, strip, inner, tol):
        return MARGIN_LABELS
    a, b = strip.x0 + tol, strip.x1 - tol  # a cell's text touching the side rule is not in the strip
    empty = not any(ln.bbox.x1 > a and ln.bbox.x0 < b and ln.bbox.y1 > strip.y0 and ln.bbox.y0 < strip.y1 for ln in lines)
    return EMPTY_MARGIN if empty else ""


def _off_rows(lines: Sequence[Line], strip: Rect, rows: Sequence[Rule], tol: float) -> bool:
    """Does a text line inside ``strip`` run across one of the ``rows`` rules, by a quarter of
    its height (``ACROSS``) above and below it?"""
    for ln in lines:
        b = ln.bbox
        if b.x0 < strip.x0 - tol or b.x1 > strip.x1 + tol or b.y0 < strip.y0 - tol or b.y1 > strip.y1 + tol:
            continue
        q = ACROSS * b.height
        if any(b.y0 + q < h.pos < b.y1 - q for h in rows):
            return True
    return False


def _meeting_pairs(hs: Sequence[Rule], vs: Sequence[Rule], tol: float) -> list[tuple[int, int]]:
    """(i, j) for each horizontal ``hs[i]`` and vertical ``vs[j]`` that meet (``_meets``),
    ascending: all pairs tested at once, a page may hold hundreds of rules."""
    if not hs or not vs:
        return []
    h = np.array([(r.start, r.end, r.pos) for r in hs], dtype=float)
    v = np.array([(r.start, r.end, r.pos) for r in vs], dtype=float)
    meet = (((h[:, 0:1] - tol) <= v[None, :, 2]) & (v[None, :, 2] <= (h[:, 1:2] + tol))
            & ((v[None, :, 0] - tol) <= h[:, 2:3]) & (h[:, 2:3] <= (v[None, :, 1] + tol)))
    i, j = np.nonzero(meet)  # row-major: i ascending, then j
    return list(zip(i.tolist(), j.tolist(), strict=True))


def attach_fills(cands: Sequence[Candidate], fills: Sequence[Fill], tol: float,
                 words: Sequence[Word] = ()) -> list[Candidate]:
    """Grow ruled candidates over the fills stacked on their top or bottom edge, and over a
    shaded label column set against their left or right side.

    A shaded header band above a ruled grid whose vertical rules start below the band
    belongs to the grid: a fill touching the region's top (or bottom) within ``tol`` and
    spanning at least 90% of its width joins it, with its two long edges as rules. Stacked
    bands (a two-level header) join one after the other. A slide's or a banded style's first
    column is often shaded and unruled beside the ruled body: a fill against the region's side,
    as tall, narrower than it and holding two or more of ``words``, joins it with its
    two long edges as rules.
    """
    out = []
    for cand in cands:
        box, rules, used = cand.bbox, list(cand.rules), set()
        grew = True
        while grew:
            grew = False
            for f in fills:
                if f.id in used:
                    continue
                b = f.bbox
                if _stacked(b, box, tol):
                    rules += [Rule("h", b.y0, b.x0, b.x1, EDGE_RULE_WIDTH, "vector", f.grey, f.id),
                              Rule("h", b.y1, b.x0, b.x1, EDGE_RULE_WIDTH, "vector", f.grey, f.id)]
                elif _beside(b, box, tol) and sum(b.contains_point(w.bbox.cx, w.bbox.cy) for w in words) >= 2:
                    rules += [Rule("v", b.x0, b.y0, b.y1, EDGE_RULE_WIDTH, "vector", f.grey, f.id),
                              Rule("v", b.x1, b.y0, b.y1, EDGE_RULE_WIDTH, "vector", f.grey, f.id)]
                else:
                    continue
                used.add(f.id)
                box, grew = box.union(b), True
        out.append(Candidate(box, cand.source, tuple(rules)) if used else cand)
    return out


def attach_rules(cands: Sequence[Candidate], rules: Sequence[Rule], lines: Sequence[Line],
                 n_segments: Sequence[int], tol: float, sizes: Sequence[float] = (),
                 facts: LineFacts | None = None, said: list[TableRegion] | None = None,
                 parts: Parts | None = None) -> list[Candidate]:
    """Grow ruled candidates down over the horizontal rules stacked under them.

    A grid drawn only in its header (panels with gutters, a boxed two-level header) above
    body rows ruled across only: a rule as wide as the grid, the next row down (no further
    than twice the grid's tallest row), with no running prose or heading between and not
    part of another grid, joins it. With ``parts`` (``drawnparts``), so does a rule further
    down, or one under a row ruled in part (a rule under the cells beside a label spanning
    rows, within the grid's sides), when the band over it keeps the grid's columns.
    """
    hs = sorted((r for r in rules if r.orient == "h"), key=lambda r: r.pos)
    verticals = [r for r in rules if r.orient == "v"]
    body = usual_height(lines)
    out = []
    for cand in cands:
        own = sorted({round(r.pos, RULE_DECIMALS) for r in cand.rules if r.orient == "h"})
        step = ROW_STEP_REACH * max((b - a for a, b in zip(own, own[1:], strict=False)), default=0.0)
        box, added, inner = cand.bbox, list[Rule](), list[Rule]()
        for r in hs:
            if r.pos <= box.y1 + tol:
                continue
            if any(r.bbox.within(c.bbox, tol) for c in cands if c is not cand):
                break
            if not _as_wide(r, box, tol):
                if parts is None or not _within_sides(r, box, tol):
                    break
                inner.append(r)  # a row rule under some cells only: the band goes on to the next full rule
                continue
            last = added[-1] if added else Rule("h", box.y1, box.x0, box.x1, EDGE_RULE_WIDTH)
            near = r.pos - box.y1 <= step and not inner
            if not near and (parts is None or not parts.keeps(cand, last.pos, r.pos)):
                break
            if prose_between(lines, n_segments, last, r, body, sizes, facts, said, verticals, hs):
                break
            if not near and parts is not None:
                parts.tell(cand, last.pos, r.pos)
            added.extend([*inner, r])
            inner = []
            box = box.union(r.bbox)
        out.append(Candidate(box, cand.source, (*cand.rules, *added)) if added else cand)
    return out


def _within_sides(r: Rule, box: Rect, tol: float) -> bool:
    """Does horizontal rule ``r`` lie within ``box``'s sides (by ``SIDE_TOLS`` x ``tol``)?"""
    return r.start >= box.x0 - SIDE_TOLS * tol and r.end <= box.x1 + SIDE_TOLS * tol


def usual_height(lines: Sequence[Line]) -> float:
    """The page's usual text line height (pt; 0 without lines)."""
    heights = sorted(ln.bbox.height for ln in lines)
    return heights[len(heights) // 2] if heights else 0.0


def _as_wide(r: Rule, box: Rect, tol: float) -> bool:
    return abs(r.start - box.x0) <= SIDE_TOLS * tol and abs(r.end - box.x1) <= SIDE_TOLS * tol


def _stacked(b: Rect, box: Rect, tol: float) -> bool:
    """Does fill box ``b`` sit right on top of or under ``box``, about as wide, or is it a
    panel behind the whole grid, as wide and reaching a little above or below it?"""
    touches = abs(b.y1 - box.y0) <= tol or abs(b.y0 - box.y1) <= tol
    over = min(b.x1, box.x1) - max(b.x0, box.x0)
    if touches and over >= FILL_SPAN * box.width and b.width <= FILL_OVERHANG * box.width + SIDE_TOLS * tol and b.height < box.height:
        return True
    same_x = abs(b.x0 - box.x0) <= tol and abs(b.x1 - box.x1) <= tol
    behind = b.y0 <= box.y0 + tol and b.y1 >= box.y1 - tol and b.height <= PANEL_HEIGHT * box.height
    return same_x and behind and (b.y0 < box.y0 - tol or b.y1 > box.y1 + tol)


def _beside(b: Rect, box: Rect, tol: float) -> bool:
    """Does fill box ``b`` stand against ``box``'s left or right side, as tall (``FILL_SPAN``
    of its height, at most ``FILL_OVERHANG``) and narrower than it: a shaded label column?"""
    touches = abs(b.x1 - box.x0) <= tol or abs(b.x0 - box.x1) <= tol
    over = min(b.y1, box.y1) - max(b.y0, box.y0)
    return touches and over >= FILL_SPAN * box.height and b.height <= FILL_OVERHANG * box.height + SIDE_TOLS * tol \
        and b.width < box.width


def _absorb_nested(cands: list[Candidate]) -> list[Candidate]:
    """Drop candidates lying inside a larger one (a boxed note inside a framed table)."""
    cands = sorted(cands, key=lambda c: -c.bbox.area)
    kept: list[Candidate] = []
    for c in cands:
        if any(c.bbox.within(k.bbox, INSIDE_SLACK) for k in kept):
            continue
        kept.append(c)
    return kept


def hrule_regions(rules: Sequence[Rule], taken: Sequence[Rect], lines: Sequence[Line],
                  n_segments: Sequence[int], min_width: float, sizes: Sequence[float] = (),
                  facts: LineFacts | None = None, said: list[TableRegion] | None = None,
                  beside: bool = True, bands: Sequence[Fill] = (), tol: float = 0.0,
                  heads: Sequence[Fill] = (), blocks: list[Rect] | None = None) -> list[Candidate]:
    """Groups of stacked horizontal rules of similar extent outside ``taken`` areas.

    Consecutive rules join while they overlap by 70% of the shorter and the band between
    them holds no running prose (two or more long single-piece lines) and no heading, or
    one of the fills ``bands`` shades that band wall to wall (``shadedbands``: a section row;
    ``tol`` the snap tolerance, pt), or the band is a note row under a header band of the
    fills ``heads`` (``shadedbands.under_header_band``); with ``beside``, nor prose beside the
    narrower of the two (``between.prose_beside``); nor a narrower rule at the right under
    lines all within its span, a block of its own (``blockunder``: an invoice's totals; its
    box goes in ``blocks``).
    """
    body = usual_height(lines)
    verticals = [r for r in rules if r.orient == "v"]
    hs = sorted((r for r in rules if r.orient == "h" and r.length >= min_width
                 and not any(r.bbox.within(t, INSIDE_SLACK) for t in taken)), key=lambda r: r.pos)
    groups: list[list[Rule]] = []
    for r in hs:
        home = None
        for g in reversed(groups):
            if _overlap(g, r) and joins(g[-1], r, (bands, lines, tol, facts), said, lambda top, bottom, told: prose_between(
                    lines, n_segments, top, bottom, body, sizes, facts, told, verticals, hs),
                    partial(note_under_header, g, r, heads, (lines, n_segments, facts), tol)) \
                    and not (beside and beside_told(lines, facts, g[-1], r, said)) \
                    and not title_banner(g, r, lines, n_segments, body, said) \
                    and not block_under(g, r, lines, said, blocks):
                home = g
                break
        if home is None:
            groups.append([r])
        else:
            home.append(r)
    out = []
    for g in groups:
        ys = {round(r.pos) for r in g}
        # A plain-text report's heads underlined by a row of '-' (``charrules``) need no second
        # rule: the body under it runs to an empty line (``extend_down``), as a report prints it.
        if len(ys) >= 2 or all(r.source == "text" for r in g):
            x0 = min(r.start for r in g if r.length >= LONG_RULE * max(q.length for q in g))
            x1 = max(r.end for r in g if r.length >= LONG_RULE * max(q.length for q in g))
            out.append(Candidate(Rect(x0, g[0].pos, x1, g[-1].pos), "horizontal_rules", tuple(g)))
    return out


def _overlap(group: list[Rule], r: Rule) -> bool:
    g0, g1 = min(q.start for q in group), max(q.end for q in group)
    a, b = max(g0, r.start), min(g1, r.end)
    return b - a >= RULE_OVERLAP * min(g1 - g0, r.length)
