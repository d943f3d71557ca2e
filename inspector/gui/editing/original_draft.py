"""File > Draft from original…: the tables of the PDF's HWPX or DOCX original, placed on its
pages (``compare.original_import``), added to the annotation as drafts (not verified).

The import reads the original and the words of every page of the PDF: it runs in a budgeted
worker process (``import_original_budgeted``) from the ``original`` lane (``gui.tasks``), so the
window stays free, a hostile PDF cannot hold it, and closing the window ends the thread and
kills the process; the result comes back on the GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from ...core.params import BudgetParams
from ..tasks import Lane

ORIGINALS_FILTER = "Originals (*.hwpx *.docx *.hwp);;All files (*)"


class OriginalDraft(QObject):
    """Runs one import at a time; ``done`` carries the ``OriginalImport``, ``failed`` the reason."""

    done = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.lane = Lane("original", self)

    @property
    def running(self) -> bool:
        return self.lane.busy

    def start(self, original: str, pdf: str, budget: BudgetParams) -> bool:
        """Start importing ``original`` onto ``pdf``; False while another import runs."""
        if self.running:
            return False
        self.lane.submit(lambda cancelled: _import(original, pdf, budget, cancelled), self._arrived, self.failed.emit)
        return True

    def _arrived(self, value: tuple[Any, str]) -> None:
        result, error = value
        if error:
            self.failed.emit(error)
        else:
            self.done.emit(result)


def _import(original: str, pdf: str, budget: BudgetParams, cancelled: Callable[[], bool]) -> tuple[Any, str]:
    """The lane's work: the ``OriginalImport``, or None and the reason it failed."""
    from ...compare.original_import import OriginalError, import_original_budgeted

    try:
        return import_original_budgeted(original, pdf, budget, cancelled), ""
    except OriginalError as exc:
        return None, str(exc)
