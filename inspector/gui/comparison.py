"""File > Compare with…: their tables (a peer, or their pipeline's file) on the page, and
where they differ from ours (the annotation's tables on the page, else the detection).

Their tables are read off the GUI thread (a peer can take seconds; a file is placed by
the page's words), once per page and source, in a thread with its own open document:
PyMuPDF documents are not shared between threads. The differences are recomputed on the
GUI thread when ours change (they are a few ms). Their grid is drawn as its own layer and
the differences as hatched cells; "Adopt" copies their table into the annotation as one
undoable command.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QDockWidget, QGraphicsPathItem

from ..core.params import Params
from ..core.types import Table
from .scene.diff_layer import DiffLayer
from .scene.layers import qrect

if TYPE_CHECKING:
    from ..compare.diff import Difference, TableDiff
    from .main_window import MainWindow
    from .widgets.compare_panel import ComparePanel

THEIR_COLOUR = QColor(0, 150, 170)  # teal: apart from the grid's crimson and the differences' red
SOLID, DASH, NONE = Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.BrushStyle.NoBrush
STYLES = {
    "shifted_column": (QColor(225, 20, 20), 3.0, SOLID, Qt.BrushStyle.FDiagPattern),
    "merged_columns": (QColor(230, 120, 0), 3.0, SOLID, Qt.BrushStyle.BDiagPattern),
    "split_columns": (QColor(230, 120, 0), 3.0, SOLID, Qt.BrushStyle.BDiagPattern),
    "merged": (QColor(230, 120, 0), 2.5, SOLID, Qt.BrushStyle.BDiagPattern),
    "split": (QColor(230, 120, 0), 2.5, SOLID, Qt.BrushStyle.BDiagPattern),
    "number_changed": (QColor(225, 20, 20), 3.0, SOLID, Qt.BrushStyle.DiagCrossPattern),
    "text_changed": (QColor(225, 20, 20), 2.0, SOLID, Qt.BrushStyle.BDiagPattern),
    "missing": (QColor(225, 20, 20), 2.0, DASH, Qt.BrushStyle.Dense6Pattern),
    "extra": (QColor(160, 0, 120), 2.0, Qt.PenStyle.DotLine, NONE),
    "missed_table": (QColor(225, 20, 20), 3.0, DASH, NONE),
    "extra_table": (QColor(160, 0, 120), 3.0, Qt.PenStyle.DashDotLine, NONE),
}


class _Reader(QObject):
    """Reads their tables of one page in a thread; results come back as queued signals."""

    done = Signal(int, object, object)  # request id, {page: [Table]}, notes
    failed = Signal(int, str)

    def start(self, req: int, source: str, pdf: str, index: int, params: Params) -> None:
        threading.Thread(target=self._run, args=(req, source, pdf, index, params), daemon=True).start()

    def _run(self, req: int, source: str, pdf: str, index: int, params: Params) -> None:
        """Their tables, read in a budgeted worker process: a peer or MuPDF on a hostile page
        must not stall or grow the window (the page's words are read there too)."""
        from ..core.infra.budget import Budgeted
        from ..extractors.theirs import for_page

        with Budgeted(params.budget) as worker:
            out = worker.call(for_page, source, pdf, index, params)
        if out.ok:
            self.done.emit(req, out.value.pages, out.value.notes)
        elif out.status == "failed":
            self.failed.emit(req, f"{source}: {out.error}")
        else:
            self.failed.emit(req, f"{source} on this page: {out.error}")


class Comparison(QObject):
    """The comparison of one window: source, their tables per page, differences, drawing."""

    changed = Signal()  # their tables or the differences of the current page changed

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.source: str | None = None
        self.theirs: dict[int, list[Table]] = {}  # 1-based page -> their tables (pages read so far)
        self.diffs: list[TableDiff] = []
        self.ours_kind = ""
        self.status = ""
        self._req = 0
        self._asked: set[int] = set()
        self._reader = _Reader()
        self._reader.done.connect(self._on_read)
        self._reader.failed.connect(self._on_failed)
        scene = window.view.page_scene
        self.grid_item = QGraphicsPathItem()
        pen = QPen(THEIR_COLOUR, 2.0, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self.grid_item.setPen(pen)
        self.grid_item.setBrush(QBrush(NONE))
        self.grid_item.setZValue(90)
        self.grid_item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(self.grid_item)
        self.layer = DiffLayer(scene, True, STYLES)
        self.panel: ComparePanel | None = None
        self._follows_annotation = False
        self.dock: QDockWidget | None = None
        window.session.pageChanged.connect(lambda _i: self.refresh())
        window.session.resultChanged.connect(self.refresh)
        window.session.documentChanged.connect(self.stop)

    # -- starting and stopping --------------------------------------------------------
    def start(self, source: str) -> None:
        """Compare the open document with ``source`` (a peer name or a file path). A peer
        that is not installed is a message, never a comparison against nothing."""
        from ..extractors.peers import EXTRACTORS, MissingExtractor, check_available
        if source in EXTRACTORS:
            try:
                check_available(source)
            except MissingExtractor as exc:
                self.window.statusBar().showMessage(f"cannot compare: {exc}", 15000)
                return
        if not self._follows_annotation:  # ours is the annotation once it has tables: follow its edits
            self.window.editing.ann.changed.connect(self.refresh)
            self._follows_annotation = True
        self.source, self.theirs, self._asked = source, {}, set()
        self._ensure_panel()
        self.refresh()

    def stop(self) -> None:
        self.source, self.theirs, self.diffs, self._asked = None, {}, [], set()
        self.status = ""
        self._draw()
        self.changed.emit()

    def _ensure_panel(self) -> None:
        if self.panel is None:
            from .widgets.compare_panel import ComparePanel

            self.panel = ComparePanel(self)
            self.dock = self.window.add_dock("Compare", self.panel, beside=self.window.dock("Stage inspector"))
        assert self.dock is not None
        self.dock.show()
        self.dock.raise_()

    # -- reading theirs, diffing ------------------------------------------------------
    def refresh(self) -> None:
        """Recompute for the current page: read theirs if not read yet, else diff again."""
        session = self.window.session
        if self.source is None or session.doc is None or session.path is None:
            return
        page = session.page_index + 1
        if page not in self.theirs:
            if page not in self._asked:
                self._asked.add(page)
                self._req += 1
                self.status = f"reading {self.source} on page {page}…"
                self._reader.start(self._req, self.source, str(session.path), page - 1, session.params)
                self.changed.emit()
            return
        self._diff(page)

    def _on_read(self, req: int, pages: dict[int, list[Table]], notes: tuple[str, ...]) -> None:
        if req != self._req or self.source is None:
            return
        page = self.window.session.page_index + 1
        self.theirs[page] = list(pages.get(page, []))
        self.status = "; ".join(notes)
        self._diff(page)

    def _on_failed(self, req: int, message: str) -> None:
        """Their tables could not be read: say why, and list no difference (a failed read
        is no peer that found nothing)."""
        if req == self._req:
            self.status = f"no comparison on this page: {message}"
            self.diffs = []
            self._draw()
            self.changed.emit()

    def ours(self, page: int) -> list[Table]:
        """The annotation's tables on ``page`` when it has any, else the detection's."""
        from ..annotation.model import to_core_table

        editing = self.window.editing_if_made
        doc = editing.ann.doc if editing is not None else None
        annotated = [to_core_table(t, k) for t in (doc.tables if doc else ()) for k, r in enumerate(t.regions)
                     if r.page == page]
        if annotated:
            self.ours_kind = "annotation"
            return annotated
        res = self.window.session.result
        self.ours_kind = "detection"
        return list(res.tables) if res is not None and res.page == page else []

    def _diff(self, page: int) -> None:
        from ..compare.diff import diff_page

        self.diffs = diff_page(self.ours(page), self.theirs.get(page, []))
        self._draw()
        self.changed.emit()

    def differences(self) -> list[tuple[int, Difference]]:
        """(index into ``diffs``, difference) of the current page, in list order."""
        return [(k, d) for k, td in enumerate(self.diffs) for d in td.differences]

    def _draw(self) -> None:
        page = self.window.session.page_index + 1
        path = QPainterPath()
        for t in self.theirs.get(page, []) if self.source else []:
            for c in t.cells:
                if c.bbox.area > 0:
                    path.addRect(qrect(c.bbox))
        self.grid_item.setPath(path)
        self.layer.set_diffs([d for _, d in self.differences()])

    def show_difference(self, d: Difference) -> None:
        """Outline ``d`` on the page and scroll it into view."""
        scene = self.window.view.page_scene
        scene.set_highlight(d.bbox if d.bbox.area > 0 else None)
        b = d.bbox
        self.window.view.ensureVisible(QRectF(b.x0, b.y0, b.width, b.height), 40, 40)

    # -- adopting -----------------------------------------------------------------------
    def adopt(self, theirs_index: int | None) -> bool:
        """Copy their table ``theirs_index`` of the current page into the annotation as one
        undoable command (replacing an annotated table over the same place)."""
        from ..annotation.doc_edits import AddTable, RemoveTable
        from ..annotation.model import annotation_table_from_detected
        from .editing.actions import MIN_OVERLAP, _next_id

        page = self.window.session.page_index + 1
        tables = self.theirs.get(page, [])
        if theirs_index is None or not 0 <= theirs_index < len(tables):
            return False
        editing = self.window.editing
        doc = editing.ann.doc
        if doc is None:
            return False
        table = tables[theirs_index]
        session = self.window.session
        width, height, _rot = session.doc.page_size(page - 1) if session.doc else (0.0, 0.0, 0)
        old = [t for t, k in editing.ann.tables_on(page) if t.regions[k].bbox.iou(table.bbox) >= MIN_OVERLAP]
        tid = old[0].id if old else _next_id(doc, [])
        new = annotation_table_from_detected(table, tid, (), session.params, (width, height))
        edits = [RemoveTable(t.id) for t in old] + [AddTable(new)]
        return editing.ann.push(edits, f"Adopt {self.source}'s table as table {tid}")
