"""The window's model: document, current page, parameters, latest result, selection.

Widgets never talk to each other; they change the session and follow its signals.
Threshold change -> ``set_param`` -> 100 ms debounce -> request to the worker thread ->
result (dropped unless it answers the latest request) -> ``resultChanged``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from ..core.infra.starting import workers_starting
from ..core.params import Params, describe
from ..core.reading.document import Document, open_document
from ..core.types import PageResult
from .scene.hits import HitIndex
from .worker import DetectRequest, DocumentSource, PictureThread, WorkerThread

DEBOUNCE_MS = 100
MAX_WAIT_MS = 350  # while a slider is dragged, still re-detect this often (live feedback)
FIRST_PAINT_WAIT_MS = 400  # a new document's detection waits this long at most for its page picture ...
FIRST_PAINT_WAIT_MAX_MS = 10_000  # ... once the page workers are up (a cold start waits for them, up to this)


@dataclass(frozen=True, slots=True)
class Selection:
    """What is selected: ``kind`` as in :mod:`hits` ("word", "rule", "rejected", "table", "cell", ...),
    ``index`` into the result's tuple of that kind; ``sub`` is the cell index of a table."""

    kind: str
    index: int
    sub: int = -1

    @property
    def table(self) -> int:
        """The table index this selection belongs to, or -1."""
        return self.index if self.kind in ("table", "cell") else -1


