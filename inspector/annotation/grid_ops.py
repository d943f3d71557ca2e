"""Structural operations on a region's rows, written once for rows; columns use a transpose.

Every function returns a new, sound ``Region`` (cells cover the grid exactly once, sorted by
row then column) or raises ``EditError``. Cells whose box changes get their text again from
``text_for`` (page, box) when given, and lose their content box; hand overrides are kept.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import overload

from ..core.slots import slots_of
from ..core.types import Rect
from .model import AnnCell, Region
from .text import TextSource

Slots = tuple[int, int, int, int]  # r0, c0, r1, c1 inclusive


class EditError(ValueError):
    """An edit that cannot apply to this table; the message says why in one line."""


class RunsTogether(EditError):
    """Removing a boundary would run the texts of cells side by side into one cell (a
    spanning cell crosses it); the edit can be asked for again with that allowed."""


def transpose(region: Region) -> Region:
    """Rows become columns; ``row_roles`` are carried unchanged (callers restore them)."""
    cells = tuple(AnnCell(c.c, c.r, c.cs, c.rs, c.text, c.override, _tr(c.bbox)) for c in region.cells)
    return Region(region.page, _tr(region.bbox), region.ys, region.xs, _sorted(cells), region.row_roles)


@overload
def _tr(b: Rect) -> Rect: ...
@overload
def _tr(b: None) -> None: ...
def _tr(b: Rect | None) -> Rect | None:
    return None if b is None else Rect(b.y0, b.x0, b.y1, b.x1)


def _mapped(text_for: TextSource | None, f: Callable[[Rect], Rect], fixed: int | None = None) -> TextSource | None:
    """``text_for`` reading boxes mapped by ``f``; ``fixed`` (when given) replaces the caller's turn."""
    if text_for is None:
        return None
    source = text_for

    def mapped(page: int, bbox: Rect, turn: int = 0) -> str:
        return source(page, f(bbox), turn if fixed is None else fixed)

    return mapped


Op = Callable[[Region, "TextSource | None"], Region]


def upright(region: Region, text_for: TextSource | None, op: Op) -> Region:
    """Run ``op`` on the region seen in its upright frame (``turn`` 0), then turn it back."""
    if not region.turn:
        return op(region, text_for)
    frame = region.frame

    def back(b: Rect) -> Rect:
        return frame.rect(b, back=True)

    def turned(reg: Region, f: Callable[[Rect], Rect], turn: int, w: float, h: float) -> Region:
        cells = tuple(replace(c, bbox=None if c.bbox is None else f(c.bbox)) for c in reg.cells)
        return replace(reg, bbox=f(reg.bbox), cells=cells, turn=turn, page_w=w, page_h=h)

    # Boxes go back to page space and words are read in the region's upright frame.
    out = op(turned(region, frame.rect, 0, 0.0, 0.0), _mapped(text_for, back, region.turn))
    return turned(out, back, region.turn, region.page_w, region.page_h)


def on_axis(region: Region, axis: str, text_for: TextSource | None, op: Op) -> Region:
    """Run a row operation ``op`` on rows ("row") or columns ("col"), in the upright frame."""
    if axis == "row":
        return upright(region, text_for, op)
    if axis != "col":
        raise EditError(f"axis must be 'row' or 'col', not '{axis}'")

    def by_columns(reg: Region, src: TextSource | None) -> Region:
        return transpose(op(transpose(reg), _mapped(src, _tr)))

    return upright(region, text_for, by_columns)


def _sorted(cells: tuple[AnnCell, ...] | list[AnnCell]) -> tuple[AnnCell, ...]:
    return tuple(sorted(cells, key=lambda c: (c.r, c.c)))


def retext(region: Region, cell: AnnCell, text_for: TextSource | None) -> AnnCell:
    """``cell`` with its text read again from its grid box in ``region``."""
    if text_for is None:
        return replace(cell, bbox=None)
    return replace(cell, text=text_for(region.page, region.cell_box(cell), region.turn), bbox=None)


def _retext_where(region: Region, pick: Callable[[AnnCell], bool], text_for: TextSource | None) -> Region:
    cells = tuple(retext(region, c, text_for) if pick(c) else c for c in region.cells)
    return replace(region, cells=cells)


