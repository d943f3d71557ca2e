"""Borderless statements (an annual report's income statement: a label column, a note column,
two years of amounts; no rules between the rows) by three producers, for tests of how a
wrapped label's lines join its row: PyMuPDF's ``insert_text`` line by line, reportlab's
platypus Table of Paragraphs (no grid) and fpdf2's ``table()`` with no borders. A "\\n" in a
label is the line break the producer must keep (the label's next line, which may be a number:
"(note" over "28)", "摊销）" over "28"); amounts are right-aligned, set on the label's first
line. Chinese text is set in WenQuanYi Micro Hei (``continued_pdfs.CJK_FONT``).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

import pymupdf

from tests.core.continued_pdfs import CJK_FONT

Rows = Sequence[Sequence[str]]
A4 = (595.0, 842.0)
LEFT, TOP, SIZE, LEAD = 60.0, 90.0, 9.0, 11.5
WIDTHS = (220.0, 50.0, 90.0, 90.0)
PAD = 4.0  # pt of white over and under each row's text


def _font_file(cjk: bool) -> str | None:
    return str(CJK_FONT) if cjk else None


def _cjk(rows: Rows) -> bool:
    return any(ord(ch) > 0x2E80 for row in rows for cell in row for ch in cell)


def pymupdf_statement(rows: Rows, bottom: bool = False) -> bytes:
    """Each cell line by ``insert_text``: labels and notes left-aligned, amounts right-aligned
    (on the label's last line when ``bottom``, else on its first)."""
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    cjk = _cjk(rows)
    name = "wqy" if cjk else "helv"
    font = pymupdf.Font(fontfile=str(CJK_FONT)) if cjk else pymupdf.Font("helv")
    if cjk:
        page.insert_font(fontname=name, fontfile=str(CJK_FONT))
    xs = [LEFT]
    for w in WIDTHS:
        xs.append(xs[-1] + w)
    y = TOP
    for row in rows:
        lines = max(len(cell.split("\n")) for cell in row)
        for c, cell in enumerate(row):
            parts = cell.split("\n")
            for k, text in enumerate(parts, lines - len(parts) if bottom else 0):
                x = xs[c] + 4 if c < 2 else xs[c + 1] - 4 - font.text_length(text, SIZE)
                page.insert_text((x, y + PAD + SIZE + k * LEAD), text, fontsize=SIZE, fontname=name)
        y += lines * LEAD + 2 * PAD
    return doc.tobytes()


def reportlab_statement(rows: Rows, bottom: bool = False) -> bytes:
    """reportlab's Table of Paragraphs, no grid; amounts right-aligned, cells top-aligned."""
    from reportlab.lib.enums import TA_RIGHT
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

    font = "Helvetica"
    if _cjk(rows):
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont

        if "WQY" not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont("WQY", str(CJK_FONT), subfontIndex=0))
        font = "WQY"
    left = ParagraphStyle("l", fontName=font, fontSize=SIZE, leading=LEAD)
    right = ParagraphStyle("r", parent=left, alignment=TA_RIGHT)
    data = [[Paragraph(cell.replace("\n", "<br/>"), left if c < 2 else right) for c, cell in enumerate(row)]
            for row in rows]
    table = Table(data, colWidths=list(WIDTHS), hAlign="LEFT")
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "BOTTOM" if bottom else "TOP"), ("TOPPADDING", (0, 0), (-1, -1), PAD),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), PAD)]))
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4, leftMargin=LEFT, topMargin=TOP).build([table])
    return out.getvalue()


def fpdf2_statement(rows: Rows, bottom: bool = False) -> bytes:
    """fpdf2's ``table()`` with no borders; amounts right-aligned."""
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format="A4")
    pdf.set_margins(LEFT, TOP)
    pdf.add_page()
    family = "helvetica"
    if _cjk(rows):
        pdf.add_font("wqy", fname=str(CJK_FONT), collection_font_number=0)
        family = "wqy"
    pdf.set_font(family, size=SIZE)
    with pdf.table(col_widths=WIDTHS, width=sum(WIDTHS), align="LEFT", borders_layout="NONE",
                   first_row_as_headings=False, line_height=LEAD, text_align=("LEFT", "LEFT", "RIGHT", "RIGHT"),
                   v_align="BOTTOM" if bottom else "TOP", padding=(PAD, 4)) as table:
        for row in rows:
            table.row(list(row))
    return bytes(pdf.output())


STATEMENTS: dict[str, Callable[[Rows, bool], bytes]] = {
    "pymupdf": pymupdf_statement, "reportlab": reportlab_statement, "fpdf2": fpdf2_statement,
}
