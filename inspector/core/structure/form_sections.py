"""A form's ruled sections: one connected group of rules cut where its column rules change.

A form draws its sections as ruled boxes that share their full-width rules, so all of a
page's rules join one connected group and one grid whose columns are the union of every
section's. The group is cut at a full-width horizontal rule where the column rules change
completely: no inner vertical crosses it, the inner verticals above end on it and those
below start on it, at other x positions (none within ``tol`` of one on the other side), and
each side is a ruled table of its own (its inner verticals all run the same two rows or
more: a form's field dividers, each as tall as its own field, make no table). A
spanning header's sub-column rules also start under a rule, but the header's own column
rules cross that rule: no cut.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..types import Rect, Rule, TableRegion
from .regions import RULE_DECIMALS, SIDE_TOLS, Candidate

# Why no user would change these: positions are compared with merge.snap (``tol``); a
# section is a table by the same count of rows the ruled grid asks for.
SECTION_ROWS = 2  # rows (drawn) each side of a cut needs to be a ruled table of its own
CUT = ("sections with their own columns: a form's ruled sections share this full-width rule, the column "
       "rules above end on it and other ones start below; cut into separate tables here")


def cut_sections(cands: Sequence[Candidate], tol: float, said: list[TableRegion] | None = None) -> list[Candidate]:
    """``cands`` with each ruled group cut at the rules where its sections' columns change;
    each cut is noted in ``said`` (parameter ``tables.section_cut``)."""
    out: list[Candidate] = []
    for c in cands:
        cuts = _cuts(c, tol) if c.source == "ruled" else []
        edges = [c.bbox.y0, *cuts, c.bbox.y1]
        out.extend(_piece(c, a, b, tol) for a, b in zip(edges, edges[1:], strict=False))
        if said is not None:
            said.extend(TableRegion(Rect(c.bbox.x0, y - tol, c.bbox.x1, y + tol), "ruled", CUT, "tables.section_cut")
                        for y in cuts)
    return out


def _cuts(c: Candidate, tol: float) -> list[float]:
    box = c.bbox
    hs = [r for r in c.rules if r.orient == "h"]
    inner = [r for r in c.rules if r.orient == "v" and box.x0 + SIDE_TOLS * tol < r.pos < box.x1 - SIDE_TOLS * tol]
    wide = sorted({round(r.pos, RULE_DECIMALS) for r in hs
                   if r.start <= box.x0 + SIDE_TOLS * tol and r.end >= box.x1 - SIDE_TOLS * tol})
    out: list[float] = []
    top = box.y0
    for y in wide:
        if _cut_here(y, top, box.y1, hs, inner, tol):
            out.append(y)
            top = y
    return out


def _cut_here(y: float, top: float, bottom: float, hs: Sequence[Rule], inner: Sequence[Rule], tol: float) -> bool:
    if any(v.start < y - tol and v.end > y + tol for v in inner):
        return False  # a column rule runs through: one table
    above = [v for v in inner if abs(v.end - y) <= tol and v.start >= top - tol]
    below = [v for v in inner if abs(v.start - y) <= tol and v.end <= bottom + tol]
    if not above or not below or any(abs(a.pos - b.pos) <= tol for a in above for b in below):
        return False
    return _table_side([v.start for v in above], y, hs, tol) and _table_side([v.end for v in below], y, hs, tol)


def _table_side(far: Sequence[float], y: float, hs: Sequence[Rule], tol: float) -> bool:
    """Is the side of the cut whose column rules end at ``far`` (their other ends) a ruled table
    of its own: its column rules all run the same rows (a form's field dividers, each as tall
    as its field, do not), two rows or more?"""
    if max(far) - min(far) > tol:
        return False
    lo, hi = sorted((far[0], y))
    return len({round(r.pos) for r in hs if lo - tol <= r.pos <= hi + tol}) - 1 >= SECTION_ROWS


def _piece(c: Candidate, top: float, bottom: float, tol: float) -> Candidate:
    """The rules of ``c`` between ``top`` and ``bottom`` (a vertical through both cut to them)."""
    if top == c.bbox.y0 and bottom == c.bbox.y1:
        return c
    rules = [r for r in c.rules if r.orient == "h" and top - tol <= r.pos <= bottom + tol]
    for v in (r for r in c.rules if r.orient == "v"):
        if v.end > top + tol and v.start < bottom - tol:
            rules.append(dataclasses.replace(v, start=max(v.start, top), end=min(v.end, bottom)))
    return Candidate(Rect.bounding([r.bbox for r in rules]), c.source, tuple(rules))
