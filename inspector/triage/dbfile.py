"""What a results file must be before anything touches it, and SQLite's failures in a user's words.

A results file carries its own marker: SQLite's ``application_id`` in the file header
(``APPLICATION_ID``), and a ``meta`` row ``schema_version``. Files written before the marker
existed are recognised by their ``meta`` row and their four tables. Anything else (another
program's database, a results file of another shape) is refused before a byte is written.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

APPLICATION_ID = 0x54495343  # "TISC": Table Inspector SCan, in the header at offset 68
SQLITE_MAGIC = b"SQLite format 3\x00"
OUR_TABLES = ("meta", "documents", "pages", "tables")
COLUMNS = {  # the columns each table must have (a newer file may have more)
    "meta": ("key", "value"),
    "documents": ("id", "path", "folder", "size", "mtime_ns", "sha256", "params_hash", "params", "status",
                  "error", "pages", "failed_pages", "tables", "ms", "scanned_at"),
    "pages": ("doc_id", "page", "status", "error", "tables", "words", "unused_rules", "ms"),
    "tables": ("doc_id", "page", "idx", "x0", "y0", "x1", "y1", "n_rows", "n_cols", "cells", "broken_numbers",
               "ragged_rows", "sparse_columns", "low_confidence", "suspicion", "details", "reviewed"),
}
# SQLite's primary result codes (the low byte of an extended code) met when writing
SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN = 5, 6, 8, 10, 13, 14


class StoreError(Exception):
    """The results file cannot be used; the message is one line for the user."""


class StoreLocked(StoreError):
    """Another process holds the results file's write lock."""


def read_only_uri(path: Path) -> str:
    """A URI that opens ``path`` for reading only: SQLite refuses every write through it."""
    return f"file:{quote(str(path.resolve()))}?mode=ro"


def open_read_only(path: Path, busy_s: float) -> sqlite3.Connection:
    """A connection that can only read ``path``, and that leaves its folder as it was.

    SQLite gives every reader of a WAL file a ``-wal`` and a ``-shm`` beside it, and only the
    last connection that may write removes them when it closes: a ``mode=ro`` reader leaves
    them behind. So a WAL file nobody has open (no ``-wal``) is opened for writing with every
    change refused (``PRAGMA query_only``), and its close removes them again; a
    write-protected one is opened as immutable (no one can change it), as is a WAL file on
    read-only media (no ``-wal``, no ``-shm``, and none can be made beside it). A file in use
    (its ``-wal`` there) or in rollback mode is opened with ``mode=ro``."""
    if _is_wal(path) and not Path(f"{path}-wal").exists():
        if not os.access(path, os.W_OK):
            return sqlite3.connect(read_only_uri(path) + "&immutable=1", uri=True, timeout=busy_s)
        if os.access(path.parent, os.W_OK):
            db = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=rw", uri=True, timeout=busy_s)
            db.execute("PRAGMA query_only = ON")
            return db
    db = sqlite3.connect(read_only_uri(path), uri=True, timeout=busy_s)
    try:
        db.execute("PRAGMA schema_version").fetchone()
        return db
    except sqlite3.OperationalError:
        if Path(f"{path}-wal").exists() or os.access(path.parent, os.W_OK):
            raise
        db.close()
    return sqlite3.connect(read_only_uri(path) + "&immutable=1", uri=True, timeout=busy_s)


def _is_wal(path: Path) -> bool:
    """Whether the file header says WAL mode (file format read and write versions 2, offsets 18-19)."""
    try:
        with path.open("rb") as fh:
            head = fh.read(20)
    except OSError:
        return False
    return head.startswith(SQLITE_MAGIC) and head[18:20] == b"\x02\x02"


