"""Continuations in the window: proposed links between pages' tables, drawn on the page and
in the thumbnails, accepted or rejected as undoable edits.

A scan thread (detecting in its own budgeted worker process, as the window's detection does)
detects the pages and runs ``core.multipage.linking.link_pages`` (short tails adopted, then the continuations) over them:
the whole document when it has at most ``FULL_SCAN_PAGES`` pages, else the pages around the
ones visited. ``Links(window)`` wires it: ``LinkLayer`` draws the current page's links (an
edge and a clickable label per link, coloured by state: proposed, accepted, rejected),
``widgets.link_marks.LinkDelegate`` marks them on the thumbnails, and Table-menu actions
accept (Ctrl+Alt+L) or reject (Ctrl+Alt+N) the selected link, or link the current accepted
table to any accepted table in a later column of its page or on the next page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QRectF, Qt, QThread, Signal, Slot
from PySide6.QtGui import QAction, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsLineItem,
    QMenu,
)

from ..core.infra import jobs
from ..core.multipage.continuation import Continuation
from ..core.params import Params
from ..core.types import PageResult, Table
from .widgets.link_marks import (
    COLOURS,
    Z_VALUE,
    LinkDelegate,
    LinkLabel,
    edge,
    evidence_line,
    evidence_tip,
    link_ends,
    span,
)
from .worker import DocumentSource, ProcessWorker

if TYPE_CHECKING:
    from ..annotation.model import AnnTable
    from .editing import Editing
    from .main_window import MainWindow

FULL_SCAN_PAGES = 150  # longer documents are scanned around the pages visited
AROUND = 2  # pages before and after the current one scanned in a long document
COLUMN_SLACK = 2.0  # pt a table in the next column may reach back over the first piece's right edge


@dataclass(frozen=True)
class Scan:
    """What the scan thread found: every candidate continuation, and each scanned page's
    tables (1-based page -> tables) and size (width, height, rotation)."""

    gen: int
    continuations: tuple[Continuation, ...]
    tables: dict[int, tuple[Table, ...]]

    def proposed(self) -> list[Continuation]:
        return [c for c in self.continuations if c.proposed]

    def pieces(self, c: Continuation) -> tuple[Table, Table]:
        return self.tables[c.prev_page][c.prev_index], self.tables[c.next_page][c.next_index]


class _ScanWorker(ProcessWorker):
    """Lives in the scan thread; slots run through queued signals. Pages are detected in its
    own budgeted worker process, like the window's detection: a hostile page is stopped there
    (``budget.seconds``) instead of holding this thread, and the window, forever."""

    ready = Signal(object)  # Scan

    def __init__(self) -> None:
        super().__init__()  # ``latest``: the newest generation, written by the GUI thread
        self._results: dict[int, PageResult] = {}
        self._params: Params | None = None
        self._open = False

    @Slot(object)
    def load(self, src: DocumentSource | None) -> None:
        self._results, self._params, self._open = {}, None, src is not None
        if src is not None:
            self.set_document(src)

    @Slot(int, object, object)
    def scan(self, gen: int, pages: list[int], params: Params) -> None:
        from ..core.multipage.linking import link_pages
        if not self._open:
            return
        if self._params != params:
            self._results, self._params = {}, params
        for i in pages:
            if gen < self.latest:
                return  # a newer request (another document, other parameters) supersedes this one
            if i + 1 in self._results:
                continue
            out = self.call(gen, params.budget, jobs.detect_page, i, params)
            if out.ok:  # a damaged, stopped or abandoned page simply has no links
                self._results[i + 1] = out.value
        # A tail too short for page detection, read in its table's columns (as detect and export do).
        linked = link_pages(list(self._results.values()), params.continuation)
        self.ready.emit(Scan(gen, linked.continuations, {r.page: r.tables for r in linked.results}))


class LinkLayer:
    """The current page's links: an edge line and a label for each."""

    def __init__(self, links: Links) -> None:
        self.links = links
        self.items: list[QGraphicsItem] = []

    def labels(self) -> list[LinkLabel]:
        return [i for i in self.items if isinstance(i, LinkLabel)]

    def update(self) -> None:
        scene = self.links.window.view.page_scene
        for item in self.items:
            scene.removeItem(item)
        self.items = []
        scan, session = self.links.scan, self.links.window.session
        if scan is None or session.doc is None or not self.links.visible:
            return
        page = session.page_index + 1
        w, h, _ = session.doc.page_size(session.page_index)
        for c in self.links.shown():
            for incoming in link_ends(c, page):
                self._draw(scan, c, incoming, w, h)
        self.fit()

    def fit(self) -> None:
        """Keep every label inside the page as shown and off the others (again after each zoom
        or rotation)."""
        view = self.links.window.view
        taken: list[QRectF] = []
        for label in self.labels():
            label.keep_inside(view, view.page_scene.page_rect, taken)

    def _draw(self, scan: Scan, c: Continuation, incoming: bool, w: float, h: float) -> None:
        """One end of ``c``: the first piece's bottom edge, or the second's top edge."""
        scene = self.links.window.view.page_scene
        table = scan.pieces(c)[1 if incoming else 0]
        state = self.links.state(c)
        a, b, anchor = edge(table, w, h, top=incoming)
        line = QGraphicsLineItem(a.x(), a.y(), b.x(), b.y())
        pen = QPen(COLOURS[state], 5, Qt.PenStyle.DashLine if state == "proposed" else Qt.PenStyle.SolidLine)
        pen.setCosmetic(True)
        line.setPen(pen)
        line.setZValue(Z_VALUE)
        line.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        label = LinkLabel(self.links.describe(c, incoming), COLOURS[state], c == self.links.selected,
                           lambda c=c: self.links.select(c), above=incoming, tip=evidence_tip(c))
        label.setPos(anchor)
        for item in (line, label):
            scene.addItem(item)
            self.items.append(item)


