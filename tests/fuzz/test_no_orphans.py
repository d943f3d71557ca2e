"""No page worker outlives its command: a command killed with SIGKILL in the middle of a paint
bomb leaves no process of it running 2 s later (issue 31); and a worker whose parent is gone
stops within its own CPU-time budget."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from inspector.core.infra.budget import CPU_SLACK_S, cpu_limit
from tests.fuzz import hostile

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def _session(sid: int) -> list[int]:
    """Live processes (not zombies) of session ``sid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # after "pid (comm) ": state ppid pgrp session
        if int(fields[3]) == sid and fields[0] not in ("Z", "X"):
            found.append(int(entry.name))
    return found


def _cpu_seconds(pid: int) -> float:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = stat[stat.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def _kill_mid_page(args: list[str], cwd: Path) -> list[int]:
    """Start the command in its own session, wait until one of its children has spent a second
    of CPU on the page, SIGKILL the command alone, and return its session's survivors 2 s later."""
    proc = subprocess.Popen([sys.executable, "-m", "inspector.cli", *args], cwd=cwd, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and proc.poll() is None:
            busy = [p for p in _session(proc.pid) if p != proc.pid and _cpu_seconds(p) >= 1.0]
            if busy:
                break
            time.sleep(0.1)
        else:
            pytest.fail(f"no page worker of {args[0]} got busy on the bomb (exit {proc.poll()})")
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        time.sleep(2.0)
        return _session(proc.pid)
    finally:
        for pid in _session(proc.pid):  # leave nothing behind, whatever the outcome
            with_pid_gone(pid)


def with_pid_gone(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


@pytest.fixture(scope="module")
def bomb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("bomb")
    path = folder / "in" / "bomb.pdf"
    path.parent.mkdir()
    # deep enough to keep MuPDF busy for minutes: the kill always lands inside the page
    path.write_bytes(hostile.xobject_bomb(depth=34))
    return path


SLOW = ["--set", "budget.seconds=120"]  # the caller's own clock must not end the page first


@pytest.mark.slow
@pytest.mark.parametrize("command", ["export", "scan", "import-tagged"])
def test_a_killed_command_leaves_no_worker(bomb: Path, tmp_path: Path, command: str) -> None:
    args = {"export": ["export", str(bomb), "--format", "json", "-o", str(tmp_path / "out.json"), *SLOW],
            "scan": ["scan", str(bomb.parent), "-o", str(tmp_path / "r.sqlite"), "--quiet", *SLOW],
            "import-tagged": ["golden", "import-tagged", str(_tagged_bomb(tmp_path)), "-o", str(tmp_path / "g"),
                              *SLOW]}[command]
    survivors = _kill_mid_page(args, tmp_path)
    assert survivors == [], f"{command}: processes still running 2 s after the kill: {survivors}"


def _tagged_bomb(tmp_path: Path) -> Path:
    """A tagged PDF of the modern corpus with the bomb painted over its first page."""
    import pymupdf

    doc = pymupdf.open(ROOT / "corpus" / "modern" / "pdfs" / "modern-001.pdf")
    doc[0].show_pdf_page(doc[0].rect, pymupdf.open(stream=hostile.xobject_bomb(depth=34), filetype="pdf"), 0)
    out = tmp_path / "tagged_bomb.pdf"
    doc.save(out)
    return out


def test_a_worker_left_alone_on_the_bomb_ends_itself_at_its_cpu_limit(bomb: Path) -> None:
    """The caller sends a job and never enforces its clock (as a caller stopped by a debugger,
    or swapped out, would): the worker's own CPU-time limit ends it, and the caller's next
    call reads that as a page over time."""
    from inspector.core.infra import jobs
    from inspector.core.infra.budget import Budgeted
    from inspector.core.params import BudgetParams, Params

    with Budgeted(BudgetParams(seconds=1.0)) as worker:
        conn = worker._ensure()
        conn.send((jobs.detect_page, (jobs.DocSource.of_path(str(bomb)), 0, Params())))
        proc = worker._proc
        t0 = time.monotonic()
        proc.join(cpu_limit(1.0) + CPU_SLACK_S + 20)  # its CPU limit, then scheduling on a busy machine
        alive = proc.is_alive()
        if alive:
            proc.kill()
        assert not alive, f"the worker still ran {time.monotonic() - t0:.0f} s after it got the bomb"
        assert proc.exitcode == -signal.SIGXCPU
