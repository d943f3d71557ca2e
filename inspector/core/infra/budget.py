"""Run page work within a budget of time and memory, in a child process that can be killed.

MuPDF's C code cannot be interrupted from Python (no signal reaches it, and it holds the GIL),
so a hostile page (a paint bomb of nested XObjects, an absurd page box) can only be stopped
by running it in another process. ``Budgeted`` keeps ONE persistent worker process per run
(so documents stay open and cold detection stays fast), sends it one page job at a time and
waits at most ``BudgetParams.seconds``; a job over time is killed with its process, which is
replaced on the next call. The worker limits its own address space to
``BudgetParams.memory_mb`` (RLIMIT_AS), so an allocation beyond it fails inside the page.

A worker never outlives its command: it asks the kernel for SIGKILL when its parent dies
(Linux ``PR_SET_PDEATHSIG``), a watchdog thread ends it when the pipe to its parent hangs up,
and it limits its own CPU time per job (RLIMIT_CPU: ``cpu_limit`` of the page budget), so
even a worker whose parent was killed with SIGKILL in the middle of a paint bomb stops.

Every job's MuPDF messages (which MuPDF would otherwise print on stdout) come back with its
outcome; the worker's stdout is pointed at stderr, so nothing it does reaches stdout.
Used by the CLI (detect, export, render, words, rules), evaluation and the window.
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, cast

from ..params import BudgetParams
from .runqueue import RunQueue
from .starting import counted_start, main_hidden, worker_context

log = logging.getLogger(__name__)

POLL_S = 0.05  # how often a wait looks at ``cancelled``
STARTUP_S = 60.0  # a worker's start and a job's imports, before the page's own clock starts
STARTED = "started"
PROGRESS = "progress"
_JOB_CONN: Connection | None = None  # in a worker: where report_progress writes
WORKER_NICENESS = 5  # workers yield the CPU to their caller (the window's event loop) when both want it
MEMORY_WORDS = ("out of memory", "malloc", "memoryerror", "cannot allocate")
PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
CPU_SHARE = 1.25  # a job may use this much CPU time per second of its budget (then SIGXCPU ends it) ...
CPU_SLACK_S = 2.0  # ... plus this: the caller's wall clock normally stops it first


def cpu_limit(seconds: float) -> float:
    """The CPU seconds a worker grants itself for one job of a ``seconds`` budget."""
    return seconds * CPU_SHARE + CPU_SLACK_S


@dataclass(frozen=True)
class Outcome:
    """A job's end. ``status`` is "ok", "failed" (the job raised), "timeout", "memory",
    "crashed" (the worker died) or "cancelled"; ``error`` is one line for a user ("" when ok);
    ``messages`` are MuPDF's warnings and errors met meanwhile; ``seconds`` is wall time."""

    status: str
    value: Any = None
    error: str = ""
    messages: tuple[str, ...] = ()
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.status == "ok"


def over_time(seconds: float) -> str:
    """The words shown for a page stopped by the time budget."""
    return f"page stopped after {seconds:g} s: too complex"


