"""Detection off the GUI thread.

PyMuPDF documents are not thread-safe, so the worker opens its own :class:`Document`
from the file's bytes and keeps its own pipeline (whose per-stage cache makes a
re-run after a column-parameter change cheap). Requests carry an increasing id; the
worker skips any request that a newer one has superseded before it started, and the
session drops results that are not the latest.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from ..core.document import Document, DocumentError, open_document
from ..core.params import Params

if TYPE_CHECKING:
    from ..core.pipeline import Pipeline

log = logging.getLogger(__name__)
PIPELINE_CACHE = 64  # stage results kept by the worker's pipeline (about 8 per page)


@dataclass(frozen=True)
class DetectRequest:
    """One detection job: page ``page_index`` (0-based) of document ``doc_id`` with ``params``."""

    id: int
    doc_id: int
    page_index: int
    params: Params


@dataclass(frozen=True)
class DocumentSource:
    """What the worker needs to open its own copy of the session's document."""

    doc_id: int
    data: bytes
    password: str | None
    name: str


def make_pipeline(doc: Document) -> Pipeline:
    """The core pipeline for ``doc``. Imported here, not at start: it loads numpy and OpenCV.
    An import failure is a broken installation and is raised, never papered over."""
    from ..core.pipeline import Pipeline
    # The window re-detects the page on screen; a few pages of stage results are enough.
    return Pipeline(doc, cache_size=PIPELINE_CACHE)


class DetectWorker(QObject):
    """Lives in its own thread; ``run`` is invoked through queued signals."""

    finished = Signal(int, object)  # request id, PageResult
    failed = Signal(int, str)  # request id, one-line reason
    progress = Signal(int, str)  # request id, what a slow stage (OCR) is doing

    def __init__(self) -> None:
        super().__init__()
        self.latest = 0  # written by the GUI thread: an int store is atomic under the GIL
        self._doc: Document | None = None
        self._doc_id = -1
        self._pipe: Pipeline | None = None

    @Slot(object)
    def load(self, src: DocumentSource) -> None:
        """Open the worker's own copy of the document (replacing any previous one)."""
        if self._doc is not None:
            self._doc.close()
        self._doc, self._pipe, self._doc_id = None, None, -1
        try:
            self._doc = open_document(src.data, password=src.password, name=src.name)
        except DocumentError:
            return  # the GUI thread opened the same bytes already and reported any error
        self._pipe = make_pipeline(self._doc)
        self._doc_id = src.doc_id

    @Slot(object)
    def run(self, req: DetectRequest) -> None:
        if req.id < self.latest:
            return  # superseded while queued: nobody wants this result
        if self._pipe is None or req.doc_id != self._doc_id:
            self.failed.emit(req.id, "the document is not open in the detection thread")
            return
        if hasattr(self._pipe, "progress"):
            self._pipe.progress = lambda msg: self.progress.emit(req.id, msg)
        try:
            result = self._pipe.run(req.page_index, req.params)
        except Exception as exc:  # a core bug must not kill the thread or the window
            log.debug("detection failed on page %d", req.page_index + 1, exc_info=True)
            self.failed.emit(req.id, f"detection failed: {type(exc).__name__}: {exc}")
            return
        self.finished.emit(req.id, result)

    @Slot()
    def close(self) -> None:
        if self._doc is not None:
            self._doc.close()
            self._doc = None


class WorkerThread(QObject):
    """Owns the QThread and the worker; ``submit`` and ``load`` are safe from the GUI thread."""

    _load = Signal(object)
    _run = Signal(object)
    _close = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.worker_thread = QThread()
        self.worker_thread.setObjectName("detect-worker")
        self.worker = DetectWorker()
        self.worker.moveToThread(self.worker_thread)
        self._load.connect(self.worker.load)
        self._run.connect(self.worker.run)
        self._close.connect(self.worker.close)
        app = QCoreApplication.instance()
        if app is not None:  # a thread still running when Qt tears down aborts the process
            app.aboutToQuit.connect(self.stop)
        self.worker_thread.start()

    def load(self, src: DocumentSource) -> None:
        self._load.emit(src)

    def submit(self, req: DetectRequest) -> None:
        self.worker.latest = req.id
        self._run.emit(req)

    def stop(self) -> None:
        """Finish the current job, close the worker's document and end the thread."""
        if not self.worker_thread.isRunning():
            return
        self.worker.latest = 1 << 62  # skip whatever is still queued
        self._close.emit()
        self.worker_thread.quit()
        self.worker_thread.wait(10000)
