"""Lettered and numbered items: a line that begins with the item marker after the one its row
began with ("E." then "F.", "4)" then "5)", "(b)" then "(c)"), set where that one starts, is
the next item, a row of its own, whatever columns it fills (a worksheet's "F. Exemption
amount.", its amount set lines lower beside a brace); the lines of a list inside the item
("• If single, enter -0-.") stay its row. Read by ``bandrows._row_starts``; explain names it
(evidence ``next_item``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text import list_marker
from ..types import Word
from .columns import Line, col_of

MARKER = re.compile(r"^(\(?)([A-Za-z]|\d{1,3})([.)])$")  # "F.", "(c)", "12." "5)": one letter or number
ALIGN = 0.5  # x the type size: two markers start this close to each other in x: one list's


def _marker(text: str) -> tuple[str, str, int, str] | None:
    """``text`` as an item marker: (opening bracket, kind "A" / "a" / "1", its ordinal, closing
    sign), None when it is none. A bracket opened is closed by one: "(c)", not "(c.""."""
    m = MARKER.match(text)
    if m is None or m.group(1) == "(" and m.group(3) != ")":
        return None
    body = m.group(2)
    if body.isdigit():
        return m.group(1), "1", int(body), m.group(3)
    return m.group(1), "A" if body.isupper() else "a", ord(body.lower()) - ord("a") + 1, m.group(3)


def _first(line: Line, words: Sequence[Word]) -> Word:
    """The line's leftmost word."""
    return min((words[i] for i in line.word_ids), key=lambda w: w.bbox.x0)


def next_item(first: Line, line: Line, words: Sequence[Word], xs: Sequence[float]) -> tuple[str, str] | None:
    """When ``line`` begins with the item marker right after the one ``first`` (a row's first
    line) begins with, in the same column and starting within ``ALIGN`` of the type size of
    it: the two markers ("E.", "F."); else None. ``xs``: the column boundaries (pt)."""
    if not first.word_ids or not line.word_ids:
        return None
    a, b = _first(first, words), _first(line, words)
    ma, mb = _marker(a.text), _marker(b.text)
    if ma is None or mb is None or (ma[0], ma[1], ma[3]) != (mb[0], mb[1], mb[3]) or mb[2] != ma[2] + 1:
        return None
    size = max(a.font_size, b.font_size, 1.0)
    if abs(a.bbox.x0 - b.bbox.x0) > ALIGN * size or col_of(a.bbox.cx, xs) != col_of(b.bbox.cx, xs):
        return None
    return a.text, b.text


def item_list(first: Line, line: Line, words: Sequence[Word]) -> bool:
    """Does ``line`` begin with a list marker ("•", "—") set right of the item marker ``first``
    (a row's first line) begins with: a list inside that item ("F. Exemption amount." over
    "• If single, enter -0-."), its lines the item's row however they fill the columns?"""
    if not first.word_ids or not line.word_ids:
        return False
    a, b = _first(first, words), _first(line, words)
    return _marker(a.text) is not None and b.bbox.x0 > a.bbox.x0 and list_marker(b.text[:1])
