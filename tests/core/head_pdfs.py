"""Rate sheets with their heads set as their producers set them, drawn by PyMuPDF's
``insert_text``, reportlab's canvas and fpdf2: a dark header band (white bold heads), rules
under the body rows, cells over several lines, amounts set right in their cells and heads set
left in theirs (or centred), with a header of one row or two (a group label over sub-headers,
the other labels spanning both rows).

A table is ``Sheet``: header rows and body rows of cell texts ("\\n" parts a cell's lines; a
body row of one text is a section row across the table), column widths (pt) and which columns
set their amounts right (a footnote mark "*" after an amount hangs past its cell's padding,
so the digits stay aligned). In a header row a cell of None is covered by the cell above it (a
label spanning both rows); "" is an empty cell. Every producer writes each line with its own
calls (coordinates as laid out here, top-left origin), so the same layout shows each one's
drawing habits: PyMuPDF and fpdf2 draw the band and rules as paths of their own, reportlab
fills and strokes through its canvas.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

import pymupdf

A4 = (595.0, 842.0)
DARK = (0.05, 0.18, 0.36)
GREY = (0.6, 0.6, 0.6)


@dataclass(frozen=True)
class Sheet:
    """A table's texts and layout: ``head`` (rows of labels, None under a label spanning both
    rows, a group label in the first of its columns with "" after it), ``body``, column
    ``widths`` (pt), ``right`` (the columns whose body amounts are set right), ``pad`` (cell
    padding, pt), ``size`` (pt), ``top`` and ``left`` of the table (pt), ``centred``: the heads
    of a two-row header spanning both rows stand centred between them (else at the top),
    ``group_rules``: a rule under each group label (ruled headers), ``band``: the header on a dark
    fill (else black heads over a rule), ``middle``: body cells set middle-aligned in their row."""

    head: Sequence[Sequence[str | None]]
    body: Sequence[Sequence[str]]
    widths: Sequence[float]
    right: frozenset[int] = frozenset()
    pad: float = 3.0
    size: float = 8.5
    top: float = 90.0
    left: float = 50.0
    centred: bool = True
    group_rules: bool = False
    band: bool = True
    middle: bool = False

    @property
    def lead(self) -> float:
        return self.size * 1.25

    def xs(self) -> list[float]:
        out = [self.left]
        for w in self.widths:
            out.append(out[-1] + w)
        return out


@dataclass(frozen=True)
class Text:
    """One line of text to write: left x and baseline y (pt), bold, white."""

    x: float
    y: float
    text: str
    bold: bool
    white: bool


@dataclass(frozen=True)
class Layout:
    """What a producer draws: texts, fills (x0, y0, x1, y1) and rules ((x0, y), (x1, y))."""

    texts: tuple[Text, ...]
    fills: tuple[tuple[float, float, float, float], ...]
    rules: tuple[tuple[float, float, float], ...]
    bottom: float


def _width(text: str, bold: bool, size: float) -> float:
    return pymupdf.get_text_length(text, fontname="hebo" if bold else "helv", fontsize=size)


def layout(sheet: Sheet) -> Layout:
    """Where every line, fill and rule goes (the same for every producer)."""
    xs, lead, pad = sheet.xs(), sheet.lead, sheet.pad
    texts: list[Text] = []
    rules: list[tuple[float, float, float]] = []
    rows_h = [max(t.count("\n") + 1 for t in row if t) * lead + 2 * pad for row in sheet.head]
    y = sheet.top
    head_h = sum(rows_h)
    for r, row in enumerate(sheet.head):
        for c, text in enumerate(row):
            if not text:
                continue
            span = _span(sheet.head, r, c)
            lines = text.split("\n")
            tall = rows_h[r] if span[1] == 1 else head_h - (y - sheet.top)
            off = (tall - len(lines) * lead - 2 * pad) / 2 if sheet.centred and span[1] > 1 else 0.0
            x0, x1 = xs[c], xs[c + span[0]]
            for j, line in enumerate(lines):
                w = _width(line, True, sheet.size)
                tx = (x0 + x1 - w) / 2 if span[0] > 1 else x0 + pad
                texts.append(Text(tx, y + off + pad + sheet.size + j * lead - 1.5, line, True, sheet.band))
            if span[0] > 1 and sheet.group_rules:
                rules.append((x0 + 2, y + rows_h[r], x1 - 2))
        y += rows_h[r]
    fills = [(xs[0], sheet.top, xs[-1], y)] if sheet.band else []
    if not sheet.band:
        rules.append((xs[0], y, xs[-1]))
    for row in sheet.body:
        h = max(t.count("\n") + 1 for t in row) * lead + 2 * pad
        bold = len(row) == 1
        for c, text in enumerate(row):
            lines = text.split("\n")
            off = (h - 2 * pad - len(lines) * lead) / 2 if sheet.middle else 0.0
            for j, line in enumerate(lines):
                # A footnote mark hangs past an amount set right, so its digits stay aligned.
                aligned = line.rstrip("*")
                tx = xs[c + 1] - pad - _width(aligned, bold, sheet.size) if c in sheet.right and not bold else xs[c] + pad
                texts.append(Text(tx, y + off + pad + sheet.size + j * lead - 1.5, line, bold, False))
        y += h
        rules.append((xs[0], y, xs[-1]))
    return Layout(tuple(texts), tuple(fills), tuple(rules), y)


def _span(head: Sequence[Sequence[str | None]], r: int, c: int) -> tuple[int, int]:
    """(columns, rows) the header label at row ``r``, column ``c`` covers: "" after it in a
    group row widens it (while the row under it has labels there), None under it deepens it."""
    cols = 1
    row = head[r]
    while c + cols < len(row) and row[c + cols] == "" and r + 1 < len(head) and head[r + 1][c + cols]:
        cols += 1
    rows = 1
    while r + rows < len(head) and head[r + rows][c] is None:
        rows += 1
    return cols, rows


def pymupdf_sheet(sheet: Sheet) -> bytes:
    """PyMuPDF: ``draw_rect`` for the band, ``draw_line`` for rules, ``insert_text`` per line."""
    out = layout(sheet)
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    page.insert_text((sheet.left, sheet.top - 30), "Personal Deposit Rates", fontname="hebo", fontsize=16)
    for x0, y0, x1, y1 in out.fills:
        page.draw_rect(pymupdf.Rect(x0, y0, x1, y1), fill=DARK, color=None)
    for x0, y, x1 in out.rules:
        page.draw_line((x0, y), (x1, y), color=GREY, width=0.5)
    for t in out.texts:
        page.insert_text((t.x, t.y), t.text, fontname="hebo" if t.bold else "helv", fontsize=sheet.size,
                         color=(1, 1, 1) if t.white else (0, 0, 0))
    return doc.tobytes()


def reportlab_sheet(sheet: Sheet) -> bytes:
    """reportlab's canvas: ``rect`` for the band, ``line`` for rules, ``drawString`` per line
    (its y axis points up: every y is flipped)."""
    from reportlab.pdfgen import canvas

    out = layout(sheet)
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    h = A4[1]
    c.setFont("Helvetica-Bold", 16)
    c.drawString(sheet.left, h - (sheet.top - 30), "Personal Deposit Rates")
    c.setFillColorRGB(*DARK)
    for x0, y0, x1, y1 in out.fills:
        c.rect(x0, h - y1, x1 - x0, y1 - y0, stroke=0, fill=1)
    c.setStrokeColorRGB(*GREY)
    c.setLineWidth(0.5)
    for x0, y, x1 in out.rules:
        c.line(x0, h - y, x1, h - y)
    for t in out.texts:
        c.setFillColorRGB(*((1, 1, 1) if t.white else (0, 0, 0)))
        c.setFont("Helvetica-Bold" if t.bold else "Helvetica", sheet.size)
        c.drawString(t.x, h - t.y, t.text)
    c.showPage()
    c.save()
    return buf.getvalue()


def fpdf2_sheet(sheet: Sheet) -> bytes:
    """fpdf2: ``rect`` for the band, ``line`` for rules, ``text`` per line (top-left origin, pt)."""
    from fpdf import FPDF

    out = layout(sheet)
    pdf = FPDF(unit="pt", format="A4")
    pdf.add_page()
    pdf.set_font("helvetica", "B", 16)
    pdf.text(sheet.left, sheet.top - 30, "Personal Deposit Rates")
    pdf.set_fill_color(*(round(v * 255) for v in DARK))
    for x0, y0, x1, y1 in out.fills:
        pdf.rect(x0, y0, x1 - x0, y1 - y0, style="F")
    pdf.set_draw_color(*(round(v * 255) for v in GREY))
    pdf.set_line_width(0.5)
    for x0, y, x1 in out.rules:
        pdf.line(x0, y, x1, y)
    for t in out.texts:
        pdf.set_text_color(*((255, 255, 255) if t.white else (0, 0, 0)))
        pdf.set_font("helvetica", "B" if t.bold else "", sheet.size)
        pdf.text(t.x, t.y, t.text)
    return bytes(pdf.output())


PRODUCERS = {"pymupdf": pymupdf_sheet, "reportlab": reportlab_sheet, "fpdf2": fpdf2_sheet}
