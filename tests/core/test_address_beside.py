"""An invoice header as iText sets it in a layout table (issue 25, corpus/itext): the seller's
address, three lines at the text's leading, beside a borderless key-value table whose rows stand
further apart. The address's first line shares the first row's baseline, its next lines fall
between the rows': a row starts under the last line of each cell above it, so no cell of the
table holds those lines, and the address is prose beside the table (``beside._row_between``),
cut off it; the key-value rows stay one row each. The same address set on the rows' own
baselines is the table's first column. Built with PyMuPDF at known coordinates."""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.beside import PROSE_ROW_BETWEEN
from inspector.core.types import PageResult

SIZE = 8.0
ADDRESS = ("Blue Ridge Services", "400 Main Street", "Denver CO 80202")
PAIRS = (("Invoice no.", "INV-98906"), ("Date", "17.03.2025"), ("Due date", "08.04.2025"), ("Customer", "C846"),
         ("Order ref.", "PO 9997"))
TOP, ROW = 236.0, 12.0  # the first baseline and the key-value rows' pitch (pt)
X_ADDRESS, X_KEY, X_VALUE = 38.0, 333.0, 444.0


def header(leading: float) -> bytes:
    """The address at ``leading`` (pt between its baselines) beside the key-value rows."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k, text in enumerate(ADDRESS):
        page.insert_text((X_ADDRESS, TOP + k * leading), text, fontsize=SIZE)
    for k, (key, value) in enumerate(PAIRS):
        page.insert_text((X_KEY, TOP + k * ROW), key, fontsize=SIZE, fontname="hebo")
        page.insert_text((X_VALUE, TOP + k * ROW), value, fontsize=SIZE)
    return doc.tobytes()


def rows(res: PageResult) -> list[list[str]]:
    (t,) = res.tables
    grid = [[""] * t.n_cols for _ in range(t.n_rows)]
    for c in t.cells:
        grid[c.r][c.c] = c.text
    return grid


def test_an_address_between_the_rows_is_cut_off() -> None:
    res = Pipeline(open_document(header(8.0))).run(0)
    assert rows(res) == [list(p) for p in PAIRS]
    cut = [r for r in res.regions if r.reason == PROSE_ROW_BETWEEN.format(pitch=8.0)]
    assert len(cut) == 1 and cut[0].bbox.x0 < X_ADDRESS + 1 and cut[0].bbox.x1 < X_KEY


def test_an_address_on_the_rows_baselines_is_the_tables_column() -> None:
    res = Pipeline(open_document(header(ROW))).run(0)
    assert rows(res) == [[a, *p] for a, p in zip(ADDRESS, PAIRS, strict=False)] + [["", *p] for p in PAIRS[3:]]
