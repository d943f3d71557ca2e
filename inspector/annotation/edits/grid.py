"""Structural edits of one region's grid: move, add and remove boundaries, merge and split
cells, resize and crop the region, delete rows or columns at its edge.

They read the text of the cells they reshape from ``text_for(page, box)`` when given, keeping
hand overrides; their inverse restores the region as it was (``ReplaceRegion``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...core.types import Rect
from .. import grid_ops as ops
from ..grid_ops import EditError
from ..model import AnnTable, Region
from ..text import TextSource
from .base import Edit, _put, _region, _restore, _roles


class _Reshapes:
    """A structural edit of region ``region``, undone by putting the region back as it was
    (re-reading text is lossy: the opposite move would not give the same cells back)."""

    region: int

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return _restore(before, self.region)


def _counted(table: AnnTable, index: int, axis: str, out: Region, at: int, step: int) -> AnnTable:
    """``table`` whose region ``index`` is now ``out``, one row or column (``axis``) added
    (``step`` 1) or removed (-1) at ``at``: a header row (of the first region) or a header
    column there adds to or takes from the header count."""
    if axis == "row":
        hr = table.header_rows + (step if index == 0 and at < table.header_rows else 0)
        return replace(_put(table, index, out), header_rows=hr)
    table = _put(table, index, out)
    hc = table.header_cols + (step if at < table.header_cols else 0)
    return replace(table, header_cols=min(hc, min(r.n_cols for r in table.regions)))


@dataclass(frozen=True)
class MoveBoundary(_Reshapes):
    """Move inner row ("row") or column ("col") boundary ``index`` of a region to ``pos`` (pt,
    along the region's ``ys``/``xs``: its upright frame when the region is turned)."""

    region: int
    axis: str
    index: int
    pos: float

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        reg = _region(table, self.region)
        out = ops.on_axis(reg, self.axis, text_for, lambda r, src: ops.move_row_boundary(r, self.index, self.pos, src))
        return _put(table, self.region, out)


@dataclass(frozen=True)
class AddBoundary(_Reshapes):
    """Add a row or column boundary at ``pos`` (pt), splitting the row/column it falls in."""

    region: int
    axis: str
    pos: float

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        reg = _region(table, self.region)
        split: list[int] = []

        def op(r: Region, src: TextSource | None) -> Region:
            out, k = ops.add_row_boundary(r, self.pos, src)
            split.append(k)
            return out

        out = ops.on_axis(reg, self.axis, text_for, op)
        k = split[0]
        if self.axis == "row":
            roles = _roles(reg)
            out = replace(out, row_roles=(*roles[:k + 1], roles[k], *roles[k + 1:]))
        return _counted(table, self.region, self.axis, out, k, 1)


@dataclass(frozen=True)
class RemoveBoundary(_Reshapes):
    """Remove inner boundary ``index``; the two rows/columns become one and cells that meet merge.
    When a spanning cell would swallow several cells side by side (a caption row over the full
    width), it is refused with ``RunsTogether`` unless ``run_together`` says the person wants it."""

    region: int
    axis: str
    index: int
    run_together: bool = False

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        reg = _region(table, self.region)
        out = ops.on_axis(reg, self.axis, text_for,
                          lambda r, src: ops.remove_row_boundary(r, self.index, src, self.run_together))
        i = self.index
        if self.axis == "row":
            roles = _roles(reg)
            out = replace(out, row_roles=(*roles[:i], *roles[i + 1:]))
        return _counted(table, self.region, self.axis, out, i, -1)


@dataclass(frozen=True)
class MergeCells(_Reshapes):
    """Merge the cells over slots rows ``r0..r1`` x columns ``c0..c1`` (inclusive) into one."""

    region: int
    r0: int
    c0: int
    r1: int
    c1: int

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        reg = _region(table, self.region)
        slots = (self.r0, self.c0, self.r1, self.c1)
        return _put(table, self.region, ops.upright(reg, text_for, lambda r, src: ops.merge_slots(r, slots, src)))


@dataclass(frozen=True)
class SplitCell(_Reshapes):
    """Split the spanning cell covering slot (r, c) into 1x1 cells."""

    region: int
    r: int
    c: int

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        reg = _region(table, self.region)
        out = ops.upright(reg, text_for, lambda r, src: ops.split_cell(r, self.r, self.c, src))
        return _put(table, self.region, out)


def _cropped_headers(table: AnnTable, index: int, rows: tuple[int, int], cols: tuple[int, int]) -> AnnTable:
    """``table`` whose region ``index`` kept only ``rows`` and ``cols`` (first, last) of its
    slots: the header counts lose the header rows/columns that were dropped."""
    hr = table.header_rows
    if index == 0:
        hr = max(0, min(hr, rows[1] + 1) - rows[0])
    hc = max(0, min(table.header_cols, cols[1] + 1) - cols[0])
    return replace(table, header_rows=hr, header_cols=min(hc, min(r.n_cols for r in table.regions)))


@dataclass(frozen=True)
class ResizeRegion(_Reshapes):
    """Move a region's outer edges to ``bbox`` (pt). Inner boundaries inside it stay where
    they are; rows and columns it leaves entirely are dropped with their boundaries."""

    region: int
    bbox: Rect

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        reg = _region(table, self.region)
        target = reg.frame.rect(self.bbox) if reg.turn else self.bbox
        out = ops.upright(reg, text_for, lambda r, src: ops.resize(r, target, src))
        rows = ops.kept_span(reg.ys, target.y0, target.y1) or (0, 0)
        cols = ops.kept_span(reg.xs, target.x0, target.x1) or (0, 0)
        return _cropped_headers(_put(table, self.region, out), self.region, rows, cols)


@dataclass(frozen=True)
class CropRegion(_Reshapes):
    """Keep the slots rows ``r0..r1`` x columns ``c0..c1`` (inclusive) of a region and drop
    every other row and column (Crop to selection); spanning cells are cut to what is kept."""

    region: int
    r0: int
    c0: int
    r1: int
    c1: int

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        reg = _region(table, self.region)
        ops.check_slots(reg, (self.r0, self.c0, self.r1, self.c1))

        def crop(r: Region, src: TextSource | None) -> Region:
            return ops.crop_cols(ops.crop_rows(r, self.r0, self.r1, src), self.c0, self.c1, src)

        out = _put(table, self.region, ops.upright(reg, text_for, crop))
        return _cropped_headers(out, self.region, (self.r0, self.r1), (self.c0, self.c1))


@dataclass(frozen=True)
class DeleteSlots(_Reshapes):
    """Delete rows (``axis`` "row") or columns ("col") ``first..last`` of a region. Only a run
    at an edge can go (a caption, a note, a stray column): a region has no holes, and joining
    a middle row with its neighbour is a boundary deletion, which says so when it merges text."""

    region: int
    axis: str
    first: int
    last: int

    def crop(self, table: AnnTable) -> CropRegion:
        reg = _region(table, self.region)
        n = reg.n_rows if self.axis == "row" else reg.n_cols
        name = "row" if self.axis == "row" else "column"
        if self.axis not in ("row", "col") or not 0 <= self.first <= self.last < n:
            raise EditError(f"{name}s {self.first + 1}..{self.last + 1} do not exist (the region has {n})")
        if self.first == 0 and self.last == n - 1:
            raise EditError(f"that is every {name} of the region: delete the table instead")
        if self.first != 0 and self.last != n - 1:
            raise EditError(f"only {name}s at the edge of the table can be deleted; to join {name} "
                            f"{self.first + 1} with its neighbour, delete the boundary between them")
        keep = (self.last + 1, n - 1) if self.first == 0 else (0, self.first - 1)
        if self.axis == "row":
            return CropRegion(self.region, keep[0], 0, keep[1], reg.n_cols - 1)
        return CropRegion(self.region, 0, keep[0], reg.n_rows - 1, keep[1])

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        return self.crop(table).apply(table, text_for)
