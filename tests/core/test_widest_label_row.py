"""A borderless key-value block (an invoice's "Invoice no. / Date / Payment terms" set as an
HTML table with auto-width columns and no borders, printed by wkhtmltopdf): the label column
is as wide as its widest label plus the cell's padding, so the widest label's row leaves a
gap under a column gap's width (here 6 pt at 9 pt type, 0.67 font sizes) while every other
row leaves a wide one ending at the same x. That row is one of the block's rows wherever it
stands (first, middle, last), and explain says why; the same line with its value not flush
with the column is no row of it."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

SIZE = 9.0
LEFT = 50.0
PAD = 6.0  # pt between the widest label and the values: a cell's right padding
PITCH = 14.0
ROWS = (("Invoice no.", "INV-6003"), ("Date", "02 March 2026"), ("Due date", "27 April 2026"),
        ("Customer", "ACME Corp"), ("Account", "16649295"))
WIDEST = ("Payment terms", "On receipt")


def _page(at: int, shift: float = 0.0) -> bytes:
    """The block with ``WIDEST`` as row ``at``, its value ``shift`` pt off the value column,
    a title over it and a sentence under it."""
    rows = [*ROWS[:at], WIDEST, *ROWS[at:]]
    column = LEFT + pymupdf.get_text_length(WIDEST[0], fontname="hebo", fontsize=SIZE) + PAD
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((LEFT, 70), "Invoice", fontsize=18, fontname="hebo")
    top = 120.0
    for r, (label, value) in enumerate(rows):
        y = top + r * PITCH
        page.insert_text((LEFT, y), label, fontsize=SIZE, fontname="hebo")
        page.insert_text((column + (shift if label == WIDEST[0] else 0.0), y), value, fontsize=SIZE, fontname="helv")
    page.insert_text((LEFT, top + len(rows) * PITCH + 24), "Comparative figures have been restated where the "
                     "definitions changed during the year.", fontsize=SIZE, fontname="helv")
    return doc.tobytes()


def _run(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


@pytest.mark.parametrize("at", [0, 2, 5], ids=["first", "middle", "last"])
def test_the_widest_labels_row_stays_in_the_block(at: int) -> None:
    res = _run(_page(at))
    assert len(res.tables) == 1
    table = res.tables[0]
    rows = [*ROWS[:at], WIDEST, *ROWS[at:]]
    assert (table.n_rows, table.n_cols) == (6, 2)
    assert table.rows_text() == [list(r) for r in rows]
    said = [r.reason for r in res.regions if "widest cell of an auto-width column" in r.reason]
    assert said == ["rows kept in the table: 1 line(s) whose label ('Payment terms') stands closer than a column "
                    "gap before text set flush with the next column of the rows around it: the widest cell of an "
                    "auto-width column, one padding from the next, not a break in the table"]
    assert explain_page(res, Params())  # explain reads the page with the note


def test_a_value_off_the_column_is_no_row_of_the_block() -> None:
    """The widest row's value 3 pt left of where every other value starts: not flush, its
    gap (3 pt) a word space's width, so the block ends over it."""
    res = _run(_page(5, shift=-3.0))
    assert len(res.tables) == 1
    assert res.tables[0].rows_text() == [list(r) for r in ROWS]
    assert not any("widest cell" in r.reason for r in res.regions)
