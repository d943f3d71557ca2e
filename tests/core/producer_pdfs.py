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


def spread(rows: Rows, widths: Sequence[float], facing: Rows, facing_widths: Sequence[float],
           clip_rules: bool = False) -> bytes:
    """InDesign's spread habit: one content stream draws both pages of a spread, and each page
    shows its half through its CropBox. The page is the left half; its table (``rows``, ruled,
    shaded header) faces the right half's table (``facing``) at the same height, outside the
    page. With ``clip_rules`` every rule of the left table is drawn from the spread's left
    edge to its right edge, its header shading too, and a clip path (the table's frame) cuts
    them to the table."""
    doc = pymupdf.open()
    page = doc.new_page(width=2 * A4[0], height=A4[1])
    height = 18.0
    ys = [TOP + r * height for r in range(max(len(rows), len(facing)) + 1)]
    tables = ((rows, _edges(LEFT, widths)), (facing, _edges(A4[0] + LEFT, facing_widths)))
    parts = [_table_ops(xs, ys[: len(table) + 1], (xs[0], ys[0], xs[-1], ys[len(table)])
                        if clip_rules and table is rows else None, 2 * A4[0]) for table, xs in tables]
    xref = doc.get_new_xref()
    doc.update_object(xref, "<<>>")
    doc.update_stream(xref, "\n".join(parts).encode())
    page.set_contents(xref)  # the drawing first, the text over it
    for table, xs in tables:
        for r, row in enumerate(table):
            for text, x in zip(row, xs, strict=False):
                page.insert_text((x + 4, ys[r] + 12.5), text, fontsize=SIZE, fontname="helv")
    page.set_cropbox(pymupdf.Rect(0, 0, A4[0], A4[1]))
    return doc.tobytes()


def _table_ops(xs: Sequence[float], ys: Sequence[float], clip: tuple[float, float, float, float] | None,
               spread_width: float) -> str:
    """Content-stream operators (PDF space, y up) of a ruled table with a shaded header row;
    with ``clip`` its rules run the spread's whole width inside a clip path of that box."""
    h = A4[1]
    ops = ["q"]
    if clip is not None:
        x0, y0, x1, y1 = clip
        ops.append(f"{x0 - 0.5:g} {h - y1 - 0.5:g} {x1 - x0 + 1:g} {y1 - y0 + 1:g} re W n")
    left, right = (0.0, spread_width) if clip is not None else (xs[0], xs[-1])
    ops.append(f"0.85 g {left:g} {h - ys[1]:g} {right - left:g} {ys[1] - ys[0]:g} re f")
    ops.append("0 G 0.5 w")
    ops += [f"{left:g} {h - y:g} m {right:g} {h - y:g} l S" for y in ys]
    ops += [f"{x:g} {h - ys[0]:g} m {x:g} {h - ys[-1]:g} l S" for x in xs]
    ops.append("Q")
    return "\n".join(ops)


def _edges(x0: float, widths: Sequence[float]) -> list[float]:
    out = [x0]
    for w in widths:
        out.append(out[-1] + w)
    return out


def reportlab_clipped(rows: Rows, widths: Sequence[float]) -> bytes:
    """reportlab's canvas: a ruled table whose rules and header shading run across the whole
    page and beyond it, cut to the table's frame by a clip path (``clipPath``)."""
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=A4)
    xs = _edges(LEFT, widths)
    height = 18.0
    ys = [A4[1] - TOP - r * height for r in range(len(rows) + 1)]  # PDF space: y up
    c.saveState()
    frame = c.beginPath()
    frame.rect(xs[0] - 0.5, ys[-1] - 0.5, xs[-1] - xs[0] + 1, ys[0] - ys[-1] + 1)
    c.clipPath(frame, stroke=0, fill=0)
    c.setFillGray(0.85)
    c.rect(-200, ys[1], A4[0] + 400, height, stroke=0, fill=1)
    c.setLineWidth(0.5)
    for y in ys:
        c.line(-200, y, A4[0] + 400, y)
    for x in xs:
        c.line(x, ys[0], x, ys[-1])
    c.restoreState()
    c.setFillGray(0)
    c.setFont("Helvetica", SIZE)
    for r, row in enumerate(rows):
        for text, x in zip(row, xs, strict=False):
            c.drawString(x + 4, ys[r] - 12.5, text)
    # Beside the frame, outside it: prose the long rules would otherwise have fenced in.
    c.drawString(xs[-1] + 30, ys[1] - 12.5, "Rates are reviewed")
    c.drawString(xs[-1] + 30, ys[2] - 12.5, "every quarter.")
    c.save()
    return out.getvalue()


# -- column headers set bottom to top --------------------------------------------------------

HEAD_H, BODY_H, FIRST_W, COL_W = 72.0, 16.0, 80.0, 34.0


def _vertical_layout(rows: Rows) -> tuple[list[float], list[float]]:
    xs = _edges(LEFT, [FIRST_W] + [COL_W] * (len(rows[0]) - 1))
    ys = [TOP, TOP + HEAD_H] + [TOP + HEAD_H + BODY_H * (r + 1) for r in range(len(rows) - 1)]
    return xs, ys


def _head_lines(text: str) -> list[str]:
    return text.split("\n")


