"""Row roles and their suggestion: header, data, total, subtotal, section, note.

``ROLES`` is the vocabulary of ``Region.row_roles`` (and of the file format): a "header"
row names the columns (leading header rows form the table's header; a later one repeats
or restarts it), "data" is an ordinary row, "total" and "subtotal" sum rows above them,
a "section" row labels the rows below it (a group heading such as "Europe" with no
values), a "note" row is text about the table printed inside it.

The suggestion is only that: the person confirms or changes it. Leading header rows are
"header"; a row whose first text is Subtotal/Sub-total/小计/소계 is a "subtotal", one whose
first text is Total/Sum/合计/합계 (or whose words are all bold and hold a number) a "total"; a
row starting with Note/注 or set in visibly smaller type is a "note". Sections are not
guessed: a lone label in the first column is as often a wrapped row label.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from statistics import median

from ..core.numbers import is_number
from ..core.totals import SUBTOTAL as _SUBTOTAL
from ..core.totals import TOTAL as _TOTAL
from ..core.types import Word

ROLES = ("header", "data", "total", "subtotal", "section", "note")
# Short names shown on the page and in the panel's row header.
ROLE_LABELS = {"header": "Header", "data": "Data", "total": "Total", "subtotal": "Subtotal",
               "section": "Section", "note": "Note"}

_NOTE = re.compile(r"^\s*(notes?\b|注)", re.IGNORECASE)
# A row whose type is this much smaller than the table's is a note.
SMALL_TYPE = 0.85


def suggest_row_roles(rows: Sequence[Sequence[str]], header_rows: int,
                      row_words: Sequence[Sequence[Word]] = ()) -> tuple[str, ...]:
    """One role per row. ``rows`` are row-major cell texts; ``row_words`` (optional, one list
    per row) give bold and font size (points)."""
    sizes = [w.font_size for words in row_words for w in words if w.font_size > 0]
    table_size = median(sizes) if sizes else 0.0
    out = []
    for i, cells in enumerate(rows):
        words = row_words[i] if i < len(row_words) else ()
        out.append("header" if i < header_rows else _role(cells, words, table_size))
    return tuple(out)


def leading_headers(roles: Sequence[str]) -> int:
    """How many rows at the top are "header" rows."""
    n = 0
    for role in roles:
        if role != "header":
            break
        n += 1
    return n


def _role(cells: Sequence[str], words: Sequence[Word], table_size: float) -> str:
    first = next((t for t in cells if t.strip()), "")
    if _SUBTOTAL.search(first):
        return "subtotal"
    if _TOTAL.search(first):
        return "total"
    if _NOTE.search(first):
        return "note"
    sizes = [w.font_size for w in words if w.font_size > 0]
    if sizes and table_size and median(sizes) < SMALL_TYPE * table_size:
        return "note"
    if words and all(w.bold for w in words) and any(is_number(t) for t in cells if t.strip()):
        return "total"
    return "data"
