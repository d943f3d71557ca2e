"""Vector + raster rules -> one set: snap, join collinear pieces, de-duplicate.

A raster rule that repeats a vector rule (same line within ``snap``, overlapping extent)
is dropped: the vector rule is exact. Raster rules that extend a vector rule or stand
alone (a scan, a rule the vectors miss) are kept.
"""

from __future__ import annotations

from collections.abc import Sequence

from .params import MergeParams
from .rules_vector import join_collinear
from .types import RejectedRule, Rule


def merge_rules(vector: Sequence[Rule], raster: Sequence[Rule],
                params: MergeParams) -> tuple[tuple[Rule, ...], tuple[RejectedRule, ...]]:
    """Merged rules sorted (orientation, position, start), and raster duplicates as rejected."""
    extra: list[Rule] = []
    dropped: list[RejectedRule] = []
    for r in raster:
        cover = _covered_length(r, vector, params.snap)
        if cover >= 0.8 * r.length:
            dropped.append(RejectedRule(r, "duplicate of a vector rule"))
        else:
            extra.append(r)
    joined = join_collinear([*vector, *extra], gap=params.join_gap, pos_tol=params.snap)
    joined.sort(key=lambda r: (r.orient, r.pos, r.start))
    return tuple(joined), tuple(dropped)


def _covered_length(r: Rule, others: Sequence[Rule], snap: float) -> float:
    """Length of ``r`` lying on rules of ``others`` (same orientation, within ``snap``)."""
    spans = sorted((max(o.start, r.start), min(o.end, r.end)) for o in others
                   if o.orient == r.orient and abs(o.pos - r.pos) <= snap and o.end > r.start and o.start < r.end)
    total, cur_end = 0.0, r.start
    for a, b in spans:
        a = max(a, cur_end)
        if b > a:
            total += b - a
            cur_end = b
    return total