def vertical_pymupdf(rows: Rows, rules: str = "all") -> bytes:
    """A table whose column headers (all but the first) are set turned 90 degrees, reading
    bottom to top, each centred in its header cell (so every header has its own baseline); a
    "\\n" in a header is a second turned line beside the first. ``rules``: "all" (every cell
    edge), "booktabs" (top, under the header, bottom) or "none". PyMuPDF ``insert_text(rotate=90)``."""
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    xs, ys = _vertical_layout(rows)
    for a, b, w in _rule_segments(xs, ys, rules):
        page.draw_line(a, b, width=w)
    page.insert_text((xs[0] + 4, ys[1] - 6), rows[0][0], fontsize=SIZE, fontname="helv")
    for c, text in enumerate(rows[0][1:], start=1):
        lines = _head_lines(text)
        for k, line in enumerate(lines):
            length = pymupdf.get_text_length(line, "helv", SIZE)
            x = (xs[c] + xs[c + 1]) / 2 + (k - (len(lines) - 1) / 2) * SIZE * 1.15 + SIZE * 0.35
            y = (ys[0] + ys[1]) / 2 + length / 2  # centred: the text starts below and runs up
            page.insert_text((x, y), line, fontsize=SIZE, fontname="helv", rotate=90)
    for r, row in enumerate(rows[1:], start=1):
        for c, text in enumerate(row):
            x = xs[c] + 4 if c == 0 else xs[c + 1] - 4 - pymupdf.get_text_length(text, "helv", SIZE)
            page.insert_text((x, ys[r + 1] - 4.5), text, fontsize=SIZE, fontname="helv")
    return doc.tobytes()


def _rule_segments(xs: Sequence[float], ys: Sequence[float], rules: str) -> list[tuple[tuple[float, float],
                                                                                       tuple[float, float], float]]:
    """(start, end, width) of the rules of ``rules`` style, top-left origin."""
    if rules == "all":
        return [((xs[0], y), (xs[-1], y), 0.5) for y in ys] + [((x, ys[0]), (x, ys[-1]), 0.5) for x in xs]
    if rules == "booktabs":
        return [((xs[0], y), (xs[-1], y), w) for y, w in ((ys[0], 1.0), (ys[1], 0.5), (ys[-1], 1.0))]
    return []


def vertical_reportlab(rows: Rows, rules: str = "all") -> bytes:
    """The same table drawn with reportlab's canvas: turned headers by ``rotate(90)``."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=A4)
    xs, ys = _vertical_layout(rows)
    flip = [A4[1] - y for y in ys]  # PDF space: y up
    for (ax, ay), (bx, by), w in _rule_segments(xs, ys, rules):
        c.setLineWidth(w)
        c.line(ax, A4[1] - ay, bx, A4[1] - by)
    c.setFont("Helvetica", SIZE)
    c.drawString(xs[0] + 4, flip[1] + 6, rows[0][0])
    for col, text in enumerate(rows[0][1:], start=1):
        lines = _head_lines(text)
        for k, line in enumerate(lines):
            length = stringWidth(line, "Helvetica", SIZE)
            c.saveState()
            x = (xs[col] + xs[col + 1]) / 2 + (k - (len(lines) - 1) / 2) * SIZE * 1.15 + SIZE * 0.35
            c.translate(x, (flip[0] + flip[1]) / 2 - length / 2)
            c.rotate(90)
            c.drawString(0, 0, line)
            c.restoreState()
    for r, row in enumerate(rows[1:], start=1):
        for col, text in enumerate(row):
            if col == 0:
                c.drawString(xs[0] + 4, flip[r + 1] + 4.5, text)
            else:
                c.drawRightString(xs[col + 1] - 4, flip[r + 1] + 4.5, text)
    c.save()
    return out.getvalue()


def vertical_fpdf2(rows: Rows, rules: str = "all") -> bytes:
    """The same table drawn with fpdf2: turned headers in a ``rotation(90)`` context."""
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format="A4")
    pdf.add_page()
    pdf.set_font("helvetica", size=SIZE)
    xs, ys = _vertical_layout(rows)
    for (ax, ay), (bx, by), w in _rule_segments(xs, ys, rules):
        pdf.set_line_width(w)
        pdf.line(ax, ay, bx, by)
    pdf.text(xs[0] + 4, ys[1] - 6, rows[0][0])
    for col, text in enumerate(rows[0][1:], start=1):
        lines = _head_lines(text)
        for k, line in enumerate(lines):
            x = (xs[col] + xs[col + 1]) / 2 + (k - (len(lines) - 1) / 2) * SIZE * 1.15 + SIZE * 0.35
            y = (ys[0] + ys[1]) / 2 + pdf.get_string_width(line) / 2
            with pdf.rotation(90, x, y):
                pdf.text(x, y, line)
    for r, row in enumerate(rows[1:], start=1):
        for col, text in enumerate(row):
            x = xs[0] + 4 if col == 0 else xs[col + 1] - 4 - pdf.get_string_width(text)
            pdf.text(x, ys[r + 1] - 4.5, text)
    return bytes(pdf.output())


VERTICAL = {"pymupdf": vertical_pymupdf, "reportlab": vertical_reportlab, "fpdf2": vertical_fpdf2}
