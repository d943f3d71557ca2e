"""Column gaps under group labels: a label centred over a group of columns hides no column.

A statistical table sets its group labels ("Year of data", "Enrollment, in thousands",
"Percentage difference between actual and projected values") each alone on its line, centred
over the columns it groups. Such a line crosses the column gaps under it; when a table has
more of them than ``columns.spanning_lines`` allows (four in thirteen lines), the gap between
two of its number columns is lost and their amounts come out in one cell. A line holding one
piece of text that is centred over a group of the columns the other lines find says nothing
against those columns: the gaps the other lines leave under it stay boundaries (the label
becomes a cell spanning its group).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np

from ..params import ColumnParams
from .columns import Pieces, Segment, column_boundaries

MIN_ROWS = 3  # lines of several pieces needed before their gaps may stand under a label
CENTRED = 0.08  # a label's centre lies within this share of its group's width from the group's centre


def under_group_labels(inner: list[float], pieces: Pieces, segs: Sequence[Segment], x0: float, x1: float,
                       params: ColumnParams) -> list[float]:
    """``inner`` (column boundaries found over every line) and the boundaries the lines of
    several pieces leave that only lines of one centred piece cross (see the module doc)."""
    per_line = Counter(s.line for s in segs)
    lone = {ln for ln, n in per_line.items() if n == 1}
    n_rest = len(per_line) - len(lone)
    if not lone or n_rest < max(MIN_ROWS, params.min_rows):
        return inner
    keep = ~np.isin(pieces.line, list(lone))
    rest = Pieces(pieces.x0[keep], pieces.x1[keep], pieces.line[keep])
    found = column_boundaries(rest, x0, x1, n_rest, params)
    xs = [x0, *found, x1]
    extents = [_extent(rest, a, b) for a, b in zip(xs, xs[1:], strict=False)]
    labels = [s for s in segs if s.line in lone]
    added = []
    for k, x in enumerate(found, start=1):
        lo, hi = extents[k - 1], extents[k]
        if lo is None or hi is None or any(lo[1] < y < hi[0] for y in inner):
            continue  # already a boundary in this gap
        crossing = [s for s in labels if s.x0 < x < s.x1]
        if crossing and all(_centred(s, extents, k) for s in crossing):
            added.append(x)
    return sorted([*inner, *added])


def _extent(pieces: Pieces, a: float, b: float) -> tuple[float, float] | None:
    """Left and right edge of the text centred in [a, b), None when there is none."""
    inside = pieces.centred_in(a, b)
    return (float(inside.x0.min()), float(inside.x1.max())) if len(inside.x0) else None


def _centred(seg: Segment, extents: Sequence[tuple[float, float] | None], k: int) -> bool:
    """Is ``seg`` (crossing the boundary between columns ``k - 1`` and ``k``) centred over a
    run of columns holding those two and every column its text overlaps?"""
    hit = [j for j, e in enumerate(extents) if e is not None and e[0] < seg.x1 and e[1] > seg.x0]
    lo, hi = min([k - 1, *hit]), max([k, *hit])
    centre = (seg.x0 + seg.x1) / 2
    for first in range(lo, -1, -1):
        for last in range(hi, len(extents)):
            group = [e for e in extents[first:last + 1] if e is not None]
            left, right = group[0][0], group[-1][1]
            if abs(centre - (left + right) / 2) <= CENTRED * (right - left):
                return True
    return False
