"""How page workers are started: forked from a single-threaded caller, else from a forkserver
whose server has imported the detection modules once; and whether a start is under way (the
window waits for it before it gives up waiting for a new document's first picture)."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
import threading
import types
from collections.abc import Iterator
from typing import Any

_FORKSERVER: Any = None
_FORKSERVER_PID = 0  # the process that made _FORKSERVER (a fork of it must make its own)


@contextlib.contextmanager
def main_hidden() -> Iterator[None]:
    """Start a worker without re-importing the caller's ``__main__`` in it (multiprocessing
    would: a script, pytest, the window's entry point). Jobs live in inspector modules."""
    main = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        if main is not None:
            sys.modules["__main__"] = main


def worker_context() -> Any:
    """How to start a worker. A single-threaded caller (the CLI, a script) forks: ~10 ms and
    nothing imported twice. With threads (the window, eval's pool) a fork could copy a lock
    held by another thread, so a forkserver starts workers: its server imports the detection
    modules once, and replacing a killed worker is a fork of it."""
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1 and "PySide6.QtCore" not in sys.modules:
        return multiprocessing.get_context("fork")
    return _server_context()


def _server_context() -> Any:
    """The forkserver context (spawn where there is none), made once per process."""
    global _FORKSERVER, _FORKSERVER_PID
    methods = multiprocessing.get_all_start_methods()
    if _FORKSERVER is None or _FORKSERVER_PID != os.getpid():
        _forget_inherited_forkserver()
        method = "forkserver" if "forkserver" in methods else "spawn"
        _FORKSERVER = multiprocessing.get_context(method)
        if method == "forkserver":
            _FORKSERVER.set_forkserver_preload(["inspector.core.infra.jobs", "inspector.core.pipeline"])
        _FORKSERVER_PID = os.getpid()
    return _FORKSERVER


def start_server_early() -> threading.Thread | None:
    """Start the forkserver now, in a background thread (None where there is no forkserver).
    The window calls it before importing Qt: the server's imports (~0.5 s of CPU) then run in
    their own process while the window builds, instead of after it, when the first page's
    picture waits for them."""
    ctx = _server_context()
    if ctx.get_start_method() != "forkserver":
        return None
    from multiprocessing import forkserver

    starting = counted_start()
    starting.__enter__()  # counted from now, not from when the thread first runs

    def start() -> None:
        try:
            with contextlib.suppress(Exception):  # a worker's own start says what went wrong
                forkserver.ensure_running()
        finally:
            starting.__exit__(None, None, None)

    thread = threading.Thread(target=start, daemon=True)
    thread.start()
    return thread


_STARTS = [0]  # worker (or server) starts under way in this process, on any thread
_STARTS_LOCK = threading.Lock()


@contextlib.contextmanager
def counted_start() -> Iterator[None]:
    with _STARTS_LOCK:
        _STARTS[0] += 1
    try:
        yield
    finally:
        with _STARTS_LOCK:
            _STARTS[0] -= 1


def workers_starting() -> bool:
    """Whether a page worker (or the server they are forked from) is being started right now,
    on any thread: until it is up, no page job of this process can begin."""
    return _STARTS[0] > 0


def _forget_inherited_forkserver() -> None:
    """A process forked from one that had started a forkserver (a process pool's worker) inherits
    the server's handle, but the server is not its child: multiprocessing would fail with ECHILD.
    Forget it, so this process starts its own."""
    with contextlib.suppress(ImportError, AttributeError):
        from multiprocessing import forkserver

        server = forkserver._forkserver
        pid = getattr(server, "_forkserver_pid", None)
        if pid is not None and not _is_child(pid):
            for name in ("_forkserver_pid", "_forkserver_address", "_forkserver_alive_fd"):
                setattr(server, name, None)


def _is_child(pid: int) -> bool:
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return False
    return True
