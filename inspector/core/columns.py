"""Column bins from word alignment, and lines of text inside a region.

A *segment* is a run of words on one text line whose gaps are narrower than the column
gap: the text of one cell on that line. Column boundaries sit in x intervals that (almost)
no segment of the region covers, at least ``min_gap`` wide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .params import ColumnParams
from .types import Rect, Word

RESOLUTION = 0.5  # pt per projection cell


@dataclass(frozen=True)
class Line:
    """Words of one text line inside a region, left to right (indices into the page's words)."""

    word_ids: tuple[int, ...]
    bbox: Rect
    baseline: float


@dataclass(frozen=True)
class Segment:
    """Consecutive words of a line closer than the column gap."""

    word_ids: tuple[int, ...]
    x0: float
    x1: float
    line: int


def lines_in(words: Sequence[Word], ids: Sequence[int], tol: float = 0.35) -> list[Line]:
    """Cluster the words ``ids`` into text lines by baseline (``tol`` x font size)."""
    order = sorted(ids, key=lambda i: (words[i].baseline, words[i].bbox.x0))
    groups: list[list[int]] = []
    base: list[float] = []
    for i in order:
        w = words[i]
        t = tol * max(w.font_size, w.bbox.height * 0.8, 1.0)
        if groups and abs(w.baseline - base[-1]) <= t:
            groups[-1].append(i)
            base[-1] += (w.baseline - base[-1]) / len(groups[-1])
        else:
            groups.append([i])
            base.append(w.baseline)
    out = []
    for g, b in zip(groups, base, strict=True):
        g.sort(key=lambda i: words[i].bbox.x0)
        out.append(Line(tuple(g), Rect.bounding([words[i].bbox for i in g]), b))
    out.sort(key=lambda ln: ln.baseline)
    return out


def segments(words: Sequence[Word], lines: Sequence[Line], gap: float) -> list[Segment]:
    """Split each line where two words are at least ``gap`` apart."""
    out: list[Segment] = []
    for li, line in enumerate(lines):
        cur = [line.word_ids[0]]
        for i in line.word_ids[1:]:
            prev = words[cur[-1]]
            if words[i].bbox.x0 - prev.bbox.x1 >= _gap_for(prev, gap):
                out.append(_segment(words, cur, li))
                cur = [i]
            else:
                cur.append(i)
        out.append(_segment(words, cur, li))
    return out


def _gap_for(w: Word, gap: float) -> float:
    # Large type has wide word spaces: never split inside a normal space of the font.
    return max(gap, 0.5 * w.font_size) if w.font_size else gap


def _segment(words: Sequence[Word], ids: list[int], line: int) -> Segment:
    return Segment(tuple(ids), min(words[i].bbox.x0 for i in ids), max(words[i].bbox.x1 for i in ids), line)


def column_boundaries(segs: Sequence[Segment], x0: float, x1: float, n_lines: int,
                      params: ColumnParams, allowed_crossings: int | None = None) -> list[float]:
    """Inner column boundaries (ascending x) inside [x0, x1].

    A boundary is the middle of an interval at least ``min_gap`` wide that at most
    ``allowed_crossings`` lines cover (default: a tenth of the lines, so a spanning title
    row does not hide the columns under it).
    """
    if not segs or x1 <= x0:
        return []
    n = int(np.ceil((x1 - x0) / RESOLUTION)) + 1
    cover = np.zeros(n, dtype=np.int32)
    for s in segs:
        a = int((max(s.x0, x0) - x0) / RESOLUTION)
        b = int(np.ceil((min(s.x1, x1) - x0) / RESOLUTION))
        cover[a:b + 1] += 1
    limit = n_lines // 10 if allowed_crossings is None else allowed_crossings
    free = cover <= limit
    inner = _free_runs(free, params.min_gap / RESOLUTION)
    lo = int((min(s.x0 for s in segs) - x0) / RESOLUTION)
    hi = int((max(s.x1 for s in segs) - x0) / RESOLUTION)
    return [x0 + (a + b) / 2 * RESOLUTION for a, b in inner if a > lo and b < hi]


def _free_runs(free: np.ndarray, min_len: float) -> list[tuple[int, int]]:
    padded = np.concatenate(([False], free, [False]))
    d = np.diff(padded.astype(np.int8))
    starts, ends = np.flatnonzero(d == 1), np.flatnonzero(d == -1)
    return [(int(a), int(b)) for a, b in zip(starts, ends, strict=True) if b - a >= min_len]


def drop_thin_columns(bounds: list[float], segs: Sequence[Segment], min_rows: int) -> list[float]:
    """Remove boundaries that create a column with words in fewer than ``min_rows`` lines."""
    bounds = list(bounds)
    while bounds:
        edges = [-np.inf, *bounds, np.inf]
        counts = [len({s.line for s in segs if edges[k] <= (s.x0 + s.x1) / 2 < edges[k + 1]})
                  for k in range(len(edges) - 1)]
        worst = int(np.argmin(counts))
        if counts[worst] >= min_rows:
            break
        # Merge the thin column into its narrower-gap neighbour by dropping one boundary.
        drop = worst - 1 if worst == len(bounds) else worst
        if worst > 0 and worst < len(bounds):
            drop = worst if counts[worst + 1] <= counts[worst - 1] else worst - 1
        bounds.pop(drop)
    return bounds


def merge_complementary(bounds: list[float], segs: Sequence[Segment]) -> list[float]:
    """Remove a boundary between two columns that no line fills both of.

    Text aligned differently within one column ("n/a" left, numbers right) leaves a gap
    on every line, but the two parts never share a line: they are one column.
    """
    bounds = list(bounds)
    k = 0
    while k < len(bounds):
        lo = bounds[k - 1] if k > 0 else -np.inf
        hi = bounds[k + 1] if k + 1 < len(bounds) else np.inf
        left = {s.line for s in segs if lo <= (s.x0 + s.x1) / 2 < bounds[k]}
        right = {s.line for s in segs if bounds[k] <= (s.x0 + s.x1) / 2 < hi}
        if left and right and not (left & right):
            bounds.pop(k)
        else:
            k += 1
    return bounds


def near_boundary(words: Sequence[Word], ids: Sequence[int], bounds: Sequence[float],
                  margin: float) -> set[int]:
    """Words whose box comes within ``margin`` of (or crosses) an inner column boundary."""
    out = set()
    for i in ids:
        b = words[i].bbox
        if any(b.x0 - margin <= x <= b.x1 + margin for x in bounds):
            out.add(i)
    return out
