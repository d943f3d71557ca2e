"""Header labels spanning both rows of a two-row header.

A two-level header sets a group label over sub-headers in some columns ("Unit price" over
"Net | Gross") and, in the others, one label in a cell as tall as both header rows ("Item",
"Unit", "Amount"), set at its top or its middle. Without column rules (a
borderless table, or rules between the header rows only under the group label) nothing is
drawn between that label and the empty slot above or under it: the grid reads a one-row cell
over an empty cell. Word's and Hangul's exports and tenders tag it as one cell of rowspan 2,
and so does a person reading it. What shows the header is two-level is the group: a label
spanning two or more columns in one header row, every column under it holding a sub-header in
the other. Beside it, a column holding a label in the group's row only (set at the top of its
tall cell, or in its middle when that lies nearer the top) holds one cell spanning both.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..numbers import is_number
from ..types import Grid, Word
from .between import YEAR

Span = tuple[int, int, int, int]  # (r, c, rs, cs)


def header_rowspans(grid: Grid, slots: dict[tuple[int, int], list[int]], words: Sequence[Word],
                    spans: list[Span], undrawn: Collection[float] | None = None) -> list[Span]:
    """``spans`` (merged cells of ``grid``) with the labels beside a group label spanning both
    header rows (see the module doc). ``slots``: (r, c) -> ids of the words there. The two rows
    are the grid's first two, or the two under a title row spanning the table. ``undrawn``: in
    a ruled grid, the row boundaries no rule draws (pt); the two rows must be parted by one
    (where a rule parts them, the grid draws its row spans: none is read)."""
    first = 1 if any(s[:2] == (0, 0) and s[2] == 1 and s[3] == grid.n_cols for s in spans) else 0
    if grid.n_rows < first + 3 or grid.n_cols < 3 or (undrawn is not None and grid.ys[first + 1] not in undrawn):
        return spans
    top, sub = first, first + 1
    grouped = group_columns(spans, slots, top, sub)
    if not grouped or any(s[0] in (top, sub) and s[0] + s[2] > sub + 1 for s in spans):
        return spans
    covered = {c for s in spans if s[0] in (top, sub) for c in range(s[1], s[1] + s[3]) if s[3] > 1}
    rest = [c for c in range(grid.n_cols) if c not in grouped]
    # Every other column: a label in the group's row (set at the top of its tall cell, or in
    # its middle, nearer the top), none in the sub-headers' row; and labels, not amounts (a
    # body row under a spanning label is no sub-header row). Labels beside the sub-headers
    # with the group's row empty over them are a row under a group label of its own line.
    if not rest or any((top, c) not in slots or (sub, c) in slots or c in covered for c in rest):
        return spans
    ids = [i for c in range(grid.n_cols) for r in (top, sub) for i in slots.get((r, c), [])]
    if any(is_number(words[i].text) and not YEAR.match(words[i].text) for i in ids):  # a year heads a column
        return spans
    return sorted([*spans, *((top, c, 2, 1) for c in rest)])


def group_columns(spans: Sequence[Span], slots: dict[tuple[int, int], list[int]], top: int, sub: int) -> set[int]:
    """The columns under a group label of row ``top`` (a one-row cell across two columns or
    more, holding text) whose every column holds a sub-header in row ``sub``; empty when any
    group lacks one."""
    out: set[int] = set()
    for r, c, rs, cs in spans:
        if r != top or rs != 1 or cs < 2:
            continue
        cols = range(c, c + cs)
        if not any((top, k) in slots for k in cols) or not all((sub, k) in slots for k in cols):
            return set()
        out.update(cols)
    return out

