"""Atomic file replacement, shared by annotations, exports and evaluation results.

The data goes to a temporary file in the destination folder, is flushed to disk, then
renamed over the destination (``os.replace``, atomic on POSIX and Windows). On any failure
(a full disk, a crash, Ctrl-C) the temporary file is removed and the previous file is left
exactly as it was; the ``OSError`` propagates for the caller to word.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path
from typing import IO


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` all at once; raises ``OSError`` and then changes nothing."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
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
