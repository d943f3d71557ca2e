"""A sheet printed to PDF the way Excel and LibreOffice Calc print it.

No gridlines; the totals ruled over the amount columns only (a single rule over the total, a
double one under it), so the rules start right of the row labels and the body stands above
them; amounts right-aligned a cell padding apart (two points) with text headers set flush
left over them; empty cells; an accounting format's "$" at the left edge of its cell, a
glyph from the amount of the cell before. Every cell must come out in its own table cell.
"""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

FONT, SIZE = "helv", 9.0
LEFT, TOP, ROW = 50.0, 80.0, 13.0


def _right(page: pymupdf.Page, x1: float, y: float, text: str) -> None:
    page.insert_text((x1 - pymupdf.get_text_length(text, fontname=FONT, fontsize=SIZE), y), text,
                     fontname=FONT, fontsize=SIZE)


# -- totals ruled over the amounts only ---------------------------------------------------------

COLS = (150.0, 230.0, 310.0)  # right edges of the amount columns; the rules start at 110
TOTALS = (("Item", "Q1", "Q2", "Q3"),
          ("North", "4.5%", "", "76,518"),
          ("Service", "", "69,012.34", "0.1%"),
          ("Licences", "12", "", "78,034"),
          ("West", "-0.4%", "9.8%", "9.35"),
          ("Retail", "18", "2,044.10", ""),
          ("Online", "", "371.00", "62"),
          ("Total", "34", "80,427", "154,614"))


def totals_pdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((LEFT, TOP - ROW), "Sales by region", fontname="hebo", fontsize=SIZE + 2)
    for r, row in enumerate(TOTALS):
        y = TOP + r * ROW + 10
        page.insert_text((LEFT, y), row[0], fontname=FONT, fontsize=SIZE)
        for x1, text in zip(COLS, row[1:], strict=True):
            if text:
                _right(page, x1, y, text)
    total_top = TOP + (len(TOTALS) - 1) * ROW
    bottom = TOP + len(TOTALS) * ROW
    for y in (total_top, bottom - 1.0, bottom + 0.5):  # a single rule over the total, a double one under
        page.draw_line((110.0, y), (COLS[-1] + 3, y), width=0.5)
    return doc.tobytes()


def test_a_totals_rule_over_the_amounts_keeps_the_row_labels_and_the_body() -> None:
    (table,) = Pipeline(open_document(totals_pdf())).run(0).tables
    assert [list(row) for row in table.rows_text()] == [list(row) for row in TOTALS]


def test_explain_names_the_row_labels_left_of_the_rules() -> None:
    res = Pipeline(open_document(totals_pdf())).run(0)
    (why,) = explain_page(res, Params())
    first = why.cols[0]
    assert [e.kind for e in first.evidence if e.kind == "row_labels"] == ["row_labels"]
    assert "over the amounts only" in first.decision
    under_header = [w for w in why.rows if any(e.kind == "amount_body" for e in w.evidence)]
    assert len(under_header) == 1 and TOP + 10 < under_header[0].pos < TOP + ROW + 10


# -- amounts a cell padding apart, sparse, headers flush left -----------------------------------

PAD = 2.2  # pt between the right edge of one amount and the left edge of the next cell's widest amount
PACKED = (("Item", "Price", "2024", "Var %"),
          ("Service", "6955.18", "2646.46", "8691.14"),
          ("Hardware", "96779", "6940.72", "41239"),
          ("Online", "5962", "3893.91", ""),
          ("Repairs", "83833", "61063", "8613.28"),
          ("Total", "15670", "18848", "934.82"))


