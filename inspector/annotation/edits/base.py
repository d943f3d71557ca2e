"""The edit contract (``Edit``), the region plumbing every table edit shares, and the edits
that hold others or put a region back: ``ReplaceRegion`` (the undo of structural edits),
``Compound`` (several edits as one undo step) and ``apply_edit`` (one table of a document).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from ..grid_ops import EditError
from ..model import AnnTable, DocumentAnnotation, Region
from ..text import TextSource


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
