"""Thin columns: a column boundary pair around text on too few lines loses one of its two.

The projection (``columns.column_boundaries``) lets a tenth of the lines cross a gap, so the
spaces of a few lines' labels ("Minimum balance" over "£500,000 max") and a head standing in a
gap alone ("Quantity" left of the amounts it heads) make columns of a line or two. Each such
column joins a neighbour by dropping one of its boundaries; which one says where its text goes.
Coordinates in PDF points.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from .gapcuts import is_flush

if TYPE_CHECKING:  # the column module imports this one: its types only for the checker
    from .columns import Segment


def drop_thin_columns(bounds: list[float], segs: Sequence[Segment], min_rows: int) -> list[float]:
    """Remove boundaries that create a column with words in fewer than ``min_rows`` lines."""
    bounds = list(bounds)
    centre = np.array([(s.x0 + s.x1) / 2 for s in segs], dtype=float)
    line = np.array([s.line for s in segs], dtype=int)
    while bounds:
        column = np.searchsorted(np.asarray(bounds), centre, side="right")
        counts = [len(set(line[column == k].tolist())) for k in range(len(bounds) + 1)]
        worst = int(np.argmin(counts))
        if counts[worst] >= min_rows:
            break
        # Merge the thin column into a neighbour by dropping one boundary: away from a
        # neighbour set flush against it that its text stands off (``_stands_off``), else into
        # the one with no text on the thin column's lines (a header left-aligned over right-aligned numbers
        # joins its own column, not the previous header's), else into the narrower-gap one.
        drop = worst - 1 if worst == len(bounds) else worst
        if worst > 0 and worst < len(bounds) and not counts[worst]:
            drop = _more_crossed(bounds, segs, worst)
        elif worst > 0 and worst < len(bounds):
            mine = set(line[column == worst].tolist())
            left_busy = bool(mine & set(line[column == worst - 1].tolist()))
            right_busy = bool(mine & set(line[column == worst + 1].tolist()))
            facing = _stands_off(segs, column, worst)
            if facing is not None:
                drop = facing
            elif left_busy != right_busy:
                drop = worst if left_busy else worst - 1
            else:
                right_gap, left_gap = _gap(segs, column, worst, worst + 1), _gap(segs, column, worst - 1, worst)
                drop = worst if right_gap <= left_gap else worst - 1
        bounds.pop(drop)
    return bounds


def _stands_off(segs: Sequence[Segment], column: np.ndarray, k: int) -> int | None:
    """Which boundary of the thin column ``k`` to drop when its text stands off a neighbour set
    flush against it: past the right edge where the amounts of the column before end ("Net"
    six points right of a quantity column set right: it heads the column after, 1 + k - 1 = k
    goes) or before the left edge where the text of the column after starts (k - 1 goes).
    A head over right-aligned amounts never starts right of where they end; the body's
    alignment over many rows says more than where a header line's other words stand.
    None: neither, or both."""
    mine = [s for s, c in zip(segs, column, strict=True) if c == k]
    if not mine:
        return None
    before = _line_ends(segs, column, k - 1, last=True)
    after = _line_ends(segs, column, k + 1, last=False)
    off_left = is_flush(before[1]) and not is_flush(before[0]) and min(s.x0 for s in mine) > max(before[1])
    off_right = is_flush(after[0]) and not is_flush(after[1]) and max(s.x1 for s in mine) < min(after[0])
    if off_left == off_right:
        return None
    return k if off_left else k - 1


def _line_ends(segs: Sequence[Segment], column: np.ndarray, k: int, last: bool) -> tuple[list[float], list[float]]:
    """Per line of column ``k``, the (x0, x1) of its last (``last``) or first segment, as two lists."""
    best: dict[int, Segment] = {}
    for s, c in zip(segs, column, strict=True):
        old = best.get(s.line)
        if c == k and (old is None or (s.x1 > old.x1 if last else s.x0 < old.x0)):
            best[s.line] = s
    return [s.x0 for s in best.values()], [s.x1 for s in best.values()]


def _more_crossed(bounds: Sequence[float], segs: Sequence[Segment], k: int) -> int:
    """Which of the two boundaries around the empty column ``k`` goes: the one more lines' text
    crosses (ties: the right one). Both lie in one white between the columns beside them; the
    fewer lines cross where a boundary stands, the more of the body's gap it is. A gap a
    header's word space found ("Minimum balance" over "£500,000 max", both inside one column)
    goes, not the body's own gap beside it."""
    def crossed(x: float) -> int:
        return sum(1 for s in segs if s.x0 < x < s.x1)
    return k - 1 if crossed(bounds[k - 1]) > crossed(bounds[k]) else k


def _gap(segs: Sequence[Segment], column: np.ndarray, a: int, b: int) -> float:
    """White space between the text of column ``a`` and of column ``b`` (= a + 1), pt."""
    right = max((s.x1 for s, k in zip(segs, column, strict=True) if k == a), default=-np.inf)
    left = min((s.x0 for s, k in zip(segs, column, strict=True) if k == b), default=np.inf)
    return float(left - right)
