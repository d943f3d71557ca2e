"""The window's one way to run background work that a newer request supersedes.

A ``Lane`` runs one kind of work (the Why tab's explanation, Compare's reading of their
tables, ...) one task at a time on a thread of its own. Submitting a task cancels the one
before it: a task still queued never starts, a running one sees ``cancelled()`` turn true
(pass it on: ``Budgeted.call(..., cancelled=cancelled)`` kills the page worker process) and
its result is dropped. Results come back on the GUI thread through a queued signal, so
``done`` and ``failed`` may touch widgets.

Work where MuPDF touches a page goes through the budgeted page worker
(``core.infra.budget``) from inside the task; pure work on an immutable result runs in the
lane's thread itself.

Tests switch every lane to synchronous mode (``Lane.sync = True``, or
``INSPECTOR_SYNC_TASKS=1``): ``submit`` then runs the task at once and has called ``done``
or ``failed`` when it returns.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from typing import Any, ClassVar

from PySide6.QtCore import QObject, Signal

log = logging.getLogger(__name__)
_IDS = itertools.count(1)


class Task:
    """One submitted piece of work: ``fn(cancelled)``, then ``done(value)`` or ``failed(message)``."""

    def __init__(self, fn: Callable[[Callable[[], bool]], Any], done: Callable[[Any], None],
                 failed: Callable[[str], None] | None) -> None:
        self.id = next(_IDS)
        self.fn, self.done, self.failed = fn, done, failed
        self.future: Future[None] | None = None
        self.started = False
        self.outcome: tuple[Any, str | None] | None = None  # (value, error), once it ran
        self.delivered = False
        self._cancel = threading.Event()

    def cancelled(self) -> bool:
        """True once a newer task superseded this one or its lane closed (safe from any thread)."""
        return self._cancel.is_set()

    def cancel(self) -> None:
        self._cancel.set()
        if self.future is not None:
            self.future.cancel()  # a task still queued never starts


class Lane(QObject):
    """One kind of superseding background work; see the module docstring."""

    sync: ClassVar[bool] = os.environ.get("INSPECTOR_SYNC_TASKS", "") == "1"
    _finished = Signal(object, object, object)  # task, value, error message (None when it worked)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self._pool: ThreadPoolExecutor | None = None
        self.latest: Task | None = None
        self._finished.connect(self._deliver)  # queued: emitted from the lane's thread

    def submit(self, fn: Callable[[Callable[[], bool]], Any], done: Callable[[Any], None],
               failed: Callable[[str], None] | None = None) -> Task:
        """Run ``fn(cancelled)`` in the background, superseding the lane's previous task."""
        self.cancel()
        task = self.latest = Task(fn, done, failed)
        if Lane.sync:
            self._deliver(task, *self._call(task))
        else:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=self.name)
            task.future = self._pool.submit(self._run, task)
        return task

    @property
    def busy(self) -> bool:
        """A task submitted and not yet delivered."""
        return self.latest is not None

    def wait(self, timeout: float | None = None) -> None:
        """Block until the lane's task has run and deliver its result now (for an action that
        needs it at once); the queued delivery that follows is then a no-op."""
        task = self.latest
        if task is None or task.future is None:
            return
        with contextlib.suppress(CancelledError):
            task.future.result(timeout)
        if task.outcome is not None:
            self._deliver(task, *task.outcome)

    def cancel(self) -> None:
        """Cancel the lane's task, queued or running: its result will be dropped."""
        if self.latest is not None:
            self.latest.cancel()
            self.latest = None

    def close(self, wait: bool = False) -> None:
        """Cancel and let the thread end; ``wait`` for a running task (only for short work: a
        task may be inside a long call that only looks at ``cancelled`` between steps)."""
        self.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=wait, cancel_futures=True)
            self._pool = None

    def _run(self, task: Task) -> None:
        task.outcome = self._call(task)
        self._finished.emit(task, *task.outcome)

    def _call(self, task: Task) -> tuple[Any, str | None]:
        task.started = True
        try:
            return task.fn(task.cancelled), None
        except Exception as exc:
            if not task.cancelled():
                log.warning("%s: background task failed", self.name, exc_info=True)
            return None, f"{type(exc).__name__}: {exc}"

    def _deliver(self, task: Task, value: Any, error: str | None) -> None:
        if task.cancelled() or task.delivered:
            return  # superseded (a newer task's result is on its way), or delivered by ``wait``
        task.delivered = True
        if self.latest is task:
            self.latest = None
        if error is None:
            task.done(value)
        elif task.failed is not None:
            task.failed(error)


__all__ = ["Lane", "Task"]