class Budgeted:
    """A persistent worker process running page jobs within ``budget``.

    ``call(fn, *args)`` runs ``fn(*args)`` (both picklable; ``fn`` a module-level function) in
    the worker and returns an ``Outcome``; it never raises for what the job does. Not
    thread-safe: one caller at a time. Close it (or use ``with``) to end the worker.
    """

    def __init__(self, budget: BudgetParams | None = None, start: bool = True) -> None:
        self.budget = budget or BudgetParams()
        self._proc: Any = None
        self._conn: Connection | None = None
        self.restarts = 0  # workers replaced after a kill or a crash
        self._starting: threading.Thread | None = None
        if start and threading.active_count() == 1:
            self._start_quietly()  # a fork: at once
        elif start:  # a forkserver's start imports: in the background, overlapping the caller's own work
            self._starting = threading.Thread(target=self._start_quietly, daemon=True)
            self._starting.start()

    def _start_quietly(self) -> None:
        with contextlib.suppress(Exception):
            self._ensure()

    def __enter__(self) -> Budgeted:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def call(self, fn: Callable[..., Any], *args: Any, cancelled: Callable[[], bool] | None = None,
             progress: Callable[[str], None] | None = None) -> Outcome:
        """``fn(*args)`` in the worker, within the budget; ``cancelled()`` (polled) abandons it;
        ``progress(message)`` gets what the job says with ``report_progress`` while it runs."""
        if self._starting is not None:
            self._starting.join()
            self._starting = None
        try:
            conn = self._ensure()
            conn.send((fn, args))
        except Exception as exc:  # no worker (a daemonic caller, no memory, a dead pipe)
            log.warning("page worker could not be started or reached", exc_info=True)
            self._kill()
            return Outcome("crashed", error=f"the page worker could not be started or reached ({exc})")
        # The clock starts when the worker has the job unpacked: its start-up and the imports
        # a job's module needs are not the page's time (they have their own, longer limit).
        began = self._wait(conn, time.monotonic() + max(STARTUP_S, self.budget.seconds), cancelled)
        if began is not None:
            return began
        start = time.monotonic()
        try:
            if conn.recv() != STARTED:
                raise EOFError
        except (EOFError, OSError):
            return self._death(0.0)
        queue = RunQueue(self.pid, start, self.budget.seconds)  # a busy machine's wait is not the page's time
        while True:
            over = self._wait(conn, start + self.budget.seconds, cancelled, queue)
            if over is not None:
                return over
            try:
                reply = conn.recv()
            except (EOFError, OSError):
                return self._death(time.monotonic() - start)
            if isinstance(reply, tuple) and len(reply) == 2 and reply[0] == PROGRESS:
                if progress is not None:
                    progress(reply[1])
                continue
            return self._outcome(reply, start)

    def _wait(self, conn: Connection, deadline: float, cancelled: Callable[[], bool] | None,
              queue: RunQueue | None = None) -> Outcome | None:
        """None once ``conn`` has something to read; a timeout or cancelled Outcome (worker killed)
        else. With ``queue`` the deadline moves on by the time the worker waited for a CPU."""
        start = time.monotonic()
        while not conn.poll(max(0.0, min(POLL_S, deadline - time.monotonic()))):
            now = time.monotonic()
            if now >= deadline and queue is not None and now < (later := queue.deadline()):
                deadline = later
                continue
            if now >= deadline:  # what stopped it is read before the kill: a dead worker's wait is unknown
                error = queue.over(now) if queue is not None and queue.guarded(now) else over_time(self.budget.seconds)
                self._kill()
                return Outcome("timeout", error=error, seconds=now - start)
            if cancelled is not None and cancelled():
                self._kill()
                return Outcome("cancelled", error="cancelled", seconds=time.monotonic() - start)
        return None

    def _outcome(self, reply: tuple[str, Any, str, tuple[str, ...]], start: float) -> Outcome:
        status, value, error, messages = reply
        took = time.monotonic() - start
        if status == "failed" and any(w in error.lower() for w in MEMORY_WORDS):
            status, error = "memory", f"page stopped: it needs more than {self.budget.memory_mb} MB ({error})"
        return Outcome(status, value, error, tuple(messages), took)

    def _death(self, took: float) -> Outcome:
        """Why the worker died, in a user's words; the dead worker is cleared away. A worker
        ended by its own CPU-time limit (SIGXCPU) is a page over time."""
        proc = self._proc
        if proc is not None:
            proc.join(1.0)
        code = proc.exitcode if proc is not None else None
        self._kill()
        if code == -signal.SIGXCPU:
            return Outcome("timeout", error=over_time(self.budget.seconds), seconds=took)
        if code is not None and code < 0:
            with contextlib.suppress(ValueError):
                return Outcome("crashed", error=f"the page crashed its worker ({signal.Signals(-code).name})",
                               seconds=took)
        return Outcome("crashed", error=f"the page crashed its worker (exit code {code})", seconds=took)

    def _ensure(self) -> Connection:
        if self._proc is not None and self._proc.is_alive() and self._conn is not None:
            return self._conn
        self._kill()
        ctx = worker_context()
        parent, child = ctx.Pipe()
        forked = ctx.get_start_method() == "fork"
        proc = ctx.Process(target=_serve, args=(child, parent, self.budget.memory_mb, self.budget.seconds,
                                                os.getpid() if forked else 0),
                           daemon=True, name="table-inspector-page")
        with counted_start(), main_hidden():
            proc.start()
        child.close()
        self._proc, self._conn = proc, parent
        return cast("Connection", parent)

    def _kill(self) -> None:
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if conn is not None:
            conn.close()
        if proc is None:
            return
        if proc.is_alive():
            self.restarts += 1
            proc.kill()
        proc.join(5)
        with contextlib.suppress(ValueError):
            proc.close()

    def close(self) -> None:
        """End the worker (asked politely first: its documents close)."""
        if self._starting is not None:
            self._starting.join()
            self._starting = None
        if self._conn is not None and self._proc is not None and self._proc.is_alive():
            with contextlib.suppress(OSError, ValueError):
                self._conn.send(None)
                self._proc.join(1.0)
        self._kill()
        self.restarts = 0


