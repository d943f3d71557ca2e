"""Optional content a viewer hides and MuPDF shows: membership dictionaries (OCMDs).

MuPDF leaves out what an optional-content group (OCG) turned off in the default configuration
hides, in the words, the drawings and the render alike; but it reads an OCMD (several OCGs with
a policy ``/P``, or a visibility expression ``/VE``) its own way: ``/P /AllOn`` over a group
that is off showed its content, and so did every ``/VE``; ``/P /AnyOff`` over a group that is
off hid it. What a viewer does not show is no
evidence, so each OCMD is evaluated here under the default configuration (``/D``: ``/BaseState``,
``/ON``, ``/OFF``) and one that hides is rewritten in memory as MuPDF reads rightly: ``/OCGs``
[a group that is off] ``/P /AnyOn`` (a new group, off, when none is), and one that shows as an
OCMD of no groups. Only documents with ``/OCProperties`` are looked at.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import numpy as np

MAX_OBJECTS = 200_000  # objects looked through for OCMDs (a document's layers are near its start)
MAX_DEPTH = 32  # nesting of a /VE expression read (deeper: shown)
_TOKEN = re.compile(r"\[|\]|/[A-Za-z]+|(\d+)\s+\d+\s+R")


def mend_ocmds(raw: Any) -> int:
    """Rewrite each OCMD of PyMuPDF document ``raw`` as MuPDF reads rightly: one that hides its
    content under the default configuration over a group that is off, one that shows it over no
    group; the number rewritten."""
    cat = raw.pdf_catalog()
    if raw.xref_get_key(cat, "OCProperties")[0] == "null":
        return 0
    off_base = raw.xref_get_key(cat, "OCProperties/D/BaseState")[1] == "/OFF"
    on, off = (set(_refs(raw.xref_get_key(cat, f"OCProperties/D/{k}")[1])) for k in ("ON", "OFF"))

    def shown(ocg: int) -> bool:
        return ocg in on if off_base else ocg not in off

    mended = 0
    for xref in range(1, min(raw.xref_length(), MAX_OBJECTS)):
        if raw.xref_get_key(xref, "Type") != ("name", "/OCMD"):
            continue
        ve, groups = raw.xref_get_key(xref, "VE"), _refs(raw.xref_get_key(xref, "OCGs")[1])
        if ve[0] == "array":
            visible, named = _expression(_TOKEN.finditer(ve[1]), shown, 0), _refs(ve[1])
        else:
            visible, named = _policy(raw.xref_get_key(xref, "P")[1] or "/AnyOn", [shown(g) for g in groups]), groups
        if visible:  # no groups: shown (MuPDF hid /P /AnyOff over a group that is off)
            groups_now = "null"
        else:
            hidden_by = next((g for g in [*named, *sorted(off)] if not shown(g)), None) or _new_off_group(raw, cat, off)
            groups_now = f"[{hidden_by} 0 R]"
        raw.xref_set_key(xref, "OCGs", groups_now)
        raw.xref_set_key(xref, "P", "/AnyOn")
        raw.xref_set_key(xref, "VE", "null")
        mended += 1
    return mended


def hides_layers(raw: Any) -> bool:
    """Does the default configuration of PyMuPDF document ``raw`` turn some optional content off?"""
    cat = raw.pdf_catalog()
    if raw.xref_get_key(cat, "OCProperties")[0] == "null":
        return False
    return raw.xref_get_key(cat, "OCProperties/D/BaseState")[1] == "/OFF" or \
        bool(_refs(raw.xref_get_key(cat, "OCProperties/D/OFF")[1]))


def show_layers(raw: Any) -> None:
    """Every layer of PyMuPDF document ``raw`` shown: its optional-content properties dropped
    (a copy of the document, read only to say what the hidden layers hold)."""
    raw.xref_set_key(raw.pdf_catalog(), "OCProperties", "null")


SAME = 0.5  # pt: a word whose every side is this close to a shown word's is that word
CHUNK = 1 << 22  # word pairs compared at once


def layer_only(every: Sequence[tuple[Any, ...]], shown: Sequence[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The words of ``every`` (PyMuPDF word tuples read with every layer shown) that ``shown``
    (the page's own reading) has no word at (every side within ``SAME``): what hidden layers hold.
    By place, not text: the page's own reading may have mended fonts the copy has not."""
    if not every:
        return []
    if not shown:
        return list(every)
    a = np.array([w[:4] for w in every], dtype=float)
    b = np.array([w[:4] for w in shown], dtype=float)
    seen = np.zeros(len(a), dtype=bool)
    step = max(1, CHUNK // len(b))
    for k in range(0, len(a), step):
        seen[k:k + step] = (np.abs(a[k:k + step, None, :] - b[None, :, :]) <= SAME).all(axis=2).any(axis=1)
    return [w for w, s in zip(every, seen, strict=True) if not s]


def _new_off_group(raw: Any, cat: int, off: set[int]) -> int:
    """A new OCG turned off in the default configuration (an OCMD hiding through groups that are
    all on, "[/Not 6 0 R]", has none to point at); added to ``off``."""
    xref = raw.get_new_xref()
    raw.update_object(xref, "<< /Type /OCG /Name (hidden) >>")
    for key in ("OCProperties/OCGs", "OCProperties/D/OFF"):
        listed = _refs(raw.xref_get_key(cat, key)[1])
        raw.xref_set_key(cat, key, "[" + " ".join(f"{g} 0 R" for g in [*listed, xref]) + "]")
    off.add(xref)
    return int(xref)


def _refs(text: str) -> list[int]:
    return [int(m) for m in re.findall(r"(\d+)\s+\d+\s+R", text or "")]


def _policy(p: str, states: list[bool]) -> bool:
    """Is an OCMD with policy ``p`` over groups in ``states`` (on: True) visible? None listed: shown."""
    if not states:
        return True
    return {"/AllOn": all(states), "/AnyOff": not all(states), "/AllOff": not any(states)}.get(p, any(states))


def _expression(tokens: Any, shown: Any, depth: int) -> bool:
    """A /VE expression read from ``tokens`` past its opening bracket: [/And|/Or|/Not operand...],
    an operand a group (on or off) or an expression."""
    first = next(tokens, None)
    if first is None or first.group() != "[" or depth > MAX_DEPTH:
        return True
    op, values = "", []
    for t in tokens:
        text = t.group()
        if text == "]":
            break
        if text == "[":
            values.append(_expression(_chain(t, tokens), shown, depth + 1))
        elif text.startswith("/"):
            op = text
        else:
            values.append(shown(int(t.group(1))))
    if op == "/Not":
        return not values[0] if values else True
    if op == "/Or":
        return any(values)
    return all(values)


def _chain(first: Any, rest: Any) -> Any:
    yield first
    yield from rest
