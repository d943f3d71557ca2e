"""Placing a table with no coordinates (CSV, Markdown, HTML) on a page, by its cell texts.

Each non-empty cell is looked for as a run of consecutive page words (reading order) whose
texts, with white space removed, spell the cell's text. A text found once on the page is an
anchor; the anchors give each row a y and each column an x, and a text found several times
takes the place nearest its row and column. Row and column boundaries fall midway between
the found texts of neighbours, so cells not found still get a box and the whole grid can be
drawn (and adopted as a starting point). ``score`` is the share of non-empty cells found.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..core.geometry import slot_box
from ..core.text import norm_text
from ..core.types import Cell, Rect, Table, Word
from .sources import ZERO, Unplaced

MIN_SCORE = 0.3  # a table whose cells are found less than this on a page is not on it
squash = norm_text  # text compared with white space removed (as the ICDAR adjacency metric does)


@dataclass(frozen=True)
class Placed:
    """``table`` placed on its page; ``score`` the share of its non-empty cells found there;
    ``xs``/``ys`` its column and row boundaries (points; empty when no row or column was
    found, the cells then keep only their found boxes); ``found`` the found text box of each
    cell found, by its (r, c)."""

    table: Table
    score: float
    xs: tuple[float, ...] = ()
    ys: tuple[float, ...] = ()
    found: tuple[tuple[tuple[int, int], Rect], ...] = ()


def word_starts(words: Sequence[Word]) -> dict[str, list[int]]:
    """Each word text (white space removed) -> the indices of the ``words`` spelling it: where
    ``find_runs`` looks a run's first word up."""
    starts: dict[str, list[int]] = defaultdict(list)
    for i, w in enumerate(words):
        key = squash(w.text)
        if key:
            starts[key].append(i)
    return starts


def find_runs(target: str, words: Sequence[Word], starts: dict[str, list[int]]) -> list[Rect]:
    """Boxes of every run of consecutive ``words`` spelling ``target`` (white space removed);
    ``starts`` is ``word_starts(words)``."""
    out = []
    # The words a run can start with are the target's prefixes: looked up, not searched for.
    for first in (target[:n] for n in range(1, len(target) + 1) if target[:n] in starts):
        for i in starts[first]:
            acc, j = "", i
            while j < len(words) and len(acc) < len(target):
                acc += squash(words[j].text)
                j += 1
            if acc == target:
                out.append(Rect.bounding([w.bbox for w in words[i:j]]))
    return out


def place(table: Unplaced, words: Sequence[Word], page: int) -> Placed | None:
    """``table`` on the page of ``words`` (1-based ``page``), or None if too few cells are found."""
    starts = word_starts(words)
    wanted = [c for c in table.cells if squash(c.text)]
    if not wanted:
        return None
    found = {(c.r, c.c): find_runs(squash(c.text), words, starts) for c in wanted}
    chosen = _choose(found)
    score = len(chosen) / len(wanted)
    if score < MIN_SCORE:
        return None
    cells, xs, ys = _boxes(table, chosen)
    boxes = [c.bbox for c in cells if c.bbox.area > 0]
    return Placed(Table(Rect.bounding(boxes), table.n_rows, table.n_cols, tuple(cells), page=page,
                        header_rows=table.header_rows), score, tuple(xs), tuple(ys), tuple(sorted(chosen.items())))


def _choose(found: dict[tuple[int, int], list[Rect]]) -> dict[tuple[int, int], Rect]:
    """One box per cell: anchors (found once) first, then the candidate nearest its row's y
    and its column's x as the anchors place them."""
    chosen = {slot: boxes[0] for slot, boxes in found.items() if len(boxes) == 1}
    if not chosen:  # no anchor: start from the candidates nearest the middle of them all
        every = [b for boxes in found.values() for b in boxes]
        if not every:
            return {}
        mx, my = statistics.median(b.cx for b in every), statistics.median(b.cy for b in every)
        slot, boxes = min(((s, bs) for s, bs in found.items() if bs),
                          key=lambda sb: min(abs(b.cx - mx) + abs(b.cy - my) for b in sb[1]))
        chosen[slot] = min(boxes, key=lambda b: abs(b.cx - mx) + abs(b.cy - my))
    for slot, boxes in sorted(found.items()):
        if slot in chosen or not boxes:
            continue
        x, y = _expected(slot, chosen)
        chosen[slot] = min(boxes, key=lambda b: abs(b.cx - x) + abs(b.cy - y))
    return chosen


