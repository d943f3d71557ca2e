"""The page budget on a busy machine: the time a page's worker waits for a CPU is not the
page's time, a page that sleeps or hangs is stopped as before, and the wall-clock guard that
remains says so by name. The load is made here: processes spinning on the worker's one CPU."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest

from inspector.core.infra import runqueue
from inspector.core.infra.budget import Budgeted
from inspector.core.infra.runqueue import RunQueue, cpu_wait
from inspector.core.params import BudgetParams, Params

linux = pytest.mark.skipif(cpu_wait(os.getpid()) is None or not hasattr(os, "sched_setaffinity"),
                           reason="needs Linux's per-thread run-queue counts")
SPIN = "import time\nend = time.monotonic() + 30\nwhile time.monotonic() < end: pass\n"


def work(seconds: float) -> str:
    """A page job spending ``seconds`` of CPU time, however long the machine takes to give it."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
    return "done"


def crowd(pid: int, cpu: int) -> None:
    """Put the worker ``pid`` on the spinners' ``cpu``, as eager as they are."""
    os.sched_setaffinity(pid, {cpu})
    os.setpriority(os.PRIO_PROCESS, pid, CROWD_NICE)


def nap(seconds: float) -> str:
    time.sleep(seconds)
    return "slept"


CROWD_NICE = -5  # the spinners' and the worker's: the four share their CPU evenly, whatever else runs there
GROUP_NICE = -10  # their session's, against other sessions (``group_nice``)


@pytest.fixture
def crowded() -> Iterator[int]:
    """A CPU (the first this process may use) with three spinners on it, a quarter of it left
    for the worker put there (``crowd``). They run before whatever else the machine runs
    (``CROWD_NICE`` and ``GROUP_NICE``, which need root) for the few seconds of a test."""
    if os.geteuid() != 0:
        pytest.skip("raising the spinners' priority over the machine's other work needs root")
    cpu = min(os.sched_getaffinity(0))
    before = group_nice(GROUP_NICE)
    spinners = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(3)]
    for p in spinners:
        os.sched_setaffinity(p.pid, {cpu})
        os.setpriority(os.PRIO_PROCESS, p.pid, CROWD_NICE)
    try:
        yield cpu
    finally:
        for p in spinners:
            p.kill()
            p.wait()
        group_nice(before)


def group_nice(value: int | None) -> int | None:
    """Give this process's scheduling group (Linux's autogroup: its session, spinners and worker
    included) the nice ``value``; the group's nice before, None where there are no autogroups.

    With autogroups a process's nice weighs only against its own session's processes: the CPU
    is first shared evenly among sessions, so on a machine busy with a dozen other sessions the
    worker got a sixteenth of a CPU instead of a quarter and the wall-clock guard stopped it."""
    path = "/proc/self/autogroup"
    try:
        with open(path) as f:
            old = int(f.read().split()[-1])  # "/autogroup-5683 nice 0"
        if value is not None:
            with open(path, "w") as f:
                f.write(str(value))
    except (OSError, ValueError, IndexError):
        return None
    return old


@linux
def test_waiting_for_a_cpu_moves_the_deadline_on_and_sleeping_does_not() -> None:
    queue = RunQueue(os.getpid(), time.monotonic(), 1.0)
    assert queue.deadline() == pytest.approx(queue.base, abs=0.1)  # nothing waited yet
    time.sleep(0.6)
    assert queue.waited() < 0.3  # asleep is not waiting for a CPU (only waking up may be)
    assert queue.deadline() < queue.base + 0.3 and not queue.guarded(queue.guard + 1.0)
    assert RunQueue(None, 0.0, 1.0).deadline() == 1.0  # unknown: the budget itself


@linux
def test_a_page_on_a_crowded_cpu_finishes_within_its_budget(crowded: int) -> None:
    cpu = crowded
    with Budgeted(BudgetParams(seconds=1.0)) as worker:
        assert worker.call(nap, 0).ok and worker.pid is not None
        crowd(worker.pid, cpu)
        t0 = time.monotonic()
        out = worker.call(work, 0.6)  # 0.6 of its budget in work: about 2.4 s by the wall on a quarter CPU
        took = time.monotonic() - t0
    assert out.ok and out.value == "done", out.error
    assert took > 1.0  # the old deadline had passed: the wait for the CPU was not counted


@linux
def test_a_page_starved_past_the_wall_clock_guard_says_so(crowded: int, monkeypatch: pytest.MonkeyPatch) -> None:
    cpu = crowded
    monkeypatch.setattr(runqueue, "LOAD_GUARD", 2.0)  # a guard a quarter CPU reaches (the real one: a tenth)
    with Budgeted(BudgetParams(seconds=0.5)) as worker:
        assert worker.call(nap, 0).ok and worker.pid is not None
        crowd(worker.pid, cpu)
        out = worker.call(work, 2.0)  # four budgets of work: 8 s on a quarter CPU, the guard stops it at 1 s
    assert out.status == "timeout" and "by the wall clock" in out.error and "waiting for a CPU" in out.error, out
    assert "2 x budget.seconds" in out.error and out.seconds < 2.0


def test_a_sleeping_page_is_stopped_at_its_budget_as_before() -> None:
    with Budgeted(BudgetParams(seconds=0.5)) as worker:
        out = worker.call(nap, 30)
    assert out.status == "timeout" and out.error == "page stopped after 0.5 s: too complex"
    assert out.seconds < 1.5  # not moved on to the guard (5 s): a sleeper waits for no CPU


@linux
def test_an_evaluated_page_on_a_crowded_cpu_is_not_over_time(crowded: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # The evaluator's own page thread (its budget inside the worker) counts the same way.
    from inspector.evaluation import evaluate
    from inspector.extractors import peers

    cpu = crowded

    def crowded_extractor(path: str, page_index: int, params: Params) -> tuple[()]:
        os.sched_setaffinity(0, {cpu})  # this thread only (Linux)
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), CROWD_NICE)
        work(0.6)
        return ()

    monkeypatch.setitem(peers.EXTRACTORS, "crowded", crowded_extractor)
    page = evaluate.GoldenPage("doc", "", 1, (), ())
    t0 = time.monotonic()
    assert evaluate._extract_with_timeout(evaluate.PageTask(page, "crowded", Params(), 1.0)) == ((), None)
    assert time.monotonic() - t0 > 1.0  # past the plain budget: the wait for the CPU was not counted