def move_row_boundary(region: Region, i: int, pos: float, text_for: TextSource | None) -> Region:
    """Move inner boundary ``i`` (1..n_rows-1) to ``pos``, strictly between its neighbours."""
    ys = region.ys
    if not 1 <= i < len(ys) - 1:
        raise EditError(f"boundary {i} is not an inner boundary (1..{len(ys) - 2})")
    if not ys[i - 1] < pos < ys[i + 1]:
        raise EditError(f"boundary {i} must stay between {ys[i - 1]:.1f} and {ys[i + 1]:.1f} pt")
    moved = replace(region, ys=(*ys[:i], pos, *ys[i + 1:]))
    return _retext_where(moved, lambda c: c.r + c.rs == i or c.r == i, text_for)


def add_row_boundary(region: Region, pos: float, text_for: TextSource | None) -> tuple[Region, int]:
    """Split the row holding ``pos``; returns the region and the index of the split row."""
    ys = region.ys
    k = next((j for j in range(len(ys) - 1) if ys[j] < pos < ys[j + 1]), None)
    if k is None:
        raise EditError(f"{pos:.1f} pt is not strictly inside a row of the region")
    grown = replace(region, ys=(*ys[:k + 1], pos, *ys[k + 1:]))
    cells: list[AnnCell] = []
    for c in region.cells:
        if c.r > k:
            cells.append(_moved(c, c.r + 1, c.rs))
        elif c.r + c.rs - 1 < k:
            cells.append(c)
        elif c.rs > 1:
            cells.append(_moved(c, c.r, c.rs + 1))
        else:
            top = retext(grown, c, text_for)
            bottom = retext(grown, AnnCell(k + 1, c.c, 1, c.cs, "" if text_for is None else c.text), text_for)
            cells += [top, bottom]
    return replace(grown, cells=_sorted(cells)), k


def remove_row_boundary(region: Region, i: int, text_for: TextSource | None, side_by_side: bool = False) -> Region:
    """Remove inner boundary ``i``: rows i-1 and i become one; cells meeting across it merge.

    A cell spanning several columns on one side (a caption or note row over the whole width)
    would swallow the cells side by side on the other into one text run: that is refused
    (``EditError`` saying what to do instead) unless ``side_by_side`` allows it."""
    if not 1 <= i < region.n_rows:
        raise EditError(f"boundary {i} is not an inner boundary (1..{region.n_rows - 1})")
    owner = _owners(region)
    seeds = [_union(_slots(a), _slots(b)) for c in range(region.n_cols)
             if (a := owner[(i - 1, c)]) is not (b := owner[(i, c)])]
    rects = _settle(owner, seeds)
    if not side_by_side:
        for rect in rects:
            members = _members(owner, rect)
            above = [m for m in members if m.r < i]
            below = [m for m in members if m.r + m.rs > i and m.r >= i]
            if len(above) > 1 or len(below) > 1:
                wide = max(members, key=lambda m: m.cs)
                raise RunsTogether(f"a cell spanning {wide.cs} slots meets it, so {len(members)} cells would run "
                                   "together into one; delete that row or column instead, or merge the cells first")
    absorbed = {id(x) for rect in rects for x in _members(owner, rect)}
    kept = [x for x in region.cells if id(x) not in absorbed]
    joined = [_joined(_members(owner, rect), rect) for rect in rects]
    merged_keys = {(x.r, x.c) for x in joined}
    cells = []
    for c in (*kept, *joined):
        if c.r >= i:
            c = _moved(c, c.r - 1, c.rs)
        elif c.r + c.rs > i:
            c = _moved(c, c.r, c.rs - 1)
        cells.append(c)
    out = replace(region, ys=(*region.ys[:i], *region.ys[i + 1:]), cells=_sorted(cells))
    return _retext_where(out, lambda c: (c.r, c.c) in merged_keys, text_for)


