"""A peer's cells as a core ``Table``: its row-major matrix of cell boxes ("slots") snapped to
one grid of row and column lines, spans read off where the boxes' edges fall.

Camelot's lattice slots that no drawn edge separates are merged into spanning cells first
(``lattice_spans``); img2table's rows, a spanning cell repeated in every slot it covers, are
turned into that matrix (``img2table_slots``). Boxes are points, top-left origin of the page
as displayed; a ``BoxMap`` takes them to unrotated page space.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core.types import Cell, Rect, Table, TableSource

SNAP = 1.5  # pt: cell edges closer than this are one grid line
BoxMap = Callable[[Sequence[float]], Rect]


def table_from_slots(boxes: Sequence[Sequence[Sequence[float] | None]], texts: Sequence[Sequence[str | None]],
                     page: int, source: TableSource = "ruled", to_page: BoxMap | None = None) -> Table | None:
    """A core Table from a peer's row-major slot matrix.

    ``boxes[i][j]`` is a cell box (x0, y0, x1, y1, points, top-left origin of the page as
    displayed) where a cell starts and None where a spanning cell covers the slot; ``texts``
    has the same shape. Spans come from where the box edges fall on the grid of all edges
    (snapped by ``SNAP``). Rows and columns are those of the displayed page; ``to_page`` maps
    the boxes to unrotated page space afterwards (identity when None).
    """
    conv = to_page or (lambda b: Rect(*b))
    flat = [(b, (texts[i][j] or "") if i < len(texts) and j < len(texts[i]) else "")
            for i, row in enumerate(boxes) for j, b in enumerate(row) if b is not None]
    flat = [(b, t) for b, t in flat if b[2] > b[0] and b[3] > b[1]]
    if not flat:
        return None
    xs = _snap([v for b, _ in flat for v in (b[0], b[2])])
    ys = _snap([v for b, _ in flat for v in (b[1], b[3])])
    cells, taken = [], set()  # type: list[Cell], set[tuple[int, int]]
    for b, text in flat:
        c0, c1, r0, r1 = _nearest(xs, b[0]), _nearest(xs, b[2]), _nearest(ys, b[1]), _nearest(ys, b[3])
        slots = {(r, c) for r in range(r0, r1) for c in range(c0, c1)}
        if not slots or slots & taken:
            continue
        taken |= slots
        cells.append(Cell(r0, c0, r1 - r0, c1 - c0, text.strip(), conv((xs[c0], ys[r0], xs[c1], ys[r1]))))
    for r in range(len(ys) - 1):
        for c in range(len(xs) - 1):
            if (r, c) not in taken:
                cells.append(Cell(r, c, 1, 1, "", conv((xs[c], ys[r], xs[c + 1], ys[r + 1]))))
    cells.sort(key=lambda c: (c.r, c.c))
    return Table(conv((xs[0], ys[0], xs[-1], ys[-1])), len(ys) - 1, len(xs) - 1, tuple(cells),
                 source=source, page=page)


def _snap(values: list[float]) -> list[float]:
    """Sorted values with runs closer than ``SNAP`` merged into their mean."""
    groups: list[list[float]] = []
    for v in sorted(values):
        if groups and v - groups[-1][-1] <= SNAP:
            groups[-1].append(v)
        else:
            groups.append([v])
    return [sum(g) / len(g) for g in groups]


def _nearest(grid: list[float], v: float) -> int:
    return min(range(len(grid)), key=lambda i: abs(grid[i] - v))


def lattice_spans(cells: Sequence[Sequence[Any]], boxes: list[list[Any]],
                  texts: list[list[Any]]) -> tuple[list[list[Any]], list[list[Any]]]:
    """Merge Camelot lattice slots that no drawn edge separates (a cell without its right or
    bottom edge runs on) into spanning cells: the top-left slot gets the union box and the
    joined text, the covered slots None. Shapes that are not rectangles stay as slots."""
    n_rows, n_cols = len(cells), len(cells[0]) if cells else 0
    parent = {(r, c): (r, c) for r in range(n_rows) for c in range(n_cols)}

    def find(k: tuple[int, int]) -> tuple[int, int]:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for r in range(n_rows):
        for c in range(n_cols):
            if c + 1 < n_cols and not cells[r][c].right:
                parent[find((r, c + 1))] = find((r, c))
            if r + 1 < n_rows and not cells[r][c].bottom:
                parent[find((r + 1, c))] = find((r, c))
    groups: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for k in sorted(parent):
        groups.setdefault(find(k), []).append(k)
    for slots in groups.values():
        rows, cols = {r for r, _ in slots}, {c for _, c in slots}
        if len(slots) == 1 or len(slots) != len(rows) * len(cols):
            continue
        (r0, c0), (r1, c1) = slots[0], slots[-1]
        text = " ".join(t for r, c in slots if (t := (texts[r][c] or "").strip()))
        box = (boxes[r0][c0][0], boxes[r0][c0][1], boxes[r1][c1][2], boxes[r1][c1][3])
        for r, c in slots:
            boxes[r][c], texts[r][c] = None, None
        boxes[r0][c0], texts[r0][c0] = box, text
    return boxes, texts


def img2table_slots(rows: Sequence[Sequence[tuple[tuple[float, float, float, float], str | None]]]
                    ) -> tuple[list[list[tuple[float, ...] | None]], list[list[str | None]]]:
    """img2table's rows of (box, text), a spanning cell repeated in every slot it covers, as
    ``table_from_slots`` wants them: the box where the cell starts, None in the slots it covers."""
    boxes: list[list[tuple[float, ...] | None]] = []
    texts: list[list[str | None]] = []
    for i, row in enumerate(rows):
        boxes.append([])
        texts.append([])
        for j, (box, text) in enumerate(row):
            left = j > 0 and row[j - 1][0] == box
            above = i > 0 and j < len(rows[i - 1]) and rows[i - 1][j][0] == box
            boxes[-1].append(None if left or above else tuple(box))
            texts[-1].append(None if left or above else text)
    return boxes, texts
