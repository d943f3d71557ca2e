"""The annotation being edited in the window: load, edit through the undo stack, save, autosave.

The annotation (``golden.model.DocumentAnnotation``) is the document a person works on;
detection results are disposable. Every change goes through ``push`` as one undoable
command that wraps pure edits (``golden.edits``/``golden.doc_edits``). The undo stack's
clean state is the "unsaved changes" flag. An autosave copy (``NAME.pdf.tables.json.autosave``,
see ``autosave``) is written a moment after each edit and periodically, so a crash or a kill
loses nothing; when the annotation is back at its saved state (saved, or undone back to it)
the copy is removed at once, so it can never bring an undone edit back. Copies an earlier
session left are *pending*: they are recovered or discarded on request only, never written.
The autosave is serialised and written on one background thread (``file_queue``: the
annotation is an immutable value, so it can be read there safely); writes and removals stay
in order, and ``shutdown`` lets them land when the window closes. What is selected lives in
``selection`` (re-exported here).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from ...annotation.io import (
    AnnotationError,
    HashMismatch,
    annotation_path_for,
    load_annotation,
    reattach,
    save_annotation,
    verify_pdf,
)
from ...annotation.model import AnnTable, DocumentAnnotation, PageInfo
from ...annotation.schema import to_json
from ...annotation.text import text_in
from ...core.reading.document import Document
from ...core.types import Rect, Word
from ..tasks import CLOSE_WAIT_S
from .autosave import AUTOSAVE_SUFFIX, Pending, autosave_path_for, free_name, pending_copies, remove
from .commands import DocCommand, NudgeCommand
from .file_queue import FileQueue
from .selection import BoundarySelection, CellSelection

if TYPE_CHECKING:
    from ...annotation.doc_edits import DocEdit

AUTOSAVE_DELAY_MS = 1500  # after an edit: a burst of edits costs one write
AUTOSAVE_EVERY_MS = 60_000


@dataclass(frozen=True)
class OpenReport:
    """What ``AnnotationSession.start`` found beside the PDF: ``loaded`` an annotation file,
    ``mismatch`` the one-line reason it was made on other bytes (not loaded), ``pending``
    autosave copies of earlier sessions that differ from it (newest first), ``error`` a broken
    annotation file (not loaded)."""

    loaded: bool = False
    mismatch: str = ""
    pending: tuple[Pending, ...] = ()
    error: str = ""

    @property
    def recoverable(self) -> bool:
        return bool(self.pending)


class AnnotationSession(QObject):
    """The annotation of the open document, its undo stack and its files."""

    changed = Signal()  # the annotation value changed (edit, undo, load)
    selectionChanged = Signal()
    message = Signal(str)  # one-line status messages (refused edits, save failures)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.stack = QUndoStack(self)
        self.doc: DocumentAnnotation | None = None
        self.path: Path | None = None  # the annotation file
        self.pdf: Document | None = None
        self.selection: CellSelection | None = None
        self.boundary: BoundarySelection | None = None
        self.overwrite_ok = True  # False after a hash mismatch: Save asks first
        self.own_autosave: Path | None = None  # the copy this session writes (see ``autosave``)
        self.pending: list[Pending] = []  # copies earlier sessions left, not recovered or discarded yet
        self._words: dict[int, tuple[Word, ...]] = {}
        # Words detection already read for a page (None when it has not): used before
        # extracting them again.
        self.known_words: Callable[[int], tuple[Word, ...] | None] = lambda page: None
        self._dirty_autosave = False
        self._files = FileQueue("autosave")
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self._autosave_timer.timeout.connect(self.write_autosave)
        self._periodic = QTimer(self)
        self._periodic.setInterval(AUTOSAVE_EVERY_MS)
        self._periodic.timeout.connect(self.write_autosave)
        self._periodic.start()
        self.stack.indexChanged.connect(self._on_index)

    # -- opening ------------------------------------------------------------------------
    def start(self, pdf_path: str | os.PathLike[str], pdf: Document) -> OpenReport:
        """Start on ``pdf`` (opened from ``pdf_path``): load its annotation when it has one."""
        self._files.submit(int).result()  # let queued autosave writes land before looking for one
        self.end()  # the previous document's copy goes when it was unchanged
        self.path = self.own_autosave = None  # clearing the stack below must not touch its files
        self.stack.clear()
        self.pdf, self._words = pdf, {}
        self.path = annotation_path_for(pdf_path)
        self.selection = self.boundary = None
        self.overwrite_ok = True
        self.doc = self._empty(pdf)
        report = OpenReport()
        if self.path.exists():
            try:
                ann = load_annotation(self.path)
                verify_pdf(ann, pdf.data)
                self.doc = ann
                report = OpenReport(loaded=True)
            except HashMismatch as exc:
                self.overwrite_ok = False
                report = OpenReport(mismatch=str(exc))
            except AnnotationError as exc:
                self.overwrite_ok = False
                report = OpenReport(error=str(exc))
        # A copy equal to the saved file is a leftover and goes; one beside an unreadable or
        # mismatched file is always offered (the file is no measure of it).
        self.pending = pending_copies(self.path, self.doc if report.loaded or not self.path.exists() else None)
        self.own_autosave = free_name(self.path)
        self.stack.setClean()
        self._emit_all()
        return OpenReport(report.loaded, report.mismatch, tuple(self.pending), report.error)

    def load_file(self, path: str | os.PathLike[str]) -> None:
        """Edit the annotation file at ``path`` (saved back there) instead of the one beside the
        PDF; raises ``AnnotationError`` (``HashMismatch`` for another PDF's annotation)."""
        ann = load_annotation(path)
        if self.pdf is not None:
            verify_pdf(ann, self.pdf.data)
        self.end()
        self.path = self.own_autosave = None
        self.stack.clear()
        self.doc, self.path, self.overwrite_ok = ann, Path(path), True
        self.pending, self.own_autosave = [], free_name(self.path)  # copies of that file are not asked about here
        self.selection = self.boundary = None
        self.stack.setClean()
        self._emit_all()

    def move_to(self, path: Path) -> None:
        """Save to ``path`` from now on (the folder beside the PDF is read-only); this
        session's autosave copy moves along."""
        self.discard_autosave(wait=True)
        self.path, self.own_autosave = path, free_name(path)
        self._dirty_autosave = self.modified

    def _empty(self, pdf: Document) -> DocumentAnnotation:
        pages = tuple(PageInfo(i + 1, *size) for i, size in enumerate(pdf.page_sizes()))
        return DocumentAnnotation(pdf.sha256(), pdf.name, pages)

    def reattach_mismatched(self) -> bool:
        """Load the annotation that was made on other bytes, tied to this PDF (a person's
        explicit choice); the change is an unsaved modification."""
        if self.path is None or self.pdf is None:
            return False
        try:
            ann = reattach(load_annotation(self.path), self.pdf.data)
        except AnnotationError as exc:
            self.message.emit(str(exc))
            return False
        self.doc, self.overwrite_ok = ann, True
        self.stack.resetClean()
        self._emit_all()
        return True

    @property
    def autosave_path(self) -> Path:
        """The autosave copy this session writes (never a pending copy of another session)."""
        assert self.path is not None
        return self.own_autosave or autosave_path_for(self.path)

    def recover(self, copy: Pending | None = None) -> bool:
        """Replace the annotation by the pending copy ``copy`` (the newest when None): one
        unsaved step away from the file. That file becomes this session's own copy."""
        copy = copy or (self.pending[0] if self.pending else None)
        if copy is None:
            return False
        try:
            ann = load_annotation(copy.path)
            if self.pdf is not None:
                verify_pdf(ann, self.pdf.data)
        except AnnotationError as exc:
            self.message.emit(f"cannot recover: {exc}")
            return False
        self.pending = [p for p in self.pending if p != copy]
        self.doc, self.own_autosave = ann, copy.path
        self._dirty_autosave = False  # the file holds exactly this
        self.stack.resetClean()
        self._emit_all()
        return True

    def discard_pending(self, copy: Pending) -> None:
        """Delete an earlier session's copy for good (the person chose Discard)."""
        self.pending = [p for p in self.pending if p != copy]
        remove(copy.path)

    def discard_autosave(self, wait: bool = True) -> None:
        """Remove this session's own autosave file (after any write still queued)."""
        if self.path is not None:
            done = self._files.submit(remove, self.autosave_path)
            if wait:
                done.result()

    def end(self) -> None:
        """The window closes or another document replaces this one: an annotation equal to
        its saved state leaves no copy behind (a timer still due would never fire)."""
        self._autosave_timer.stop()
        if self.path is not None and not self.modified:
            self._dirty_autosave = False
            self.discard_autosave(wait=True)

    # -- text ---------------------------------------------------------------------------
    def words(self, page: int) -> tuple[Word, ...]:
        """The words of 1-based ``page`` (extracted once per document)."""
        if page not in self._words:
            if self.pdf is None or not 1 <= page <= self.pdf.page_count:
                return ()
            known = self.known_words(page)
            if known is None:
                from ...core.reading.words import extract_words
                known = extract_words(self.pdf.page(page - 1))
                if not known:  # a scan: its OCR words come with the page's detection result
                    return known
            self._words[page] = known
        return self._words[page]

    def text_for(self, page: int, bbox: Rect, turn: int = 0) -> str:
        """Text of page-space ``bbox`` on 1-based ``page``, read upright for ``turn`` (a ``TextSource``)."""
        return text_in(self.words(page), bbox, turn)

    # -- editing ------------------------------------------------------------------------
    def push(self, edits: Sequence[DocEdit], text: str, nudge: tuple[object, ...] | None = None) -> bool:
        """Apply ``edits`` as one undoable command named ``text``. A refused edit changes
        nothing and says why on ``message``. ``nudge`` keys merge consecutive nudges."""
        if self.doc is None:
            self.message.emit("open a document first")
            return False
        from ...annotation.edits import EditError  # loaded on the first edit, not at start
        edits = self._unverify(edits)
        try:
            cmd = (NudgeCommand(self, tuple(edits), text, nudge) if nudge is not None
                   else DocCommand(self, tuple(edits), text))
        except EditError as exc:
            self.message.emit(f"{text}: {exc}")
            return False
        self.stack.push(cmd)
        return True

    def _unverify(self, edits: Sequence[DocEdit]) -> Sequence[DocEdit]:
        """A verified table that is edited again is no longer verified: its flag is cleared in
        the same command (undo brings it back), and the status bar says so."""
        from ...annotation.doc_edits import EditTable
        from ...annotation.edits import SetVerified
        if any(isinstance(e, EditTable) and isinstance(e.edit, SetVerified) for e in edits):
            return edits
        ids = [e.table_id for e in edits if isinstance(e, EditTable)]
        verified = [i for i in dict.fromkeys(ids) if (t := self.table(i)) is not None and t.verified]
        if not verified:
            return edits
        self.message.emit(f"{', '.join(verified)}: edited, so no longer marked verified (Ctrl+Shift+V marks it again)")
        return [*edits, *(EditTable(i, SetVerified(False)) for i in verified)]

    def set_doc(self, doc: DocumentAnnotation) -> None:
        """Install a new annotation value (commands only)."""
        self.doc = doc
        self._fix_selection()
        self.changed.emit()

    def table(self, table_id: str | None) -> AnnTable | None:
        return self.doc.table(table_id) if self.doc is not None and table_id else None

    def tables_on(self, page: int) -> list[tuple[AnnTable, int]]:
        """(table, region index) of every accepted region on 1-based ``page``."""
        if self.doc is None:
            return []
        return [(t, i) for t in self.doc.tables for i, r in enumerate(t.regions) if r.page == page]

    def select(self, sel: CellSelection | None, boundary: BoundarySelection | None = None) -> None:
        if sel != self.selection or boundary != self.boundary:
            self.selection, self.boundary = sel, boundary
            self.selectionChanged.emit()

    def _fix_selection(self) -> None:
        sel, before = self.selection, (self.selection, self.boundary)
        table = self.table(sel.table_id) if sel else None
        if sel is not None and (table is None or sel.region >= len(table.regions)):
            self.selection = None
        elif sel is not None and table is not None:
            reg = table.regions[sel.region]
            if sel.r1 >= reg.n_rows or sel.c1 >= reg.n_cols:
                self.selection = CellSelection(sel.table_id, sel.region)
        b = self.boundary
        if b is not None:
            t = self.table(b.table_id)
            bounds = None if t is None or b.region >= len(t.regions) else \
                (t.regions[b.region].ys if b.axis == "row" else t.regions[b.region].xs)
            if bounds is None or not 0 < b.index < len(bounds) - 1:
                self.boundary = None
        if (self.selection, self.boundary) != before:
            self.selectionChanged.emit()

    # -- saving -------------------------------------------------------------------------
    @property
    def modified(self) -> bool:
        """Unsaved changes: a step between the saved state and now changed the annotation (a
        detection parameter step, ``ParamCommand``, does not)."""
        s = self.stack
        if s.isClean():
            return False
        if s.cleanIndex() < 0:
            return True
        lo, hi = sorted((s.cleanIndex(), s.index()))
        return any(getattr(s.command(k), "changes_annotation", True) for k in range(lo, hi))

    def save(self, path: Path | None = None) -> bool:
        """Write the annotation atomically (to ``path`` or its own file) and mark it clean."""
        target = path or self.path
        if self.doc is None or target is None:
            return False
        try:
            save_annotation(self.doc, target)
        except AnnotationError as exc:
            self.message.emit(str(exc))
            return False
        if path is None or path == self.path:
            self.overwrite_ok = True
            self.stack.setClean()
            self.discard_autosave()
        self.message.emit(f"saved {target}")
        return True

    def write_autosave(self, wait: bool = False, force: bool = False) -> None:
        """Write the autosave copy when there are unsaved edits not written yet (``force``:
        unsaved edits at all), on the background thread (``wait`` blocks until it is on disk)."""
        if not (self._dirty_autosave or (force and self.modified)) or self.doc is None or self.path is None:
            return
        self._dirty_autosave = False
        if not self.modified:
            self.discard_autosave(wait)
            return
        done: Future[None] = self._files.submit(self._write, self.doc, self.autosave_path)
        if wait:
            done.result()

    def _write(self, doc: DocumentAnnotation, path: Path) -> None:
        """Background thread: serialise and write atomically; a failure is a status message."""
        from ...annotation.io import write_atomic
        try:
            write_atomic(path, json.dumps(to_json(doc), ensure_ascii=False).encode("utf-8"))
        except (AnnotationError, ValueError) as exc:
            self.message.emit(f"autosave failed: {exc}")  # queued to the GUI thread

    def shutdown(self, timeout: float = CLOSE_WAIT_S) -> bool:
        """The window closes: every queued write and removal lands, then the thread ends (waited
        for at most ``timeout`` seconds: a file system may hang). True when it has ended."""
        self._autosave_timer.stop()
        self._periodic.stop()
        return self._files.shutdown(timeout)

    def _on_index(self, _index: int) -> None:
        if self.path is None:
            return  # the stack is being cleared for another document
        if not self.modified:
            # Back at the saved state (undo, redo, save): its copy goes now, not a timer later,
            # or a quit right after the undo leaves the undone edit to be "recovered".
            self._autosave_timer.stop()
            self._dirty_autosave = False
            self.discard_autosave(wait=True)
            return
        self._dirty_autosave = True
        self._autosave_timer.start()

    def _emit_all(self) -> None:
        self.changed.emit()
        self.selectionChanged.emit()


__all__ = ["AnnotationSession", "OpenReport", "CellSelection", "BoundarySelection", "autosave_path_for",
           "AUTOSAVE_SUFFIX"]
