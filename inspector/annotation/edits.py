"""Pure edit operations on an annotation table, each with an exact inverse.

Every edit is a frozen value with ``apply(table, text_for=None) -> table`` and
``inverse(before, text_for=None) -> Edit`` such that
``inv.apply(e.apply(t)) == t`` for ``inv = e.inverse(t)``. Qt undo commands only wrap these.

Structural edits (boundaries, merge, split, resize) read the text of the cells they reshape
from ``text_for(page, box)`` when given, keeping hand overrides. Re-reading text is lossy
(content boxes, the original spacing), so their inverse restores the region as it was
(``ReplaceRegion``) rather than replaying the opposite move.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from ..core.types import Rect
from . import grid_ops as ops
from .grid_ops import EditError, RunsTogether
from .model import ROLES, AnnTable, DocumentAnnotation, Region
from .roles import leading_headers
from .text import TextSource


class Edit(Protocol):
    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable: ...

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit: ...


def _region(table: AnnTable, index: int) -> Region:
    if not 0 <= index < len(table.regions):
        raise EditError(f"table {table.id} has no region {index} (it has {len(table.regions)})")
    return table.regions[index]


def _put(table: AnnTable, index: int, region: Region) -> AnnTable:
    return replace(table, regions=(*table.regions[:index], region, *table.regions[index + 1:]))


def _roles(region: Region) -> tuple[str, ...]:
    return region.row_roles or ("data",) * region.n_rows


def _restore(table: AnnTable, index: int) -> ReplaceRegion:
    return ReplaceRegion(index, table.regions[index], table.header_rows, table.header_cols)


@dataclass(frozen=True)
class ReplaceRegion:
    """Put ``region`` back at ``index`` with the header counts it had (undo of structural edits)."""

    index: int
    region: Region
    header_rows: int
    header_cols: int

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        _region(table, self.index)
        return replace(_put(table, self.index, self.region), header_rows=self.header_rows,
                       header_cols=self.header_cols)

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return _restore(before, self.index)


@dataclass(frozen=True)
class MoveBoundary:
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

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return _restore(before, self.region)


@dataclass(frozen=True)
class AddBoundary:
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
            hr = table.header_rows + (1 if self.region == 0 and k < table.header_rows else 0)
            return replace(_put(table, self.region, out), header_rows=hr)
        table = _put(table, self.region, out)
        hc = table.header_cols + (1 if k < table.header_cols else 0)
        return replace(table, header_cols=min(hc, min(r.n_cols for r in table.regions)))

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return _restore(before, self.region)


@dataclass(frozen=True)
class RemoveBoundary:
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
            hr = table.header_rows - (1 if self.region == 0 and i < table.header_rows else 0)
            return replace(_put(table, self.region, out), header_rows=hr)
        table = _put(table, self.region, out)
        hc = table.header_cols - (1 if i < table.header_cols else 0)
        return replace(table, header_cols=min(hc, min(r.n_cols for r in table.regions)))

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return _restore(before, self.region)


@dataclass(frozen=True)
class MergeCells:
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

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return _restore(before, self.region)


@dataclass(frozen=True)
class SplitCell:
    """Split the spanning cell covering slot (r, c) into 1x1 cells."""

    region: int
    r: int
    c: int

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        reg = _region(table, self.region)
        out = ops.upright(reg, text_for, lambda r, src: ops.split_cell(r, self.r, self.c, src))
        return _put(table, self.region, out)

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return _restore(before, self.region)


def _cropped_headers(table: AnnTable, index: int, rows: tuple[int, int], cols: tuple[int, int]) -> AnnTable:
    """``table`` whose region ``index`` kept only ``rows`` and ``cols`` (first, last) of its
    slots: the header counts lose the header rows/columns that were dropped."""
    hr = table.header_rows
    if index == 0:
        hr = max(0, min(hr, rows[1] + 1) - rows[0])
    hc = max(0, min(table.header_cols, cols[1] + 1) - cols[0])
    return replace(table, header_rows=hr, header_cols=min(hc, min(r.n_cols for r in table.regions)))


@dataclass(frozen=True)
class ResizeRegion:
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

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return _restore(before, self.region)


@dataclass(frozen=True)
class CropRegion:
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

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return _restore(before, self.region)


@dataclass(frozen=True)
class DeleteSlots:
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

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return _restore(before, self.region)


@dataclass(frozen=True)
class OverrideText:
    """Set (or with None, clear) the hand-typed text of the cell covering slot (r, c)."""

    region: int
    r: int
    c: int
    text: str | None

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        reg = _region(table, self.region)
        cell = reg.cell_at(self.r, self.c)
        if cell is None:
            raise EditError(f"row {self.r}, column {self.c} is outside the {reg.n_rows}x{reg.n_cols} grid")
        cells = tuple(replace(x, override=self.text) if x is cell else x for x in reg.cells)
        return _put(table, self.region, replace(reg, cells=cells))

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        cell = _region(before, self.region).cell_at(self.r, self.c)
        if cell is None:
            raise EditError(f"row {self.r}, column {self.c} is outside the grid")
        return OverrideText(self.region, cell.r, cell.c, cell.override)


@dataclass(frozen=True)
class SetRowRoles:
    """Set every row role of a region (one of ``ROLES`` per row)."""

    region: int
    roles: tuple[str, ...]

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        reg = _region(table, self.region)
        if self.roles and len(self.roles) != reg.n_rows:
            raise EditError(f"{len(self.roles)} roles given for {reg.n_rows} rows")
        bad = [r for r in self.roles if r not in ROLES]
        if bad:
            raise EditError(f"unknown row role '{bad[0]}': use {', '.join(ROLES)}")
        return _put(table, self.region, replace(reg, row_roles=tuple(self.roles)))

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return SetRowRoles(self.region, _region(before, self.region).row_roles)


@dataclass(frozen=True)
class SetRowRole:
    """Set the role of one row (one of ``ROLES``); the header count is left alone."""

    region: int
    row: int
    role: str

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        roles = _roles(_region(table, self.region))
        if not 0 <= self.row < len(roles):
            raise EditError(f"row {self.row} does not exist (the region has {len(roles)} rows)")
        new = (*roles[:self.row], self.role, *roles[self.row + 1:])
        return SetRowRoles(self.region, new).apply(table)

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return SetRowRoles(self.region, _region(before, self.region).row_roles)


@dataclass(frozen=True)
class SetRowsRole:
    """Give rows ``r0..r1`` (inclusive, either order) of a region ``role``.

    In the first region the header count follows the leading "header" rows whenever the
    edit reaches into them or the row just below them; a "header" row further down is a
    repeated header inside the body and leaves the count alone.
    """

    region: int
    r0: int
    r1: int
    role: str

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        reg = _region(table, self.region)
        roles = _roles(reg)
        lo, hi = sorted((self.r0, self.r1))
        if lo < 0 or hi >= len(roles):
            raise EditError(f"rows {lo}..{hi} are outside the region's {len(roles)} rows")
        if self.role not in ROLES:
            raise EditError(f"unknown row role '{self.role}': use {', '.join(ROLES)}")
        new = tuple(self.role if lo <= i <= hi else r for i, r in enumerate(roles))
        out = _put(table, self.region, replace(reg, row_roles=new))
        if self.region == 0 and lo <= max(table.header_rows, leading_headers(roles)):
            out = replace(out, header_rows=leading_headers(new))
        return out

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return RestoreRoles(self.region, _region(before, self.region).row_roles, before.header_rows)


@dataclass(frozen=True)
class RestoreRoles:
    """Put back a region's row roles and the table's header count (undo of ``SetRowsRole``)."""

    region: int
    roles: tuple[str, ...]
    header_rows: int

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        out = SetRowRoles(self.region, self.roles).apply(table)
        if not 0 <= self.header_rows <= table.regions[0].n_rows:
            raise EditError(f"header rows must be 0..{table.regions[0].n_rows}, not {self.header_rows}")
        return replace(out, header_rows=self.header_rows)

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return RestoreRoles(self.region, _region(before, self.region).row_roles, before.header_rows)


@dataclass(frozen=True)
class SetHeaderRows:
    """Declare the first ``count`` rows of the first region the header (their role follows)."""

    count: int

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        reg = _region(table, 0)
        if not 0 <= self.count <= reg.n_rows:
            raise EditError(f"header rows must be 0..{reg.n_rows}, not {self.count}")
        roles = tuple("header" if i < self.count else ("data" if r == "header" else r)
                      for i, r in enumerate(_roles(reg)))
        return replace(_put(table, 0, replace(reg, row_roles=roles)), header_rows=self.count)

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return Compound((SetHeaderRows(before.header_rows), SetRowRoles(0, _region(before, 0).row_roles)))


@dataclass(frozen=True)
class SetHeaderCols:
    """Declare the first ``count`` columns header columns (row headers)."""

    count: int

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        most = min(r.n_cols for r in table.regions)
        if not 0 <= self.count <= most:
            raise EditError(f"header columns must be 0..{most}, not {self.count}")
        return replace(table, header_cols=self.count)

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return SetHeaderCols(before.header_cols)


@dataclass(frozen=True)
class SetVerified:
    verified: bool

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        return replace(table, verified=self.verified)

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return SetVerified(before.verified)


TEXT_FIELDS = ("title", "footnote", "notes")


@dataclass(frozen=True)
class SetText:
    """Set the table's ``title``, ``footnote`` or free ``notes``."""

    name: str
    value: str

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        if self.name not in TEXT_FIELDS:
            raise EditError(f"'{self.name}' is not a text field: use {', '.join(TEXT_FIELDS)}")
        if self.name == "title":
            return replace(table, title=self.value)
        if self.name == "footnote":
            return replace(table, footnote=self.value)
        return replace(table, notes=self.value)

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return SetText(self.name, getattr(before, self.name))