def report_progress(message: str) -> None:
    """From a job in a worker: tell the caller what a slow stage is doing (no-op elsewhere)."""
    if _JOB_CONN is not None:
        with contextlib.suppress(OSError, ValueError):
            _JOB_CONN.send((PROGRESS, message))


def die_with_parent(parent: int = 0) -> None:
    """Ask the kernel to SIGKILL this process when its parent dies (Linux; elsewhere nothing).
    ``parent``: the pid the parent should have; if it is already gone, exit now."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    if parent and os.getppid() != parent:  # the parent died before the request was made
        os._exit(0)


def _watch_pipe(conn: Connection) -> None:
    """End this worker when the pipe to its parent hangs up (the parent died or closed it),
    even in the middle of a job; a backstop where no parent-death signal exists."""
    poll_hangup = getattr(select, "POLLRDHUP", 0) | getattr(select, "POLLHUP", 0)
    if not poll_hangup or not hasattr(select, "poll"):
        return

    def watch() -> None:
        poller = select.poll()
        poller.register(conn.fileno(), poll_hangup)
        while True:
            events = poller.poll()
            if any(ev & poll_hangup for _fd, ev in events):
                os._exit(0)

    threading.Thread(target=watch, daemon=True, name="parent-watchdog").start()


def _limit_cpu(seconds: float) -> None:
    """Let the next job use ``cpu_limit(seconds)`` more CPU seconds, after which the kernel
    ends this process (SIGXCPU): the budget holds even when no parent is left to enforce it."""
    try:
        import resource
    except ImportError:
        return
    with contextlib.suppress(ValueError, OSError):
        used = resource.getrusage(resource.RUSAGE_SELF)
        _soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
        soft = int(used.ru_utime + used.ru_stime + cpu_limit(seconds)) + 1
        if hard != resource.RLIM_INFINITY:
            soft = min(soft, hard)
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


def _no_core_dumps() -> None:
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        resource.setrlimit(resource.RLIMIT_CORE, (0, resource.getrlimit(resource.RLIMIT_CORE)[1]))


def _serve(conn: Connection, parents_end: Connection, memory_mb: int, seconds: float = 20.0, parent: int = 0) -> None:
    """The worker's loop: run jobs until told to stop (None) or the parent goes away."""
    global _JOB_CONN
    die_with_parent(parent)
    parents_end.close()  # a forked worker holds a copy: the parent's death must read as EOF here
    _watch_pipe(conn)
    _no_core_dumps()  # SIGXCPU's default action dumps core
    _JOB_CONN = conn
    with contextlib.suppress(OSError):
        os.dup2(2, 1)  # whatever prints on stdout here (MuPDF, a library) lands on stderr
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    with contextlib.suppress(OSError, AttributeError):
        os.nice(WORKER_NICENESS)  # a page grinding through its budget must not starve the window
    _limit_memory(memory_mb)
    from ..reading.messages import plain, quiet_mupdf, take_messages

    quiet_mupdf()
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        except Exception as exc:  # a job whose function cannot be imported here
            log.warning("a job's function cannot be loaded in the worker", exc_info=True)
            conn.send(STARTED)
            conn.send(("failed", None, f"the job cannot be loaded ({_one_line(exc)})", ()))
            continue
        if job is None:
            return
        try:
            fn, args = job
            conn.send(STARTED)
        except (OSError, EOFError):
            return
        take_messages()
        _limit_cpu(seconds)
        try:
            reply = ("ok", fn(*args), "", take_messages())
        except MemoryError:
            reply = ("memory", None, f"page stopped: it needs more than {memory_mb} MB", take_messages())
        except Exception as exc:  # the job's failure is the page's outcome
            log.debug("a page job failed in the worker", exc_info=True)
            reply = ("failed", None, plain(_one_line(exc)), take_messages())
        try:
            conn.send(reply)
        except (OSError, EOFError):
            return
        except Exception as exc:  # a result that cannot be pickled
            log.warning("a job's result cannot be sent back", exc_info=True)
            conn.send(("failed", None, f"result cannot be sent back ({_one_line(exc)})", reply[3]))


def _limit_memory(memory_mb: int) -> None:
    try:
        import resource
    except ImportError:  # not on Windows: the time budget still holds
        return
    limit = int(memory_mb) * 2**20
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