class Session(QObject):
    """One open document and everything the window shows about it."""

    documentChanged = Signal()
    documentShown = Signal()  # the new document's first page is on screen (or nobody paints it): background work may start
    pageChanged = Signal(int)  # 0-based index
    paramsChanged = Signal(str)  # the changed key, "" when several changed
    resultChanged = Signal()
    selectionChanged = Signal()
    busyChanged = Signal(bool)
    detectFailed = Signal(str)
    progress = Signal(str)  # what the running detection is doing, while it is slow (OCR)
    closing = Signal()  # the window is closing: background threads stop now

    def __init__(self, parent: QObject | None = None, debounce_ms: int = DEBOUNCE_MS) -> None:
        super().__init__(parent)
        self.doc: Document | None = None
        self.source: DocumentSource | None = None  # how a worker process opens ``doc`` (bytes, password)
        self.path: str | None = None
        self.page_index = 0
        self.params = Params()
        self.result: PageResult | None = None
        self.selection: Selection | None = None
        self.last_click: tuple[float, float] | None = None  # page point (pt) of the last click on the page
        self.busy = False
        self.last_error = ""  # why the latest detection failed, "" when it did not
        self._hits: HitIndex | None = None
        self._doc_id = 0
        self._loaded_doc = 0  # the document id the worker was last given
        self._req_id = 0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self._submit)
        self._waiting_since: float | None = None  # monotonic time the first deferred change came
        # Set by the window: True when a shown view will paint a newly opened page (and then
        # call ``picture_shown``); detection waits for that picture.
        self.paint_pending: Callable[[], bool] = lambda: False
        self._pending: DocumentSource | None = None
        self._gate = QTimer(self)
        self._gate.setSingleShot(True)
        self._gate.setInterval(FIRST_PAINT_WAIT_MS)
        self._gate.timeout.connect(self._gate_expired)
        self._gate_began = 0.0
        self._worker = WorkerThread(self)
        self._worker.worker.finished.connect(self._on_finished)
        self._worker.worker.failed.connect(self._on_failed)
        self._worker.worker.progress.connect(self._on_progress)
        self.pictures = PictureThread(self)  # page pictures, in a budgeted process of their own

    # -- document and page ------------------------------------------------------------
    def open(self, path: str | os.PathLike[str], password: str | None = None) -> None:
        """Open ``path``; raises ``DocumentError``/``PasswordRequired`` and keeps the old document then."""
        doc = open_document(path, password=password, name=os.path.basename(str(path)))
        self._install(doc, str(path), password)

    def _install(self, doc: Document, path: str, password: str | None) -> None:
        if self.doc is not None:
            self.doc.close()
        self._doc_id += 1
        self.doc, self.path = doc, path
        self.page_index = 0
        self._clear_result()
        self.source = DocumentSource(self._doc_id, doc.data, password, doc.name)
        self.pictures.load(self.source)
        self.documentChanged.emit()
        self.pageChanged.emit(0)
        self._set_busy(True)
        # The worker's first job imports the detection stages and competes for the GIL: the
        # page picture is painted first (a zero timer is not enough: it can fire before the paint).
        self._pending = self.source
        if self.paint_pending():
            self._gate_began = time.monotonic()
            self._gate.start()
        else:
            QTimer.singleShot(0, self, self.picture_shown)

    def _gate_expired(self) -> None:
        """No picture yet. While the page workers are still starting (a cold start), the picture
        could not have been made and detection could not begin either: keep waiting for them."""
        waited_ms = (time.monotonic() - self._gate_began) * 1000
        if workers_starting() and waited_ms < FIRST_PAINT_WAIT_MAX_MS and self._pending is not None:
            self._gate.start()
            return
        self.picture_shown()

    def picture_shown(self) -> None:
        """The newly opened page is on screen (or nobody will paint it): start detecting."""
        src, self._pending = self._pending, None
        self._gate.stop()
        if src is None or src.doc_id != self._doc_id:
            return  # already started, or another document was opened in between
        self._worker.load(src)
        self._loaded_doc = src.doc_id
        self.redetect(immediate=True)
        self.documentShown.emit()

    @property
    def doc_id(self) -> int:
        """Serial of the open document (changes on every open)."""
        return self._doc_id

    @property
    def page_count(self) -> int:
        return self.doc.page_count if self.doc is not None else 0

    def set_page(self, index: int) -> None:
        """Go to page ``index`` (0-based, clamped); the old page's overlays go at once."""
        if self.doc is None:
            return
        index = max(0, min(self.page_count - 1, index))
        if index == self.page_index:
            return
        self.page_index = index
        self._clear_result()
        self.pageChanged.emit(index)
        self.redetect(immediate=True)

    # -- parameters ---------------------------------------------------------------------
    def set_param(self, key: str, value: Any) -> None:
        """Set ``stage.field`` (raises ``ParamError`` on a bad value) and re-detect, debounced."""
        new = self.params.with_value(key, value)
        if new == self.params:
            return
        self.params = new
        self.paramsChanged.emit(key)
        self.redetect()

    def set_params(self, params: Params) -> None:
        if params == self.params:
            return
        self.params = params
        self.paramsChanged.emit("")
        self.redetect()

    def reset_param(self, key: str) -> None:
        default = next(f.default for f in describe() if f.key == key)
        self.set_param(key, default)

    def reset_all(self) -> None:
        self.set_params(Params())

    def param_value(self, key: str) -> Any:
        stage, _, name = key.partition(".")
        return getattr(getattr(self.params, stage), name)

    # -- detection ----------------------------------------------------------------------
    def redetect(self, immediate: bool = False) -> None:
        """Ask for a new result. Calls closer together than the debounce interval cost one run,
        but a continuous burst (a dragged slider) still runs every ``MAX_WAIT_MS``."""
        if self.doc is None:
            return
        now = time.monotonic()
        if self._waiting_since is None:
            self._waiting_since = now
        if immediate or (now - self._waiting_since) * 1000 >= MAX_WAIT_MS:
            self._timer.stop()
            self._submit()
        else:
            self._timer.start()

    def _submit(self) -> None:
        self._waiting_since = None
        if self._loaded_doc != self._doc_id:
            return  # picture_shown is about to run and will detect the then current page
        self._req_id += 1
        self.last_error = ""
        self._set_busy(True)
        self._worker.submit(DetectRequest(self._req_id, self._doc_id, self.page_index, self.params))

    def _on_finished(self, req_id: int, result: PageResult) -> None:
        if req_id != self._req_id:
            return  # stale: a newer request is on its way
        self._set_busy(False)
        self.result = result
        self._hits = None
        if self.selection is not None and not self._valid(self.selection):
            self.selection = None
            self.selectionChanged.emit()
        self.resultChanged.emit()

    def _on_progress(self, req_id: int, message: str) -> None:
        if req_id == self._req_id and self.busy:
            self.progress.emit(message)

    def _on_failed(self, req_id: int, message: str) -> None:
        if req_id == self._req_id:
            self.last_error = message
            self._set_busy(False)
            self.detectFailed.emit(message)

    def _set_busy(self, busy: bool) -> None:
        if busy != self.busy:
            self.busy = busy
            self.busyChanged.emit(busy)

    def _clear_result(self) -> None:
        self.result, self._hits, self.last_click = None, None, None
        self.resultChanged.emit()
        if self.selection is not None:
            self.selection = None
            self.selectionChanged.emit()

    @property
    def hits(self) -> HitIndex | None:
        """Hit index of the current result (built on first use)."""
        if self._hits is None and self.result is not None:
            self._hits = HitIndex(self.result)
        return self._hits

    # -- selection ----------------------------------------------------------------------
    def select(self, sel: Selection | None) -> None:
        if sel is not None and not self._valid(sel):
            sel = None
        if sel != self.selection:
            self.selection = sel
            self.selectionChanged.emit()

    def _valid(self, sel: Selection) -> bool:
        res = self.result
        if res is None:
            return False
        seqs = {"word": res.words, "rule": res.rules, "vector": res.vector_rules, "raster": res.raster_rules,
                "rejected": res.rejected, "region": res.regions, "table": res.tables, "cell": res.tables}
        seq = seqs.get(sel.kind)
        if seq is None or not 0 <= sel.index < len(seq):
            return False
        return sel.kind != "cell" or 0 <= sel.sub < len(res.tables[sel.index].cells)

    def selected_table(self) -> int:
        """Index of the table the selection points into, or -1."""
        return self.selection.table if self.selection is not None else -1

    def clicked_table(self) -> int:
        """Index of the detected table the selection points into or, when a word, a rule or
        nothing was picked, the one under the last click on the page; -1 when none."""
        i = self.selected_table()
        if i >= 0 or self.result is None or self.last_click is None:
            return i
        x, y = self.last_click
        return next((k for k, t in enumerate(self.result.tables)
                     if t.bbox.x0 <= x <= t.bbox.x1 and t.bbox.y0 <= y <= t.bbox.y1), -1)

    def close(self) -> None:
        """Stop the worker thread and close the document (call once, when the window closes)."""
        self._timer.stop()
        self._gate.stop()
        self._pending = None  # a picture_shown still queued does nothing now
        self.closing.emit()
        self._worker.stop()
        self.pictures.stop()
        if self.doc is not None:
            self.doc.close()
            self.doc, self.source = None, None
