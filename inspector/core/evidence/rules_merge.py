"""Vector + raster rules -> one set: snap, join collinear pieces, de-duplicate.

A raster rule that repeats a vector rule (same line within ``snap``, overlapping extent)
is dropped: the vector rule is exact. ``RuleIndex.covered`` (how much of a line some rules
draw) is also the grid stage's test for a separator being there. Raster rules that extend a vector rule or stand
alone (a scan, a rule the vectors miss) are kept.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from ..params import MergeParams
from ..types import RejectedRule, Rule
from .rules_vector import join_collinear


def merge_rules(vector: Sequence[Rule], raster: Sequence[Rule],
                params: MergeParams) -> tuple[tuple[Rule, ...], tuple[RejectedRule, ...]]:
    """Merged rules sorted (orientation, position, start), and raster duplicates as rejected."""
    extra: list[Rule] = []
    dropped: list[RejectedRule] = []
    drawn = RuleIndex(vector) if raster else None
    for r in raster:
        if r.length > 0 and drawn is not None and drawn.covered(r.orient, r.pos, r.start, r.end, params.snap) >= 0.8:
            dropped.append(RejectedRule(r, "duplicate of a vector rule"))
        else:
            extra.append(r)
    joined = join_collinear([*vector, *extra], gap=params.join_gap, pos_tol=params.snap)
    joined.sort(key=lambda r: (r.orient, r.pos, r.start))
    return tuple(joined), tuple(dropped)


class RuleIndex:
    """A set of rules sorted by position per orientation, to find the rules near a position
    without a scan. Built once per rule set by whoever holds the set (the merge for the
    vector rules, a region's evidence for its rules) and passed along: nothing is cached at
    module level, so threads share nothing."""

    __slots__ = ("rules", "_by")

    def __init__(self, rules: Sequence[Rule]) -> None:
        self.rules = rules
        self._by: dict[str, tuple[list[float], list[Rule]]] = {}
        for o in ("h", "v"):
            same = sorted((r for r in rules if r.orient == o), key=lambda r: r.pos)
            self._by[o] = ([r.pos for r in same], same)

    def near(self, orient: str, pos: float, snap: float) -> list[Rule]:
        """Rules of ``orient`` within ``snap`` (pt) of ``pos``, in position order."""
        ps, rs = self._by[orient]
        return rs[bisect_left(ps, pos - snap):bisect_right(ps, pos + snap)]

    def covered(self, orient: str, pos: float, a: float, b: float, snap: float) -> float:
        """Fraction of [a, b] on rules of ``orient`` at ``pos`` (within ``snap``, pt)."""
        if b <= a:
            return 1.0
        ps, rs = self._by[orient]
        lo, hi = bisect_left(ps, pos - snap), bisect_right(ps, pos + snap)
        if lo == hi:  # no rule near (a text gap, a band open at a side): nothing to sort
            return 0.0
        spans = sorted((max(r.start, a), min(r.end, b)) for r in rs[lo:hi] if r.end > a and r.start < b)
        total, end = 0.0, a
        for s, e in spans:
            s = max(s, end)
            if e > s:
                total += e - s
                end = e
        return total / (b - a)
