"""Ragged rows (issue 25): a table's caption set right above its header, spaced out in pieces
over the column gaps ("Table A.1: | 1980 Census Population | by age groups"), is no header
line: growing the table upwards from its first rule stops at it. Built with PyMuPDF at exact
coordinates (ICDAR's us-035a pages 2 and 4 are the real examples)."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.ends import TABLE_LABEL

SIZE = 9.0
XS = (90.0, 230.0, 380.0)  # left edges of the three columns' text
HEADER = ("Age groups", "Proportion", "Total")
BODY = [(f"{k * 10} - {k * 10 + 9} years", f"0.{1000 + 37 * k}", f"{3_533_692 + 91_011 * k:,}") for k in range(8)]


def captioned(caption: tuple[str, ...]) -> bytes:
    """Caption pieces at the columns' left edges, 12 pt above the header; rules under the
    header and under the last row (none above the header: the table grows up over it)."""
    doc = pymupdf.open()
    page = doc.new_page()
    for x, text in zip(XS, caption, strict=False):
        page.insert_text((x, 100), text, fontsize=SIZE)
    for x, text in zip(XS, HEADER, strict=True):
        page.insert_text((x, 112), text, fontsize=SIZE)
    page.draw_line((88, 116), (470, 116), width=0.5)
    for r, row in enumerate(BODY):
        for x, text in zip(XS, row, strict=True):
            page.insert_text((x, 128 + 13 * r), text, fontsize=SIZE)
    page.draw_line((88, 132 + 13 * (len(BODY) - 1)), (470, 132 + 13 * (len(BODY) - 1)), width=0.5)
    return doc.tobytes()


def test_a_spaced_out_caption_is_no_header_row() -> None:
    (table,) = Pipeline(open_document(captioned(("Table A.1:", "1980 Census Population", "by age groups")))).run(0).tables
    assert table.rows_text() == [list(HEADER), *map(list, BODY)]
    assert table.bbox.y0 > 101


def test_a_header_line_that_starts_with_table_still_heads_it() -> None:
    # "Table" as a header cell (a list of database tables) is no caption label.
    (table,) = Pipeline(open_document(captioned(("Table", "Rows", "Size")))).run(0).tables
    assert table.rows_text()[:2] == [["Table", "Rows", "Size"], list(HEADER)]


@pytest.mark.parametrize(("text", "label"), [("Table A.1: 1980 Census", True), ("Table 2. Rates", True),
                                              ("Exhibit IV - Costs", True), ("Tab. 4", True),
                                              ("Table Name Type", False), ("Table Items", False),
                                              ("Tables 1 and 2", False)])
def test_table_label(text: str, label: bool) -> None:
    assert bool(TABLE_LABEL.match(text)) is label


def test_explain_names_the_caption_at_the_table_top() -> None:
    res = Pipeline(open_document(captioned(("Table A.1:", "1980 Census Population", "by age groups")))).run(0)
    (why,) = explain_page(res, Params())
    assert why.rows[0].decision.endswith("the line above is the table's caption "
                                         "(\"Table A.1: 1980 Census Population by age groups\"), no header line")
    plain = Pipeline(open_document(captioned(("Table", "Rows", "Size")))).run(0)
    (why,) = explain_page(plain, Params())
    assert "caption" not in why.rows[0].decision
