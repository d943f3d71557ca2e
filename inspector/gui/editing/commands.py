"""Undo commands: thin ``QUndoCommand`` wrappers around the pure annotation edits.

A command holds document edits (``golden.doc_edits``); ``redo`` applies them to the
session's annotation and ``undo`` applies their inverses, computed once on the value they
were applied to. Commands change the model only; the scene and panels follow its signals.
The first ``redo`` (inside ``QUndoStack.push``) reuses the result of the validating dry
run made in the constructor, so a refused edit never reaches the stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand

if TYPE_CHECKING:
    from ...annotation.doc_edits import DocEdit, EditTable
    from ...annotation.edits import Edit
    from ...annotation.model import DocumentAnnotation
    from ...annotation.text import TextSource
    from ..session import Session
    from .document import AnnotationSession

NUDGE_ID = 4201


def run_edits(doc: DocumentAnnotation, edits: tuple[DocEdit, ...],
              text_for: TextSource | None) -> tuple[DocumentAnnotation, tuple[DocEdit, ...]]:
    """Apply ``edits`` in order; returns the new value and the inverses in undo order.
    Raises ``EditError`` when one is refused (then nothing changed)."""
    undo: list[DocEdit] = []
    for e in edits:
        undo.append(e.inverse(doc, text_for))
        doc = e.apply(doc, text_for)
    return doc, tuple(reversed(undo))


class DocCommand(QUndoCommand):
    """Several document edits as one undo step named ``text``."""

    def __init__(self, ann: AnnotationSession, edits: tuple[DocEdit, ...], text: str) -> None:
        super().__init__(text)
        self.ann = ann
        self.edits = edits
        assert ann.doc is not None
        self._after, self.undo_edits = run_edits(ann.doc, edits, ann.text_for)  # raises EditError
        self._first = True

    def redo(self) -> None:
        if self._first:
            self._first = False
            self.ann.set_doc(self._after)
            return
        assert self.ann.doc is not None
        doc, self.undo_edits = run_edits(self.ann.doc, self.edits, self.ann.text_for)
        self.ann.set_doc(doc)

    def undo(self) -> None:
        assert self.ann.doc is not None
        doc, _ = run_edits(self.ann.doc, self.undo_edits, self.ann.text_for)
        self.ann.set_doc(doc)


class NudgeCommand(DocCommand):
    """A keyboard nudge of one boundary; consecutive nudges of the same boundary merge into
    one command whose undo restores the region from before the first nudge."""

    def __init__(self, ann: AnnotationSession, edits: tuple[DocEdit, ...], text: str, key: tuple[object, ...]) -> None:
        super().__init__(ann, edits, text)
        self.key = key

    def id(self) -> int:
        return NUDGE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, NudgeCommand) or other.key != self.key:
            return False
        # other's MoveBoundary holds the final position; our undo (the region before the
        # first nudge) stays, so one undo goes back to where the nudging started.
        self.edits = other.edits
        return True


class ParamCommand(QUndoCommand):
    """A detection parameter set to a value (a suggestion from the Why tab), undone by putting
    the previous value back. It re-detects and changes no annotation: detection output is
    disposable, so it never touches a hand correction, and it leaves no unsaved change
    (``changes_annotation``; see ``AnnotationSession.modified``)."""

    changes_annotation = False

    def __init__(self, session: Session, key: str, value: object, text: str) -> None:
        super().__init__(text)
        self.session, self.key, self.value = session, key, value
        self.before = session.param_value(key)

    def redo(self) -> None:
        self.session.set_param(self.key, self.value)

    def undo(self) -> None:
        self.session.set_param(self.key, self.before)


def table_edit(table_id: str, edit: Edit) -> EditTable:
    from ...annotation.doc_edits import EditTable  # the edit code loads on the first edit, not at start
    return EditTable(table_id, edit)


__all__ = ["DocCommand", "NudgeCommand", "ParamCommand", "run_edits", "table_edit", "NUDGE_ID"]
