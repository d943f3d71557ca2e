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

The thread is the lane's own (named ``lane:NAME``); ``close`` (the window closes) cancels,
ends it and joins it for a bounded time: no lane thread outlives its window
(a Python thread still running while the next window is built can deadlock with the GUI
thread inside Qt, the GIL held on one side and a Qt mutex on the other). A task that does not
end in time (pure Python work does not look at ``cancelled``) is left to finish on its own:
its result is dropped, it never touches the lane again. A closed lane takes no more work: a
task submitted to it (a late signal of a closed window) is cancelled at once and never runs.

Tests switch every lane to synchronous mode (``Lane.sync = True``, or
``INSPECTOR_SYNC_TASKS=1``): ``submit`` then runs the task at once and has called ``done``
or ``failed`` when it returns.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import queue
import threading
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from typing import Any, ClassVar

from PySide6.QtCore import QObject, Signal

log = logging.getLogger(__name__)
_IDS = itertools.count(1)
CLOSE_WAIT_S = 10.0  # a closing window waits this long for a running task (a worker process is killed at once)


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
        self._thread: threading.Thread | None = None
        self._queue: queue.SimpleQueue[Task | None] = queue.SimpleQueue()
        self.latest: Task | None = None
        self.closed = False
        self._finished.connect(self._deliver)  # queued: emitted from the lane's thread

    def submit(self, fn: Callable[[Callable[[], bool]], Any], done: Callable[[Any], None],
               failed: Callable[[str], None] | None = None) -> Task:
        """Run ``fn(cancelled)`` in the background, superseding the lane's previous task."""
        self.cancel()
        task = self.latest = Task(fn, done, failed)
        if self.closed:
            self.cancel()  # its window closed: nothing runs and nothing arrives
        elif Lane.sync:
            self._deliver(task, *self._call(task))
        else:
            task.future = Future()
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, args=(self._queue,),
                                                name=f"lane:{self.name}", daemon=True)
                self._thread.start()
            self._queue.put(task)
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

    def close(self, timeout: float = CLOSE_WAIT_S) -> bool:
        """Cancel the lane's task and end its thread, waiting at most ``timeout`` seconds; True
        when the thread has ended. The lane takes no more work."""
        self.closed = True
        self.cancel()
        thread, self._thread = self._thread, None
        if thread is None:
            return True
        self._queue.put(None)  # after the tasks still queued: each is cancelled, none starts
        thread.join(timeout)
        if thread.is_alive():
            log.warning("%s: a background task still runs after its window closed (its result is dropped)",
                        self.name)
        return not thread.is_alive()

    def _loop(self, tasks: queue.SimpleQueue[Task | None]) -> None:
        """The lane's thread: run queued tasks in order until the ``None`` that ``close`` puts."""
        while (task := tasks.get()) is not None:
            assert task.future is not None
            if not task.future.set_running_or_notify_cancel():
                continue  # cancelled while queued
            try:
                self._run(task)
            finally:
                task.future.set_result(None)

    def _run(self, task: Task) -> None:
        task.outcome = self._call(task)
        if task.cancelled():
            return  # nobody wants it, and the lane may be gone with its window
        try:
            self._finished.emit(task, *task.outcome)
        except RuntimeError:  # the lane's C++ object was deleted meanwhile: the result is dropped
            pass

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
