"""The window's settings file checked before Qt reads it (no Qt here).

``QSettings`` on Linux keeps the preferences in an INI file. Qt would block on a FIFO in
its place, read ``/dev/zero`` until memory runs out, and drop every key of a file with one
damaged line (then overwrite it on the next save). ``repair`` runs first: a file that is
not a regular INI file of sane size is set aside (renamed ``NAME.damaged-YYYYmmdd-HHMMSS``)
and the lines still readable as preferences are written back, so the other preferences are
kept and the window opens whatever the file held.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

from .atomic import write_atomic
from .core.infra.userfiles import SETTINGS_LIMIT, InputError, read_bytes

APP = "table-inspector"
_LINE = re.compile(rb"^\s*(\[[^\]\r\n]+\]|[^=\[;#\s][^=\r\n]*=[^\r\n]*|[;#][^\r\n]*)?\s*$")


def default_path() -> Path | None:
    """Where ``QSettings(APP, APP)`` keeps its INI file on Linux and other Unix; None elsewhere
    (macOS keeps a property list, Windows the registry: Qt reads those safely)."""
    if sys.platform.startswith(("win", "darwin")):
        return None
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / APP / f"{APP}.conf"


def repair(path: Path | None) -> str | None:
    """Set a damaged settings file aside, keeping its readable lines; a one-line message saying
    so, or None when the file is sound (or absent). Never raises."""
    if path is None or not (path.exists() or path.is_symlink()):
        return None
    try:
        data = read_bytes(path, "settings file", SETTINGS_LIMIT)
    except InputError as exc:
        return _set_aside(path, str(exc).removeprefix(f"{path}: "), [])
    lines = data.splitlines()
    good = [ln for ln in lines if b"\0" not in ln and _LINE.match(ln) and _text(ln)]
    if len(good) == len(lines):
        return None
    return _set_aside(path, f"{len(lines) - len(good)} unreadable line(s)", good)


def _text(line: bytes) -> bool:
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _set_aside(path: Path, reason: str, keep: list[bytes]) -> str | None:
    aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, aside)
        kept = [ln for ln in keep if ln.strip()]
        if kept:
            write_atomic(path, b"\n".join(kept) + b"\n")
    except OSError as exc:
        return f"settings file {path} is damaged ({reason}) and cannot be set aside ({exc.strerror or exc})"
    prefs = sum(b"=" in ln for ln in keep)
    return (f"settings file {path} was damaged ({reason}): set aside as {aside.name}; "
            f"{prefs} preference(s) kept")