@dataclass(frozen=True)
class LinkContinuation:
    """Insert ``region`` (the table's continuation, usually on a later page) at ``index`` (>= 1;
    None appends)."""

    region: Region
    index: int | None = None

    def _at(self, table: AnnTable) -> int:
        return len(table.regions) if self.index is None else self.index

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        at = self._at(table)
        if not 1 <= at <= len(table.regions):
            raise EditError(f"a continuation goes after the first region: index 1..{len(table.regions)}")
        problems = self.region.problems()
        if problems:
            raise EditError(f"the continuation region is not sound: {problems[0]}")
        if self.region.n_cols < table.header_cols:
            raise EditError(f"the continuation has {self.region.n_cols} column(s), fewer than the table's "
                            f"{table.header_cols} header column(s)")
        return replace(table, regions=(*table.regions[:at], self.region, *table.regions[at:]))

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return UnlinkRegion(self._at(before))


@dataclass(frozen=True)
class UnlinkRegion:
    """Remove continuation region ``index`` (>= 1) from the table."""

    index: int

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        if not 1 <= self.index < len(table.regions):
            raise EditError("only a continuation region (index >= 1) can be unlinked; delete the table instead")
        return replace(table, regions=(*table.regions[:self.index], *table.regions[self.index + 1:]))

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return LinkContinuation(_region(before, self.index), self.index)