def crop_rows(region: Region, r0: int, r1: int, text_for: TextSource | None) -> Region:
    """Keep rows ``r0..r1`` (inclusive) and drop the others with the boundaries between them;
    a spanning cell that reached into a dropped row is cut to the kept rows (text read again).
    ``row_roles`` are cut too."""
    n = region.n_rows
    if not 0 <= r0 <= r1 < n:
        raise EditError(f"rows {r0}..{r1} are outside the region's {n} rows")
    ys = region.ys[r0:r1 + 2]
    fb = region.frame_bbox
    bbox = Rect(fb.x0, ys[0], fb.x1, ys[-1])
    cells: list[AnnCell] = []
    cut: set[tuple[int, int]] = set()
    for c in region.cells:
        top, bottom = max(c.r, r0), min(c.r + c.rs - 1, r1)
        if top > bottom:
            continue
        moved = _moved(c, top - r0, bottom - top + 1)
        if (top, bottom) != (c.r, c.r + c.rs - 1):
            cut.add((moved.r, moved.c))
        cells.append(moved)
    roles = region.row_roles[r0:r1 + 1] if region.row_roles else ()
    out = replace(region, bbox=bbox, ys=ys, cells=_sorted(cells), row_roles=roles)
    return _retext_where(out, lambda c: (c.r, c.c) in cut or c.r == 0 or c.r + c.rs == out.n_rows, text_for)


def crop_cols(region: Region, c0: int, c1: int, text_for: TextSource | None) -> Region:
    """Keep columns ``c0..c1`` (inclusive), as ``crop_rows`` does for rows; row roles stay."""
    turned = replace(transpose(region), row_roles=())
    out = transpose(crop_rows(turned, c0, c1, _mapped(text_for, _tr)))
    return replace(out, row_roles=region.row_roles)


def kept_span(bounds: tuple[float, ...], lo: float, hi: float) -> tuple[int, int] | None:
    """The first and last slot between ``bounds`` that overlap (lo, hi) (None: none does)."""
    kept = [k for k in range(len(bounds) - 1) if min(bounds[k + 1], hi) - max(bounds[k], lo) > 0]
    return (kept[0], kept[-1]) if kept else None


def check_slots(region: Region, slots: Slots) -> None:
    """Raise ``EditError`` unless ``slots`` (r0, c0, r1, c1 inclusive, ordered) lie in the grid."""
    r0, c0, r1, c1 = slots
    if not (0 <= r0 <= r1 < region.n_rows and 0 <= c0 <= c1 < region.n_cols):
        raise EditError(f"rows {r0}..{r1}, columns {c0}..{c1} are outside the "
                        f"{region.n_rows}x{region.n_cols} grid")


def merge_slots(region: Region, slots: Slots, text_for: TextSource | None) -> Region:
    """Merge every cell touching the slot rectangle (grown until no cell straddles its edge)."""
    check_slots(region, slots)
    grown = _closure(region, slots)
    members = [c for c in region.cells if _intersects(_slots(c), grown)]
    if len(members) < 2:
        raise EditError("the selection is already a single cell")
    merged, cell = _merge(region, grown, None)
    return replace(merged, cells=tuple(retext(merged, c, text_for) if c is cell else c for c in merged.cells))


def split_cell(region: Region, r: int, c: int, text_for: TextSource | None) -> Region:
    """Split the spanning cell covering (r, c) into 1x1 cells; the top-left one keeps the override."""
    cell = region.cell_at(r, c)
    if cell is None:
        raise EditError(f"row {r}, column {c} is outside the {region.n_rows}x{region.n_cols} grid")
    if cell.rs == 1 and cell.cs == 1:
        raise EditError(f"the cell at row {r}, column {c} spans nothing; there is nothing to split")
    pieces = []
    for rr, cc in slots_of(cell):
        first = (rr, cc) == (cell.r, cell.c)
        piece = AnnCell(rr, cc, text=cell.text if first else "", override=cell.override if first else None)
        pieces.append(retext(region, piece, text_for))
    cells = [x for x in region.cells if x is not cell] + pieces
    return replace(region, cells=_sorted(cells))


