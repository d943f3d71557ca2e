"""A page's time budget net of the time its worker waited for a CPU.

The page budget (``budget.seconds``) is meant to stop a page that is too complex, not one read
on a busy machine: with two cores shared by a dozen processes a worker waits most of its wall
time on the kernel's run queue (a scoring run here: 8.8 s on a CPU, 150 s waiting for one), so
a scanned page whose OCR alone takes several seconds could be stopped as "too complex". Linux counts that wait for each thread
(``/proc/PID/schedstat``, its second field, nanoseconds), so the caller moves the page's
deadline on by the wait; a page that sleeps or hangs (blocked on a pipe) does not wait for a
CPU and is stopped as before. The wall clock stays as a last-resort guard, at ``LOAD_GUARD``
times the budget, and a page it stops says so. Elsewhere (no ``/proc``) the deadline is the
budget.
"""

from __future__ import annotations

LOAD_GUARD = 10.0  # x budget.seconds: the wall clock a page may take however busy the machine (a load of 15
# on two cores gives a process about an eighth of one)


def cpu_wait(pid: int | None, tid: int | None = None) -> float | None:
    """Seconds the main thread of process ``pid`` (its thread ``tid``) has spent ready to run but
    waiting for a CPU since it started; None where the system does not say."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/schedstat" if tid is None else f"/proc/{pid}/task/{tid}/schedstat") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return None


class RunQueue:
    """The deadline of one page job started at ``start`` (monotonic seconds) with a budget of
    ``seconds`` in the worker ``pid``: the budget plus what the worker waited for a CPU since,
    at most the wall-clock guard."""

    def __init__(self, pid: int | None, start: float, seconds: float, tid: int | None = None) -> None:
        self.pid, self.tid, self.base, self.guard = pid, tid, start + seconds, start + LOAD_GUARD * seconds
        self.start, self._w0 = start, cpu_wait(pid, tid)

    def waited(self) -> float:
        """Seconds the job has waited for a CPU so far (0 where unknown)."""
        now = cpu_wait(self.pid, self.tid)
        return 0.0 if now is None or self._w0 is None else max(now - self._w0, 0.0)

    def deadline(self) -> float:
        """When the job is over its budget, as things stand (monotonic seconds)."""
        return min(self.base + self.waited(), self.guard)

    def guarded(self, now: float) -> bool:
        """Did the wall-clock guard, not the budget, stop the job at ``now``?"""
        return now >= self.guard and self.base + self.waited() > self.guard

    def over(self, now: float) -> str:
        """What a page stopped by the wall-clock guard says."""
        return (f"page stopped after {now - self.start:.0f} s by the wall clock (its last-resort guard, "
                f"{LOAD_GUARD:g} x budget.seconds): the machine was busy, {self.waited():.0f} s of it waiting "
                "for a CPU; results incomplete")
