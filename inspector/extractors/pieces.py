"""A table without coordinates placed over consecutive pages: one piece per page.

An author's original (HWPX, DOCX) holds a long table once; its PDF breaks it over pages.
Each row goes to the page where most of its cells' texts are found (``placement.find_runs``),
pages never going back from one row to the next and a change of page costing half a found
cell, so a row whose numbers are found on several pages stays with its neighbours. Rows
with nothing found follow the row above. Each run of rows on one page is placed there as
its own table (``placement.place``); the pieces in order are the logical table.

A continuation piece may carry the table's header rows on top (``with_repeated_header``),
as the PDF shows them when its producer repeats them on each page: Word's "repeat as header
row", Hangul's header cells, or a first row the PDF repeats though the original does not say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ..core.types import Cell, Word
from .placement import Placed, find_runs, place, squash, word_starts
from .sources import Unplaced

SWITCH = 0.5  # found cells a change of page must gain to be taken
HEAD_GAP = 2.5  # header text heights a repeated header may stand above the piece's first row, at most
SLACK = 3.0  # points a repeated header's text may stand out of the piece's columns


@dataclass(frozen=True)
class Piece:
    """Rows ``first`` .. ``last`` (inclusive, the original's numbering) on ``page`` (1-based);
    ``placed`` is None when too few of their cells are found there (``placement.MIN_SCORE``)."""

    page: int
    first: int
    last: int
    placed: Placed | None
    repeated: int = 0  # the original's header rows repeated above ``first`` (rows 0.. of ``placed``)

    def source_row(self, r: int) -> int | None:
        """The original's row of ``placed``'s row ``r``; None for a repeated header row."""
        return None if r < self.repeated else self.first + r - self.repeated

    def found_slots(self) -> set[tuple[int, int]]:
        """The original's (r, c) of the cells this piece found, its repeated header left out."""
        if self.placed is None:
            return set()
        return {(row, c) for (r, c), _ in self.placed.found if (row := self.source_row(r)) is not None}


def row_hits(table: Unplaced, words: Sequence[Word]) -> list[int]:
    """Per row of ``table``: how many of the non-empty cells starting in it are found in ``words``."""
    hits = [0] * table.n_rows
    # A cell whose text is not even a substring of the page's text is not on it: most cells
    # of most tables are ruled out by this before the word runs are looked for.
    text = "".join(squash(w.text) for w in words)
    targets = [(c.r, t) for c in table.cells if (t := squash(c.text)) and t in text]
    if not targets:
        return hits
    starts = word_starts(words)
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


def with_repeated_header(table: Unplaced, piece: Piece, words: Sequence[Word]) -> Piece:
    """``piece`` with the table's header rows on top (``repeated``) when its page shows them
    right above its first row: every non-empty header cell found there, inside the piece's
    columns, within ``HEAD_GAP`` header heights above it, and no body cell lost. The header
    is ``table.header_rows``, or its first row when it marks none. Else ``piece`` unchanged."""
    head = table.header_rows or 1
    if piece.placed is None or piece.first < head or not piece.placed.xs:
        return piece
    top, body = rows_of(table, 0, head - 1), rows_of(table, piece.first, piece.last)
    cells = top.cells + tuple(replace(c, r=c.r + head) for c in body.cells)
    both = place(Unplaced(cells, head + body.n_rows, table.n_cols, None, head), words, piece.page)
    if both is None or not _shows_header(both, head, piece.placed, [c for c in top.cells if squash(c.text)]):
        return piece
    return Piece(piece.page, piece.first, piece.last, both, head)


def _shows_header(both: Placed, head: int, alone: Placed, wanted: Sequence[Cell]) -> bool:
    """Whether ``both`` (header rows, then the body) found the whole header right above the
    body, in its columns, and at least the body cells ``alone`` found."""
    found = dict(both.found)
    heads = [found.get((c.r, c.c)) for c in wanted]
    body = [b for (r, _), b in found.items() if r >= head]
    if not wanted or not body or None in heads or len(body) < len(alone.found):
        return False
    boxes = [b for b in heads if b is not None]
    y0, y1 = min(b.y0 for b in boxes), max(b.y1 for b in boxes)
    below = min(b.y0 for b in body)
    x0, x1 = alone.xs[0] - SLACK, alone.xs[-1] + SLACK
    return y1 <= below + 0.5 and below - y1 <= HEAD_GAP * (y1 - y0) and all(x0 <= b.cx <= x1 for b in boxes)