def primary_code(exc: sqlite3.Error) -> int:
    return (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


def check_file(path: Path) -> bool:
    """True when ``path`` holds something (to be identified); False when it is absent or empty
    (a new results file). Raises ``StoreError`` for what is not a regular SQLite file."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise StoreError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    if not path.is_file():
        raise StoreError(f"{path}: not a regular file, so not a scan results file")
    if st.st_size == 0:
        return False
    try:
        with path.open("rb") as fh:
            head = fh.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise StoreError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    if head != SQLITE_MAGIC:
        raise StoreError(f"{path}: not a scan results file (not an SQLite database); nothing was written to it")
    return True


def identify(db: sqlite3.Connection, path: Path) -> int:
    """Check that ``db`` is a results file of a shape this version reads; its schema version.
    Reads only. Raises ``StoreError`` naming what is wrong."""
    try:
        app_id = db.execute("PRAGMA application_id").fetchone()[0]
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{path}: not a scan results file ({exc})") from None
    if app_id != APPLICATION_ID and (app_id != 0 or not set(OUR_TABLES) <= names):
        listed = ", ".join(sorted(names)[:5])
        what = f"application id {app_id:#x}" if app_id else (f"tables {listed}" if listed else "no tables")
        raise StoreError(f"{path}: an SQLite file of another program ({what}), not a scan results file; "
                         "nothing was written to it (choose another results file)")
    for table, wanted in COLUMNS.items():
        if table not in names:
            raise StoreError(f"{path}: a damaged scan results file (no table '{table}')")
        have = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
        missing = [c for c in wanted if c not in have]
        if missing:
            raise StoreError(f"{path}: table '{table}' has another shape (no column {', '.join(missing[:4])}); "
                             "not a results file this version can read")
    row = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    if row is None:
        raise StoreError(f"{path}: a damaged scan results file (no schema_version in table 'meta')")
    try:
        return int(str(row[0]).strip())
    except ValueError:
        raise StoreError(f"{path}: a damaged scan results file (schema_version {str(row[0])[:40]!r} "
                         "is not a number)") from None


def writable(path: Path) -> bool:
    """Can this process write ``path`` (or create it) and SQLite's journal beside it?"""
    folder = path.parent if str(path.parent) else Path(".")
    if path.exists() and not os.access(path, os.W_OK):
        return False
    return os.access(folder, os.W_OK)


def lock_holders(path: Path) -> list[str]:
    """Other processes holding a write lock on ``path`` or its WAL index (Linux: /proc/locks),
    as ``pid N (command)``; empty where that cannot be known."""
    inodes = set()
    for p in (path, Path(f"{path}-shm")):
        try:
            st = p.stat()
        except OSError:
            continue
        inodes.add(st.st_ino)
    try:
        lines = Path("/proc/locks").read_text().splitlines()
    except OSError:
        return []
    pids = []
    for line in lines:
        parts = line.split()
        if len(parts) < 6 or "WRITE" not in parts or parts[1] in ("->",):
            continue
        try:
            pid, inode = int(parts[4]), int(parts[5].rsplit(":", 1)[1])
        except (ValueError, IndexError):
            continue
        if inode in inodes and pid != os.getpid() and pid not in pids:
            pids.append(pid)
    return [f"pid {pid} ({_command(pid)})" for pid in pids]


def _command(pid: int) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return "?"
    words = raw.split(b"\0")
    text = " ".join(w.decode("utf-8", "replace") for w in words[:4] if w)
    return " ".join(text.split())[:60] or "?"


def failure(exc: sqlite3.Error, path: Path, doing: str) -> StoreError:
    """A write failure of SQLite as one line: disk full, read-only, I/O error, locked."""
    code = primary_code(exc)
    if code == SQLITE_FULL:
        return StoreError(f"{path}: disk full while {doing}")
    if code == SQLITE_READONLY:
        return StoreError(f"{path}: the results file is read-only; cannot finish {doing}")
    if code in (SQLITE_BUSY, SQLITE_LOCKED):
        who = lock_holders(path)
        return StoreLocked(f"{path}: locked by another process" + (f" ({', '.join(who)})" if who else "")
                           + f"; cannot finish {doing}")
    if code in (SQLITE_IOERR, SQLITE_CANTOPEN):
        return StoreError(f"{path}: cannot write it ({exc}) while {doing}")
    return StoreError(f"{path}: {exc} while {doing}")
