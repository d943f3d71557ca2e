"""The scan results file: one SQLite database (the standard library's), one writer.

Schema (version 1; ``meta`` holds ``schema_version``):

- ``documents``: one row per (path, params_hash): ``folder``, ``size``, ``mtime_ns``,
  ``sha256``, ``status`` ("ok"/"failed"), ``error``, ``pages``, ``failed_pages``, ``tables``,
  ``ms``, ``scanned_at`` (UTC, ISO 8601), ``params`` (the preset JSON used).
- ``pages``: (doc_id, page) -> ``status``, ``error``, ``tables``, ``words``, ``unused_rules``, ``ms``.
- ``tables``: (doc_id, page, idx) -> bbox ``x0 y0 x1 y1`` (PDF points, top-left origin),
  ``n_rows``, ``n_cols``, ``cells``, ``broken_numbers``, ``ragged_rows``, ``sparse_columns``,
  ``low_confidence``, ``suspicion``, ``details`` (JSON list of one-line defect descriptions),
  ``reviewed`` (0/1, set from the window).

The file is marked as ours (``PRAGMA application_id``, see ``dbfile``) and checked before
anything is written: another program's database is refused. ``Store(path, write=False)``
reads only (SQLite's ``mode=ro``). A path that is not valid UTF-8 is stored with its odd
bytes escaped (``path_text``). Every document is written in one transaction, so an interrupted run (Ctrl+C, ``kill -9``,
power loss) loses at most the documents in flight; SQLite's journal keeps the file whole.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from .dbfile import (
    APPLICATION_ID,
    SQLITE_BUSY,
    SQLITE_LOCKED,
    StoreError,
    StoreLocked,
    check_file,
    failure,
    identify,
    lock_holders,
    open_read_only,
    primary_code,
    writable,
)
from .work import DocScan

__all__ = ["Store", "StoreError", "StoreLocked", "FileStamp", "Done", "path_text"]
LOCK_WAIT_S = 300.0  # how long a writer waits for another process's write transaction to end
BUSY_S = 1.0  # SQLite's own wait per attempt

SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
    id INTEGER PRIMARY KEY, path TEXT NOT NULL, folder TEXT NOT NULL, size INTEGER, mtime_ns INTEGER,
    sha256 TEXT NOT NULL, params_hash TEXT NOT NULL, params TEXT NOT NULL, status TEXT NOT NULL,
    error TEXT NOT NULL, pages INTEGER NOT NULL, failed_pages INTEGER NOT NULL, tables INTEGER NOT NULL,
    ms REAL NOT NULL, scanned_at TEXT NOT NULL, UNIQUE (path, params_hash));
CREATE TABLE IF NOT EXISTS pages (
    doc_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE, page INTEGER NOT NULL,
    status TEXT NOT NULL, error TEXT NOT NULL, tables INTEGER NOT NULL, words INTEGER NOT NULL,
    unused_rules INTEGER NOT NULL, ms REAL NOT NULL, PRIMARY KEY (doc_id, page));
CREATE TABLE IF NOT EXISTS tables (
    doc_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE, page INTEGER NOT NULL,
    idx INTEGER NOT NULL, x0 REAL, y0 REAL, x1 REAL, y1 REAL, n_rows INTEGER, n_cols INTEGER,
    cells INTEGER, broken_numbers INTEGER, ragged_rows INTEGER, sparse_columns INTEGER,
    low_confidence INTEGER, suspicion REAL, details TEXT NOT NULL, reviewed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (doc_id, page, idx));
CREATE INDEX IF NOT EXISTS tables_by_suspicion ON tables (suspicion DESC);
"""


@dataclass(frozen=True, slots=True)
class FileStamp:
    """What identifies a file's content cheaply: size and modification time (ns)."""

    size: int
    mtime_ns: int

    @staticmethod
    def of(path: str | os.PathLike[str]) -> FileStamp:
        st = os.stat(path)
        return FileStamp(st.st_size, st.st_mtime_ns)


@dataclass(frozen=True, slots=True)
class Done:
    """A document already in the file for some parameters."""

    sha256: str
    stamp: FileStamp


