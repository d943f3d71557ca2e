"""The editing part's files and questions: recovery of earlier sessions' copies, Save / Discard
on close, where the annotation is written (beside the PDF, or a folder of annotations apart
when that folder is read-only), and File > Add to golden set.

A mixin of ``Editing``: it uses ``self.window`` and ``self.ann``. Every question goes through
a method (``ask``, ``ask_recovery``, ``ask_save``, ``ask_golden_folder``,
``ask_annotation_folder``) so tests can answer it; a non-interactive run answers safely.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox

from ...annotation.io import AnnotationError
from .autosave import Pending
from .document import OpenReport

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from ..main_window import MainWindow
    from .document import AnnotationSession

ANNOTATION_DIR_KEY = "annotationDir"  # settings: the folder of annotations of PDFs in read-only folders


class EditingFiles:
    """Files and questions of ``Editing`` (see the module doc)."""

    window: MainWindow
    ann: AnnotationSession
    save_action: QAction
    recovery_copy: Pending | None
    recovery_more: int

    def _say_target(self) -> None:
        """Save's tooltip and status tip name the file it writes."""
        if self.ann.path is not None:
            where = f"Save the annotation to {self.ann.path}"
            self.save_action.setToolTip(where)
            self.save_action.setStatusTip(where)

    def _after_open(self, report: OpenReport) -> None:
        if report.mismatch:
            if self.ask("Annotation made on another file", f"{report.mismatch}.\n\nRe-attach it to this file?"):
                self.ann.reattach_mismatched()
            else:
                self.ann.message.emit("the annotation beside this file was not loaded (its PDF differs)")
        elif report.error:
            self.ann.message.emit(f"annotation not loaded: {report.error}")
        self._offer_recovery(report.pending)

    def _offer_recovery(self, pending: Sequence[Pending]) -> None:
        """Ask about each copy earlier sessions left, newest first: Recover loads it (the
        others wait), Discard deletes it and asks about the next, Later keeps them all
        untouched; this session's own edits go to a copy of their own meanwhile."""
        for n, copy in enumerate(pending):
            self.recovery_copy, self.recovery_more = copy, len(pending) - n - 1
            choice = self.ask_recovery()
            if choice == "recover":
                self.ann.recover(copy)
                return
            if choice != "discard":
                self.ann.message.emit(f"unsaved edits of {copy.when()} kept for later: you will be asked again "
                                      f"at the next open (this session's edits are kept apart, in "
                                      f"{self.ann.autosave_path.name})")
                return
            self.ann.discard_pending(copy)
            self.ann.message.emit(f"unsaved edits of {copy.when()} discarded")

    def ask(self, title: str, text: str) -> bool:
        """A yes/no question (tests replace this). A non-interactive run (``gui --screenshot``)
        never asks: it answers no, which changes nothing on disk, and says so on stderr."""
        if self.window.non_interactive:
            print(f"table-inspector: not asked in a non-interactive run, answered no: {title} "
                  f"({' '.join(text.split())})", file=sys.stderr)
            return False
        answer = QMessageBox.question(self.window, title, text)
        return answer == QMessageBox.StandardButton.Yes

    def ask_recovery(self) -> str:
        """"recover", "discard" or "later" (keep the autosave, ask next time); tests replace this.
        A non-interactive run answers "later": the autosave stays as it is."""
        if getattr(self.window, "non_interactive", False):
            print("table-inspector: not asked in a non-interactive run: unsaved edits of the last session "
                  "were left in their autosave", file=sys.stderr)
            return "later"
        copy = self.recovery_copy
        when = f" (last written {copy.when()})" if copy is not None else ""
        more = f"\n\n{self.recovery_more} more unsaved session(s) follow." if self.recovery_more else ""
        box = QMessageBox(QMessageBox.Icon.Question, "Recover unsaved edits?",
                          f"Edits of this file were not saved when the app last stopped{when}.", parent=self.window)
        box.setInformativeText("Recover them, discard them for good, or decide later: they are kept untouched "
                               "and you are asked again at every open, while your new edits are kept apart."
                               + more)
        recover = box.addButton("&Recover", QMessageBox.ButtonRole.AcceptRole)
        discard = box.addButton("&Discard", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton("&Later", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(recover)
        box.exec()
        clicked = box.clickedButton()
        return "recover" if clicked is recover else "discard" if clicked is discard else "later"

    def ask_save(self) -> str:
        """"save", "discard" or "cancel" for unsaved edits (tests replace this); a
        non-interactive run cancels (the edits and their autosave stay as they are)."""
        if self.window.non_interactive:
            print("table-inspector: not asked in a non-interactive run: unsaved edits were kept in the autosave",
                  file=sys.stderr)
            return "cancel"
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(self.window, "Unsaved changes",
                                      "The annotation has unsaved changes. Save them?",
                                      buttons.Save | buttons.Discard | buttons.Cancel)
        return {buttons.Save: "save", buttons.Discard: "discard"}.get(answer, "cancel")

    def confirm_discard(self) -> bool:
        """Before closing the document: True when it may go (saved, discarded or unchanged)."""
        if not self.ann.modified:
            self.ann.end()  # no copy of an unchanged annotation outlives it
            return True
        choice = self.ask_save()
        if choice == "save":
            return self.save()
        if choice == "discard":
            self.ann.discard_autosave()
            self.ann.stack.setClean()
            return True
        return False

    def save(self) -> bool:
        if self.ann.doc is None:
            return False
        if not self._writable_target():
            return False
        if not self.ann.overwrite_ok and self.ann.path is not None and self.ann.path.exists() and \
                not self.ask("Overwrite annotation?", f"{self.ann.path} was made on another file or could "
                                                      "not be read. Replace it with this annotation?"):
            return False
        return self.ann.save()

    def add_to_golden(self) -> bool:
        """File > Add to golden set: the saved annotation, checked as ``golden add`` checks it."""
        pdf = self.window.session.path
        if self.ann.doc is None or pdf is None:
            self.ann.message.emit("open a document first")
            return False
        if self.ann.modified and not (self.ask("Save first?", "The golden set takes the saved annotation. "
                                               "Save your changes now?") and self.save()):
            self.ann.message.emit("not added: the annotation has unsaved changes")
            return False
        folder = self.ask_golden_folder()
        if not folder:
            return False
        from ...annotation.golden_add import add_checked  # loaded on first use
        outcome = add_checked(folder, pdf, self.ann.doc)
        if outcome.reason.endswith("to change it") and self.ask(
                "Replace in the golden set?", f"{outcome.reason}.\n\nReplace it (a new revision of the set)?"):
            outcome = add_checked(folder, pdf, self.ann.doc, replace=True)
        self.window.settings.setValue("goldenDir", folder)
        text = f"added to the golden set {folder}" if outcome.added else f"not added to {folder}: {outcome.reason}"
        self.ann.message.emit(text)
        return outcome.added is not None

    def ask_golden_folder(self) -> str:
        """The golden folder to add to ("" when cancelled); tests replace this."""
        from PySide6.QtWidgets import QFileDialog
        start = str(self.window.settings.value("goldenDir", "") or "")
        return QFileDialog.getExistingDirectory(self.window, "Add to golden set (a folder with golden.json, "
                                                "or a new one)", start)

    def _writable_target(self) -> bool:
        """A PDF in a read-only or shared folder (a corpus opened from the worklist): the
        annotation goes to a folder of annotations apart from the PDFs, chosen once and
        remembered; the status bar says where it writes."""
        target = self.ann.path
        if target is None or os.access(target.parent, os.W_OK):
            return True
        folder = self.ask_annotation_folder(target)
        if not folder:
            self.ann.message.emit(f"not saved: {target.parent} is read-only; choose a folder of annotations")
            return False
        self.window.settings.setValue(ANNOTATION_DIR_KEY, folder)
        self.ann.move_to(Path(folder) / target.name)
        self._say_target()
        return True

    def ask_annotation_folder(self, target: Path) -> str:
        """Where annotations of PDFs in read-only folders go ("" when cancelled); tests replace this."""
        remembered = str(self.window.settings.value(ANNOTATION_DIR_KEY, "") or "")
        if remembered and os.access(remembered, os.W_OK):
            return remembered
        from PySide6.QtWidgets import QFileDialog
        return QFileDialog.getExistingDirectory(self.window, f"{target.parent} is read-only: choose a folder for "
                                                "annotations (kept apart from the PDFs)", str(Path.home()))

    def _annotation_apart(self, pdf: str) -> None:
        """Load the annotation kept in the folder of annotations when none lies beside the PDF."""
        folder = str(self.window.settings.value(ANNOTATION_DIR_KEY, "") or "")
        apart = Path(folder) / (Path(pdf).name + ".tables.json") if folder else None
        if apart is None or self.ann.path is None or self.ann.path.exists() or not apart.is_file():
            return
        try:
            self.ann.load_file(apart)
            self.ann.message.emit(f"annotation read from the folder of annotations: {apart}")
        except AnnotationError as exc:
            self.ann.message.emit(f"annotation in {folder} not loaded: {exc}")