def _expected(slot: tuple[int, int], chosen: dict[tuple[int, int], Rect]) -> tuple[float, float]:
    """Where a cell should be: its column's median x and its row's median y among the chosen
    boxes; missing ones extrapolated from the nearest row/column."""
    r, c = slot
    same_col = [b.cx for (rr, cc), b in chosen.items() if cc == c]
    same_row = [b.cy for (rr, cc), b in chosen.items() if rr == r]
    if not same_col:
        same_col = [min(chosen.items(), key=lambda kv: abs(kv[0][1] - c))[1].cx]
    if not same_row:
        near = min(chosen.items(), key=lambda kv: abs(kv[0][0] - r))
        same_row = [near[1].cy + (r - near[0][0]) * max(near[1].height, 1.0) * 1.5]
    return statistics.median(same_col), statistics.median(same_row)


def _edges(extents: dict[int, tuple[float, float]], n: int) -> list[float] | None:
    """n+1 ascending boundaries: midway between neighbouring rows' (or columns') extents,
    the outer ones at the extremes; unknown ones spaced evenly between known ones."""
    if not extents:
        return None
    lo, hi = min(a for a, _ in extents.values()), max(b for _, b in extents.values())
    out: list[float | None] = [None] * (n + 1)
    out[0], out[n] = lo, hi
    for i in range(1, n):
        before, after = extents.get(i - 1), extents.get(i)
        if before and after:
            out[i] = (before[1] + after[0]) / 2 if before[1] <= after[0] else after[0]
        elif after:
            out[i] = after[0]
        elif before:
            out[i] = before[1]
    known = {i: v for i, v in enumerate(out) if v is not None}  # holds 0 and n
    edges: list[float] = []
    for i in range(n + 1):
        if i in known:
            edges.append(known[i])
            continue
        a = max(k for k in known if k < i)
        b = min(k for k in known if k > i)
        edges.append(known[a] + (known[b] - known[a]) * (i - a) / (b - a))
    for i in range(1, n + 1):
        edges[i] = max(edges[i], edges[i - 1])
    return edges


def _boxes(table: Unplaced, chosen: dict[tuple[int, int], Rect]) -> tuple[list[Cell], list[float], list[float]]:
    """Cells with grid boxes: boundaries midway between the found texts of neighbouring
    rows and columns (single-slot cells decide), so their grid can be drawn and adopted."""
    spans = {(c.r, c.c): (c.rs, c.cs) for c in table.cells}
    cols: dict[int, tuple[float, float]] = {}
    rows: dict[int, tuple[float, float]] = {}
    for (r, c), b in chosen.items():
        rs, cs = spans.get((r, c), (1, 1))
        if cs == 1:
            lo, hi = cols.get(c, (b.x0, b.x1))
            cols[c] = (min(lo, b.x0), max(hi, b.x1))
        if rs == 1:
            lo, hi = rows.get(r, (b.y0, b.y1))
            rows[r] = (min(lo, b.y0), max(hi, b.y1))
    xs, ys = _edges(cols, table.n_cols), _edges(rows, table.n_rows)
    if xs is None or ys is None:
        return [replace(c, bbox=chosen.get((c.r, c.c), ZERO)) for c in table.cells], [], []
    return [replace(c, bbox=slot_box(xs, ys, c.r, c.c, c.rs, c.cs)) for c in table.cells], xs, ys


def best_page(table: Unplaced, pages: dict[int, Sequence[Word]]) -> Placed | None:
    """The placement on the page (of ``pages``: 1-based number -> words) where most cells are found."""
    if table.page is not None:
        words = pages.get(table.page)
        return place(table, words, table.page) if words is not None else None
    best: Placed | None = None
    for number, words in sorted(pages.items()):
        p = place(table, words, number)
        if p is not None and (best is None or p.score > best.score):
            best = p
    return best
