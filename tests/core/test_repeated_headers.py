"""Tables whose rows align set beside or over one another, each with its own title and the same
header (issue 25, class 5), built with PyMuPDF at known coordinates: they come out as one table
each (``structure.repeats``), explain names the cut, ``tables.repeated_headers`` off reads them
as one block; a table grouping its columns under two spanning heads (its sub-heads repeated,
its row labels on the left only) stays one table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

SIZE = 9.0
PITCH = 14.0  # pt from one row's baseline to the next
HEAD = ("Item", "Qty", "Price")
XS = (0.0, 110.0, 170.0)  # each column's x from its table's left side (pt)
FRUIT = (("Apples", "12", "3.40"), ("Pears", "7", "2.10"), ("Plums", "30", "5.75"), ("Grapes", "4", "8.20"))
VEG = (("Carrots", "25", "1.15"), ("Leeks", "9", "2.60"), ("Onions", "40", "0.95"), ("Beans", "16", "3.30"))
HERBS = (("Basil", "3", "1.20"), ("Thyme", "5", "0.80"), ("Mint", "8", "0.60"), ("Sage", "2", "1.10"))
NUTS = (("Almonds", "6", "7.50"), ("Pecans", "2", "9.90"), ("Walnuts", "11", "6.40"), ("Hazels", "5", "8.00"))


def detect(pdf: bytes, params: Params | None = None) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, params or Params())


def _table(page: pymupdf.Page, x: float, top: float, title: str, rows: Sequence[Sequence[str]]) -> float:
    """A title at baseline ``top``, the header under it and ``rows``, from x ``x``; the baseline
    of its last row."""
    page.insert_text((x, top), title, fontsize=SIZE + 1)
    y = top + PITCH + 4
    for cells in (HEAD, *rows):
        for dx, text in zip(XS, cells, strict=True):
            page.insert_text((x + dx, y), text, fontsize=SIZE)
        y += PITCH
    return y - PITCH


def beside() -> bytes:
    """Two borderless tables side by side, rows on one baseline, a 70 pt gutter."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _table(page, 50, 100, "Table 1. Fruit", FRUIT)
    _table(page, 330, 100, "Table 2. Vegetables", VEG)
    return doc.tobytes()


def cells(res: PageResult) -> list[list[list[str]]]:
    """Each table's text, row by row (a spanning cell at its top-left slot)."""
    out = []
    for t in res.tables:
        grid = [[""] * t.n_cols for _ in range(t.n_rows)]
        for c in t.cells:
            grid[c.r][c.c] = c.text
        out.append(grid)
    return out


def expected(rows: Sequence[Sequence[str]]) -> list[list[str]]:
    return [list(HEAD), *[list(r) for r in rows]]


def test_two_tables_side_by_side_with_one_header_are_two() -> None:
    res = detect(beside())
    assert cells(res) == [expected(FRUIT), expected(VEG)]


def test_switched_off_they_read_as_one_block() -> None:
    off = Params()
    off = replace(off, tables=replace(off.tables, repeated_headers=False))
    res = detect(beside(), off)
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(6, 6)]  # the two titles too, as a row
