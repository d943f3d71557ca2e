"""Does the table's own row numbering go on over the page break? (``judging``'s numbering
evidence, pure.)

Many tables number their rows in a column of their own ("No.", "순번", "序号", a code
"0001", "0002", ...). Where the first piece numbers its body rows without a break, the next
piece says which table it belongs to by its first number there: the one after the first
piece's last (the table goes on), or back at the first piece's first or lower (a new table
of the same columns starting over: a bill of quantities per building, one statement per
entity). Any other number says nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .pieces import Evidence, Piece

# A row number: digits alone, with leading zeros ("0007"), a point ("7.") or brackets ("(7)").
_NUMBER = re.compile(r"^\s*[(\[]?(\d{1,5})[.)\]]?\s*$")
# Numbers a column of the first piece holds, at least, to count as the table's numbering (three
# small quantities may run 1, 2, 3 by chance).
MIN_RUN = 4
NEXT_RUN = 3  # of the next piece's numbers in that column, the first this many (or all it has) run on by one
LEAD = 2  # rows over the first number that may hold no number (a header left in the body)
CONTINUES = 0.15  # weight of numbering that goes on from the first piece's last number


def _numbers(rows: Sequence[Sequence[str]], col: int) -> list[int] | None:
    """The numbers of column ``col`` over ``rows`` (empty cells skipped: a total, a wrapped
    line), from the first number on within ``LEAD`` rows (a header row detection left in the
    body, a "(continued)" row); None when a filled cell after it is no row number."""
    out: list[int] = []
    lead = next((k for k, row in enumerate(rows[:LEAD + 1]) if _NUMBER.match(row[col] if col < len(row) else "")),
                None)
    if lead is None:
        return None
    for row in rows[lead:]:
        text = row[col] if col < len(row) else ""
        if not text.strip():
            continue
        m = _NUMBER.match(text)
        if m is None:
            return None
        out.append(int(m.group(1)))
    return out


def _by_one(ns: Sequence[int]) -> bool:
    return all(y == x + 1 for x, y in zip(ns, ns[1:], strict=False))


def _next_column(a: Piece, b: Piece, col: int, columns: Sequence[int]) -> int | None:
    """The column of ``b`` that stands in column ``col`` of ``a`` (``columns``: ``b``'s map
    into ``a``'s columns, empty when they have the same count)."""
    if not columns:
        return col if len(a.xs) == len(b.xs) else None
    return next((k for k, j in enumerate(columns) if j == col), None)


def numbering(a: Piece, b: Piece, repeated: int, columns: Sequence[int] = ()) -> list[Evidence]:
    """Evidence from a numbering column: ``a``'s body rows numbered by one without a break
    (``MIN_RUN`` numbers at least), ``b``'s body rows (below its ``repeated`` header rows)
    numbered by one in the same column. Their first number one past ``a``'s last: the
    table goes on (+``CONTINUES``); at ``a``'s first number or lower: a new table (veto)."""
    body_a = a.table.rows_text()[a.table.header_rows:]
    body_b = b.table.rows_text()[repeated:]
    for col in range(a.table.n_cols):
        ns = _numbers(body_a, col)
        k = _next_column(a, b, col, columns)
        if ns is None or len(ns) < MIN_RUN or not _by_one(ns) or k is None:
            continue
        nb = _numbers(body_b, k)
        if not nb or not _by_one(nb[:NEXT_RUN]):
            continue
        if nb[0] == ns[-1] + 1:
            return [Evidence("numbering", f"the rows' numbering goes on: {ns[-1]} last on page {a.page}, "
                             f"{nb[0]} first on page {b.page} (column {col + 1})", CONTINUES, nb[0], ns[-1],
                             "continuation.numbering")]
        if nb[0] <= ns[0]:
            return [Evidence("numbering", f"the rows' numbering starts again: {ns[0]} to {ns[-1]} on page {a.page}, "
                             f"{nb[0]} first on page {b.page} (column {col + 1}): a new table of the same columns",
                             0.0, nb[0], ns[0], "continuation.numbering", veto=True)]
    return []


__all__ = ["numbering", "MIN_RUN", "CONTINUES"]
