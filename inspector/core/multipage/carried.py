"""A running total carried over the page break: the first piece's last row carries the total
forward ("Carried forward 98,765.00", "à reporter", "Übertrag", "过次页"), the next piece's first
body row brings it in ("Brought forward 98,765.00", "承前页", "前頁より繰越"). Ledgers, bills of
quantities and cash books break this way. Such a last row is no closing total (``judging``'s
"closing" evidence); it says the table goes on, and the same amount on both rows says it most
surely (pure, no I/O).
"""

from __future__ import annotations

import re

from .headrow import kind as _cell_kind
from .markers import BROUGHT, CARRIED
from .pieces import Evidence, Piece

CARRIED_WEIGHT = 0.1  # a last row carrying the total forward (alone: a page's running total, or a period's)
BROUGHT_WEIGHT = 0.15  # a first body row bringing a total in from the page before
SAME_AMOUNT_WEIGHT = 0.3  # both, with the same amount: what one page carries, the next brings in


def carried_forward(a: Piece) -> str:
    """The first piece's last row's text when it carries a total forward, else ""."""
    return _said(a.table.rows_text()[-1], CARRIED) if a.table.n_rows else ""


def carried(a: Piece, b: Piece, repeated: int) -> list[Evidence]:
    """Evidence from a total carried forward under the first piece and brought forward over
    the continuation's body (below its ``repeated`` header rows)."""
    out_row = carried_forward(a)
    rows = b.table.rows_text()
    in_row = _said(rows[repeated], BROUGHT) if repeated < len(rows) else ""
    if out_row and in_row:
        out_amounts, in_amounts = _amounts(a.table.rows_text()[-1]), _amounts(rows[repeated])
        same = sorted(set(out_amounts) & set(in_amounts))
        if same:
            return [Evidence("carried", f"the total carried forward at the foot of page {a.page} (\"{out_row}\") is "
                             f"brought forward at the top of page {b.page} (\"{in_row}\"): the same amount "
                             f"{out_amounts[same[0]]}", SAME_AMOUNT_WEIGHT)]
    out = []
    if out_row:
        out.append(Evidence("carried", f"its last row carries the total forward to the next page (no closing "
                            f"total): \"{out_row}\"", CARRIED_WEIGHT))
    if in_row:
        out.append(Evidence("carried", f"the first row on page {b.page} brings a total forward from the page "
                            f"before: \"{in_row}\"", BROUGHT_WEIGHT))
    return out


def _said(row: list[str], phrase: re.Pattern[str]) -> str:
    """The row's text (60 characters at most) when a cell of words in it says ``phrase``."""
    if not any(_cell_kind(x) == "text" and phrase.search(x) for x in row):
        return ""
    return " ".join(" ".join(row).split())[:60]


def _amounts(row: list[str]) -> dict[str, str]:
    """The row's amounts with three digits or more: their digits ("98,765.00" -> "9876500", so
    "98 765,00" is the same amount) -> the cell's text."""
    out = {}
    for x in row:
        digits = re.sub(r"[^\d]", "", x)
        if _cell_kind(x) == "num" and len(digits) >= 3:
            out[digits] = x.strip()
    return out


__all__ = ["carried", "carried_forward"]
