"""A totals box under a table (issue 25, class 5), built with PyMuPDF at known coordinates:
"Subtotal / VAT / Total" set under the unit prices with their amounts under the amounts, one
rule over them and none between, are three rows (``ruledrows.amount_rows`` reads the band's
labels from its first column with text), not one row of three-line cells."""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

SIZE = 9.0
HEAD = ("Description", "Qty", "Unit price", "Amount")
LINES = (("Widget A", "2", "10.00", "20.00"), ("Widget B", "1", "15.50", "15.50"),
         ("Gadget C", "4", "3.25", "13.00"), ("Cable D", "3", "2.00", "6.00"))
TOTALS = (("Subtotal", "54.50"), ("VAT 20%", "10.90"), ("Total", "65.40"))
XS = (60.0, 250.0, 350.0, 450.0)  # each column's left x (pt); numbers set right-aligned to RIGHTS
RIGHTS = (280.0, 400.0, 500.0)


def _right(page: pymupdf.Page, x1: float, y: float, text: str) -> None:
    page.insert_text((x1 - pymupdf.get_text_length(text, fontsize=SIZE), y), text, fontsize=SIZE)


def invoice() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for x, text in zip(XS, HEAD, strict=True):
        page.insert_text((x, 100), text, fontsize=SIZE)
    page.draw_line((60, 104), (520, 104), width=0.5)
    for n, row in enumerate(LINES):
        page.insert_text((60, 118 + n * 14), row[0], fontsize=SIZE)
        for x1, text in zip(RIGHTS, row[1:], strict=True):
            _right(page, x1, 118 + n * 14, text)
    page.draw_line((60, 168), (520, 168), width=0.5)
    for n, (label, amount) in enumerate(TOTALS):
        page.insert_text((XS[2], 190 + n * 14), label, fontsize=SIZE)
        _right(page, RIGHTS[2], 190 + n * 14, amount)
    return doc.tobytes()


def test_totals_under_one_rule_are_rows_of_their_own() -> None:
    res = Pipeline(open_document(invoice())).run(0)
    (t,) = res.tables
    grid = [[""] * t.n_cols for _ in range(t.n_rows)]
    for c in t.cells:
        grid[c.r][c.c] = c.text
    assert grid == [list(HEAD), *[list(r) for r in LINES], *[["", "", label, amount] for label, amount in TOTALS]]


def test_explain_names_the_totals_box() -> None:
    res = Pipeline(open_document(invoice())).run(0)
    (why,) = explain_page(res, Params())
    boxed = [round(w.pos) for w in why.rows if [e.kind for e in w.evidence] == ["totals_box"]]
    assert boxed == [194, 208]  # between Subtotal and VAT, between VAT and Total
