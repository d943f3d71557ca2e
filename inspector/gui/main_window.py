"""The main window: composition of the session, page view and docked panels, plus menus.

Every behaviour lives in the session, the view or a panel; this module only wires
them together, opens files (dialog, drag and drop, recent files) and reports bad ones.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDropEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QWidget,
)

from ..core.document import DocumentError, PasswordRequired
from .polish import Polish
from .scene.view import ZOOM_STEP, PageView
from .session import Session
from .widgets.layers_panel import LayersPanel
from .widgets.params_panel import ParamsPanel
from .widgets.stage_inspector import StageInspector
from .widgets.table_view import TablePreview
from .widgets.thumbnails import ThumbnailStrip

if TYPE_CHECKING:
    from .editing import Editing

APP_NAME = "Table Inspector"
MAX_RECENT = 10
EDITING_LATE_MS = 600  # with no document to show, hand correction is added this long after the first show
OPEN_FILTER = "Documents (*.pdf *.png *.jpg *.jpeg *.tif *.tiff);;All files (*)"


class MainWindow(QMainWindow):
    """The inspection window. ``settings`` holds recent files (tests pass a throwaway one)."""

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings("table-inspector", "table-inspector")
        self.session = Session(self)
        self.view = PageView(self.session)
        self.setCentralWidget(self.view)
        self.thumbnails = ThumbnailStrip(self.session)
        self.layers = LayersPanel(self.view.page_scene)
        self.params = ParamsPanel(self.session)
        self.inspector = StageInspector(self.session)
        self.preview = TablePreview(self.session)
        self._dock("Pages", self.thumbnails, Qt.DockWidgetArea.LeftDockWidgetArea)
        self._dock("Layers", self.layers, Qt.DockWidgetArea.RightDockWidgetArea)
        self._dock("Parameters", self.params, Qt.DockWidgetArea.RightDockWidgetArea)
        inspector_dock = self._dock("Stage inspector", self.inspector, Qt.DockWidgetArea.BottomDockWidgetArea)
        preview_dock = self._dock("Table preview", self.preview, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.splitDockWidget(inspector_dock, preview_dock, Qt.Orientation.Horizontal)
        self.resizeDocks([inspector_dock], [230], Qt.Orientation.Vertical)
        self._status()
        from .scan_results import ScanResults
        self.scan_results = ScanResults(self)  # File > Open scan results: the worklist dock
        from .comparison import Comparison
        self.comparison = Comparison(self)  # File > Compare with: their tables and the differences
        self._menus()
        self.setAcceptDrops(True)
        self.session.documentChanged.connect(self._update_title)
        self.session.pageChanged.connect(self._update_page_label)
        self.session.detectFailed.connect(lambda msg: self.statusBar().showMessage(msg, 8000))
        self.session.paint_pending = self.view.isVisible
        self.view.picturePainted.connect(self.session.picture_shown)
        self.view.renderFailed.connect(lambda msg: self.statusBar().showMessage(msg, 8000))
        # Hand correction (annotation, undo, save, export) is added once the first page is on
        # screen: its code and widgets would otherwise delay that page by about 0.2 s.
        self._editing: Editing | None = None
        self.polish = Polish(self)  # preferences, Help, palette, metrics panel, differences layer
        self.session.documentShown.connect(self._attach_editing)
        self._update_title()
        self.resize(1400, 900)

    @property
    def editing(self) -> Editing:
        """The hand-correction part; made on first use if the first page has not been shown yet."""
        if self._editing is None:
            self._attach_editing()
        assert self._editing is not None
        return self._editing

    @property
    def editing_if_made(self) -> Editing | None:
        """The hand-correction part, or None while it is not made yet (never makes it)."""
        return self._editing

    def _attach_editing(self) -> None:
        if self._editing is None:
            from .editing import Editing
            self._editing = Editing(self)
            self.polish.attach_editing(self._editing)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._editing is None:
            QTimer.singleShot(EDITING_LATE_MS, self, self._attach_editing)

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _status(self) -> None:
        self.page_label, self.cursor_label, self.zoom_label = QLabel(), QLabel(), QLabel()
        self.busy_label = QLabel()
        for label in (self.busy_label, self.cursor_label, self.zoom_label, self.page_label):
            self.statusBar().addPermanentWidget(label)
        self.view.cursorMoved.connect(self._show_cursor)
        self.view.zoomChanged.connect(lambda z: self.zoom_label.setText(f"{z * 100:.0f} %"))
        self.session.busyChanged.connect(lambda busy: self.busy_label.setText("Detecting…" if busy else ""))
        self.session.progress.connect(self.busy_label.setText)  # e.g. "Reading page 2 with OCR…"

    def _action(self, menu: QMenu, text: str, slot: Callable[[], object],
                shortcut: QKeySequence | str | QKeySequence.StandardKey | None = None) -> QAction:
        action = menu.addAction(text)
        action.triggered.connect(slot)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        return action

    def _menus(self) -> None:
        bar = self.menuBar()
        f = bar.addMenu("&File")
        self._action(f, "&Open…", self.open_dialog, QKeySequence.StandardKey.Open)
        self.recent_menu = f.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self._action(f, "Open the &sample", self.open_sample)
        self._action(f, "Open scan &results…", self.scan_results.open_dialog)
        self._compare_menu(f.addMenu("&Compare with"))
        f.addSeparator()
        self._action(f, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        v = bar.addMenu("&View")
        self._action(v, "Fit &width", self.view.fit_width, "Ctrl+1")
        self._action(v, "Fit &page", self.view.fit_page, "Ctrl+2")
        self._action(v, "Zoom &in", lambda: self.view.zoom_by(ZOOM_STEP), QKeySequence.StandardKey.ZoomIn)
        self._action(v, "Zoom &out", lambda: self.view.zoom_by(1 / ZOOM_STEP), QKeySequence.StandardKey.ZoomOut)
        self._action(v, "&Actual size", lambda: self.view.set_zoom(1.0), "Ctrl+0")
        v.addSeparator()
        for action in self.layers.actions.values():
            v.addAction(action)
            self.addAction(action)  # shortcuts work wherever the focus is in the window
        g = bar.addMenu("&Go")  # Edit and Table follow: the editing part fills them
        self._action(g, "&Next page", lambda: self.session.set_page(self.session.page_index + 1), "PgDown")
        self._action(g, "&Previous page", lambda: self.session.set_page(self.session.page_index - 1), "PgUp")
        self._action(g, "&First page", lambda: self.session.set_page(0), "Ctrl+Home")
        self._action(g, "&Last page", lambda: self.session.set_page(self.session.page_count - 1), "Ctrl+End")
        self._action(g, "&Go to page…", self.goto_dialog, "Ctrl+G")
        self._action(g, "Next &flagged table (scan worklist)", self.scan_results.next_flagged, "F8")
        bar.addMenu("&Edit")
        bar.addMenu("&Table")

    def _compare_menu(self, menu: QMenu) -> None:
        for name, label in (("pymupdf", "PyMuPDF find_tables"), ("pdfplumber", "pdfplumber"),
                            ("camelot", "Camelot (lattice, else stream)")):
            self._action(menu, label, lambda n=name: self.comparison.start(n))
        self._action(menu, "Your pipeline's output (JSON, HTML, Markdown, CSV)…", self.compare_file_dialog)
        menu.addSeparator()
        self._action(menu, "Stop comparing", self.comparison.stop)

    def compare_file_dialog(self) -> None:
        start = str(Path(self.session.path).parent) if self.session.path else ""
        path, _ = QFileDialog.getOpenFileName(self, "Compare with a file", start,
                                              "Tables (*.json *.html *.htm *.md *.csv *.tsv *.txt);;All files (*)")
        if path:
            self.comparison.start(path)

    # -- opening files ------------------------------------------------------------------
    def open_file(self, path: str | os.PathLike[str], password: str | None = None, interactive: bool = True) -> bool:
        """Open ``path``. Interactive: ask for a password if needed, show a message box on
        failure (the current document stays open) and add it to the recent files.
        Otherwise (screenshots, scripts) raise ``DocumentError`` and leave the settings alone."""
        if interactive and self._editing is not None and not self._editing.confirm_discard():
            return False
        while True:
            try:
                self.session.open(path, password=password)
                break
            except PasswordRequired as exc:
                if not interactive:
                    raise
                password, ok = QInputDialog.getText(self, "Password needed", f"{exc}\nPassword:",
                                                    QLineEdit.EchoMode.Password)
                if not ok:
                    return False
            except DocumentError as exc:
                if not interactive:
                    raise
                QMessageBox.warning(self, "Cannot open file", str(exc))
                return False
        if interactive:
            self._remember(str(Path(path).resolve()))
        return True

    def open_dialog(self) -> None:
        start = str(Path(self.session.path).parent) if self.session.path else ""
        path, _ = QFileDialog.getOpenFileName(self, "Open a document", start, OPEN_FILTER)
        if path:
            self.open_file(path)

    def open_sample(self) -> None:
        from .app import sample_path
        self.open_file(sample_path())

    def recent_files(self) -> list[str]:
        value = self.settings.value("recentFiles", [])
        if isinstance(value, str):  # QSettings returns a bare string for a one-item list
            value = [value]
        return [str(v) for v in value or []]

    def _remember(self, path: str) -> None:
        files = [path] + [p for p in self.recent_files() if p != path]
        self.settings.setValue("recentFiles", files[:MAX_RECENT])
        self.settings.sync()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for path in self.recent_files():
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _=False, p=path: self.open_file(p))
        if self.recent_menu.isEmpty():
            self.recent_menu.addAction("(none yet)").setEnabled(False)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self.open_file(paths[0])

    # -- navigation and status ----------------------------------------------------------
    def goto_dialog(self) -> None:
        n = self.session.page_count
        if n:
            page, ok = QInputDialog.getInt(self, "Go to page", f"Page (1-{n}):", self.session.page_index + 1, 1, n)
            if ok:
                self.session.set_page(page - 1)

    def _update_title(self) -> None:
        path = self.session.path
        self.setWindowTitle(f"{Path(path).name}[*] — {APP_NAME}" if path else APP_NAME)
        self.setWindowFilePath(path or "")

    def _update_page_label(self, index: int) -> None:
        self.page_label.setText(f"Page {index + 1} / {self.session.page_count}")

    def _show_cursor(self, x: float, y: float) -> None:
        self.cursor_label.setText("" if math.isnan(x) else f"x {x:.1f} pt, y {y:.1f} pt")

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._editing is not None and not self._editing.confirm_discard():
            event.ignore()
            return
        self.polish.on_close()
        self.scan_results.close()
        self.session.close()
        super().closeEvent(event)
