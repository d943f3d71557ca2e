"""Atomic file replacement, shared by annotations, exports and evaluation results.

The data goes to a temporary file in the destination folder, is flushed to disk, then
renamed over the destination (``os.replace``, atomic on POSIX and Windows). On any failure
(a full disk, a crash, Ctrl-C) the temporary file is removed and the previous file is left
exactly as it was; the ``OSError`` propagates for the caller to word.

A process killed mid-write (``kill -9``, a power cut) cannot remove its temporary file:
temporary files are named ``.NAME.PID.XXXXXX.tmp``, and every write of NAME first removes
those whose process is gone (or, for names without a PID, that are over an hour old).
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
import time
from pathlib import Path
from typing import IO


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` all at once; raises ``OSError`` and then changes nothing."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    clean_stale(target)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            _write_all(fh, data)
            fh.flush()
            os.fsync(fh.fileno())
        _keep_mode(target, tmp)
        os.replace(tmp, target)
    except BaseException:  # Ctrl-C mid-write must not leave the temporary file behind either
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(folder)


STALE_AGE_S = 3600.0  # a temporary file without a PID in its name is abandoned after this long


def clean_stale(path: str | os.PathLike[str]) -> int:
    """Remove ``.NAME.*.tmp`` files beside ``path`` left by processes that died mid-write;
    returns how many. A file of a live process (a write in progress) is left alone."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    prefix = f".{target.name}."
    removed = 0
    try:
        candidates = [e for e in os.scandir(folder) if e.name.startswith(prefix) and e.name.endswith(".tmp")]
    except OSError:
        return 0
    for entry in candidates:
        if _abandoned(entry.name[len(prefix):-len(".tmp")], entry):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
                removed += 1
    return removed


def _abandoned(middle: str, entry: os.DirEntry[str]) -> bool:
    """``middle`` is "PID.XXXXXX" (this module's names) or anything else (older names)."""
    pid, _, _ = middle.partition(".")
    if pid.isdigit():
        return not _alive(int(pid))
    try:
        return time.time() - entry.stat(follow_symlinks=False).st_mtime > STALE_AGE_S
    except OSError:
        return False


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True  # this process may be writing it right now (another thread)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # exists, belongs to someone else
    return True


def why(exc: OSError) -> str:
    """A user's words for a failed read or write."""
    reasons = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is exceeded",
               errno.EACCES: "permission denied", errno.EPERM: "permission denied",
               errno.EROFS: "the file system is read-only", errno.ENOENT: "the folder does not exist"}
    return reasons.get(exc.errno or 0, exc.strerror or str(exc))


def _write_all(fh: IO[bytes], data: bytes) -> None:
    fh.write(data)


def _keep_mode(target: Path, tmp: str) -> None:
    """Give the new file the old one's permissions, or the usual umask-based ones
    (mkstemp makes 0600, and an export or annotation is as readable as other documents)."""
    try:
        mode = target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(tmp, mode)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where a folder can be opened (not on Windows)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
