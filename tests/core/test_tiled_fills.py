"""A table whose cells are filled tile by tile (a gutter of paper between the tiles), in
alternating rows only, the rows between unfilled: InDesign's and PowerPoint's cell fills. Each
filled row is a block of fill edges of its own; the unfilled rows between them are the same
table's rows, not text outside it (``stacked_grids``). Built by three producers: PyMuPDF,
reportlab's canvas and fpdf2, each painting the tiles and the text at known coordinates."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

ROWS = (("Service", "Description", "Price"), ("Standard", "Delivery within\nfive days", "12.00"),
        ("Express", "Next day", "25.00"), ("Overnight", "Before 9 am the\nnext morning", "40.00"),
        ("Freight", "Pallets", "90.00"), ("Returns", "Prepaid label", "5.00"))
WIDTHS = (90.0, 160.0, 60.0)
LEFT, TOP, SIZE, LEAD, PAD, GUTTER = 60.0, 80.0, 9.0, 10.8, 2.0, 0.5
HEAD, TINT = (0.15, 0.25, 0.45), (0.85, 0.9, 0.95)

Rect = tuple[float, float, float, float]
Colour = tuple[float, float, float]


def _layout(top: float = TOP) -> tuple[list[tuple[Rect, Colour]], list[tuple[float, float, str, bool]]]:
    """Tiles (x0, y0, x1, y1 from the top, colour) and text (x, baseline, text, white): the
    header and every odd row filled cell by cell, ``GUTTER`` of paper inside each cell edge."""
    xs = [LEFT]
    for w in WIDTHS:
        xs.append(xs[-1] + w)
    tiles, text = [], []
    y = top
    for r, row in enumerate(ROWS):
        height = max(t.count("\n") + 1 for t in row) * LEAD + 2 * PAD
        if r == 0 or r % 2:
            tiles += [((xs[c] + GUTTER, y + GUTTER, xs[c + 1] - GUTTER, y + height - GUTTER), HEAD if r == 0 else TINT)
                      for c in range(len(WIDTHS))]
        for c, cell in enumerate(row):
            text += [(xs[c] + 4, y + PAD + k * LEAD + SIZE * 0.95, line, r == 0) for k, line in enumerate(cell.split("\n"))]
        y += height
    return tiles, text


def pymupdf_tiles() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    tiles, text = _layout()
    for rect, colour in tiles:
        page.draw_rect(pymupdf.Rect(*rect), color=None, fill=colour)
    for x, y, s, white in text:
        page.insert_text((x, y), s, fontsize=SIZE, fontname="helv", color=(1, 1, 1) if white else (0, 0, 0))
    return doc.tobytes()


def reportlab_tiles() -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(595, 842))
    tiles, text = _layout()
    for (x0, y0, x1, y1), colour in tiles:
        canvas.setFillColorRGB(*colour)
        canvas.rect(x0, 842 - y1, x1 - x0, y1 - y0, stroke=0, fill=1)
    canvas.setFont("Helvetica", SIZE)
    for x, y, s, white in text:
        canvas.setFillColorRGB(*((1, 1, 1) if white else (0, 0, 0)))
        canvas.drawString(x, 842 - y, s)
    canvas.save()
    return out.getvalue()


def fpdf2_tiles() -> bytes:
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format="A4")
    pdf.add_page()
    pdf.set_font("helvetica", size=SIZE)
    tiles, text = _layout()
    for (x0, y0, x1, y1), colour in tiles:
        pdf.set_fill_color(*(round(255 * v) for v in colour))
        pdf.rect(x0, y0, x1 - x0, y1 - y0, style="F")
    for x, y, s, white in text:
        pdf.set_text_color(255 if white else 0)
        pdf.text(x, y, s)
    return bytes(pdf.output())


def _rows(data: bytes) -> list[list[list[str]]]:
    return [[[" ".join(c.split()) for c in row] for row in t.rows_text()]
            for t in Pipeline(open_document(data)).run(0).tables]


def _want(rows: Sequence[Sequence[str]]) -> list[list[str]]:
    return [[" ".join(c.split()) for c in row] for row in rows]


@pytest.mark.parametrize("build", [pymupdf_tiles, reportlab_tiles, fpdf2_tiles],
                         ids=["pymupdf", "reportlab", "fpdf2"])
def test_unfilled_rows_between_tiled_rows_stay_in_the_table(build: Callable[[], bytes]) -> None:
    assert _rows(build()) == [_want(ROWS)]


def test_two_tiled_tables_apart_stay_two() -> None:
    """The same tiled table twice, a heading and a paragraph's room between them (a gap over
    either block's height): two tables, each whole."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for top in (TOP, TOP + 180):
        tiles, text = _layout(top)
        for rect, colour in tiles:
            page.draw_rect(pymupdf.Rect(*rect), color=None, fill=colour)
        for x, y, s, white in text:
            page.insert_text((x, y), s, fontsize=SIZE, fontname="helv", color=(1, 1, 1) if white else (0, 0, 0))
    page.insert_text((LEFT, TOP + 150), "Table 2: Freight services", fontsize=11, fontname="hebo")
    assert _rows(doc.tobytes()) == [_want(ROWS), _want(ROWS)]
