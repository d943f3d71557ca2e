"""Small borderless tables: two-row blocks (bank details, a totals box), key-value tables and
a narrow table whose header's columns stand close (built with PyMuPDF and fpdf2)."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult
from resources.make_samples import A4, finish, new_document


def detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


def rows(res: PageResult) -> list[list[list[str]]]:
    return [[list(r) for r in t.rows_text()] for t in res.tables]


def _right(page: pymupdf.Page, x: float, y: float, text: str) -> None:
    page.insert_text((x - pymupdf.get_text_length(text, fontname="helv", fontsize=10), y), text, fontsize=10)


def invoice_page(totals: int) -> bytes:
    """An invoice's foot: a totals box of ``totals`` rows (labels left, amounts flush right, no
    rule), a sentence, bank details in two rows, a heading and four key-value rows."""
    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    page.insert_text((72, 80), "Thank you for your order. Please pay within 30 days of the invoice date.", fontsize=10)
    for k, (a, b) in enumerate((("Subtotal", "2,035.00"), ("VAT 20%", "407.00"), ("Total", "2,442.00"))[:totals]):
        page.insert_text((340, 120 + 14 * k), a, fontsize=10)
        _right(page, 512, 120 + 14 * k, b)
    page.insert_text((72, 190), "Please transfer the amount to the account below.", fontsize=10)
    for k, (a, b) in enumerate((("IBAN", "DE89 3704 0044 0532 0130 00"), ("BIC", "COBADEFFXXX"))):
        page.insert_text((72, 210 + 14 * k), a, fontsize=10)
        page.insert_text((140, 210 + 14 * k), b, fontsize=10)
    page.insert_text((72, 270), "Our details", fontsize=12, fontname="hebo")
    for k, (a, b) in enumerate((("Company:", "Example Consulting GmbH"), ("VAT no.:", "DE123456789"),
                                ("Phone:", "+49 30 1234567"), ("E-mail:", "billing@example.com"))):
        page.insert_text((72, 290 + 14 * k), a, fontsize=10)
        page.insert_text((160, 290 + 14 * k), b, fontsize=10)
    return finish(doc)


@pytest.mark.parametrize("totals", [2, 3])
def test_totals_box_bank_details_and_key_values(totals: int) -> None:
    found = rows(detect(invoice_page(totals)))
    box = [["Subtotal", "2,035.00"], ["VAT 20%", "407.00"], ["Total", "2,442.00"]][:totals]
    assert found == [box, [["IBAN", "DE89 3704 0044 0532 0130 00"], ["BIC", "COBADEFFXXX"]],
                     [["Company:", "Example Consulting GmbH"], ["VAT no.:", "DE123456789"],
                      ["Phone:", "+49 30 1234567"], ["E-mail:", "billing@example.com"]]]


def test_two_address_lines_side_by_side_are_no_table() -> None:
    """Two blocks of an invoice's head side by side (an address, the invoice's number and
    date) line up over two lines: layout, not a table (the first column holds no labels)."""
    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    for k, (a, b) in enumerate((("333 3rd Ave", "INVOICE # 100"), ("Seattle, WA 12345", "DATE: 1/30/23"))):
        page.insert_text((60, 130 + 13 * k), a, fontsize=10)
        page.insert_text((300, 130 + 13 * k), b, fontsize=10)
    assert detect(finish(doc)).tables == ()


def test_fpdf2_bank_details_in_two_rows() -> None:
    fpdf = pytest.importorskip("fpdf")
    pdf = fpdf.FPDF(unit="pt", format="A4")
    pdf.add_page()
    pdf.set_font("helvetica", size=10)
    pdf.set_xy(72, 100)
    pdf.multi_cell(450, 14, "Payment is due within 14 days. Please quote the invoice number with your payment.")
    for k, (a, b) in enumerate((("Account holder", "Example Ltd"), ("Sort code", "12-34-56"))):
        pdf.set_xy(72, 150 + 16 * k)
        pdf.cell(110, 14, a)
        pdf.cell(150, 14, b)
    assert rows(detect(bytes(pdf.output()))) == [[["Account holder", "Example Ltd"], ["Sort code", "12-34-56"]]]


def test_narrow_table_header_with_close_columns() -> None:
    """A small table in a text column: its header "Name  Value" parted by about one em (less
    than a body column gap) still heads it; its caption over it stays out."""
    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    page.insert_text((110, 100), "Example", fontsize=10)
    lines = (("Name", "Value"), ("This", "11"), ("That", "2"))
    for k, (a, b) in enumerate(lines):
        y = 114 + 12 * k
        page.insert_text((100, y), a, fontsize=10)
        _right(page, 162, y, b)
    assert rows(detect(finish(doc))) == [[list(r) for r in lines]]
