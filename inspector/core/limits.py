"""How large a table's grid may be: the most slots a page could hold, checked before anything
is allocated for a grid read from a file (an annotation, a compared source, an autosave).

A page is at most 14,400 pt on a side (PDF's limit); rows and columns under about 3 pt
cannot hold text, so no side holds more than ``MAX_SIDE`` slots, and no page more than
``MAX_SLOTS`` (500 x 500). Real tables are far smaller (the corpora's largest: a few
thousand cells); a grid beyond these is a damaged or hostile file.
"""

from __future__ import annotations

MAX_SIDE = 5_000
MAX_SLOTS = 250_000


def grid_problem(n_rows: int, n_cols: int) -> str | None:
    """Why an ``n_rows`` x ``n_cols`` grid cannot be a table on a page; None when it can be."""
    if n_rows > MAX_SIDE or n_cols > MAX_SIDE:
        return f"a grid of {n_rows} x {n_cols} slots: more than {MAX_SIDE} rows or columns, larger than a page could hold"
    if n_rows * n_cols > MAX_SLOTS:
        return f"a grid of {n_rows} x {n_cols} slots: more than {MAX_SLOTS} slots, larger than a page could hold"
    return None


def span_problem(r: int, c: int, rs: int, cs: int) -> str | None:
    """Why a cell at (``r``, ``c``) spanning ``rs`` x ``cs`` slots cannot be on a page; None when it can."""
    return grid_problem(r + rs, c + cs)
