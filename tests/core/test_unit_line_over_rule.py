"""A unit line set just over a 三线表's top rule, over its last columns ("单位：元  币种：人民币",
"Unit:  EUR thousand" spaced out in two pieces) is the table's unit line, not its first row: the
grid starts at the drawn top rule, the header sits under it. Built with PyMuPDF and fpdf2 at
known coordinates (points, top-left origin)."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult
from inspector.core.units import whole_unit_line
from tests.core.continued_pdfs import CJK_FONT

X0, X1 = 60.0, 540.0
COLS = (X0 + 4, 300.0, 420.0)  # left edges of the label, 2023 and 2022 columns
TOP, HEAD, PITCH = 200.0, 216.0, 14.0  # top rule, header rule, body row pitch
BODY = [("Revenue", "1,234.50", "1,100.25"), ("Cost of sales", "(812.10)", "(790.00)"),
        ("Gross profit", "422.40", "310.25"), ("Selling expenses", "(95.30)", "(88.70)"),
        ("Administrative expenses", "(61.05)", "(59.90)"), ("Operating profit", "266.05", "161.65")]
BOTTOM = HEAD + PITCH * len(BODY) + 4


def detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


def _check(res: PageResult, unit: str) -> None:
    """One table, from the top rule down; its first row the header, the unit line beside it."""
    assert len(res.tables) == 1
    t = res.tables[0]
    assert t.bbox.y0 == pytest.approx(TOP, abs=1.0)
    assert t.cells and t.n_rows == 1 + len(BODY)
    first = [c.text for c in t.cells if c.r == 0]
    assert first[-2:] == ["2023", "2022"]
    assert not any(unit.split()[0] in c.text for c in t.cells)
    assert t.unit_line.split() == unit.split()
    top = explain_page(res, Params())[0].rows[0]
    assert any(e.kind == "unit_line" for e in top.evidence)


def _pymupdf_page(pieces: list[tuple[float, str]], fontname: str, fontfile: str | None) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    if fontfile:
        page.insert_font(fontname=fontname, fontfile=fontfile)
    page.insert_text((X0, 150), "Statement of profit or loss", fontsize=12, fontname=fontname)
    for x, text in pieces:  # baseline 3 pt over the top rule: the line ends about 1 pt above it
        page.insert_text((x, TOP - 3), text, fontsize=9, fontname=fontname)
    for y, w in ((TOP, 1.2), (HEAD, 0.5), (BOTTOM, 1.2)):
        page.draw_line((X0, y), (X1, y), width=w)
    for x, text in zip(COLS, ("Item", "2023", "2022"), strict=True):
        page.insert_text((x, HEAD - 4), text, fontsize=9, fontname="helv")
    for k, row in enumerate(BODY):
        for x, text in zip(COLS, row, strict=True):
            page.insert_text((x, HEAD + PITCH * (k + 1) - 3), text, fontsize=9, fontname="helv")
    return doc.tobytes()


def test_a_two_piece_unit_line_over_the_top_rule_is_no_row_pymupdf() -> None:
    pdf = _pymupdf_page([(430.0, "Unit:"), (470.0, "EUR thousand")], "helv", None)
    _check(detect(pdf), "Unit: EUR thousand")


@pytest.mark.skipif(CJK_FONT is None, reason="needs WenQuanYi Micro Hei (fonts-wqy-microhei)")
def test_a_chinese_unit_line_over_the_top_rule_is_no_row_pymupdf() -> None:
    pdf = _pymupdf_page([(430.0, "单位：元"), (472.0, "币种：人民币")], "wqy", str(CJK_FONT))
    _check(detect(pdf), "单位：元 币种：人民币")


def test_a_two_piece_unit_line_over_the_top_rule_is_no_row_fpdf2() -> None:
    fpdf = pytest.importorskip("fpdf", reason="fpdf2 builds this PDF")
    pdf = fpdf.FPDF(unit="pt", format="A4")
    pdf.add_page()
    pdf.set_font("helvetica", size=12)
    pdf.text(X0, 150, "Statement of profit or loss")
    pdf.set_font("helvetica", size=9)
    pdf.text(430, TOP - 3, "Unit:")
    pdf.text(470, TOP - 3, "EUR thousand")
    for y, w in ((TOP, 1.2), (HEAD, 0.5), (BOTTOM, 1.2)):
        pdf.set_line_width(w)
        pdf.line(X0, y, X1, y)
    for x, text in zip(COLS, ("Item", "2023", "2022"), strict=True):
        pdf.text(x, HEAD - 4, text)
    for k, row in enumerate(BODY):
        for x, text in zip(COLS, row, strict=True):
            pdf.text(x, HEAD + PITCH * (k + 1) - 3, text)
    _check(detect(bytes(pdf.output())), "Unit: EUR thousand")


@pytest.mark.parametrize(("text", "whole"), [
    ("单位：元 币种：人民币", True), ("(in thousands of euros)", True), ("(단위: 원)", True), ("Unit: USD", True),
    ("Revenue ($000) Margin (%)", False), ("金额 占比（%）", False), ("(%) (%)", False), ("2023 2022", False),
    ("表3 主要数据（单位：百万元）", False)])
def test_a_line_that_states_a_unit_and_nothing_else(text: str, whole: bool) -> None:
    assert (whole_unit_line(text) is not None) == whole
