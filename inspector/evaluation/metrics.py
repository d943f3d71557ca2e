"""Ground-truth metrics over core ``Table``s: cell retention, row integrity, label-number
pairing and table detection precision/recall at an IoU threshold.

Pure functions, no I/O. Text is compared the ICDAR 2013 way: with all whitespace removed
(``norm_text``). Scores are kept as counts (``Ratio``) so documents and runs add up exactly
(micro averages) instead of averaging averages.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.numbers import is_number
from ..core.text import norm_text
from ..core.types import Cell, Rect, Table


@dataclass(frozen=True, slots=True)
class Ratio:
    """``hit`` of ``total`` items passed; ``value`` is None when there was nothing to count."""

    hit: int = 0
    total: int = 0

    @property
    def value(self) -> float | None:
        return self.hit / self.total if self.total else None

    def __add__(self, other: Ratio) -> Ratio:
        return Ratio(self.hit + other.hit, self.total + other.total)


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a golden cell's text landed: ``table`` indexes the output list."""

    table: int
    cell: Cell

    def rows(self) -> range:
        return range(self.cell.r, self.cell.r + self.cell.rs)


@dataclass(frozen=True, slots=True)
class Detection:
    """Tables found at the IoU threshold: ``tp`` one-to-one matches."""

    tp: int
    n_golden: int
    n_output: int

    @property
    def precision(self) -> float | None:
        return self.tp / self.n_output if self.n_output else None

    @property
    def recall(self) -> float | None:
        return self.tp / self.n_golden if self.n_golden else None

    def __add__(self, other: Detection) -> Detection:
        return Detection(self.tp + other.tp, self.n_golden + other.n_golden, self.n_output + other.n_output)


def match_boxes(golden: Sequence[Rect], output: Sequence[Rect], min_iou: float = 0.5) -> list[tuple[int, int, float]]:
    """One-to-one (golden index, output index, IoU) pairs, greedy by IoU, each IoU >= ``min_iou``.

    ``min_iou`` 0 still requires some overlap (IoU > 0).
    """
    pairs = sorted(((g.iou(o), i, j) for i, g in enumerate(golden) for j, o in enumerate(output)),
                   key=lambda p: (-p[0], p[1], p[2]))
    used_g: set[int] = set()
    used_o: set[int] = set()
    out = []
    for iou, i, j in pairs:
        if iou <= 0 or iou < min_iou or i in used_g or j in used_o:
            continue
        used_g.add(i)
        used_o.add(j)
        out.append((i, j, iou))
    return sorted(out)


def detection(golden: Sequence[Table], output: Sequence[Table], min_iou: float = 0.5) -> Detection:
    """Detection counts for one page: a golden table is found when an output box has IoU >= ``min_iou``."""
    pairs = match_boxes([t.bbox for t in golden], [t.bbox for t in output], min_iou)
    return Detection(len(pairs), len(golden), len(output))


def overlapping(golden: Table, output: Sequence[Table], min_cover: float = 0.5) -> list[int]:
    """Indices of output tables that mostly overlap ``golden`` (intersection >= ``min_cover`` of
    the smaller box), so a table split in two or found too large still counts. A golden table
    without a box (zero area) overlaps every output table."""
    if golden.bbox.area <= 0:
        return list(range(len(output)))
    out = []
    for j, t in enumerate(output):
        inter = golden.bbox.intersection(t.bbox)
        smaller = min(golden.bbox.area, t.bbox.area)
        if inter is not None and smaller > 0 and inter.area >= min_cover * smaller:
            out.append(j)
    return out


def nonempty_cells(table: Table) -> list[Cell]:
    """Cells with visible text, in reading order (row, then column)."""
    return sorted((c for c in table.cells if norm_text(c.text)), key=lambda c: (c.r, c.c))


