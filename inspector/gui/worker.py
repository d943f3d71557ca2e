"""Detection and page pictures off the GUI thread, in budgeted worker processes.

MuPDF holds the GIL while it works and cannot be interrupted, so a thread is not enough: a
hostile page (a paint bomb) would freeze the window and grow it without bound. Each
``JobThread`` drives one ``core.budget.Budgeted`` worker process from a QThread: the GUI thread
only queues requests and receives results as signals; a page over ``budget.seconds`` is
killed with its process and reported ("page stopped after 20 s: too complex").

Requests carry an increasing id; a request superseded before it started is skipped, and one
superseded while running for more than ``CANCEL_AFTER_S`` is abandoned (its process killed).
The worker process keeps the document open (sent once as bytes) and its pipeline's cache,
so a re-run after a column-parameter change stays cheap.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from ..core.infra import jobs
from ..core.infra.budget import Budgeted, Outcome
from ..core.params import RENDER_SHARE, BudgetParams, Params
from ..core.types import PageResult

log = logging.getLogger(__name__)
CANCEL_AFTER_S = 1.0  # a superseded job younger than this finishes (its process and cache are kept)


@dataclass(frozen=True)
class DetectRequest:
    """One detection job: page ``page_index`` (0-based) of document ``doc_id`` with ``params``."""

    id: int
    doc_id: int
    page_index: int
    params: Params


@dataclass(frozen=True)
class DocumentSource:
    """What a worker process needs to open its own copy of the session's document."""

    doc_id: int
    data: bytes
    password: str | None
    name: str

    def source(self) -> jobs.DocSource:
        return jobs.DocSource(f"window:{self.doc_id}", data=self.data, password=self.password, name=self.name)


class ProcessWorker(QObject):
    """Lives in its own thread; runs page jobs in a budgeted process, one at a time."""

    def __init__(self) -> None:
        super().__init__()
        self.latest = 0  # written by the GUI thread: an int store is atomic under the GIL
        self._budget: Budgeted | None = None
        self._src: jobs.DocSource | None = None
        self._doc_id = -1
        self._holder: int | None = None  # pid of the process that has the document open

    def set_document(self, src: DocumentSource) -> None:
        self._src, self._doc_id, self._holder = src.source(), src.doc_id, None

    def ensure(self, budget: BudgetParams) -> Budgeted:
        """The process for ``budget``: a new memory limit needs a new process."""
        if self._budget is None or self._budget.budget.memory_mb != budget.memory_mb:
            if self._budget is not None:
                self._budget.close()
            self._budget = Budgeted(budget)
            self._holder = None
        self._budget.budget = budget
        return self._budget

    def call(self, req_id: int, budget: BudgetParams, fn: Callable[..., Any], *args: Any,
             progress: Callable[[str], None] | None = None) -> Outcome:
        """``fn(source, *args)`` in the process; the document's bytes travel only when it lacks them."""
        worker = self.ensure(budget)
        assert self._src is not None
        t0 = time.monotonic()

        def cancelled() -> bool:
            return self.latest > req_id and time.monotonic() - t0 > CANCEL_AFTER_S

        src = self._src
        if self._holder is not None and self._holder == worker.pid:
            src = dataclasses.replace(src, data=None)
        out = worker.call(fn, src, *args, cancelled=cancelled, progress=progress)
        if out.status == "failed" and src.data is None and jobs.NOT_OPEN in out.error:  # send the bytes again
            out = worker.call(fn, self._src, *args, cancelled=cancelled, progress=progress)
        self._holder = worker.pid if out.status in ("ok", "failed") else None
        return out

    @Slot()
    def close(self) -> None:
        if self._budget is not None:
            self._budget.close()
            self._budget = None


class DetectWorker(ProcessWorker):
    """Detection of the page on screen."""

    finished = Signal(int, object)  # request id, PageResult
    failed = Signal(int, str)  # request id, one-line reason
    progress = Signal(int, str)  # request id, what a slow stage (OCR) is doing (sent by the worker process)

    def __init__(self) -> None:
        super().__init__()
        self._last: tuple[tuple[int, int], PageResult] | None = None  # (doc id, page), result

    @Slot(object)
    def load(self, src: DocumentSource) -> None:
        """Use ``src`` from now on (the process opens it with the first request)."""
        self.set_document(src)

    @Slot(object)
    def run(self, req: DetectRequest) -> None:
        if req.id < self.latest:
            return  # superseded while queued: nobody wants this result
        if self._src is None or req.doc_id != self._doc_id:
            self.failed.emit(req.id, "the document is not open in the detection thread")
            return
        out = self.call(req.id, req.params.budget, jobs.detect_page, req.page_index, req.params,
                        progress=lambda msg: self.progress.emit(req.id, msg))
        if out.ok:
            result = out.value
            if self._last is not None and self._last[0] == (req.doc_id, req.page_index):
                result = reuse_unchanged(self._last[1], result)
            self._last = ((req.doc_id, req.page_index), result)
            self.finished.emit(req.id, result)
        elif out.status != "cancelled":
            log.debug("detection failed on page %d: %s", req.page_index + 1, out.error)
            reason = out.error if out.status in ("timeout", "memory") else f"detection failed: {out.error}"
            self.failed.emit(req.id, reason)


