"""File > Draft from original…: the tables of the PDF's HWPX or DOCX original, placed on its
pages (``compare.original_import``), added to the annotation as drafts (not verified).

The import reads the original and the words of every page of the PDF: it runs in a budgeted
worker process (``import_original_budgeted``) from a thread, so the window stays free and a
hostile PDF cannot hold it; the result comes back as a queued signal.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Signal

from ...core.params import BudgetParams

ORIGINALS_FILTER = "Originals (*.hwpx *.docx *.hwp);;All files (*)"


class OriginalDraft(QObject):
    """Runs one import at a time; ``done`` carries the ``OriginalImport``, ``failed`` the reason."""

    done = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.running = False

    def start(self, original: str, pdf: str, budget: BudgetParams) -> bool:
        """Start importing ``original`` onto ``pdf``; False while another import runs."""
        if self.running:
            return False
        self.running = True
        threading.Thread(target=self._run, args=(original, pdf, budget), daemon=True).start()
        return True

    def _run(self, original: str, pdf: str, budget: BudgetParams) -> None:
        from ...compare.original_import import OriginalError, import_original_budgeted

        try:
            result = import_original_budgeted(original, pdf, budget)
        except OriginalError as exc:
            self.running = False
            self.failed.emit(str(exc))
            return
        self.running = False
        self.done.emit(result)