class Links(QObject):
    """Continuation links of the window's document (see the module doc)."""

    changed = Signal()  # new scan results, a new selection or a decision
    _load = Signal(object)
    _scan = Signal(int, object, object)
    _close = Signal()

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.scan: Scan | None = None
        self.selected: Continuation | None = None
        self.visible = True
        self._gen = 0
        self._loaded = False  # the scan thread has the document
        self._asked: set[int] = set()
        self.scan_thread = QThread()
        self.scan_thread.setObjectName("links-scan")
        self.worker = _ScanWorker()
        self.worker.moveToThread(self.scan_thread)
        self._load.connect(self.worker.load)
        self._scan.connect(self.worker.scan)
        self._close.connect(self.worker.close)
        self.worker.ready.connect(self._on_ready)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)
        self.scan_thread.start()
        self.layer = LinkLayer(self)
        self.delegate = LinkDelegate(self)
        window.thumbnails.setItemDelegate(self.delegate)
        s = window.session
        s.documentShown.connect(self._document)
        s.resultChanged.connect(self._first_result)
        s.pageChanged.connect(self._page)
        s.paramsChanged.connect(lambda _key: self._restart())
        s.closing.connect(self.stop)
        self.changed.connect(self.layer.update)
        window.view.zoomChanged.connect(lambda _zoom: self.layer.fit())
        self.changed.connect(window.thumbnails.viewport().update)
        self._actions()

    # -- scanning -----------------------------------------------------------------------
    def _document(self) -> None:
        """A new document: the scan starts once its first page is detected (that comes first)."""
        self.scan, self.selected, self._loaded = None, None, False
        self._gen += 1
        self.worker.latest = self._gen
        self.changed.emit()

    def _first_result(self) -> None:
        doc = self.window.session.doc
        if self._loaded or doc is None or self.window.session.result is None:
            return
        self._loaded = True
        self._load.emit(self.window.session.source)
        self._restart()

    def _restart(self) -> None:
        self._gen += 1
        self.worker.latest = self._gen
        self._asked = set()
        self.scan = None
        self.changed.emit()
        self._page(self.window.session.page_index)

    def _page(self, index: int) -> None:
        doc = self.window.session.doc
        if doc is None or not self._loaded:
            return
        n = doc.page_count
        near = [i for i in range(index - 1, index + 2) if 0 <= i < n]
        rest = list(range(n)) if n <= FULL_SCAN_PAGES else \
            [i for i in range(index - AROUND, index + AROUND + 1) if 0 <= i < n]
        pages = [i for i in dict.fromkeys(near + rest) if i not in self._asked]
        if pages:
            self._asked |= set(pages)
            # The neighbours first (what is on screen), then the rest in one batch.
            self._scan.emit(self._gen, near, self.window.session.params)
            self._scan.emit(self._gen, pages, self.window.session.params)
        self.changed.emit()

    def _on_ready(self, scan: Scan) -> None:
        if scan.gen != self._gen:
            return
        self.scan = scan
        if self.selected is not None and self.selected not in scan.continuations:
            self.selected = None
        self.changed.emit()

    def stop(self) -> None:
        if self.scan_thread.isRunning():
            self.worker.latest = 1 << 62
            self._close.emit()
            self.scan_thread.quit()
            self.scan_thread.wait(10000)

    # -- what is shown ------------------------------------------------------------------
    def shown(self) -> list[Continuation]:
        """Proposed links, plus candidates a person accepted by hand or rejected."""
        if self.scan is None:
            return []
        return [c for c in self.scan.continuations if c.proposed or self.state(c) == "accepted"]

    def state(self, c: Continuation) -> str:
        from ..annotation.links import link_state
        from ..annotation.model import PieceRef
        editing = self.window.editing_if_made
        if editing is None or editing.ann.doc is None or self.scan is None:
            return "proposed"
        a, b = self.scan.pieces(c)
        return link_state(editing.ann.doc, PieceRef(a.page, a.bbox), PieceRef(b.page, b.bbox))

    def describe(self, c: Continuation, incoming: bool) -> str:
        """The label of one end of ``c``; a link within one page (into its next column) names the
        other piece by its number on this page."""
        state = {"proposed": "", "accepted": " (accepted)", "rejected": " (rejected)"}[self.state(c)]
        head = ", header repeated" if c.repeated_header else ""
        # The first piece's "continued" line: named on its side, left out of the stacked table.
        mark = ", \"continued\" line left out" if c.closing_marker else ""
        if c.prev_page == c.next_page:
            if incoming:
                return f"continues table {c.prev_index + 1} of this page ({c.confidence:.2f}{head}){state}"
            return f"continued in table {c.next_index + 1} of this page ({c.confidence:.2f}{mark}){state}"
        if incoming:
            return f"continues page {c.prev_page} table {c.prev_index + 1} ({c.confidence:.2f}{head}){state}"
        return f"continued on page {c.next_page} table {c.next_index + 1} ({c.confidence:.2f}{mark}){state}"

    def select(self, c: Continuation | None) -> None:
        self.selected = c
        if c is not None:
            self.window.statusBar().showMessage(f"Link {span(c)}: {evidence_line(c)}", 15000)
        self.changed.emit()

    def current(self) -> Continuation | None:
        """The selected link, else the first link touching the current page."""
        if self.selected is not None:
            return self.selected
        page = self.window.session.page_index + 1
        return next((c for c in self.shown() if page in (c.prev_page, c.next_page)), None)

    # -- decisions ----------------------------------------------------------------------
    def _actions(self) -> None:
        """Table menu: accept, reject, link to a table in the next column or page; View: the toggle."""
        w = self.window
        self.accept_action = w.add_action("table.accept_link", QAction("Accept the &continuation link", w),
                                          self.accept, menu="table", section="table", shortcut="Ctrl+Alt+L")
        self.reject_action = w.add_action("table.reject_link", QAction("Reject the continuation li&nk", w),
                                          self.reject, menu="table", section="table", shortcut="Ctrl+Alt+N")
        self.link_menu = QMenu("Link to a table in the next column or on the &next page", w)
        self.link_menu.aboutToShow.connect(self._fill_link_menu)
        w.add_action("table.link_to", self.link_menu.menuAction(), menu="table", section="table")
        self.toggle_action = QAction("Continuation &links", w)
        self.toggle_action.setCheckable(True)
        self.toggle_action.setChecked(True)
        w.add_action("view.links", self.toggle_action, menu="view", section="annotation")
        self.toggle_action.toggled.connect(self.set_visible)

    def set_visible(self, on: bool) -> None:
        self.visible = on
        self.changed.emit()

    def attach_editing(self, editing: Editing) -> None:
        """The hand-correction part exists: redraw when the annotation changes (states)."""
        editing.ann.changed.connect(self.changed.emit)
        self.changed.emit()

    def _make(self, table: Table, table_id: str) -> AnnTable:
        from ..annotation.model import annotation_table_from_detected
        doc = self.window.session.doc
        size = doc.page_size(table.page - 1)[:2] if doc is not None else (0.0, 0.0)
        return annotation_table_from_detected(table, table_id, (), self.window.session.params, size)

    def accept(self) -> bool:
        """Accept the selected link (or this page's first) as one undoable edit."""
        from ..annotation.edits import EditError
        from ..annotation.links import accept_edits
        c, ann = self.current(), self.window.editing.ann
        if c is None or self.scan is None or ann.doc is None:
            ann.message.emit("no continuation link on this page")
            return False
        first, second = self.scan.pieces(c)
        try:
            edits = accept_edits(ann.doc, first, second, c.repeated_header, self._make)
        except EditError as exc:
            ann.message.emit(str(exc))
            return False
        return ann.push(edits, f"Accept the link {span(c)}")

    def reject(self) -> bool:
        from ..annotation.links import reject_edit
        c, ann = self.current(), self.window.editing.ann
        if c is None or self.scan is None or ann.doc is None:
            ann.message.emit("no continuation link on this page")
            return False
        return ann.push([reject_edit(*self.scan.pieces(c))], f"Reject the link {span(c)}")

    def _fill_link_menu(self) -> None:
        self.link_menu.clear()
        editing = self.window.editing
        table = editing.actions.current()
        if table is None or editing.ann.doc is None:
            self.link_menu.addAction("(select an accepted table first)").setEnabled(False)
            return
        last = table.regions[-1]
        for other in self.targets(table):
            r = other.regions[0]
            where = " of this page (next column)" if r.page == last.page else ""
            action = self.link_menu.addAction(f"Table {other.id}{where}: {r.n_rows} x {r.n_cols}, "
                                              f"top at {r.bbox.y0:.0f} pt")
            action.triggered.connect(lambda _=False, o=other.id, t=table.id: self.link(t, o))
        if not self.link_menu.actions():
            self.link_menu.addAction(f"(no accepted table in a later column or on page {last.page + 1})"
                                     ).setEnabled(False)

    def targets(self, table: AnnTable) -> list[AnnTable]:
        """Accepted tables that can continue ``table``: those in a later column of its last
        piece's page (starting right of that piece: a table flowing on into the next column),
        then those starting on the page after it."""
        doc = self.window.editing.ann.doc
        if doc is None:
            return []
        last = table.regions[-1]
        others = [t for t in doc.tables if t.id != table.id]
        beside = [t for t in others if t.page == last.page
                  and t.regions[0].bbox.x0 >= last.bbox.x1 - COLUMN_SLACK]
        beside.sort(key=lambda t: (t.regions[0].bbox.x0, t.regions[0].bbox.y0))
        return beside + [t for t in others if t.page == last.page + 1]

    def link(self, first_id: str, second_id: str) -> bool:
        from ..annotation.doc_edits import LinkTables
        return self.window.editing.ann.push([LinkTables(first_id, second_id)], f"Link {second_id} to {first_id}")


__all__ = ["Links", "LinkLayer", "Scan", "FULL_SCAN_PAGES"]