def reuse_unchanged(old: PageResult, new: PageResult) -> PageResult:
    """``new`` with every stage output equal to ``old``'s replaced by ``old``'s own object: results
    come from another process, and the scene skips redrawing a layer whose input is the same object."""
    same = {f.name: getattr(old, f.name) for f in dataclasses.fields(new)
            if f.name != "timings" and getattr(new, f.name) == getattr(old, f.name)}
    return dataclasses.replace(new, **same) if same else new


class JobThread(QObject):
    """Owns a QThread and a ``ProcessWorker`` moved to it; ``stop`` ends both (and the process)."""

    _close = Signal()

    def __init__(self, worker: ProcessWorker, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.qthread = QThread()
        self.qthread.setObjectName(name)
        self.worker = worker
        self.worker.moveToThread(self.qthread)
        self._close.connect(self.worker.close)
        app = QCoreApplication.instance()
        if app is not None:  # a thread still running when Qt tears down aborts the process
            app.aboutToQuit.connect(self.stop)
        self.qthread.start()

    def stop(self) -> None:
        """Abandon the current job, end the worker process and the thread."""
        if not self.qthread.isRunning():
            return
        self.worker.latest = 1 << 62  # skip whatever is still queued, abandon what runs
        self._close.emit()
        self.qthread.quit()
        self.qthread.wait(10000)


class WorkerThread(JobThread):
    """The detection thread; ``submit`` and ``load`` are safe from the GUI thread."""

    worker: DetectWorker

    _load = Signal(object)
    _run = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(DetectWorker(), "detect-worker", parent)
        self._load.connect(self.worker.load)
        self._run.connect(self.worker.run)

    def load(self, src: DocumentSource) -> None:
        self._load.emit(src)

    def submit(self, req: DetectRequest) -> None:
        self.worker.latest = req.id
        self._run.emit(req)


@dataclass(frozen=True)
class PictureRequest:
    """A page picture: page ``page_index`` of ``doc_id`` at ``dpi``; ``view`` requests (the page
    on screen) supersede each other, thumbnail requests do not."""

    id: int
    doc_id: int
    page_index: int
    dpi: int
    budget: BudgetParams
    view: bool = True


class PictureWorker(ProcessWorker):
    """Page pictures (view and thumbnails), in a process of their own: a picture never waits
    behind a long detection, and a page too complex to draw is stopped like one too complex to detect."""

    rendered = Signal(object, object)  # PictureRequest, core.document.Pixels
    failed = Signal(object, str)  # PictureRequest, one-line reason

    @Slot(object)
    def load(self, src: DocumentSource) -> None:
        self.set_document(src)

    def __init__(self) -> None:
        super().__init__()
        self._over_budget: dict[tuple[int, int], str] = {}  # (doc id, page): why it was stopped

    @Slot(object)
    def run(self, req: PictureRequest) -> None:
        if req.doc_id != self._doc_id or (req.view and req.id < self.latest):
            return  # another document, or the view has asked for another picture since
        stopped = self._over_budget.get((req.doc_id, req.page_index))
        if stopped:  # a page stopped once is not drawn again (at another size, as a thumbnail)
            self.failed.emit(req, stopped)
            return
        # Drawing stops at half the budget: a page too heavy to draw shows what was drawn by then.
        out = self.call(req.id if req.view else 1 << 62, req.budget, jobs.page_pixels, req.page_index, req.dpi,
                        False, None, req.budget.seconds * RENDER_SHARE)
        if out.ok:
            self.rendered.emit(req, out.value)
        elif out.status != "cancelled":
            if out.status in ("timeout", "memory"):
                self._over_budget[(req.doc_id, req.page_index)] = out.error
            self.failed.emit(req, out.error)


class PictureThread(JobThread):
    """The picture thread; ``request`` and ``load`` are safe from the GUI thread."""

    worker: PictureWorker

    _load = Signal(object)
    _run = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(PictureWorker(), "picture-worker", parent)
        self._load.connect(self.worker.load)
        self._run.connect(self.worker.run)
        self._next = 0

    def load(self, src: DocumentSource) -> None:
        self._load.emit(src)

    def request(self, doc_id: int, page_index: int, dpi: int, budget: BudgetParams, view: bool = True) -> PictureRequest:
        self._next += 1
        req = PictureRequest(self._next, doc_id, page_index, dpi, budget, view)
        if view:
            self.worker.latest = req.id
        self._run.emit(req)
        return req
