"""One table drawn by several PDF producers, for tests of mechanisms that must hold on any of
them: PyMuPDF's drawing calls, PyMuPDF's Story (HTML and CSS), reportlab's platypus Table
and fpdf2's table. Their drawing habits differ (one path per cell edge or per cell box, fills
under rules, text set line by line or as paragraphs), so a mechanism fitted to one of them
shows here.

Every builder takes rows of cell texts (a "\\n" in a cell is a line break the producer must
keep; long texts wrap by themselves) and column widths in points, and returns PDF bytes with
the table at the top of an A4 page; every cell edge is ruled.
"""

from __future__ import annotations

import html
import io
from collections.abc import Callable, Sequence

import pymupdf

Rows = Sequence[Sequence[str]]
A4 = (595.0, 842.0)
LEFT, TOP = 60.0, 80.0
SIZE = 9.0


def pymupdf_drawn(rows: Rows, widths: Sequence[float]) -> bytes:
    """Rules with ``draw_line``, text with ``insert_textbox`` wrapped into each cell, row
    heights from the wrapped line counts."""
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    xs = [LEFT]
    for w in widths:
        xs.append(xs[-1] + w)
    y = TOP
    ys = [y]
    for row in rows:
        lines = max(_wrapped_lines(text, w - 8) for text, w in zip(row, widths, strict=True))
        height = lines * SIZE * 1.25 + 8
        for text, x0, x1 in zip(row, xs, xs[1:], strict=False):
            rect = pymupdf.Rect(x0 + 4, y + 3, x1 - 4, y + height)
            if page.insert_textbox(rect, text, fontsize=SIZE, fontname="helv", lineheight=1.25) < 0:
                raise ValueError(f"{text!r} does not fit its cell")
        y += height
        ys.append(y)
    for yy in ys:
        page.draw_line((xs[0], yy), (xs[-1], yy), width=0.5)
    for x in xs:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    return doc.tobytes()


def _wrapped_lines(text: str, width: float) -> int:
    n = 0
    for para in text.split("\n"):
        line = ""
        n += 1
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if line and pymupdf.get_text_length(trial, "helv", SIZE) > width:
                n += 1
                line = word
            else:
                line = trial
    return n


def pymupdf_story(rows: Rows, widths: Sequence[float]) -> bytes:
    """An HTML table with collapsed 0.5 pt borders, laid out by PyMuPDF's Story."""
    cols = "".join(f'<col style="width:{w:g}pt">' for w in widths)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(t).replace(chr(10), '<br>')}</td>" for t in row) + "</tr>"
                   for row in rows)
    css = (f"table {{border-collapse: collapse; width: {sum(widths):g}pt}} "
           f"td {{border: 0.5pt solid black; padding: 3pt; font-family: sans-serif; font-size: {SIZE:g}pt; "
           "vertical-align: top}")
    story = pymupdf.Story(html=f"<table>{cols}{body}</table>", user_css=css)
    out = io.BytesIO()
    writer = pymupdf.DocumentWriter(out)
    more = True
    while more:
        dev = writer.begin_page(pymupdf.Rect(0, 0, *A4))
        more, _ = story.place(pymupdf.Rect(LEFT, TOP, A4[0] - LEFT, A4[1] - 60))
        story.draw(dev)
        writer.end_page()
    writer.close()
    return out.getvalue()


def reportlab_table(rows: Rows, widths: Sequence[float]) -> bytes:
    """reportlab's platypus Table of Paragraphs (they wrap) with a GRID style."""
    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

    style = ParagraphStyle("cell", fontName="Helvetica", fontSize=SIZE, leading=SIZE * 1.25)
    data = [[Paragraph(html.escape(t).replace("\n", "<br/>"), style) for t in row] for row in rows]
    table = Table(data, colWidths=list(widths), hAlign="LEFT")
    table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4, leftMargin=LEFT, topMargin=TOP).build([table])
    return out.getvalue()


def fpdf2_table(rows: Rows, widths: Sequence[float]) -> bytes:
    """fpdf2's ``table()`` with every border drawn and multi-line cells."""
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format="A4")
    pdf.set_margins(LEFT, TOP)
    pdf.add_page()
    pdf.set_font("helvetica", size=SIZE)
    with pdf.table(col_widths=tuple(widths), width=sum(widths), align="LEFT", borders_layout="ALL",
                   first_row_as_headings=False, line_height=SIZE * 1.25) as table:
        for row in rows:
            table.row(list(row))
    return bytes(pdf.output())


PRODUCERS: dict[str, Callable[[Rows, Sequence[float]], bytes]] = {
    "pymupdf-drawn": pymupdf_drawn, "pymupdf-story": pymupdf_story,
    "reportlab": reportlab_table, "fpdf2": fpdf2_table,
}
