"""A plain-float test that a column search over a few pieces finds no boundary at all.

``grid._split_ruled_columns`` searches each drawn column of a ruled table for a column the
rules leave undivided (``columns.column_boundaries``), and ``group_labels.under_head_labels``
searches it again without its first one, two and three lines: on the ICDAR pages nine in ten
of these searches find nothing. A drawn column holds a score of pieces, where numpy's per-call
cost is most of a search's time. ``Column.finds_none`` says the
same "nothing" from the pieces' floats, in the search's own arithmetic: the projection's bins
(``columns._cover``), its free runs at least ``min_gap`` wide lying inside the text's extent,
and the flush ends ``gapcuts.flush_edges`` needs (three pieces' right ends chained within
``FLUSH_TOL``) before ``at_clip_edges`` may add a boundary. When it answers False the search
runs as before; when True the search would have returned []. Coordinates in PDF points.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Collection, Sequence

from .columns import Pieces
from .gapcuts import FLUSH_TOL, RESOLUTION, is_flush

SANE = 1e7  # pt: past this a float bin index overflows numpy's integer cast, not Python's


class Column:
    """A drawn column's pieces as plain floats, each with the projection's bins it covers
    (``columns._cover``'s, [first, end) from ``x0``), made once for the search over all its
    lines and those over its lines less its first ones."""

    def __init__(self, pieces: Pieces, x0: float, x1: float) -> None:
        self.lines: list[int] = pieces.line.tolist()
        self.x0s: list[float] = pieces.x0.tolist()
        self.x1s: list[float] = pieces.x1.tolist()
        self.x0, self.x1 = x0, x1
        every = [*self.x0s, *self.x1s, x0, x1]
        # Not finite or absurd: there numpy's integer casts and Python's differ (the search answers).
        self.sane = math.isfinite(sum(every)) and max(every) < SANE and -min(every) < SANE
        self.n, self.firsts, self.ends = 0, list[int](), list[int]()
        if self.sane and x1 > x0:
            n = self.n = math.ceil((x1 - x0) / RESOLUTION) + 1
            # The clipped bins: a start left of x0 falls in bin 0, an end past x1 in bin n.
            self.firsts = [min(int((a - x0) / RESOLUTION), n - 1) if a > x0 else 0 for a in self.x0s]
            self.ends = [max(math.ceil((b - x0) / RESOLUTION) + 1, 0) if b < x1 else n for b in self.x1s]

    def finds_none(self, limit: int, min_gap: float, without: Collection[int] = ()) -> bool:
        """True only when ``column_boundaries`` over the pieces not on the lines ``without``,
        ``limit`` lines allowed across a gap, ``min_gap`` (pt) the narrowest gap, returns no
        boundary when called with no clip edges: no free run of its projection inside the text's
        extent and no flush edge. False when it may find one, or when a coordinate is not
        finite or absurd."""
        keep = [i for i, ln in enumerate(self.lines) if ln not in without] if without else range(len(self.lines))
        if not keep or self.x1 <= self.x0:
            return True
        return self.sane and not self._flush_edge(keep, min_gap) and not self._inner_run(keep, limit, min_gap / RESOLUTION)

    def _inner_run(self, keep: Sequence[int], limit: int, min_len: float) -> bool:
        """Has the projection of the pieces ``keep`` a run of at least ``min_len`` bins covered by
        at most ``limit`` of them, starting after the bin of the leftmost piece's start and ending
        before the bin of the rightmost piece's end? The cover changes only at the pieces' first
        and past-the-end bins: one look per change, not per bin."""
        n, firsts, ends = self.n, sorted(self.firsts[i] for i in keep), sorted(self.ends[i] for i in keep)
        lo = int((min(self.x0s[i] for i in keep) - self.x0) / RESOLUTION)
        hi = int((max(self.x1s[i] for i in keep) - self.x0) / RESOLUTION)
        start = None  # where the current run of bins covered at most ``limit`` times began
        for at in sorted({0, *firsts, *ends}):
            if at >= n:
                break
            if bisect_right(firsts, at) - bisect_right(ends, at) <= limit:
                start = at if start is None else start
            elif start is not None:
                if at - start >= min_len and start > lo and at < hi:
                    return True
                start = None
        return start is not None and n - start >= min_len and start > lo and n < hi

    def _flush_edge(self, keep: Sequence[int], min_gap: float) -> bool:
        """Would ``gapcuts.flush_edges`` find an edge among the pieces ``keep``: a chain of three
        right ends or more at most ``FLUSH_TOL`` apart (``_end_chains``) ending at e, every piece
        starting in (e, e + 2 ``min_gap``) of one line, not of the chain's, which has text ending
        left of e - ``FLUSH_TOL``, the chain of three lines or more whose starts are ragged?"""
        x1s = self.x1s
        by_end = sorted(keep, key=x1s.__getitem__)
        by_start = sorted(keep, key=self.x0s.__getitem__)
        starts = [self.x0s[i] for i in by_start]
        chain: list[int] = []
        for i in by_end:
            if chain and x1s[i] - x1s[chain[-1]] > FLUSH_TOL:
                if len(chain) >= 3 and self._edge_after(chain, keep, by_start, starts, min_gap):
                    return True
                chain = []
            chain.append(i)
        return len(chain) >= 3 and self._edge_after(chain, keep, by_start, starts, min_gap)

    def _edge_after(self, chain: list[int], keep: Sequence[int], by_start: list[int], starts: list[float],
                    min_gap: float) -> bool:
        """``flush_edges``'s tests of one chain of right ends (piece indices, by end)."""
        e = self.x1s[chain[-1]]
        lines = self.lines
        after = {lines[i] for i in by_start[bisect_right(starts, e):bisect_left(starts, e + 2 * min_gap)]}
        if len(after) != 1:
            return False  # none, or several lines' (no lone header)
        (line,) = after
        rows = {lines[i] for i in chain}
        if line in rows or len(rows) < 3 or is_flush([self.x0s[i] for i in chain]):
            return False
        return any(lines[i] == line and self.x1s[i] < e - FLUSH_TOL for i in keep)
