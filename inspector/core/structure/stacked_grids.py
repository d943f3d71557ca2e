"""Ruled blocks stacked into one table: a dense ruled table whose verticals stop at its
full-width section rows.

Rate sheets and price lists rule each block of rows with verticals and set a section row
("Certificates of deposit") across the whole width between blocks, with no verticals through
it. Each block is then a connected group of rules of its own, sharing only the section row's
horizontal rules with its neighbours: the table came out as one piece per block. Blocks that
overlap or touch (within ``tol``, or with a fill across the width between them), have the
same sides and the same vertical rule positions are one table.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Fill, Rect
from .regions import RULE_DECIMALS, SIDE_TOLS, Candidate

# Why no user would change these: the blocks' sides and rules are matched with merge.snap
# (``tol``); this only says how many rules make a drawn grid's columns.
MIN_COLUMN_RULES = 2  # vertical rules each block needs for their positions to say "the same columns"


def join_stacked(cands: Sequence[Candidate], fills: Sequence[Fill], tol: float) -> list[Candidate]:
    """``cands`` with stacked blocks of one table joined (top to bottom)."""
    ruled = sorted((c for c in cands if c.source == "ruled"), key=lambda c: c.bbox.y0)
    out: list[Candidate] = []
    for c in ruled:
        last = out[-1] if out else None
        if last is not None and _one_table(last, c, fills, tol):
            out[-1] = Candidate(last.bbox.union(c.bbox), "ruled", (*last.rules, *c.rules))
        else:
            out.append(c)
    return out + [c for c in cands if c.source != "ruled"]


def _one_table(a: Candidate, b: Candidate, fills: Sequence[Fill], tol: float) -> bool:
    if abs(a.bbox.x0 - b.bbox.x0) > SIDE_TOLS * tol or abs(a.bbox.x1 - b.bbox.x1) > SIDE_TOLS * tol:
        return False
    if not _same_columns(_verticals(a), _verticals(b), tol):
        return False
    gap = b.bbox.y0 - a.bbox.y1
    return gap <= tol or any(_band(f.bbox, a.bbox, a.bbox.y1, b.bbox.y0, tol) for f in fills)


def _verticals(c: Candidate) -> list[float]:
    return sorted({round(r.pos, RULE_DECIMALS) for r in c.rules if r.orient == "v"})


def _same_columns(xs: list[float], ys: list[float], tol: float) -> bool:
    return len(xs) == len(ys) >= MIN_COLUMN_RULES and all(abs(x - y) <= tol for x, y in zip(xs, ys, strict=True))


def _band(f: Rect, box: Rect, top: float, bottom: float, tol: float) -> bool:
    """Does fill ``f`` fill the gap [top, bottom] across ``box``'s width (a section band)?"""
    return f.y0 <= top + tol and f.y1 >= bottom - tol and f.x0 <= box.x0 + tol and f.x1 >= box.x1 - tol
