"""Every file a user hands the app that is not the PDF itself (presets, compare sources,
annotations, autosaves, golden-set manifests, settings), read under the same rules as PDFs:

- only a regular file (after symlinks) is read: a FIFO, a device (``/dev/zero``), a folder is
  refused by name, and opening never blocks (``O_NONBLOCK``);
- at most ``limit`` bytes are read: a larger file is refused, saying what it was meant to be;
- text is UTF-8 (a BOM for UTF-8 or UTF-16 is honoured); other bytes are refused with the
  place of the first bad byte, never guessed;
- JSON is nested at most ``MAX_DEPTH`` deep (checked before parsing: no RecursionError), and
  numbers must be finite (``NaN``, ``Infinity`` and overflowing literals like ``1e400`` are refused).

Each refusal is an ``InputError`` whose message is one line for the user.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from typing import Any

KB, MB = 2**10, 2**20
PRESET_LIMIT = 1 * MB
SETTINGS_LIMIT = 4 * MB
SOURCE_LIMIT = 256 * MB  # a compare source: a pipeline's output for a whole document
ANNOTATION_LIMIT = 64 * MB
MANIFEST_LIMIT = 64 * MB
MAX_DEPTH = 64  # JSON nesting: the deepest file this project writes is 6 deep
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)


class InputError(ValueError):
    """A user's file cannot be used; the message is one line naming the file and the reason."""


def read_bytes(path: str | os.PathLike[str], what: str, limit: int) -> bytes:
    """The bytes of ``path``, ``what`` it is meant to be naming it in refusals (e.g. "preset")."""
    name = str(path)
    try:
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise InputError(f"{name}: cannot be read ({exc.strerror or exc})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = ("a folder" if stat.S_ISDIR(st.st_mode) else "a pipe" if stat.S_ISFIFO(st.st_mode)
                    else "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else "not a regular file")
            raise InputError(f"{name}: {kind}, not a regular file (a {what} must be one)")
        if st.st_size > limit:
            raise InputError(f"{name}: {_size(st.st_size)}; a {what} may be at most {_size(limit)}")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise InputError(f"{name}: cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew while being read
        raise InputError(f"{name}: over {_size(limit)}, the most a {what} may be")
    return data


def decode(data: bytes, what: str, name: str) -> str:
    """UTF-8 text (a UTF-8 or UTF-16 byte-order mark honoured); other encodings are refused
    with the place of the first bad byte."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise InputError(f"{name}: damaged UTF-16 text") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not UTF-8 text (byte {exc.start} is {data[exc.start]:#04x}); "
                         "save it as UTF-8") from None


def read_text(path: str | os.PathLike[str], what: str, limit: int) -> str:
    return decode(read_bytes(path, what, limit), what, str(path))


def check_depth(text: str, what: str, name: str, max_depth: int = MAX_DEPTH) -> None:
    """Refuse JSON text nested deeper than ``max_depth`` (brackets inside strings do not count)."""
    if text.count("[") + text.count("{") <= max_depth or _bracket_depth(text) <= max_depth:
        return  # the quick count (strings included) is under the limit; a file it misjudges
        # fails json.loads with RecursionError, which every reader catches too
    depth = 0
    for ch in re.findall(r"[\[\]{}]", _STRINGS.sub("", text)):
        depth += 1 if ch in "[{" else -1
        if depth > max_depth:
            raise InputError(f"{name}: JSON nested more than {max_depth} deep (a {what} is not)")


def _bracket_depth(text: str, chunk: int = 2**22) -> int:
    """The deepest nesting of brackets in ``text``, strings not told apart (numpy, 4 MB at a
    time so a 64 MB file needs no more than ~50 MB to check)."""
    import numpy as np

    raw = np.frombuffer(text.encode("utf-8", "surrogatepass"), dtype=np.uint8)
    depth = deepest = 0
    for start in range(0, len(raw), chunk):
        part = raw[start:start + chunk]
        step = ((part == 91) | (part == 123)).astype(np.int32) - ((part == 93) | (part == 125))  # [{ and ]}
        levels = np.cumsum(step) + depth
        deepest = max(deepest, int(levels.max(initial=depth)))
        depth = int(levels[-1]) if len(levels) else depth
    return deepest


def _no_constant(token: str) -> float:
    raise ValueError(f"{token} is not a finite number")


def _finite_float(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise ValueError(f"{token} is too large a number")
    return value


def loads_json(text: str, what: str, name: str, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` of a user's file: depth-limited, finite numbers only, errors as ``InputError``."""
    check_depth(text, what, name, max_depth)
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        raise InputError(f"{name}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except (ValueError, RecursionError) as exc:
        raise InputError(f"{name}: {exc}") from None


def read_json(path: str | os.PathLike[str], what: str, limit: int) -> Any:
    return loads_json(read_text(path, what, limit), what, str(path))


def finite(value: Any) -> Any:
    """``value`` (JSON-shaped) with every non-finite float replaced by None: strict JSON out."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [finite(v) for v in value]
    return value


def dumps_strict(value: Any, **kw: Any) -> str:
    """JSON text no strict reader refuses: ``NaN`` and infinities are written as null."""
    return json.dumps(finite(value), allow_nan=False, **kw)


def is_regular(path: str | os.PathLike[str]) -> bool:
    """Does ``path`` name a regular file (symlinks followed)? Never blocks."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _size(n: int) -> str:
    return f"{n / MB:.1f} MB" if n >= MB else f"{n / KB:.0f} KB" if n >= KB else f"{n} bytes"


__all__ = ["InputError", "read_bytes", "read_text", "read_json", "loads_json", "decode", "check_depth",
           "finite", "dumps_strict", "is_regular"]