@dataclass(frozen=True)
class Compound:
    """Several edits as one (one undo step)."""

    edits: tuple[Edit, ...]

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        for e in self.edits:
            table = e.apply(table, text_for)
        return table

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        undo: list[Edit] = []
        for e in self.edits:
            undo.append(e.inverse(before, text_for))
            before = e.apply(before, text_for)
        return Compound(tuple(reversed(undo)))


def apply_edit(doc: DocumentAnnotation, table_id: str, edit: Edit,
               text_for: TextSource | None = None) -> tuple[DocumentAnnotation, Edit]:
    """Apply ``edit`` to one table of ``doc``; returns the new document and the undo edit."""
    table = doc.table(table_id)
    if table is None:
        raise EditError(f"the annotation has no table '{table_id}'")
    undo = edit.inverse(table, text_for)
    return doc.with_table(edit.apply(table, text_for)), undo


__all__ = ["Edit", "EditError", "RunsTogether", "ReplaceRegion", "MoveBoundary", "AddBoundary", "RemoveBoundary",
           "MergeCells", "SplitCell", "ResizeRegion", "CropRegion", "DeleteSlots", "OverrideText", "SetRowRoles",
           "SetRowRole", "SetRowsRole", "RestoreRoles",
           "SetHeaderRows", "SetHeaderCols", "SetVerified", "SetText", "LinkContinuation",
           "UnlinkRegion", "Compound", "apply_edit"]
