"""File operations of the annotation (autosave writes, removals) on one background thread.

They run in the order asked for, off the GUI thread (a slow disk never stalls the window).
When the window closes, ``shutdown`` lets every queued operation land and ends the thread
(a bounded wait); an operation asked for after that runs at once on the caller's thread,
never dropped.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

log = logging.getLogger(__name__)


class FileQueue:
    """One background thread running file operations in order (see the module doc)."""

    def __init__(self, name: str = "autosave") -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name, initializer=self._started)
        self._thread: threading.Thread | None = None
        self.closed = False

    def _started(self) -> None:
        self._thread = threading.current_thread()

    def submit(self, fn: Callable[..., object], *args: object) -> Future:
        """``fn(*args)`` after the operations queued before it: on the thread, or at once
        once it has ended."""
        if not self.closed:
            return self._pool.submit(fn, *args)
        done: Future = Future()
        done.set_result(fn(*args))
        return done

    def shutdown(self, timeout: float) -> bool:
        """Every queued operation lands, then the thread ends (waited for at most ``timeout``
        seconds: a file system may hang). True when it has ended."""
        if self.closed:
            return True
        self.closed = True
        self._pool.shutdown(wait=False)  # queued work still runs; nothing is cancelled
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
            if thread.is_alive():
                log.warning("autosave: a write still runs %.0f s after its window closed", timeout)
                return False
        return True
