"""The scan results file is ours alone (issue 31): recognised before anything is written, read
only by ``scan report``, and every failure of SQLite (another shape, a lock, a read-only file, a
full disk) a one-line reason with exit code 3. Real processes and real SQLite throughout."""

from __future__ import annotations

import hashlib
import os
import shutil
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
from inspector.triage import store as store_mod
from inspector.triage.dbfile import APPLICATION_ID, open_read_only
from inspector.triage.store import Store, StoreLocked

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "inspector.cli", *args], capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdin=subprocess.DEVNULL)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _one_line_refusal(run: subprocess.CompletedProcess[str], words: str) -> None:
    assert run.returncode == 3, run.stderr
    assert "Traceback" not in run.stderr
    assert run.stderr.startswith("table-inspector: ") and words in run.stderr, run.stderr


@pytest.fixture()
def results(scan_corpus, tmp_path) -> Path:
    root, _files = scan_corpus
    db = tmp_path / "r.sqlite"
    assert main(["scan", str(root), "-o", str(db), "--quiet"]) == 0
    return db


def test_a_results_file_carries_its_marker(results) -> None:
    con = sqlite3.connect(results)
    assert con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    con.close()


def test_another_programs_database_is_refused_and_left_untouched(scan_corpus, tmp_path) -> None:
    root, _files = scan_corpus
    db = tmp_path / "users.sqlite"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE users (id INTEGER, name TEXT)")
    con.execute("INSERT INTO users VALUES (1, 'ada')")
    con.commit()
    con.close()
    before = _digest(db)
    _one_line_refusal(_cli("scan", str(root), "-o", str(db), "--quiet"), "an SQLite file of another program (tables users)")
    _one_line_refusal(_cli("scan", "report", str(db)), "not a scan results file")
    assert _digest(db) == before
    assert sorted(os.listdir(tmp_path)) == sorted(["pdfs", "users.sqlite"])  # no journal left beside it


@pytest.mark.parametrize("damage, words", [
    ("DROP TABLE documents; CREATE TABLE documents (id INTEGER, what TEXT)",
     "table 'documents' has another shape (no column path"),
    ("UPDATE meta SET value = 'abc' WHERE key = 'schema_version'", "schema_version 'abc' is not a number"),
    ("UPDATE tables SET details = '{not json'", "details is not a JSON list"),
    ("UPDATE tables SET details = '\"a string\"'", "details is not a JSON list"),
])
def test_a_damaged_results_file_is_refused_unchanged(results, damage, words) -> None:
    con = sqlite3.connect(results)
    con.executescript(damage)
    con.close()
    before = _digest(results)
    _one_line_refusal(_cli("scan", "report", str(results)), words)
    assert _digest(results) == before


def test_report_never_writes_even_on_a_file_without_the_marker(results) -> None:
    """A results file of an older version (no application id) is read as it is: the report
    adds no marker, no table and no row."""
    con = sqlite3.connect(results)
    con.execute("PRAGMA application_id = 0")
    con.execute("PRAGMA journal_mode = DELETE")
    con.close()
    before = _digest(results)
    run = _cli("scan", "report", str(results))
    assert run.returncode == 0, run.stderr
    assert "broken.pdf" in run.stdout
    assert _digest(results) == before


def test_a_scan_adds_the_marker_to_an_older_results_file(results, scan_corpus) -> None:
    root, _files = scan_corpus
    con = sqlite3.connect(results)
    con.execute("PRAGMA application_id = 0")
    con.close()
    assert main(["scan", str(root), "-o", str(results), "--quiet"]) == 0
    con = sqlite3.connect(results)
    assert con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    con.close()


