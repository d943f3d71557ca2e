"""A spreadsheet's blank spacer column: one table's rules broken over an empty column.

A sheet's author often leaves a narrow empty column between groups of amounts (actuals |
budget). Borders belong to cells, so the rule under the header, the totals rule and the
double underline stop at the spacer and start again beyond it, at the very same heights: the
rules make two groups, and the group right of the spacer, amounts only, is no table of its own
(one column, or no row labels). Two groups of stacked horizontal rules are one table when

- they stand side by side with a gap narrower than ``SPACER_EM`` of the type beside it,
- every rule height of the group with fewer heights is one of the other's (two at least), and
- the words between the right group's rules (under its header band) are amounts (``AMOUNTS`` of them):
  a second table beside the first would have row labels of its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..numbers import is_number
from ..page_marks import Rule, Word
from ..types import Rect
from .regions import Candidate

# Why no user would change these: each is a share of the page's own type and rules or a pt slack
# of a stroke's position, the same for every spreadsheet program.
SPACER_EM = 4.0  # a spacer column is at most this many ems of the table's type wide (a column of 1.5-3 characters, padded)
SAME_HEIGHT = 1.0  # pt two rules' heights differ by at most to be one border broken by the spacer
AMOUNTS = 0.8  # share of the words between the right group's rules that are amounts (no row labels of its own)
MIN_SHARED = 2  # rule heights both groups share (a header rule and a totals rule)


def _heights(c: Candidate) -> list[float]:
    ys: list[float] = []
    for r in sorted(c.rules, key=lambda r: r.pos):
        if r.orient == "h" and (not ys or r.pos - ys[-1] > SAME_HEIGHT):
            ys.append(r.pos)
    return ys


def shared_heights(a: Sequence[float], b: Sequence[float]) -> int:
    """How many heights of the shorter list have one of the other within ``SAME_HEIGHT``; 0 when
    some height of the shorter has none (a group with a rule of its own is another table's)."""
    short, other = (a, b) if len(a) <= len(b) else (b, a)
    if not all(any(abs(y - o) <= SAME_HEIGHT for o in other) for y in short):
        return 0
    return len(short)


def spacer_break(hs: Sequence[Rule], left: float, right: float) -> int:
    """How many heights have a horizontal rule of ``hs`` ending between ``left`` and ``right``
    (x, pt) and another starting after it there, a gap between: the borders a spacer column
    breaks (0 when fewer than ``MIN_SHARED``)."""
    ends = [r for r in hs if left < r.end < right]
    starts = [r for r in hs if left < r.start < right]
    heights = {round(a.pos) for a in ends for b in starts
               if abs(a.pos - b.pos) <= SAME_HEIGHT and b.start - a.end > SAME_HEIGHT}
    return len(heights) if len(heights) >= MIN_SHARED else 0


def _amounts(c: Candidate, words: Sequence[Word]) -> bool:
    """Are the words between ``c``'s rules amounts? A header band (the first of three rule
    heights or more: a filled header's edges) is left out."""
    box, hs = c.bbox, _heights(c)
    top = hs[1] if len(hs) >= 3 else box.y0
    inside = [w for w in words if box.x0 <= w.bbox.cx <= box.x1 and top < w.bbox.cy < box.y1 and not w.in_no_table]
    return bool(inside) and sum(is_number(w.text) or not w.text.strip("$€£%()-−") for w in inside) >= AMOUNTS * len(inside)


def _em(box: Rect, words: Sequence[Word]) -> float:
    sizes = sorted(w.font_size for w in words if box.y0 < w.bbox.cy < box.y1 and box.x0 <= w.bbox.cx <= box.x1)
    return sizes[len(sizes) // 2] if sizes else 0.0


def spacer_pair(a: Candidate, b: Candidate, words: Sequence[Word]) -> bool:
    """Is ``b`` (right of ``a``) the same table's amounts beyond a blank spacer column?"""
    gap = b.bbox.x0 - a.bbox.x1
    if gap <= 0 or gap > SPACER_EM * _em(a.bbox, words):
        return False
    if shared_heights(_heights(a), _heights(b)) < MIN_SHARED:
        return False
    return _amounts(b, words)


def join_spacers(cands: Sequence[Candidate], words: Sequence[Word]) -> list[Candidate]:
    """``cands`` with each group of horizontal rules that continues a group left of it over a
    spacer column joined to that one (its box and rules added); the order otherwise kept."""
    out = list(cands)
    joined = True
    while joined:
        joined = False
        for i, a in enumerate(out):
            j = next((j for j, b in enumerate(out) if j != i and a.source == b.source == "horizontal_rules"
                      and spacer_pair(a, b, words)), None)
            if j is not None:
                out[i] = Candidate(a.bbox.union(out[j].bbox), a.source, (*a.rules, *out[j].rules))
                del out[j]
                joined = True
                break
    return out
