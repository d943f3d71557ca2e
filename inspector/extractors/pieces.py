"""A table without coordinates placed over consecutive pages: one piece per page.

An author's original (HWPX, DOCX) holds a long table once; its PDF breaks it over pages.
Each row goes to the page where most of its cells' texts are found (``placement.find_runs``),
pages never going back from one row to the next and a change of page costing half a found
cell, so a row whose numbers are found on several pages stays with its neighbours. Rows
with nothing found follow the row above. Each run of rows on one page is placed there as
its own table (``placement.place``); the pieces in order are the logical table.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..core.types import Cell, Word
from .placement import Placed, find_runs, place, squash
from .sources import Unplaced

SWITCH = 0.5  # found cells a change of page must gain to be taken


@dataclass(frozen=True)
class Piece:
    """Rows ``first`` .. ``last`` (inclusive, the original's numbering) on ``page`` (1-based);
    ``placed`` is None when too few of their cells are found there (``placement.MIN_SCORE``)."""

    page: int
    first: int
    last: int
    placed: Placed | None


def row_hits(table: Unplaced, words: Sequence[Word]) -> list[int]:
    """Per row of ``table``: how many of the non-empty cells starting in it are found in ``words``."""
    hits = [0] * table.n_rows
    # A cell whose text is not even a substring of the page's text is not on it: most cells
    # of most tables are ruled out by this before the word runs are looked for.
    text = "".join(squash(w.text) for w in words)
    targets = [(c.r, t) for c in table.cells if (t := squash(c.text)) and t in text]
    if not targets:
        return hits
    starts: dict[str, list[int]] = defaultdict(list)
    for i, w in enumerate(words):
        key = squash(w.text)
        if key:
            starts[key].append(i)
    for r, target in targets:
        if find_runs(target, words, starts):
            hits[r] += 1
    return hits


def row_pages(hits: Mapping[int, list[int]], n_rows: int) -> list[int]:
    """The page of each row: most found cells over the rows, pages non-decreasing, each
    change of page costing ``SWITCH``. ``hits`` maps page -> per-row found counts."""
    pages = sorted(p for p, h in hits.items() if sum(h))
    if not pages or n_rows == 0:
        return []
    best = [float(hits[p][0]) for p in pages]
    back: list[list[int]] = []
    for r in range(1, n_rows):
        row, frm = [], []
        for j, p in enumerate(pages):
            k = max(range(j + 1), key=lambda i: best[i] - (SWITCH if i != j else 0.0))
            row.append(best[k] - (SWITCH if k != j else 0.0) + hits[p][r])
            frm.append(k)
        best, back = row, [*back, frm]
    j = max(range(len(pages)), key=lambda i: best[i])
    out = [j]
    for frm in reversed(back):
        j = frm[j]
        out.append(j)
    return [pages[i] for i in reversed(out)]


def rows_of(table: Unplaced, first: int, last: int) -> Unplaced:
    """Rows ``first``..``last`` of ``table`` as a table of their own: cells starting there,
    spans clipped at ``last``; leading header rows kept only for the first piece."""
    cells = tuple(Cell(c.r - first, c.c, min(c.rs, last - c.r + 1), c.cs, c.text, c.bbox)
                  for c in table.cells if first <= c.r <= last)
    header = table.header_rows if first == 0 else 0
    return Unplaced(cells, last - first + 1, table.n_cols, None, min(header, last - first + 1))


def place_pieces(table: Unplaced, pages: Mapping[int, Sequence[Word]]) -> list[Piece]:
    """``table`` over the pages of ``pages`` (1-based number -> words), one piece per run of
    rows on one page; empty when none of its cells is found on any page."""
    hits = {p: row_hits(table, words) for p, words in pages.items()}
    per_row = row_pages(hits, table.n_rows)
    if not per_row:
        return []
    pieces: list[Piece] = []
    first = 0
    for r in range(1, table.n_rows + 1):
        if r == table.n_rows or per_row[r] != per_row[first]:
            page = per_row[first]
            pieces.append(Piece(page, first, r - 1, place(rows_of(table, first, r - 1), pages[page], page)))
            first = r
    return pieces