def path_text(path: str) -> str:
    """``path`` as text SQLite can store: bytes that are not UTF-8 (surrogate-escaped by
    Python) become ``\\xNN``; the same name always gives the same text."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return os.fsencode(path).decode("utf-8", "backslashreplace")
    return path


class Store:
    """The open results file. Not thread-safe: the scan's client is its only writer.

    ``write=False`` opens it for reading only (``scan report``): nothing is created or
    changed. ``writable`` is False when the file (or its folder) cannot be written; reading
    still works. ``notice(message)`` hears about waits for another process's lock."""

    def __init__(self, path: str | os.PathLike[str], write: bool = True,
                 notice: Callable[[str], None] | None = None) -> None:
        self.path = Path(path)
        self.notice = notice
        exists = check_file(self.path)
        if not write and not exists:
            raise StoreError(f"{self.path}: no such results file" if not self.path.exists()
                             else f"{self.path}: an empty file, not a scan results file")
        self.writable = write and writable(self.path)
        try:
            if exists:  # identified through a read-only connection before anything can be written
                self.db = open_read_only(self.path, BUSY_S)
                self._check_version(identify(self.db, self.path))
                if not self.writable:
                    return
                self.db.close()
            elif not self.writable:
                raise StoreError(f"{self.path}: cannot create the results file here (read-only)")
            self.db = sqlite3.connect(self.path, timeout=BUSY_S)
            self._retry(self._prepare, "preparing the results file")
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: not a scan results file ({exc})") from None

    def _prepare(self) -> None:
        self.db.execute("PRAGMA foreign_keys = ON")
        self.db.execute("PRAGMA synchronous = FULL")
        if (self.db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
                and self.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"):
            return  # ours, identified and complete: opening it takes no lock
        self.db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.executescript(SCHEMA)
        with self.db:
            self.db.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))

    def _check_version(self, version: int) -> None:
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path}: written by a newer table-inspector (schema {version})")

    def _retry(self, fn: Callable[[], None], doing: str) -> None:
        """``fn()`` (one transaction), again while another process holds the write lock, for at
        most ``LOCK_WAIT_S``; SQLite's other failures become a ``StoreError`` saying what was done."""
        start = time.monotonic()
        told = False
        while True:
            try:
                fn()
                return
            except sqlite3.Error as exc:
                if primary_code(exc) not in (SQLITE_BUSY, SQLITE_LOCKED):
                    raise failure(exc, self.path, doing) from None
                if time.monotonic() - start >= LOCK_WAIT_S:
                    raise StoreLocked(f"{self.path}: still locked by another process after {LOCK_WAIT_S:g} s"
                                      + self._holders() + f"; cannot finish {doing}") from None
                if not told and self.notice is not None:
                    self.notice(f"{self.path} is being written by another process{self._holders()}; "
                                f"waiting up to {LOCK_WAIT_S:g} s")
                told = True
                time.sleep(0.2)

    def _holders(self) -> str:
        who = lock_holders(self.path)
        return f" ({', '.join(who)})" if who else ""

    def close(self) -> None:
        self.db.close()

    def done(self, params_hash: str) -> dict[str, Done]:
        """Documents already scanned with these parameters, by path."""
        rows = self.db.execute("SELECT path, sha256, size, mtime_ns FROM documents WHERE params_hash = ?",
                               (params_hash,))
        return {p: Done(sha, FileStamp(_int(size), _int(mtime))) for p, sha, size, mtime in rows}

    def restamp(self, path: str, params_hash: str, stamp: FileStamp) -> None:
        """The file was touched but its bytes hash the same: remember the new stamp."""
        if not self.writable:
            return

        def update() -> None:
            with self.db:
                self.db.execute("UPDATE documents SET size = ?, mtime_ns = ? WHERE path = ? AND params_hash = ?",
                                (stamp.size, stamp.mtime_ns, path_text(path), params_hash))
        self._retry(update, f"noting that {path_text(path)} is unchanged")

    def write(self, scan: DocScan, params_hash: str, params_json: str, stamp: FileStamp | None) -> None:
        """Replace the rows of ``scan.path`` for these parameters, all in one transaction
        (``StoreError`` when it cannot be written: nothing of it is then stored)."""
        self._retry(lambda: self._write(scan, params_hash, params_json, stamp), f"storing {path_text(scan.path)}")

    def _write(self, scan: DocScan, params_hash: str, params_json: str, stamp: FileStamp | None) -> None:
        now = datetime.now(UTC).isoformat(timespec="seconds")
        path = path_text(scan.path)
        with self.db:
            self.db.execute("DELETE FROM documents WHERE path = ? AND params_hash = ?", (path, params_hash))
            cur = self.db.execute(
                "INSERT INTO documents (path, folder, size, mtime_ns, sha256, params_hash, params, status, error,"
                " pages, failed_pages, tables, ms, scanned_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (path, path_text(str(Path(scan.path).parent)), stamp.size if stamp else None,
                 stamp.mtime_ns if stamp else None, scan.sha256, params_hash, params_json, scan.status,
                 scan.error, len(scan.pages), scan.failed_pages, len(scan.tables), scan.ms, now))
            doc_id = cur.lastrowid
            self.db.executemany("INSERT INTO pages VALUES (?,?,?,?,?,?,?,?)",
                                [(doc_id, p.page, p.status, p.error, p.tables, p.words, p.unused_rules, p.ms)
                                 for p in scan.pages])
            self.db.executemany(
                "INSERT INTO tables (doc_id, page, idx, x0, y0, x1, y1, n_rows, n_cols, cells, broken_numbers,"
                " ragged_rows, sparse_columns, low_confidence, suspicion, details)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                [(doc_id, t.page, t.index, *t.bbox, t.n_rows, t.n_cols, t.cells, t.broken_numbers,
                  t.ragged_rows, t.sparse_columns, t.low_confidence, round(t.suspicion, 3),
                  json.dumps(list(t.details), ensure_ascii=False)) for t in scan.tables])

    def set_reviewed(self, path: str, page: int, index: int, reviewed: bool = True) -> None:
        """Mark one table reviewed (or not) in every parameter set it was scanned with."""
        if not self.writable:
            raise StoreError(f"{self.path}: the results file is read-only")

        def update() -> None:
            with self.db:
                self.db.execute("UPDATE tables SET reviewed = ? WHERE page = ? AND idx = ? AND doc_id IN"
                                " (SELECT id FROM documents WHERE path = ?)", (int(reviewed), page, index, path))
        self._retry(update, "marking a table reviewed")

    def rows(self, sql: str, args: tuple[object, ...] = ()) -> Iterator[sqlite3.Row]:
        """Rows of a read-only query, by column name (all fetched: a reader that stops early
        leaves no cursor open on the file)."""
        cur = self.db.cursor()
        cur.row_factory = sqlite3.Row
        return iter(cur.execute(sql, args).fetchall())


def _int(value: object) -> int:
    """A stored integer, 0 for what is not one (a damaged row reads as changed, so it is scanned again)."""
    return value if isinstance(value, int) else 0
