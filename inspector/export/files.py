"""Writing exports to disk: atomically, so a crash or a full disk never leaves half a file.

The data goes to a temporary file in the destination folder, is flushed to disk, then
renamed over the destination (``os.replace``, atomic on POSIX and Windows). On failure
the temporary file is removed, the previous destination file is untouched and the
``OSError`` propagates for the caller to report.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from ..core.types import Table


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` all at once (see module doc); raises ``OSError``."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        _keep_mode(target, tmp)
        os.replace(tmp, target)
    except BaseException:  # Ctrl-C mid-write must not leave the temporary file behind either
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(target.parent)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where a folder can be opened (not on Windows)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _keep_mode(target: Path, tmp: str) -> None:
    """Give the new file the old one's permissions, or the usual umask-based ones."""
    try:
        mode = target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(tmp, mode)


def table_file_names(stem: str, tables: Sequence[Table], suffix: str) -> list[str]:
    """One file name per table: ``STEM-p3-t1.csv`` (page, then number on that page)."""
    names: list[str] = []
    per_page: dict[int, int] = {}
    for table in tables:
        per_page[table.page] = per_page.get(table.page, 0) + 1
        names.append(f"{stem}-p{table.page}-t{per_page[table.page]}{suffix}")
    return names
