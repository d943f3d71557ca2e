"""File > Open scan results: the worklist dock, and showing a listed table in the window.

The scan's parameters may differ from the window's, so a listed table is found again among
the page's detected tables by overlap (the largest IoU with its stored box); with no overlap
the page still opens and the view shows the stored box.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRectF
from PySide6.QtWidgets import QDockWidget, QFileDialog, QMessageBox

from ..core.types import Rect
from .session import Selection

if TYPE_CHECKING:
    from .main_window import MainWindow
    from .widgets.worklist import Worklist

RESULTS_FILTER = "Scan results (*.sqlite *.sqlite3 *.db);;All files (*)"
MIN_IOU = 0.3  # a detected table overlapping the listed one less than this is another table


class ScanResults(QObject):
    """Owns the worklist dock of one window (made on first use)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.dock: QDockWidget | None = None
        self.worklist: Worklist | None = None
        self._pending: tuple[int, Rect] | None = None  # (0-based page, box) to select when detected
        window.session.resultChanged.connect(self._on_result)

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window, "Open scan results", "", RESULTS_FILTER)
        if path:
            self.open_results(path)

    def open_results(self, path: str) -> bool:
        """Load ``path`` into the worklist dock (shown, focused); False with a message if unusable."""
        from ..triage.store import StoreError  # loaded on first use: not needed to start the window

        worklist = self._ensure_dock()
        try:
            worklist.load(path)
        except StoreError as exc:
            QMessageBox.warning(self.window, "Cannot open scan results", str(exc))
            return False
        assert self.dock is not None
        self.dock.show()
        self.dock.raise_()
        worklist.table.setFocus()
        return True

    def _ensure_dock(self) -> Worklist:
        if self.worklist is None:
            from .widgets.worklist import Worklist

            self.worklist = Worklist()
            self.worklist.openRequested.connect(self.show_table)
            # Beside the stage inspector: the bottom area is wide enough for file names and defects.
            self.dock = self.window.add_dock("Scan worklist", self.worklist, beside=self.window.dock("Stage inspector"))
        return self.worklist

    def show_table(self, path: str, page: int, index: int, bbox: tuple) -> None:
        """Open ``path`` (unless it is open) at 1-based ``page`` and select the table there."""
        session = self.window.session
        if session.path != path and not self.window.open_file(path):
            return
        self._pending = (page - 1, Rect(*bbox))
        if session.page_index != page - 1:
            session.set_page(page - 1)
        elif session.result is not None and session.result.page == page:
            self._on_result()
        self.window.view.ensureVisible(QRectF(bbox[0], bbox[1], bbox[2] - bbox[0], bbox[3] - bbox[1]), 40, 40)

    def _on_result(self) -> None:
        res = self.window.session.result
        if self._pending is None or res is None or res.page - 1 != self._pending[0]:
            return
        box = self._pending[1]
        self._pending = None
        best = max(range(len(res.tables)), key=lambda j: res.tables[j].bbox.iou(box), default=-1)
        if best >= 0 and res.tables[best].bbox.iou(box) >= MIN_IOU:
            self.window.session.select(Selection("table", best))
        # Scrolled to once the page is shown: a newly opened page is fitted to the view first,
        # which undid the scroll made when the row was opened.
        self.window.view.ensureVisible(QRectF(box.x0, box.y0, box.width, box.height), 40, 40)

    def next_flagged(self) -> None:
        if self.worklist is not None:
            self.worklist.open_next()

    def close(self) -> None:
        if self.worklist is not None:
            self.worklist.close_store()
