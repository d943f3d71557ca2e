"""Scans as they really run: on a Dask LocalCluster, killed mid-way and resumed, interrupted."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from scan_builders import build_corpus
from test_scan import table_rows

from inspector.cli import main

pytestmark = pytest.mark.slow


def _scan_cmd(root: Path, db: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "inspector.cli", "scan", str(root), "-o", str(db), *extra]


def _documents(db: Path) -> int:
    try:
        con = sqlite3.connect(db, timeout=1.0)
        try:
            return con.execute("SELECT COUNT(*) FROM documents").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error:
        return 0


def _wait_for_rows(proc: subprocess.Popen, db: Path, at_least: int, limit: float = 120.0) -> int:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and proc.poll() is None:
        n = _documents(db) if db.exists() else 0
        if n >= at_least:
            return n
        time.sleep(0.05)
    raise AssertionError(f"the scan wrote fewer than {at_least} documents (exit {proc.poll()})")


def test_a_dask_local_cluster_gives_the_local_results(tmp_path) -> None:
    distributed = pytest.importorskip("distributed", reason="Dask is an extra: pip install 'table-inspector[dask]'")
    root = tmp_path / "pdfs"
    build_corpus(root, copies=4)
    local, remote, sent = tmp_path / "local.sqlite", tmp_path / "dask.sqlite", tmp_path / "sent.sqlite"
    assert main(["scan", str(root), "-o", str(local), "--quiet"]) == 0
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        assert main(["scan", str(root), "-o", str(remote), "--quiet", "--dask", cluster.scheduler_address]) == 0
        assert main(["scan", str(root), "-o", str(sent), "--quiet", "--dask", cluster.scheduler_address,
                     "--send-bytes"]) == 0
    assert table_rows(remote) == table_rows(local) == table_rows(sent)
    assert len(table_rows(local)) == 7  # 6 tables and the file that is not a PDF


def test_killed_mid_way_then_resumed_gives_every_document_once(tmp_path) -> None:
    root = tmp_path / "pdfs"
    build_corpus(root, copies=40)
    db, clean = tmp_path / "r.sqlite", tmp_path / "clean.sqlite"
    proc = subprocess.Popen(_scan_cmd(root, db, "--quiet"), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _wait_for_rows(proc, db, at_least=5)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    done = _documents(db)
    assert 5 <= done < 43, "the kill came too late to test a resume"
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    con.close()
    resumed = subprocess.run(_scan_cmd(root, db, "--quiet"), capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{done} already done" in resumed.stderr
    assert main(["scan", str(root), "-o", str(clean), "--quiet"]) == 0
    assert table_rows(db) == table_rows(clean)


def test_ctrl_c_stops_cleanly_and_says_how_to_resume(tmp_path) -> None:
    root = tmp_path / "pdfs"
    build_corpus(root, copies=40)
    db = tmp_path / "r.sqlite"
    proc = subprocess.Popen(_scan_cmd(root, db, "--quiet"), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    _wait_for_rows(proc, db, at_least=3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    if proc.returncode == 0:
        pytest.skip("the scan finished before the interrupt arrived")
    assert proc.returncode == 130 and "Traceback" not in err
    assert "run the same command again to resume" in err
    n = _documents(db)
    assert n >= 3