def place_cells(golden: Table, output: Sequence[Table], candidates: Sequence[int]) -> dict[tuple[int, int], Placement]:
    """Each non-empty golden cell, keyed by its (r, c), to an output cell with the same
    normalised text among the ``candidates`` tables; the nearest pair wins and an output cell
    takes at most one golden cell (so a lost "-" is not hidden by another "-")."""
    index: dict[str, list[tuple[int, Cell]]] = defaultdict(list)
    for t in candidates:
        for cell in output[t].cells:
            key = norm_text(cell.text)
            if key:
                index[key].append((t, cell))
    pairs = []
    for g in nonempty_cells(golden):
        for t, o in index.get(norm_text(g.text), ()):
            pairs.append((_distance(g, o), g.r, g.c, t, o.r, o.c, o))
    pairs.sort(key=lambda p: p[:6])
    placed: dict[tuple[int, int], Placement] = {}
    used: set[tuple[int, int, int]] = set()
    for _d, gr, gc, t, orow, ocol, o in pairs:
        if (gr, gc) in placed or (t, orow, ocol) in used:
            continue
        placed[(gr, gc)] = Placement(t, o)
        used.add((t, orow, ocol))
    return placed


def _distance(g: Cell, o: Cell) -> float:
    """Centre distance in points; grid-slot distance when either cell has no box."""
    if _has_box(g.bbox) and _has_box(o.bbox):
        return abs(g.bbox.cx - o.bbox.cx) + abs(g.bbox.cy - o.bbox.cy)
    return float(abs(g.r - o.r) + abs(g.c - o.c))


def _has_box(r: Rect) -> bool:
    return r.x1 > r.x0 or r.y1 > r.y0


def cell_retention(golden: Table, placed: dict[tuple[int, int], Placement]) -> Ratio:
    """Non-empty golden cells whose text is exactly one output cell's text (whitespace aside)."""
    cells = nonempty_cells(golden)
    return Ratio(sum((c.r, c.c) in placed for c in cells), len(cells))


def golden_rows(golden: Table) -> dict[int, list[Cell]]:
    """Non-empty golden cells grouped by the row they start in, each row in column order."""
    rows: dict[int, list[Cell]] = defaultdict(list)
    for cell in nonempty_cells(golden):
        rows[cell.r].append(cell)
    return dict(rows)


def same_row(placements: Sequence[Placement | None]) -> bool:
    """All placed, in one output table, and sharing at least one output row (spans count)."""
    placed = [p for p in placements if p is not None]
    if not placed or len(placed) < len(placements) or len({p.table for p in placed}) != 1:
        return False
    common = set(placed[0].rows())
    for p in placed[1:]:
        common &= set(p.rows())
    return bool(common)


def row_integrity(golden: Table, placed: dict[tuple[int, int], Placement]) -> Ratio:
    """Golden rows with two or more non-empty cells whose cells all share one output row.

    Single-cell rows are left out: for them this would only repeat cell retention.
    """
    rows = [cells for cells in golden_rows(golden).values() if len(cells) >= 2]
    ok = sum(same_row([placed.get((c.r, c.c)) for c in cells]) for cells in rows)
    return Ratio(ok, len(rows))


def label_pairs(golden: Table) -> list[tuple[Cell, Cell]]:
    """(row label, number) pairs: the label is a row's first non-numeric cell, paired with
    every numeric cell of that row."""
    out: list[tuple[Cell, Cell]] = []
    for cells in golden_rows(golden).values():
        label = next((c for c in cells if not is_number(c.text)), None)
        if label is None:
            continue
        out.extend((label, c) for c in cells if c is not label and is_number(c.text))
    return out


def label_number_pairing(golden: Table, placed: dict[tuple[int, int], Placement]) -> Ratio:
    """Label-number pairs (see ``label_pairs``) that still share an output row."""
    pairs = label_pairs(golden)
    ok = sum(same_row([placed.get((a.r, a.c)), placed.get((b.r, b.c))]) for a, b in pairs)
    return Ratio(ok, len(pairs))


@dataclass(frozen=True, slots=True)
class CellDiff:
    """Where output and golden disagree, for highlighting: golden cells whose text no output
    cell holds (``lost``), and non-empty output cells no golden cell claimed (``extra``, as
    (output table index, cell))."""

    lost: tuple[Cell, ...]
    extra: tuple[tuple[int, Cell], ...]


def diff_cells(golden: Table, output: Sequence[Table]) -> CellDiff:
    """The cell-level differences between ``golden`` and the output tables overlapping it."""
    candidates = overlapping(golden, output)
    placed = place_cells(golden, output, candidates)
    lost = tuple(c for c in nonempty_cells(golden) if (c.r, c.c) not in placed)
    used = {(p.table, p.cell.r, p.cell.c) for p in placed.values()}
    extra = tuple((t, c) for t in candidates for c in nonempty_cells(output[t]) if (t, c.r, c.c) not in used)
    return CellDiff(lost, extra)
