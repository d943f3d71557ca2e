"""The main window: composition of the session, page view and docked panels, plus menus.

Every behaviour lives in the session, the view or a panel; this module only wires
them together, opens files (dialog, drag and drop, recent files) and reports bad ones. The
registry of actions and docks it adds them through is its base, ``frame.WindowFrame``.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QWidget,
)

from ..core.reading.document import DocumentError, PasswordRequired
from .frame import Shortcut, WindowFrame, fitting_size
from .help import add_help_menu
from .layer_colours import LayerColours
from .menus import MenuSpec
from .preferences import Preferences
from .scene.view import ZOOM_STEP, PageView
from .score_view import ScoreView
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
PEERS = (("pymupdf", "PyMuPDF find_tables"), ("pdfplumber", "pdfplumber"), ("camelot", "Camelot (lattice, else stream)"))
OPEN_FILTER = "Documents (*.pdf *.png *.jpg *.jpeg *.tif *.tiff);;All files (*)"
# The menu bar, left to right, and each menu's sections top to bottom (see ``menus``).
MENUS = (
    MenuSpec("file", "&File", ("open", "document", "quit")),
    MenuSpec("view", "&View", ("zoom", "layers", "annotation")),
    MenuSpec("go", "&Go"),
    MenuSpec("edit", "&Edit", ("history", "main", "settings")),
    MenuSpec("table", "&Table", ("accept", "structure", "roles", "table")),
    MenuSpec("help", "&Help", ("main", "about")),
)


class MainWindow(WindowFrame):
    """The inspection window. ``settings`` holds recent files (tests pass a throwaway one)."""

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(MENUS, parent)
        self.non_interactive = False  # gui --screenshot: questions are answered safely, never asked
        self.settings = settings if settings is not None else QSettings("table-inspector", "table-inspector")
        self.session = Session(self)
        self.view = PageView(self.session)
        self.setCentralWidget(self.view)
        self.thumbnails = ThumbnailStrip(self.session)
        self.layers = LayersPanel(self.view.page_scene)
        self.params = ParamsPanel(self.session)
        self.inspector = StageInspector(self.session)
        self.preview = TablePreview(self.session)
        self.add_dock("Pages", self.thumbnails, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.add_dock("Layers", self.layers, Qt.DockWidgetArea.RightDockWidgetArea, scroll=True)
        self.add_dock("Parameters", self.params, Qt.DockWidgetArea.RightDockWidgetArea, scroll=True)
        # The bottom docks scroll too: at 900 x 700 the preview's minimum width (a table's title
        # and the grid beside its Markdown) was larger than its share, and Qt laid it over the
        # Parameters dock.
        inspector_dock = self.add_dock("Stage inspector", self.inspector, Qt.DockWidgetArea.BottomDockWidgetArea,
                                       scroll=True)
        preview_dock = self.add_dock("Table preview", self.preview, Qt.DockWidgetArea.BottomDockWidgetArea,
                                     scroll=True)
        self.splitDockWidget(inspector_dock, preview_dock, Qt.Orientation.Horizontal)
        # The right column (layers, parameters) runs the full height: the bottom lists would
        # otherwise squeeze the parameters to two fields.
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self._shown_once = False
        self._status()
        from .scan_results import ScanResults
        self.scan_results = ScanResults(self)  # File > Open scan results: the worklist dock
        from .comparison import Comparison
        self.comparison = Comparison(self)  # File > Compare with: their tables and the differences
        from .why import WhyTool
        self.why = WhyTool(self)  # hover tips on boundaries, Table > Why…, the deciding parameters
        self._menus()
        self.setAcceptDrops(True)
        self.session.documentChanged.connect(self._update_title)
        # A page newly shown scrolls to its first table once it is found: on a small screen
        # (1280 x 720) a page fitted to the width showed its blank top and the table was off-screen.
        self._bring_table = False
        self.session.pageChanged.connect(lambda _i: setattr(self, "_bring_table", True))
        self.session.resultChanged.connect(self._show_first_table)
        self.session.pageChanged.connect(self._update_page_label)
        self.session.detectFailed.connect(lambda msg: self.statusBar().showMessage(msg, 8000))
        self.session.paint_pending = self.view.isVisible
        self.view.picturePainted.connect(self.session.picture_shown)
        self.view.renderFailed.connect(lambda msg: self.statusBar().showMessage(msg, 8000))
        # Hand correction (annotation, undo, save, export) is added once the first page is on
        # screen: its code and widgets would otherwise delay that page by about 0.2 s.
        self._editing: Editing | None = None
        self._making_editing = False
        self.scores = ScoreView(self)  # the Metrics dock, the Differences layer and preview marks
        self.prefs = Preferences(self)  # after every early dock exists: its default layout
        self._late_layout = True
        self.add_action("edit.reset_preferences", QAction("Reset preferences to &defaults…", self),
                        lambda: self.prefs.reset(), menu="edit", section="settings")
        self.colours = LayerColours(self, self.prefs, self.scores)  # layer colours, palette, layer guide
        add_help_menu(self, self.colours.guide_html)
        from .links import Links
        self.links = Links(self)  # continuation links between pages' tables
        self.session.documentShown.connect(self._attach_editing)
        self._update_title()
        self.resize(*fitting_size(self, (1400, 900)))

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
        # Once only: the late timer and ``documentShown`` both call this, and a question the
        # editing part asks while it is being made (recover?) runs a nested event loop.
        if self._editing is not None or self._making_editing:
            return
        self._making_editing = True
        try:
            from .editing import Editing
            self._editing = Editing(self)
        finally:
            self._making_editing = False
        self.scores.attach_editing(self._editing)
        self.links.attach_editing(self._editing)
        self._editing.start()  # looks at the open document (may ask about recovery)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._shown_once:
            self._shown_once = True
            if not self.prefs.layout_restored:
                self.first_layout()
        self.tab_pending_docks()
        if self._editing is None:
            QTimer.singleShot(EDITING_LATE_MS, self, self._attach_editing)

    def _status(self) -> None:
        self.page_label, self.cursor_label, self.zoom_label = QLabel(), QLabel(), QLabel()
        self.busy_label = QLabel()
        for label in (self.busy_label, self.cursor_label, self.zoom_label, self.page_label):
            self.statusBar().addPermanentWidget(label)
        self.view.cursorMoved.connect(self._show_cursor)
        self.view.zoomChanged.connect(lambda z: self.zoom_label.setText(f"{z * 100:.0f} %"))
        self.session.busyChanged.connect(lambda busy: self.busy_label.setText("Detecting…" if busy else ""))
        self.session.progress.connect(self.busy_label.setText)  # e.g. "Reading page 2 with OCR…"
        # A message longer than the bar is clipped: the whole of it is the bar's tooltip.
        bar = self.statusBar()
        bar.messageChanged.connect(lambda text: bar.setToolTip(text))

    def _menus(self) -> None:
        def add(aid: str, text: str, slot: Callable[[], object], menu: str, section: str | None = None,
                shortcut: Shortcut | None = None) -> QAction:
            return self.add_action(aid, QAction(text, self), slot, menu, section, shortcut)

        add("file.open", "&Open…", self.open_dialog, "file", "open", QKeySequence.StandardKey.Open)
        self.recent_menu = self.menus.add_submenu("file", "Open &recent", "open")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        add("file.sample", "Open the &sample", self.open_sample, "file", "open")
        add("file.scan_results", "Open scan &results…", self.scan_results.open_dialog, "file", "open")
        self._compare_menu(self.menus.add_submenu("file", "&Compare with", "open"))
        # Ctrl+Q as well: some platforms (Windows, Qt's offscreen and minimal ones) bind no Quit key.
        self.add_action("file.quit", QAction("&Quit", self), self.close, "file", "quit",
                        ["Ctrl+Q", QKeySequence.StandardKey.Quit])
        add("view.fit_width", "Fit &width", self.view.fit_width, "view", "zoom", "Ctrl+1")
        add("view.fit_page", "Fit &page", self.view.fit_page, "view", "zoom", "Ctrl+2")
        add("view.zoom_in", "Zoom &in", lambda: self.view.zoom_by(ZOOM_STEP), "view", "zoom",
            QKeySequence.StandardKey.ZoomIn)
        add("view.zoom_out", "Zoom &out", lambda: self.view.zoom_by(1 / ZOOM_STEP), "view", "zoom",
            QKeySequence.StandardKey.ZoomOut)
        add("view.actual_size", "&Actual size", lambda: self.view.set_zoom(1.0), "view", "zoom", "Ctrl+0")
        for key, action in self.layers.toggles.items():
            self.add_action(f"view.layer.{key}", action, menu="view", section="layers")
        s = self.session
        add("go.next", "&Next page", lambda: s.set_page(s.page_index + 1), "go", shortcut="PgDown")
        add("go.previous", "&Previous page", lambda: s.set_page(s.page_index - 1), "go", shortcut="PgUp")
        add("go.first", "&First page", lambda: s.set_page(0), "go", shortcut="Ctrl+Home")
        add("go.last", "&Last page", lambda: s.set_page(s.page_count - 1), "go", shortcut="Ctrl+End")
        add("go.to", "&Go to page…", self.goto_dialog, "go", shortcut="Ctrl+G")
        add("go.next_flagged", "Next &flagged table (scan worklist)", self.scan_results.next_flagged, "go",
            shortcut="F8")
        why = add("table.why", "&Why is a boundary here or not there?", lambda: self.why.set_active(True), "table",
                  "table", "Y")
        why.setToolTip("Click near a table's row or column boundary, or where one is missing: the Why tab says "
                       "what made it and which parameter would change it")

    def _compare_menu(self, menu: QMenu) -> None:
        for name, label in PEERS:
            menu.addAction(self.add_action(f"file.compare.{name}", QAction(label, self),
                                           partial(self.comparison.start, name)))
        menu.aboutToShow.connect(self._mark_missing_peers)
        menu.addAction(self.add_action("file.compare.file", QAction(
            "Your pipeline's output (JSON, HTML, Markdown, CSV)…", self), self.compare_file_dialog))
        menu.addAction(self.add_action("file.compare.original", QAction(
            "The original it was made from (HWPX, DOCX)…", self), self.compare_original_dialog))
        menu.addSeparator()
        menu.addAction(self.add_action("file.compare.stop", QAction("Stop comparing", self), self.comparison.stop))

    def _mark_missing_peers(self) -> None:
        """File > Compare with: a peer that is not installed says so in its entry."""
        from ..extractors.peers import installed
        for name, label in PEERS:
            action = self.action(f"file.compare.{name}")
            ok = installed(name)
            action.setText(label if ok else f"{label} (not installed)")
            action.setToolTip("" if ok else f"{name} is not installed: pip install 'table-inspector[peers]'")

    def compare_file_dialog(self) -> None:
        start = str(Path(self.session.path).parent) if self.session.path else ""
        path, _ = QFileDialog.getOpenFileName(self, "Compare with a file", start,
                                              "Tables (*.json *.html *.htm *.md *.csv *.tsv *.txt);;All files (*)")
        if path:
            self.comparison.start(path)

    def compare_original_dialog(self) -> None:
        """Compare with the PDF's HWPX or DOCX original: its grid placed on the page as
        Compare's layer, and what the PDF's tables lose against it as differences."""
        start = str(Path(self.session.path).parent) if self.session.path else ""
        path, _ = QFileDialog.getOpenFileName(self, "Compare with the original", start,
                                              "Originals (*.hwpx *.docx *.hwp);;All files (*)")
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
        return [str(v) for v in value] if isinstance(value, list) else []

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

    def _show_first_table(self) -> None:
        res = self.session.result
        if not self._bring_table or res is None or res.page != self.session.page_index + 1:
            return
        self._bring_table = False
        if not res.tables:
            return
        b, view = res.tables[0].bbox, self.view
        shown = view.mapToScene(view.viewport().rect()).boundingRect()
        if shown.contains(QRectF(b.x0, b.y0, b.width, b.height)):
            return  # in sight already: the view stays where it is
        if b.height * view.zoom < view.viewport().height():  # the whole table, in the middle
            view.centerOn(shown.center().x() if shown.width() >= b.width else b.cx, b.cy)
        else:  # taller than the view: its top
            view.ensureVisible(QRectF(b.x0, b.y0, b.width, 1.0), 20, 20)

    def _update_page_label(self, index: int) -> None:
        self.page_label.setText(f"Page {index + 1} / {self.session.page_count}")

    def _show_cursor(self, x: float, y: float) -> None:
        self.cursor_label.setText("" if math.isnan(x) else f"x {x:.1f} pt, y {y:.1f} pt")

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._editing is not None and not self._editing.confirm_discard():
            event.ignore()
            return
        if self.prefs.restored:
            self.prefs.save()  # interactive starts remember the layout, layers and parameters
        self.scores.close()
        self.scan_results.close()
        self.stop_background()
        self.session.close()
        super().closeEvent(event)

    def stop_background(self) -> None:
        """The window closes (or the app ends without closing it): the autosave copy of unsaved
        edits is brought up to date and every background thread the window started ends (bounded
        waits; a task's worker process is killed, its result dropped). Safe to call twice."""
        from .scene.tags_layer import tag_grids
        from .tasks import Lane

        editing = self._editing
        if editing is not None:
            editing.ann.write_autosave(wait=True, force=True)
            editing.ann.shutdown()
        for lane in self.findChildren(Lane):
            lane.close()
        tag_grids().close()
