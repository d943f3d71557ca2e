"""Tables whose cells' text is set inside clip rectangles, as spreadsheets and report writers
set it: a text too long for its column is cut at the column's edge (``reading.cliptext``).

Three producers' ways of writing it: a raw content stream through PyMuPDF (``q x y w h re W n
BT ... ET Q`` per cell, Excel's habit), reportlab's canvas (``clipPath``) and cairo's re-drawing
of such a page (``pdftocairo -pdf``: the glyphs a clip hides wholly left out, the one it cuts
drawn alone under a clip of that glyph's width). Coordinates are
points, top-left origin; the content streams are written in PDF space (y up).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import pymupdf

PAGE = (595.0, 842.0)
LEFT, TOP, ROW_H, SIZE = 60.0, 80.0, 15.0, 10.0
PAD = 1.4  # pt between a cell's clip edge and its text
WIDTHS = (110.0, 70.0, 60.0, 60.0)
HEAD = ("Name", "Policy", "Invoice", "Due")
NAMES = ("Forster, Mark", "Horn, Ein", "Ackermann Wholesale Holdings GmbH", "Ackermann Wholesale Holdings GmbH",
         "Karls GmbH", "Ackermann Wholesale Holdings GmbH", "Santa, Klaus", "Justus und Söhne Logistics Group")
SHORT = ("Forster, Mark", "Horn, Ein", "Ackermann", "Ackermann", "Karls GmbH", "Ackermann", "Santa, Klaus", "Justus")


def rows(names: Sequence[str] = NAMES) -> list[tuple[str, ...]]:
    """The table's text: a header, then one row a name."""
    return [HEAD, *[(n, f"{20 + k} 11111", f"55.{5570 + k}", f"0{1 + k % 9}.01.25") for k, n in enumerate(names)]]


def edges() -> list[float]:
    """The columns' left edges and the table's right edge (x, pt)."""
    out = [LEFT]
    for w in WIDTHS:
        out.append(out[-1] + w)
    return out


def _cell_ops(text: str, clip: tuple[float, float, float, float] | None, x: float, baseline: float) -> str:
    """A cell's text in PDF space (y up), inside a clip rectangle (x0, y0, x1, y1 top-left) or none."""
    h = PAGE[1]
    safe = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    raw = safe.encode("cp1252").decode("latin-1")
    ops = ["q"]
    if clip is not None:
        x0, y0, x1, y1 = clip
        ops.append(f"{x0:.2f} {h - y1:.2f} {x1 - x0:.2f} {y1 - y0:.2f} re W n")
    ops.append(f"BT /helv {SIZE:g} Tf 1 0 0 1 {x:.2f} {h - baseline:.2f} Tm ({raw}) Tj ET Q")
    return " ".join(ops)


FRAME = (60.0, 300.0, 200.0, 360.0)  # a picture's clip box under the table (x0, y0, x1, y1)
NOTE, BOXED = (420.0, 470.0), "Overlong note"  # a clip box's left and right x, and the text it cuts


def raw_clipped(table: Sequence[Sequence[str]], clip_cells: bool = True, outside: str = "") -> bytes:
    """Excel's way: each cell's text drawn inside a clip rectangle, the cell's box (with
    ``clip_cells``; else inside none). ``outside``: a grey picture drawn inside a clip box
    (``FRAME``) under the table, then a line of text drawn with no clip across the box's right
    edge (the clip's edge crosses its words, but hides none of them) and, on the same line
    further right, ``BOXED`` inside a clip box (``NOTE``) too narrow for it."""
    doc = pymupdf.open()
    page = doc.new_page(width=PAGE[0], height=PAGE[1])
    page.insert_font(fontname="helv", fontbuffer=None)
    xs = edges()
    parts = []
    for r, row in enumerate(table):
        y0 = TOP + r * ROW_H
        for c, text in enumerate(row):
            clip = (xs[c], y0, xs[c + 1], y0 + ROW_H) if clip_cells else None
            parts.append(_cell_ops(text, clip, xs[c] + PAD, y0 + 11.0))
    if outside:
        x0, y0, x1, y1 = FRAME
        h = PAGE[1]
        parts.append(f"q {x0:g} {h - y1:g} {x1 - x0:g} {y1 - y0:g} re W n 0.8 g {x0:g} {h - y1:g} 300 60 re f Q")
        parts.append(_cell_ops(outside, None, x1 - 60, y0 + 30))
        parts.append(_cell_ops(BOXED, (NOTE[0], y0 + 15, NOTE[1], y0 + 35), NOTE[0] + PAD, y0 + 30))
    xref = doc.get_new_xref()
    doc.update_object(xref, "<<>>")
    doc.update_stream(xref, "\n".join(parts).encode("latin-1"))
    page.set_contents(xref)
    return doc.tobytes()


def cairo_clipped(table: Sequence[Sequence[str]]) -> bytes:
    """cairo's way of re-drawing ``raw_clipped``: a cell's glyphs that show whole are drawn with
    no clip, the one its cell's right edge cuts is drawn alone under a clip from its own left
    side to the edge (0.8 em above the baseline to 0.2 em below), the glyphs past the edge not
    at all."""
    doc = pymupdf.open()
    page = doc.new_page(width=PAGE[0], height=PAGE[1])
    page.insert_font(fontname="helv", fontbuffer=None)
    xs = edges()
    width = pymupdf.Font("helv").text_length  # the drawn widths, umlauts included
    parts = []
    for r, row in enumerate(table):
        baseline = TOP + r * ROW_H + 11.0
        for c, text in enumerate(row):
            x, edge = xs[c] + PAD, xs[c + 1]
            shown = text
            while shown and x + width(shown, SIZE) > edge:
                shown = shown[:-1]
            parts.append(_cell_ops(shown, None, x, baseline))
            if len(shown) < len(text):  # the glyph the edge cuts
                gx = x + width(shown, SIZE)
                clip = (gx, baseline - 0.8 * SIZE, edge, baseline + 0.2 * SIZE)
                parts.append(_cell_ops(text[len(shown)], clip, gx, baseline))
    xref = doc.get_new_xref()
    doc.update_object(xref, "<<>>")
    doc.update_stream(xref, "\n".join(parts).encode("latin-1"))
    page.set_contents(xref)
    return doc.tobytes()


def reportlab_clipped(table: Sequence[Sequence[str]]) -> bytes:
    """reportlab's canvas: each cell's text drawn in a saved state clipped to the cell's box."""
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=PAGE)
    xs = edges()
    c.setFont("Helvetica", SIZE)
    for r, row in enumerate(table):
        top = PAGE[1] - TOP - r * ROW_H  # PDF space: y up
        for k, text in enumerate(row):
            c.saveState()
            path = c.beginPath()
            path.rect(xs[k], top - ROW_H, xs[k + 1] - xs[k], ROW_H)
            c.clipPath(path, stroke=0, fill=0)
            c.drawString(xs[k] + PAD, top - 11.0, text)
            c.restoreState()
    c.save()
    return out.getvalue()
