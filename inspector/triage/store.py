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

Every document is written in one transaction, so an interrupted run (Ctrl+C, ``kill -9``,
power loss) loses at most the documents in flight; SQLite's journal keeps the file whole.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from .work import DocScan

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


class StoreError(Exception):
    """The results file cannot be used; the message is one line for the user."""


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


class Store:
    """The open results file. Not thread-safe: the scan's client is its only writer."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        try:
            self.db = sqlite3.connect(self.path, timeout=30.0)
            self.db.execute("PRAGMA foreign_keys = ON")
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA synchronous = FULL")
            self.db.executescript(SCHEMA)
            self._check_version()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: not a scan results file ({exc})") from None

    def _check_version(self) -> None:
        row = self.db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        if row is None:
            with self.db:
                self.db.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
        elif int(row[0]) > SCHEMA_VERSION:
            raise StoreError(f"{self.path}: written by a newer table-inspector (schema {row[0]})")

    def close(self) -> None:
        self.db.close()

    def done(self, params_hash: str) -> dict[str, Done]:
        """Documents already scanned with these parameters, by path."""
        rows = self.db.execute("SELECT path, sha256, size, mtime_ns FROM documents WHERE params_hash = ?",
                               (params_hash,))
        return {p: Done(sha, FileStamp(size or 0, mtime or 0)) for p, sha, size, mtime in rows}

    def restamp(self, path: str, params_hash: str, stamp: FileStamp) -> None:
        """The file was touched but its bytes hash the same: remember the new stamp."""
        with self.db:
            self.db.execute("UPDATE documents SET size = ?, mtime_ns = ? WHERE path = ? AND params_hash = ?",
                            (stamp.size, stamp.mtime_ns, path, params_hash))

    def write(self, scan: DocScan, params_hash: str, params_json: str, stamp: FileStamp | None) -> None:
        """Replace the rows of ``scan.path`` for these parameters, all in one transaction."""
        now = datetime.now(UTC).isoformat(timespec="seconds")
        with self.db:
            self.db.execute("DELETE FROM documents WHERE path = ? AND params_hash = ?", (scan.path, params_hash))
            cur = self.db.execute(
                "INSERT INTO documents (path, folder, size, mtime_ns, sha256, params_hash, params, status, error,"
                " pages, failed_pages, tables, ms, scanned_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (scan.path, str(Path(scan.path).parent), stamp.size if stamp else None,
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
        with self.db:
            self.db.execute("UPDATE tables SET reviewed = ? WHERE page = ? AND idx = ? AND doc_id IN"
                            " (SELECT id FROM documents WHERE path = ?)", (int(reviewed), page, index, path))

    def rows(self, sql: str, args: tuple[object, ...] = ()) -> Iterator[sqlite3.Row]:
        """Rows of a read-only query, by column name."""
        cur = self.db.cursor()
        cur.row_factory = sqlite3.Row
        yield from cur.execute(sql, args)
