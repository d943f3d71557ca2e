"""Edits on a whole document annotation: add, remove and link tables, or edit one table.

Same contract as ``edits``: ``apply(doc, text_for=None) -> doc`` and
``inverse(before, text_for=None)`` with ``inv.apply(e.apply(d)) == d``. "Accept" in the window
is an ``AddTable`` of a detected table; "this continues table t1" is a ``LinkTables``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from .edits import Edit, EditError
from .model import AnnTable, DocumentAnnotation, NotContinued, Region
from .text import TextSource


class DocEdit(Protocol):
    def apply(self, doc: DocumentAnnotation, text_for: TextSource | None = None) -> DocumentAnnotation: ...

    def inverse(self, before: DocumentAnnotation, text_for: TextSource | None = None) -> DocEdit: ...


def _index(doc: DocumentAnnotation, table_id: str) -> int:
    for i, t in enumerate(doc.tables):
        if t.id == table_id:
            return i
    raise EditError(f"the annotation has no table '{table_id}'")


@dataclass(frozen=True)
class AddTable:
    """Insert ``table`` at ``index`` (None appends); its id must be new (``next_table_id``)."""

    table: AnnTable
    index: int | None = None

    def apply(self, doc: DocumentAnnotation, text_for: TextSource | None = None) -> DocumentAnnotation:
        if doc.table(self.table.id) is not None:
            raise EditError(f"the annotation already has a table '{self.table.id}'")
        problems = self.table.problems()
        if problems:
            raise EditError(f"table {self.table.id} is not sound: {problems[0]}")
        at = len(doc.tables) if self.index is None else max(0, min(self.index, len(doc.tables)))
        return replace(doc, tables=(*doc.tables[:at], self.table, *doc.tables[at:]))

    def inverse(self, before: DocumentAnnotation, text_for: TextSource | None = None) -> DocEdit:
        return RemoveTable(self.table.id)


@dataclass(frozen=True)
class RemoveTable:
    table_id: str

    def apply(self, doc: DocumentAnnotation, text_for: TextSource | None = None) -> DocumentAnnotation:
        _index(doc, self.table_id)
        return doc.without_table(self.table_id)

    def inverse(self, before: DocumentAnnotation, text_for: TextSource | None = None) -> DocEdit:
        i = _index(before, self.table_id)
        return AddTable(before.tables[i], i)


@dataclass(frozen=True)
class EditTable:
    """One table edit (``edits.Edit``) applied to table ``table_id``."""

    table_id: str
    edit: Edit

    def apply(self, doc: DocumentAnnotation, text_for: TextSource | None = None) -> DocumentAnnotation:
        table = doc.tables[_index(doc, self.table_id)]
        return doc.with_table(self.edit.apply(table, text_for))

    def inverse(self, before: DocumentAnnotation, text_for: TextSource | None = None) -> DocEdit:
        table = before.tables[_index(before, self.table_id)]
        return EditTable(self.table_id, self.edit.inverse(table, text_for))


@dataclass(frozen=True)
class LinkTables:
    """Make table ``continuation_id`` the continuation of ``first_id``: its regions are
    appended to the first table's and it disappears as a table of its own.

    ``repeated_header`` (when not None) says how many leading rows of the continuation
    repeat the first table's header: they become "header" rows (dropped by exports) and
    any "header" row after them becomes "data". None keeps the continuation's roles.
    """

    first_id: str
    continuation_id: str
    repeated_header: int | None = None

    def apply(self, doc: DocumentAnnotation, text_for: TextSource | None = None) -> DocumentAnnotation:
        if self.first_id == self.continuation_id:
            raise EditError("a table cannot continue itself")
        first = doc.tables[_index(doc, self.first_id)]
        cont = doc.tables[_index(doc, self.continuation_id)]
        most = min(r.n_cols for r in cont.regions)
        if most < first.header_cols:
            raise EditError(f"table {cont.id} has {most} column(s), fewer than {first.id}'s header columns")
        regions = cont.regions
        if self.repeated_header is not None:
            regions = (_with_repeated_header(regions[0], self.repeated_header), *regions[1:])
        footnote = cont.footnote if cont.footnote.strip() else first.footnote
        joined = replace(first, regions=(*first.regions, *regions), footnote=footnote)
        return doc.with_table(joined).without_table(cont.id)

    def inverse(self, before: DocumentAnnotation, text_for: TextSource | None = None) -> DocEdit:
        return RestoreTables(before.tables)


def _with_repeated_header(region: Region, n: int) -> Region:
    n = max(0, min(n, region.n_rows))
    roles = list(region.row_roles) or ["data"] * region.n_rows
    roles = ["header"] * n + ["data" if r == "header" else r for r in roles[n:]]
    return replace(region, row_roles=tuple(roles))


@dataclass(frozen=True)
class RejectContinuation:
    """Record that ``pair.second`` does not continue ``pair.first`` (a rejected proposal)."""

    pair: NotContinued

    def apply(self, doc: DocumentAnnotation, text_for: TextSource | None = None) -> DocumentAnnotation:
        if doc.rejected(self.pair.first, self.pair.second):
            raise EditError("that continuation is rejected already")
        return replace(doc, not_continued=(*doc.not_continued, self.pair))

    def inverse(self, before: DocumentAnnotation, text_for: TextSource | None = None) -> DocEdit:
        return SetNotContinued(before.not_continued)


@dataclass(frozen=True)
class SetNotContinued:
    """Put back a document's list of rejected continuations (the undo of a rejection)."""

    pairs: tuple[NotContinued, ...]

    def apply(self, doc: DocumentAnnotation, text_for: TextSource | None = None) -> DocumentAnnotation:
        return replace(doc, not_continued=self.pairs)

    def inverse(self, before: DocumentAnnotation, text_for: TextSource | None = None) -> DocEdit:
        return SetNotContinued(before.not_continued)


@dataclass(frozen=True)
class RestoreTables:
    """Put back a document's whole list of tables (the undo of ``LinkTables``)."""

    tables: tuple[AnnTable, ...]

    def apply(self, doc: DocumentAnnotation, text_for: TextSource | None = None) -> DocumentAnnotation:
        return replace(doc, tables=self.tables)

    def inverse(self, before: DocumentAnnotation, text_for: TextSource | None = None) -> DocEdit:
        return RestoreTables(before.tables)


__all__ = ["DocEdit", "AddTable", "RemoveTable", "EditTable", "LinkTables", "RestoreTables", "RejectContinuation",
           "SetNotContinued"]
