"""Continuations in the annotation: what state a proposed link is in, and the edits that
accept or reject it.

A proposal names two detected tables by page and position; the annotation knows tables by
id. A piece is "the same" as an accepted region when they are on the same page and their
boxes overlap by IoU >= ``SAME_IOU``. Accepting adds whichever piece is not accepted yet and
links the continuation onto the first table (one list of edits, so one undo step).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from ..core.types import Table
from .doc_edits import AddTable, DocEdit, LinkTables, RejectContinuation
from .edits import EditError
from .model import AnnTable, DocumentAnnotation, NotContinued, PieceRef

SAME_IOU = 0.5
LinkState = Literal["proposed", "accepted", "rejected"]


def find_region(doc: DocumentAnnotation, piece: PieceRef) -> tuple[AnnTable, int] | None:
    """The accepted table and region index at ``piece``'s place, or None."""
    for t in doc.tables:
        for i, r in enumerate(t.regions):
            if piece.same(r.page, r.bbox, SAME_IOU):
                return t, i
    return None


def link_state(doc: DocumentAnnotation | None, first: PieceRef, second: PieceRef) -> LinkState:
    """"accepted" when one table holds the pieces as consecutive regions, "rejected" when a
    person said no, else "proposed"."""
    if doc is None:
        return "proposed"
    if doc.rejected(first, second):
        return "rejected"
    a, b = find_region(doc, first), find_region(doc, second)
    if a is not None and b is not None and a[0].id == b[0].id and b[1] == a[1] + 1:
        return "accepted"
    return "proposed"


def accept_edits(doc: DocumentAnnotation, first: Table, second: Table, repeated_header: int,
                 make: Callable[[Table, str], AnnTable]) -> list[DocEdit]:
    """Edits making detected ``second`` the continuation of detected ``first``.

    ``make(table, id)`` turns a detected table into an annotation table (the window's
    "accept"). A piece already accepted is used as it is; refuses (``EditError``) when the
    link exists, when ``first`` is not the last piece of its table, or when ``second`` is
    already a continuation of another table.
    """
    a_ref, b_ref = PieceRef(first.page, first.bbox), PieceRef(second.page, second.bbox)
    if link_state(doc, a_ref, b_ref) == "accepted":
        raise EditError("that continuation is accepted already")
    edits: list[DocEdit] = []
    ids = {t.id for t in doc.tables}
    a, b = find_region(doc, a_ref), find_region(doc, b_ref)
    if a is not None and a[1] != len(a[0].regions) - 1:
        raise EditError(f"table {a[0].id} already continues on page {a[0].regions[a[1] + 1].page}")
    if b is not None and b[1] != 0:
        raise EditError(f"that table is already a continuation of table {b[0].id}")
    if a is not None and b is not None and a[0].id == b[0].id:
        raise EditError("a table cannot continue itself")
    first_id = a[0].id if a is not None else _new_id(ids)
    if a is None:
        edits.append(AddTable(make(first, first_id)))
    second_id = b[0].id if b is not None else _new_id(ids)
    if b is None:
        edits.append(AddTable(make(second, second_id)))
    edits.append(LinkTables(first_id, second_id, repeated_header))
    return edits


def reject_edit(first: Table, second: Table) -> DocEdit:
    return RejectContinuation(NotContinued(PieceRef(first.page, first.bbox), PieceRef(second.page, second.bbox)))


def _new_id(used: set[str]) -> str:
    n = len(used) + 1
    while f"t{n}" in used:
        n += 1
    used.add(f"t{n}")
    return f"t{n}"


__all__ = ["LinkState", "find_region", "link_state", "accept_edits", "reject_edit"]
