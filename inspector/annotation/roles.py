"""Suggested row roles: header, data, total, note.

A suggestion only: the person confirms or changes it. Leading header rows are "header"; a
row whose first text is Total/Sum/合计/小计 (or whose words are all bold and hold a number)
is a "total"; a row starting with Note/注 or set in visibly smaller type is a "note".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from statistics import median

from ..core.types import Word

ROLES = ("header", "data", "total", "note")

_TOTAL = re.compile(r"^\s*(grand\s+|sub-?)?(total|sum)s?\b|^\s*(合计|小计|总计|總計|合計|小計)", re.IGNORECASE)
_NOTE = re.compile(r"^\s*(notes?\b|注)", re.IGNORECASE)
_NUMBER = re.compile(r"^[(\-−+]?[$€£¥]?\s*\d[\d.,\s]*%?\)?$")
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


def _role(cells: Sequence[str], words: Sequence[Word], table_size: float) -> str:
    first = next((t for t in cells if t.strip()), "")
    if _TOTAL.search(first):
        return "total"
    if _NOTE.search(first):
        return "note"
    sizes = [w.font_size for w in words if w.font_size > 0]
    if sizes and table_size and median(sizes) < SMALL_TYPE * table_size:
        return "note"
    if words and all(w.bold for w in words) and any(_NUMBER.match(t.strip()) for t in cells if t.strip()):
        return "total"
    return "data"
