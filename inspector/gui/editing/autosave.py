"""Autosave files of one annotation: this session's own safety copy, and the copies that
earlier sessions left behind (a crash, a kill, "Later" on the recovery question).

Every session writes only its *own* file. The first is ``NAME.pdf.tables.json.autosave``;
when that name is taken by a copy still waiting for a decision, the session writes
``NAME.pdf.tables.json.2.autosave`` (then ``.3.``, ...), so choosing "Later" never lets the
new session's edits overwrite the crashed session's. A copy is *pending* while it differs
from the saved annotation; it stays untouched until the person recovers or discards it.
Pure file logic (no Qt), so the window and tests share it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ...annotation.io import AnnotationError, load_annotation
from ...annotation.model import DocumentAnnotation

AUTOSAVE_SUFFIX = ".autosave"
MAX_COPIES = 99  # names tried for a session's own copy (more pending copies than this is a broken folder)


def autosave_path_for(annotation_path: Path, n: int = 1) -> Path:
    """The ``n``-th autosave name of ``annotation_path`` (1: ``NAME.autosave``, n: ``NAME.n.autosave``)."""
    suffix = AUTOSAVE_SUFFIX if n == 1 else f".{n}{AUTOSAVE_SUFFIX}"
    return annotation_path.with_name(annotation_path.name + suffix)


@dataclass(frozen=True)
class Pending:
    """An autosave copy another session left: its file and when it was last written (epoch s)."""

    path: Path
    written: float

    def when(self) -> str:
        """The write time as a person reads it (local time)."""
        return time.strftime("%d %b %Y, %H:%M", time.localtime(self.written))


def existing_copies(annotation_path: Path) -> list[Path]:
    """Every autosave file of ``annotation_path`` on disk, in name order."""
    return [p for n in range(1, MAX_COPIES + 1) if (p := autosave_path_for(annotation_path, n)).is_file()]


def pending_copies(annotation_path: Path, saved: DocumentAnnotation | None,
                   skip: Iterable[Path] = ()) -> list[Pending]:
    """The copies that hold edits the saved annotation ``saved`` lacks, newest first.

    A copy equal to the saved annotation holds nothing to recover: it is removed (it is the
    leftover of a session that ended clean). An unreadable copy is left alone and not offered.
    """
    out: list[Pending] = []
    skipped = set(skip)
    for path in existing_copies(annotation_path):
        if path in skipped:
            continue
        try:
            copy = load_annotation(path)
            written = path.stat().st_mtime
        except (AnnotationError, OSError):
            continue
        if saved is not None and copy == saved:
            remove(path)
        else:
            out.append(Pending(path, written))
    return sorted(out, key=lambda p: -p.written)


def free_name(annotation_path: Path, taken: Iterable[Path] = ()) -> Path:
    """This session's own autosave name: the first one no file and no other copy uses."""
    used = set(taken)
    for n in range(1, MAX_COPIES + 1):
        path = autosave_path_for(annotation_path, n)
        if path not in used and not path.exists():
            return path
    return autosave_path_for(annotation_path, os.getpid())  # absurdly many copies: still one of our own


def remove(path: Path) -> None:
    """Delete ``path`` if it is there; a failure only costs a question on the next start."""
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass


__all__ = ["AUTOSAVE_SUFFIX", "Pending", "autosave_path_for", "existing_copies", "free_name", "pending_copies",
           "remove"]