def _hold_write_lock(db: Path, seconds: float) -> subprocess.Popen[str]:
    script = ("import sqlite3, sys, time\ncon = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
              "con.execute('BEGIN IMMEDIATE')\ncon.execute(\"UPDATE meta SET value = value\")\n"
              "print('held', flush=True)\ntime.sleep(float(sys.argv[2]))\ncon.execute('COMMIT')\n")
    holder = subprocess.Popen([sys.executable, "-c", script, str(db), str(seconds)], stdout=subprocess.PIPE,
                              text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder


def test_a_scan_waits_for_another_writer_and_names_it(results, scan_corpus) -> None:
    root, _files = scan_corpus
    (root / "new.pdf").write_bytes((root / "clean.pdf").read_bytes())
    holder = _hold_write_lock(results, 3.0)
    try:
        run = _cli("scan", str(root), "-o", str(results), "--quiet")
    finally:
        holder.wait(30)
    assert run.returncode == 0, run.stderr
    assert f"is being written by another process (pid {holder.pid}" in run.stderr
    assert "1 document(s)" in run.stderr and "3 already done" in run.stderr


def test_a_lock_held_too_long_is_a_reason_naming_the_holder(results, monkeypatch) -> None:
    monkeypatch.setattr(store_mod, "LOCK_WAIT_S", 1.5)
    holder = _hold_write_lock(results, 20.0)
    try:
        store = Store(results)
        with pytest.raises(StoreLocked, match=f"still locked by another process after 1.5 s \\(pid {holder.pid}"):
            store.set_reviewed("x.pdf", 1, 0)
        store.close()
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(10)


def _unshare() -> list[str]:
    """``unshare`` into a user and mount namespace (a read-only mount, a small tmpfs), or skip."""
    exe = shutil.which("unshare")
    if exe is None or subprocess.run([exe, "-rm", "true"], capture_output=True).returncode != 0:
        pytest.skip("needs unshare -rm (user namespaces) for a real read-only mount or a full disk")
    return [exe, "-rm", "sh", "-c"]


def test_a_read_only_results_file_is_read_and_refuses_new_documents(results, scan_corpus, tmp_path) -> None:
    root, _files = scan_corpus
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "new.pdf").write_bytes((root / "clean.pdf").read_bytes())
    folder = results.parent / "ro"
    folder.mkdir()
    db = folder / results.name
    shutil.move(results, db)
    cli = f"{sys.executable} -m inspector.cli"
    inner = (f"mount --bind {folder} {folder} && mount -o remount,bind,ro {folder} && "
             f"{cli} scan {root} -o {db} --quiet; echo rc=$?; {cli} scan report {db} >/dev/null; echo rc=$?; "
             f"{cli} scan {root} {extra} -o {db} --quiet; echo rc=$?")
    before = _digest(db)
    run = subprocess.run([*_unshare(), inner], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.stdout.split() == ["rc=0", "rc=0", "rc=3"], run.stderr  # nothing new; the report; one new
    assert "Traceback" not in run.stderr
    assert "the results file is read-only; 1 new document(s) cannot be stored" in run.stderr
    assert _digest(db) == before


def test_a_full_disk_says_where_it_stopped_and_the_rerun_resumes(tmp_path) -> None:
    root = tmp_path / "pdfs"
    build_corpus(root, copies=40)
    disk = tmp_path / "disk"
    disk.mkdir()
    db = disk / "r.sqlite"
    # an 8 MB disk with 200 KB free: the results file (and its write-ahead log) fill it after a few documents
    inner = (f"mount -t tmpfs -o size=8m tmpfs {disk} && head -c {8 * 2**20 - 200_000} /dev/zero > {disk}/filler && "
             f"{sys.executable} -m inspector.cli scan {root} -o {db} --quiet; echo \"rc=$?\"; "
             f"cp {db} {tmp_path}/full.sqlite; cp {db}-wal {tmp_path}/full.sqlite-wal 2>/dev/null; rm {disk}/filler; "
             f"{sys.executable} -m inspector.cli scan {root} -o {db} --quiet; echo \"rc=$?\"; "
             f"cp {db} {tmp_path}/resumed.sqlite; cp {db}-wal {tmp_path}/resumed.sqlite-wal 2>/dev/null")
    run = subprocess.run([*_unshare(), inner], capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert "Traceback" not in run.stderr, run.stderr
    assert run.stdout.split() == ["rc=3", "rc=0"], run.stderr
    assert "disk full while storing" in run.stderr and "run the same command again to resume" in run.stderr
    con = sqlite3.connect(tmp_path / "full.sqlite")  # the file as the full disk left it (with its log)
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    con.close()
    stored = table_rows(tmp_path / "full.sqlite")
    assert 0 < len({r[0] for r in stored}) < 43
    clean = tmp_path / "clean.sqlite"
    assert main(["scan", str(root), "-o", str(clean), "--quiet"]) == 0
    assert table_rows(tmp_path / "resumed.sqlite") == table_rows(clean)


@pytest.mark.slow
def test_a_scan_of_hundreds_killed_then_resumed_stores_each_document_once(tmp_path) -> None:
    root = tmp_path / "pdfs"
    build_corpus(root, copies=300)
    db = tmp_path / "r.sqlite"
    cmd = [sys.executable, "-m", "inspector.cli", "scan", str(root), "-o", str(db), "--quiet", "--jobs", "2"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        deadline = time.monotonic() + 300
        while _count(db) < 100 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
    done = _count(db)
    assert 100 <= done < 303, "the kill came too late to test a resume"
    resumed = _cli("scan", str(root), "-o", str(db), "--quiet", "--jobs", "2", timeout=600)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{done} already done" in resumed.stderr
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    paths = [p for (p,) in con.execute("SELECT path FROM documents")]
    con.close()
    assert len(paths) == len(set(paths)) == 303
    again = _cli("scan", str(root), "-o", str(db), "--quiet")
    assert again.returncode == 0 and "scanned 0 document(s)" in again.stderr and "303 already done" in again.stderr


def _count(db: Path) -> int:
    try:
        con = sqlite3.connect(db, timeout=1.0)
        try:
            return con.execute("SELECT COUNT(*) FROM documents").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error:
        return 0


def _wal_file(path: Path) -> None:
    con = sqlite3.connect(path)
    con.execute("PRAGMA journal_mode = WAL")
    con.execute("CREATE TABLE notes (id INTEGER, text TEXT)")
    con.execute("INSERT INTO notes VALUES (1, 'kept')")
    con.commit()
    con.close()


@pytest.mark.parametrize("mode", [0o644, 0o444])
def test_reading_a_wal_file_leaves_its_folder_as_it_was(tmp_path, mode) -> None:
    """SQLite makes -wal and -shm for any reader of a WAL file; the read-only connection
    removes them again when it closes, and refuses every change meanwhile."""
    db = tmp_path / "notes.sqlite"
    _wal_file(db)
    db.chmod(mode)
    before = _digest(db)
    con = open_read_only(db, 1.0)
    assert con.execute("SELECT text FROM notes").fetchall() == [("kept",)]
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        con.execute("INSERT INTO notes VALUES (2, 'new')")
    con.close()
    assert sorted(os.listdir(tmp_path)) == ["notes.sqlite"] and _digest(db) == before


def test_reading_a_wal_file_in_use_leaves_the_writers_files_to_it(tmp_path) -> None:
    db = tmp_path / "notes.sqlite"
    _wal_file(db)
    writer = sqlite3.connect(db)
    writer.execute("INSERT INTO notes VALUES (2, 'in the wal')")
    writer.commit()
    con = open_read_only(db, 1.0)
    assert con.execute("SELECT count(*) FROM notes").fetchone() == (2,)
    con.close()
    assert sorted(os.listdir(tmp_path)) == ["notes.sqlite", "notes.sqlite-shm", "notes.sqlite-wal"]
    writer.close()
    assert sorted(os.listdir(tmp_path)) == ["notes.sqlite"]


def test_scan_report_leaves_the_results_folder_as_it_was(results) -> None:
    listed, before = sorted(os.listdir(results.parent)), _digest(results)
    assert not Path(f"{results}-wal").exists()
    run = _cli("scan", "report", str(results))
    assert run.returncode == 0, run.stderr
    assert "broken.pdf" in run.stdout
    assert sorted(os.listdir(results.parent)) == listed and _digest(results) == before