def packed_pdf() -> bytes:
    """Column 2's amounts end at 240; column 3's widest starts ``PAD`` after it, and its header
    "Var %" starts flush left just after 240 (Calc's defaults: a number header right-aligned,
    a text header left-aligned)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    widest = max(pymupdf.get_text_length(r[3], fontname=FONT, fontsize=SIZE) for r in PACKED[1:])
    edges = (185.0, 240.0, 240.0 + PAD + widest)
    for r, row in enumerate(PACKED):
        y = TOP + r * ROW + 10
        page.insert_text((LEFT, y), row[0], fontname=FONT, fontsize=SIZE)
        for c, (x1, text) in enumerate(zip(edges, row[1:], strict=True)):
            if r == 0 and c == 2:
                page.insert_text((240.0 + PAD, y), text, fontname=FONT, fontsize=SIZE)
            elif text:
                _right(page, x1, y, text)
    return doc.tobytes()


def test_packed_sparse_amounts_under_a_flush_left_header_are_two_columns() -> None:
    (table,) = Pipeline(open_document(packed_pdf())).run(0).tables
    assert [list(row) for row in table.rows_text()] == [list(row) for row in PACKED]


# -- an accounting format's sign at the left of its cell -----------------------------------------

ACCOUNTING = (("Region", "Share", "Amount", "Units"),
              ("Software", "0.1%", "5,392.25", "-984"),
              ("Wholesale", "86.8%", "567.09", "91"),
              ("Rent", "14.8%", "44,223.36", "7"),
              ("Payroll", "0.0%", "87.12", "94"),
              ("Materials", "19.9%", "4,857.38", "1,310"),
              ("Total", "", "55,127.20", "1,518"))


def accounting_pdf() -> bytes:
    """Rules under the header and over the total across the table; "Amount" in an accounting
    format: "$" 2.5 pt right of the cell's left edge, the digits 2.5 pt left of its right one,
    the "Share" amounts 2.5 pt left of the same edge (a glyph's width from the sign)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    edges = (120.0, 170.0, 250.0, 300.0)  # cell edges of Share, Amount, Units
    for r, row in enumerate(ACCOUNTING):
        y = TOP + r * ROW + 10
        page.insert_text((LEFT, y), row[0], fontname=FONT, fontsize=SIZE)
        for c, text in enumerate(row[1:]):
            if not text:
                continue
            _right(page, edges[c + 1] - 2.5, y, text)
            if c == 1 and r:
                page.insert_text((edges[1] + 2.5, y), "$", fontname=FONT, fontsize=SIZE)
    right = edges[-1] + 2
    for y in (TOP + ROW, TOP + (len(ACCOUNTING) - 1) * ROW, TOP + len(ACCOUNTING) * ROW):
        page.draw_line((LEFT - 2, y), (right, y), width=0.5)
    return doc.tobytes()


def test_an_accounting_sign_opens_its_cell_a_glyph_from_the_amount_before() -> None:
    (table,) = Pipeline(open_document(accounting_pdf())).run(0).tables
    want = [list(ACCOUNTING[0])] + [[r[0], r[1], f"$ {r[2]}", r[3]] for r in ACCOUNTING[1:]]
    assert [[" ".join(c.split()) for c in row] for row in table.rows_text()] == want


def test_explain_names_the_accounting_sign() -> None:
    res = Pipeline(open_document(accounting_pdf())).run(0)
    (why,) = explain_page(res, Params())
    signed = [w for w in why.cols if any(e.kind == "accounting_sign" for e in w.evidence)]
    assert len(signed) == 1 and 165.0 < signed[0].pos < 175.0


# -- filled header and total rows over a body of amounts -----------------------------------------

FILLED = (("Category", "Share", "Amount"),
          ("Insurance", "0.1%", "7,630.64"),
          ("Service", "0.8%", ""),
          ("West", "", "424,515.30"),
          ("Software", "99.7%", "618,975.88"),
          ("Central", "0.0%", "72,898.28"),
          ("Total", "", "1,124,020"))


def filled_pdf() -> bytes:
    """Grey fills behind the header and the total row only; "Amount" in an accounting format
    whose "$" stands a word space (2 pt) right of the "Share" percentages: one run "0.1% $"."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    edges = (120.0, 170.0, 250.0)
    for r in (0, len(FILLED) - 1):
        page.draw_rect(pymupdf.Rect(LEFT - 2, TOP + r * ROW, edges[-1] + 2, TOP + (r + 1) * ROW), color=None,
                       fill=(0.85, 0.85, 0.9))
    for r, row in enumerate(FILLED):
        y = TOP + r * ROW + 10
        page.insert_text((LEFT, y), row[0], fontname=FONT, fontsize=SIZE)
        for c, text in enumerate(row[1:]):
            if text:
                _right(page, edges[c + 1] - 1.0, y, text)
                if c == 1 and r:
                    page.insert_text((edges[1] + 1.0, y), "$", fontname=FONT, fontsize=SIZE)
    return doc.tobytes()


def test_a_body_between_filled_header_and_total_rows_keeps_its_rows() -> None:
    """One row per line (a sparse row included); the "$" a word space from the percentage stays
    in that piece (no column gap there), so only the rows and the amounts are checked."""
    (table,) = Pipeline(open_document(filled_pdf())).run(0).tables
    got = [[" ".join(c.split()) for c in row] for row in table.rows_text()]
    assert [row[0] for row in got] == [row[0] for row in FILLED]
    assert [row[-1].removeprefix("$ ") for row in got] == [row[-1] for row in FILLED]
