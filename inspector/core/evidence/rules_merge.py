"""Vector + raster rules -> one set: snap, join collinear pieces, de-duplicate.

A raster rule that repeats a vector rule (same line within ``snap``, overlapping extent)
is dropped: the vector rule is exact. ``covered`` (how much of a line some rules draw) is
also the grid stage's test for a separator being there. Raster rules that extend a vector rule or stand
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
    for r in raster:
        if r.length > 0 and covered(vector, r.orient, r.pos, r.start, r.end, params.snap) >= 0.8:
            dropped.append(RejectedRule(r, "duplicate of a vector rule"))
        else:
            extra.append(r)
    joined = join_collinear([*vector, *extra], gap=params.join_gap, pos_tol=params.snap)
    joined.sort(key=lambda r: (r.orient, r.pos, r.start))
    return tuple(joined), tuple(dropped)


SNAP = 2.0  # pt: a rule this close to a position lies on it


def covered(rules: Sequence[Rule], orient: str, pos: float, a: float, b: float, snap: float = SNAP) -> float:
    """Fraction of [a, b] on rules of ``orient`` at ``pos`` (within ``snap``)."""
    if b <= a:
        return 1.0
    spans = sorted((max(r.start, a), min(r.end, b)) for r in near_rules(rules, orient, pos, snap)
                   if r.end > a and r.start < b)
    total, end = 0.0, a
    for s, e in spans:
        s = max(s, end)
        if e > s:
            total += e - s
            end = e
    return total / (b - a)


_BY_POS: dict[int, tuple[Sequence[Rule], dict[str, tuple[list[float], list[Rule]]]]] = {}


def near_rules(rules: Sequence[Rule], orient: str, pos: float, snap: float) -> list[Rule]:
    """Rules of ``orient`` within ``snap`` of ``pos``, via a per-rule-set index sorted by position."""
    key = id(rules)
    hit = _BY_POS.get(key)
    if hit is None or hit[0] is not rules:
        index = {}
        for o in ("h", "v"):
            same = sorted((r for r in rules if r.orient == o), key=lambda r: r.pos)
            index[o] = ([r.pos for r in same], same)
        if len(_BY_POS) > 64:
            _BY_POS.clear()
        hit = _BY_POS[key] = (rules, index)
    ps, rs = hit[1][orient]
    return rs[bisect_left(ps, pos - snap):bisect_right(ps, pos + snap)]
