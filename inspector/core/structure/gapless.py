"""A plain-float test that a column search over a few pieces finds no boundary at all.

``group_labels.under_head_labels`` searches each drawn column of a ruled table again without
its first one, two and three lines (``columns.column_boundaries``), up to three searches a
column, and on the ICDAR pages nine in ten of them find nothing. A drawn column holds a score
of pieces, where numpy's per-call cost is most of a search's time. ``finds_none`` says the
same "nothing" from the pieces' floats, in the search's own arithmetic: the projection's bins
(``columns._cover``), its free runs at least ``min_gap`` wide lying inside the text's extent,
and the flush ends ``gapcuts.flush_edges`` needs (three pieces' right ends chained within
``FLUSH_TOL``) before ``at_clip_edges`` may add a boundary. When it answers False the search
runs as before; when True the search would have returned []. Coordinates in PDF points.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence

from .gapcuts import FLUSH_TOL, RESOLUTION, is_flush

SANE = 1e7  # pt: past this a float bin index overflows numpy's integer cast, not Python's


def finds_none(lines: Sequence[int], x0s: Sequence[float], x1s: Sequence[float], x0: float, x1: float,
               limit: int, min_gap: float) -> bool:
    """True only when ``column_boundaries`` over the pieces (``lines``, ``x0s``, ``x1s``, pt) inside
    [``x0``, ``x1``], ``limit`` lines allowed across a gap, ``min_gap`` (pt) the narrowest gap,
    returns no boundary when called with no clip edges: no free run of its projection inside
    the text's extent and no flush edge. False when it may find one, or when a
    coordinate is not finite or absurd (there numpy's integer casts and Python's differ, so
    the search itself answers)."""
    if not x0s or x1 <= x0:
        return True
    if not math.isfinite(sum(x0s) + sum(x1s) + x0 + x1):
        return False
    if max(max(x0s), max(x1s), -min(x0s), -min(x1s), abs(x0), abs(x1)) >= SANE:
        return False
    return not _flush_edge(lines, x0s, x1s, min_gap) and not _inner_run(x0s, x1s, x0, x1, limit, min_gap / RESOLUTION)


def _inner_run(x0s: Sequence[float], x1s: Sequence[float], x0: float, x1: float, limit: int,
               min_len: float) -> bool:
    """Has the projection of ``columns._cover`` (bins of ``RESOLUTION`` pt from ``x0``) a run of
    at least ``min_len`` bins covered by at most ``limit`` pieces, starting after the bin of the
    leftmost piece's start and ending before the bin of the rightmost piece's end? The cover
    changes only at the pieces' first and past-the-end bins: one look per change, not per bin."""
    n = math.ceil((x1 - x0) / RESOLUTION) + 1
    # ``_cover``'s clipped bins: a start left of x0 falls in bin 0, an end past x1 in bin n.
    firsts = sorted(min(int((a - x0) / RESOLUTION), n - 1) if a > x0 else 0 for a in x0s)
    ends = sorted(max(math.ceil((b - x0) / RESOLUTION) + 1, 0) if b < x1 else n for b in x1s)
    lo, hi = int((min(x0s) - x0) / RESOLUTION), int((max(x1s) - x0) / RESOLUTION)
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


def _flush_edge(lines: Sequence[int], x0s: Sequence[float], x1s: Sequence[float], min_gap: float) -> bool:
    """Would ``gapcuts.flush_edges`` find an edge: a chain of three right ends or more at most
    ``FLUSH_TOL`` apart (``_end_chains``) ending at e, every piece starting in (e, e + 2
    ``min_gap``) of one line, not of the chain's, which has text ending left of e - ``FLUSH_TOL``,
    the chain of three lines or more whose starts are ragged? Its tests in its order, on floats."""
    by_end = sorted(range(len(x1s)), key=x1s.__getitem__)
    chain: list[int] = []
    for i in by_end:
        if chain and x1s[i] - x1s[chain[-1]] > FLUSH_TOL:
            if len(chain) >= 3 and _edge_after(chain, lines, x0s, x1s, min_gap):
                return True
            chain = []
        chain.append(i)
    return len(chain) >= 3 and _edge_after(chain, lines, x0s, x1s, min_gap)


def _edge_after(chain: list[int], lines: Sequence[int], x0s: Sequence[float], x1s: Sequence[float],
                min_gap: float) -> bool:
    """``flush_edges``'s tests of one chain of right ends (piece indices, by end)."""
    e = x1s[chain[-1]]
    after = {lines[i] for i, a in enumerate(x0s) if e < a < e + 2 * min_gap}
    if len(after) != 1:
        return False  # none, or several lines' (no lone header)
    (line,) = after
    rows = {lines[i] for i in chain}
    if line in rows or len(rows) < 3 or is_flush([x0s[i] for i in chain]):
        return False
    return any(ln == line and b < e - FLUSH_TOL for ln, b in zip(lines, x1s, strict=True))