def resize(region: Region, bbox: Rect, text_for: TextSource | None) -> Region:
    """Move the outer boundaries to ``bbox``. Rows and columns the new box leaves entirely
    are dropped with their boundaries (shrinking crops); the others keep their inner boundaries."""
    rows, cols = kept_span(region.ys, bbox.y0, bbox.y1), kept_span(region.xs, bbox.x0, bbox.x1)
    if rows is None or cols is None:
        raise EditError("the new box leaves no cell of the table: delete the table instead")
    if rows != (0, region.n_rows - 1):
        region = crop_rows(region, *rows, None)
    if cols != (0, region.n_cols - 1):
        region = crop_cols(region, *cols, None)
    xs, ys = region.xs, region.ys
    out = replace(region, bbox=bbox, xs=(bbox.x0, *xs[1:-1], bbox.x1), ys=(bbox.y0, *ys[1:-1], bbox.y1))
    old = region.bbox
    edges = (bbox.x0 != old.x0, bbox.x1 != old.x1, bbox.y0 != old.y0, bbox.y1 != old.y1)

    def touches(c: AnnCell) -> bool:
        return ((edges[0] and c.c == 0) or (edges[1] and c.c + c.cs == out.n_cols)
                or (edges[2] and c.r == 0) or (edges[3] and c.r + c.rs == out.n_rows))

    return _retext_where(out, touches, text_for)


def _moved(cell: AnnCell, r: int, rs: int) -> AnnCell:
    return AnnCell(r, cell.c, rs, cell.cs, cell.text, cell.override, cell.bbox)


def _members(owner: dict[tuple[int, int], AnnCell], rect: Slots) -> list[AnnCell]:
    """The distinct cells covering the slots of ``rect``, in row-major order of their first slot."""
    seen: dict[int, AnnCell] = {}
    for r in range(rect[0], rect[2] + 1):
        for c in range(rect[1], rect[3] + 1):
            seen.setdefault(id(owner[(r, c)]), owner[(r, c)])
    return sorted(seen.values(), key=lambda x: (x.r, x.c))


def _settle(owner: dict[tuple[int, int], AnnCell], rects: list[Slots]) -> list[Slots]:
    """Grow each rectangle until no cell straddles its edge, joining rectangles that meet."""
    while True:
        grown = []
        for rect in rects:
            while (bigger := _bounds_of(_members(owner, rect))) != rect:
                rect = bigger
            grown.append(rect)
        joined: list[Slots] = []
        for rect in sorted(set(grown)):
            hit = next((k for k, j in enumerate(joined) if _intersects(j, rect)), None)
            if hit is None:
                joined.append(rect)
            else:
                joined[hit] = _union(joined[hit], rect)
        if joined == rects:
            return joined
        rects = joined


def _bounds_of(cells: list[AnnCell]) -> Slots:
    return (min(c.r for c in cells), min(c.c for c in cells),
            max(c.r + c.rs - 1 for c in cells), max(c.c + c.cs - 1 for c in cells))


def _owners(region: Region) -> dict[tuple[int, int], AnnCell]:
    """Slot -> the cell covering it (the region is sound, so every slot has exactly one)."""
    return {slot: cell for cell in region.cells for slot in slots_of(cell)}


def _slots(c: AnnCell) -> Slots:
    return (c.r, c.c, c.r + c.rs - 1, c.c + c.cs - 1)


def _union(a: Slots, b: Slots) -> Slots:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _intersects(a: Slots, b: Slots) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _closure(region: Region, slots: Slots) -> Slots:
    """Grow ``slots`` until every cell is either inside it or outside it."""
    while True:
        grown = slots
        for c in region.cells:
            if _intersects(_slots(c), grown):
                grown = _union(grown, _slots(c))
        if grown == slots:
            return slots
        slots = grown


def _merge(region: Region, slots: Slots, text_for: TextSource | None) -> tuple[Region, AnnCell]:
    """Replace the cells inside the closure of ``slots`` by one; its text joins theirs."""
    slots = _closure(region, slots)
    members = [c for c in region.cells if _intersects(_slots(c), slots)]
    rest = [c for c in region.cells if not _intersects(_slots(c), slots)]
    cell = _joined(members, slots)
    out = replace(region, cells=_sorted([*rest, cell]))
    if text_for is not None:
        cell = retext(out, cell, text_for)
        out = replace(out, cells=_sorted([*rest, cell]))
    return out, cell


def _joined(members: list[AnnCell], slots: Slots) -> AnnCell:
    """One cell over ``slots`` whose text joins the members' (an override if any had one)."""
    r0, c0, r1, c1 = slots
    text = " ".join(c.text for c in members if c.text.strip())
    override = None
    if any(c.override is not None for c in members):
        override = " ".join(c.value for c in members if c.value.strip())
    return AnnCell(r0, c0, r1 - r0 + 1, c1 - c0 + 1, text, override)
