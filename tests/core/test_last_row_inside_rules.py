"""Tables ruled only between their rows (no rule above the first row nor under the last):
fpdf2's HORIZONTAL_LINES and INTERNAL layouts, reportlab's LINEBELOW on all rows but the last
and INNERGRID without BOX, and Word-style inside-only borders drawn by PyMuPDF as thin filled
rectangles. The last row, under the last rule, is the table's (one line, or a label wrapped
over two lines beside vertically centred cells); the caption and the paragraph under the
table are not."""

from __future__ import annotations

import io

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

BODY = [("Item", "Region", "Units", "Revenue"), ("Widgets", "North", "1,204", "3,410.50"),
        ("Gadgets", "South", "883", "2,118.00"), ("Sprockets", "East", "2,051", "5,902.75"),
        ("Gears", "West", "640", "1,377.20")]
ONE = ("Bolts", "Central", "1,010", "2,220.40")
TWO = ("Bolts and nuts assorted", "Central", "1,010", "2,220.40")
CAPTION = "Table 1: Sales by region."
PARAGRAPH = ("The figures above are unaudited and were compiled from the regional offices' own returns "
             "for the quarter, which may be revised in later reports.")
INTRO = "Quarterly figures for the four regions are set out in the table below, with units and revenue."


def fpdf_table(layout: str, last: tuple[str, ...], align: str = "LEFT") -> bytes:
    """fpdf2's table with ``borders_layout`` ``layout``: the other cells of a two-line row are
    centred vertically, between its label's lines."""
    from fpdf import FPDF
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=10)
    pdf.multi_cell(0, 5, INTRO)
    pdf.ln(4)
    with pdf.table(borders_layout=layout, text_align=align, col_widths=(30, 25, 20, 25), width=100,
                   align="L") as table:
        for r in [*BODY, last]:
            row = table.row()
            for c in r:
                row.cell(c)
    pdf.ln(3)
    pdf.multi_cell(0, 5, CAPTION)
    pdf.ln(2)
    pdf.multi_cell(0, 5, PARAGRAPH)
    return bytes(pdf.output())


def reportlab_table(style: str, last: tuple[str, ...]) -> bytes:
    """reportlab's platypus Table, ruled by LINEBELOW on every row but the last, or INNERGRID
    without BOX; a two-line label is a Paragraph broken in its cell."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
    ss = getSampleStyleSheet()
    label = Paragraph(last[0].replace(" assorted", "<br/>assorted"), ss["BodyText"]) if " " in last[0] else last[0]
    data: list[list[object]] = [list(r) for r in BODY] + [[label, *last[1:]]]
    if style == "LINEBELOW":
        rules = [("LINEBELOW", (0, i), (-1, i), 0.5, colors.black) for i in range(len(data) - 1)]
    else:
        rules = [("INNERGRID", (0, 0), (-1, -1), 0.5, colors.black)]
    table = Table(data, colWidths=[90, 70, 60, 70])
    table.setStyle(TableStyle([*rules, ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    buf = io.BytesIO()
    SimpleDocTemplate(buf, pagesize=A4).build([Paragraph(INTRO, ss["BodyText"]), Spacer(1, 8), table, Spacer(1, 6),
                                               Paragraph(CAPTION, ss["BodyText"]), Paragraph(PARAGRAPH, ss["BodyText"])])
    return buf.getvalue()


def word_inside_table(last: tuple[str, ...], verticals: bool) -> bytes:
    """Word's "inside borders" drawn as 0.5 pt filled rectangles between the rows (and between
    the columns when ``verticals``), no outer frame; 18 pt rows, a two-line last row 30 pt with
    its other cells centred between the label's lines."""
    doc = pymupdf.open()
    page = doc.new_page()
    xs, y, tops = [72.0, 172.0, 252.0, 322.0, 402.0], 120.0, []
    page.insert_text((72, 100), INTRO, fontsize=10)
    for i, r in enumerate([*BODY, last]):
        tops.append(y)
        two = i == len(BODY) and " " in r[0]
        label = ("Bolts and nuts", "assorted") if two else (r[0],)
        for k, text in enumerate(label):
            page.insert_text((xs[0] + 4, y + 12 + 12 * k), text, fontsize=10)
        for j, c in enumerate(r[1:], start=1):
            page.insert_text((xs[j] + 4, y + (18 if two else 12)), c, fontsize=10)
        y += 30 if two else 18
    for t in tops[1:]:
        page.draw_rect(pymupdf.Rect(xs[0], t - 0.25, xs[-1], t + 0.25), color=None, fill=(0, 0, 0))
    if verticals:
        for x in xs[1:-1]:
            page.draw_rect(pymupdf.Rect(x - 0.25, tops[0], x + 0.25, y), color=None, fill=(0, 0, 0))
    page.insert_text((72, y + 16), CAPTION, fontsize=10)
    page.insert_text((72, y + 34), PARAGRAPH[:88], fontsize=10)
    page.insert_text((72, y + 46), PARAGRAPH[88:], fontsize=10)
    return doc.tobytes()


def _rows(pdf: bytes) -> list[list[list[str]]]:
    result = Pipeline(open_document(pdf)).run(0)
    return [[[" ".join(c.split()) for c in row] for row in t.rows_text()] for t in result.tables]


def _expected(last: tuple[str, ...]) -> list[list[list[str]]]:
    return [[list(r) for r in BODY] + [list(last)]]


CASES = {"fpdf2-horizontal-lines": lambda last: fpdf_table("HORIZONTAL_LINES", last),
         "fpdf2-internal": lambda last: fpdf_table("INTERNAL", last),
         "reportlab-linebelow": lambda last: reportlab_table("LINEBELOW", last),
         "reportlab-innergrid": lambda last: reportlab_table("INNERGRID", last),
         "word-inside-horizontal": lambda last: word_inside_table(last, verticals=False),
         "word-inside-all": lambda last: word_inside_table(last, verticals=True)}


@pytest.mark.parametrize("last", [ONE, TWO], ids=["one-line", "two-lines"])
@pytest.mark.parametrize("case", list(CASES))
def test_last_row_under_last_inner_rule_is_the_tables(case: str, last: tuple[str, ...]) -> None:
    """Exactly the six rows, the last one whole; the caption and the paragraph under the
    table stay out of it."""
    assert _rows(CASES[case](last)) == _expected(last)


def test_last_row_of_justified_fpdf2_cells() -> None:
    """fpdf2 justifies cell text by default: the wide word spaces of the wrapped label's first
    line ('Bolts  and  nuts') are the cell's text, no column gap (``structure/justified``)."""
    assert _rows(fpdf_table("HORIZONTAL_LINES", TWO, align="JUSTIFY")) == _expected(TWO)
