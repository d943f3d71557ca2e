"""A reader for the PDF object syntax PyMuPDF prints (``xref_object``, ``xref_get_key``).

Only what the structure tree needs: dictionaries, arrays, names, numbers, strings,
booleans, null and indirect references. Streams are never passed here. Malformed input
gives ``None`` for the broken part rather than an exception: tags come from files of
every quality, and a damaged attribute must not stop the reading of a table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Ref:
    """An indirect reference ``N G R``."""

    xref: int


class Name(str):
    """A PDF name, without its slash (``/TD`` -> ``Name("TD")``)."""


_TOKEN = re.compile(rb"""
    (?P<ws>\s+|%[^\r\n]*)
  | (?P<ref>\d+\s+\d+\s+R(?![A-Za-z0-9]))
  | (?P<num>[+-]?(?:\d+\.?\d*|\.\d+))
  | (?P<name>/[^\s/<>\[\]()%{}]*)
  | (?P<open><<|\[)
  | (?P<close>>>|\])
  | (?P<hex><[0-9A-Fa-f\s]*>)
  | (?P<str>\()
  | (?P<word>[A-Za-z]+)
""", re.VERBOSE)
MAX_DEPTH = 64  # nesting a real file never needs; deeper input is cut, not recursed into


def parse(text: str | bytes) -> Any:
    """The first object of ``text`` as Python values: dict (``Name`` keys), list, int, float,
    ``Name``, ``Ref``, str (strings), bool, or None (null or unreadable)."""
    data = text.encode("latin-1", "replace") if isinstance(text, str) else text
    try:
        value, _ = _value(data, 0, 0)
    except (IndexError, ValueError):
        return None
    return value


def _next(data: bytes, pos: int) -> tuple[str, bytes, int]:
    while pos < len(data):
        m = _TOKEN.match(data, pos)
        if m is None:
            return "bad", data[pos:pos + 1], pos + 1
        if m.lastgroup != "ws":
            return m.lastgroup or "bad", m.group(), m.end()
        pos = m.end()
    return "end", b"", pos


def _value(data: bytes, pos: int, depth: int) -> tuple[Any, int]:
    kind, tok, pos = _next(data, pos)
    if kind == "ref":
        return Ref(int(tok.split()[0])), pos
    if kind == "num":
        return (float(tok) if b"." in tok else int(tok)), pos
    if kind == "name":
        return Name(tok[1:].decode("latin-1")), pos
    if kind == "hex":
        digits = re.sub(rb"\s", b"", tok[1:-1])
        return bytes.fromhex((digits + b"0" * (len(digits) % 2)).decode()).decode("latin-1"), pos
    if kind == "str":
        return _string(data, pos)
    if kind == "word":
        return {b"true": True, b"false": False}.get(tok), pos
    if kind == "open" and depth < MAX_DEPTH:
        return (_dict if tok == b"<<" else _array)(data, pos, depth + 1)
    return None, pos


def _array(data: bytes, pos: int, depth: int) -> tuple[list[Any], int]:
    out: list[Any] = []
    while True:
        kind, tok, nxt = _next(data, pos)
        if kind == "end" or (kind == "close" and tok == b"]"):
            return out, nxt
        if kind == "close":  # a stray ">>": skip it
            pos = nxt
            continue
        value, pos = _value(data, pos, depth)
        out.append(value)


def _dict(data: bytes, pos: int, depth: int) -> tuple[dict[Name, Any], int]:
    out: dict[Name, Any] = {}
    while True:
        kind, tok, nxt = _next(data, pos)
        if kind == "end" or (kind == "close" and tok == b">>"):
            return out, nxt
        if kind != "name":
            _, pos = _value(data, pos, depth)  # junk where a key should be: skip one object
            continue
        value, pos = _value(data, nxt, depth)
        out[Name(tok[1:].decode("latin-1"))] = value


def _string(data: bytes, pos: int) -> tuple[str, int]:
    """A literal string after its "(": balanced parentheses, backslash escapes."""
    out = bytearray()
    level = 1
    while pos < len(data):
        ch = data[pos]
        pos += 1
        if ch == 0x5C and pos < len(data):  # backslash
            esc = data[pos]
            pos += 1
            out += {0x6E: b"\n", 0x72: b"\r", 0x74: b"\t", 0x62: b"\b", 0x66: b"\f"}.get(esc, bytes([esc]))
            continue
        level += (ch == 0x28) - (ch == 0x29)
        if level == 0:
            break
        out.append(ch)
    return out.decode("latin-1"), pos
