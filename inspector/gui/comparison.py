"""File > Compare with…: their tables (a peer, or their pipeline's file) on the page, and
where they differ from ours (the annotation's tables on the page, else the detection).

Their tables are read off the GUI thread (a peer can take seconds; a file is placed by
the page's words), once per page and source, on the window's ``compare`` lane
(``tasks.Lane``) in a budgeted worker process of its own; moving to another page cancels
a read still running. The differences are recomputed on the
GUI thread when ours change (they are a few ms). Their grid is drawn as its own layer and
the differences as hatched cells; "Adopt" copies their table into the annotation as one
undoable command.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QDockWidget, QGraphicsPathItem

from ..core.params import Params
from ..core.types import Table
from ..render.layers import THEIRS
from .scene.diff_layer import DiffLayer
from .scene.layers import qrect
from .tasks import Lane

if TYPE_CHECKING:
    from ..compare.diff import Difference, TableDiff
    from ..extractors.theirs import Theirs
    from .main_window import MainWindow
    from .widgets.compare_panel import ComparePanel

THEIR_COLOUR = QColor(*THEIRS)  # teal: apart from the grid's crimson and the differences' red
# Compare's kinds of difference, styled by render.layers.DIFF_STYLES like the Differences layer.
KINDS = ("shifted_column", "merged_columns", "split_columns", "merged", "split", "number_changed", "text_changed",
         "missing", "extra", "missed_table", "extra_table")


def _read_theirs(source: str, pdf: str, index: int, params: Params, cancelled: Callable[[], bool]) -> Any:
    """Their tables of one page, read in a budgeted worker process: a peer or MuPDF on a hostile
    page must not stall or grow the window (the page's words are read there too). A newer
    request (``cancelled``) kills the process. Returns the ``Outcome``."""
    from ..core.infra.budget import Budgeted
    from ..extractors.theirs import for_page

    with Budgeted(params.budget) as worker:
        return worker.call(for_page, source, pdf, index, params, cancelled=cancelled)


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
        self.lane = Lane("compare", self)  # one page read at a time; moving on cancels the older read
        scene = window.view.page_scene
        self.grid_item = QGraphicsPathItem()
        pen = QPen(THEIR_COLOUR, 2.0, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self.grid_item.setPen(pen)
        self.grid_item.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        self.grid_item.setZValue(90)
        self.grid_item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(self.grid_item)
        self.layer = DiffLayer(scene, True, KINDS)
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
        self.lane.cancel()
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
                self._asked = {page}  # a read still running for another page is cancelled: asked again later
                self._req += 1
                self.status = f"reading {self.source} on page {page}…"
                read = partial(_read_theirs, self.source, str(session.path), page - 1, session.params)
                self.lane.submit(lambda cancelled: read(cancelled=cancelled), partial(self._on_outcome, self._req, page),
                                 partial(self._on_failed, self._req, page))
                self.changed.emit()
            return
        self._diff(page)

    def _on_outcome(self, req: int, page: int, out: Any) -> None:
        if out.ok:
            self._on_read(req, page, out.value)
        elif out.status == "failed":
            self._on_failed(req, page, f"{self.source}: {out.error}")
        else:
            self._on_failed(req, page, f"{self.source} on this page: {out.error}")

    def _on_read(self, req: int, page: int, got: Theirs) -> None:
        if req != self._req or self.source is None:
            return
        for p in {page, *got.complete}:  # an original comes back whole: every page read at once
            self.theirs[p] = list(got.pages.get(p, []))
        self.status = "; ".join(got.notes)
        self._diff_if_shown(page)

    def _on_failed(self, req: int, page: int, message: str) -> None:
        """Their tables could not be read: say why, and list no difference (a failed read
        is no peer that found nothing)."""
        if req == self._req:
            self.status = f"no comparison on this page: {message}"
            if page == self.window.session.page_index + 1:
                self.diffs = []
                self._draw()
            self.changed.emit()

    def _diff_if_shown(self, page: int) -> None:
        """Diff ``page`` when it is on screen (a read may end after the person moved on)."""
        if page == self.window.session.page_index + 1:
            self._diff(page)
        else:
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
