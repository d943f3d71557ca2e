"""Art printed to the page's edges (bleed): a brochure page's background bands run off both
side edges, rules over them edge to edge, captions and callouts set on the bands. Their edges
stack up like a table's rows; no table is there (InDesign reports and brochures: a sustainability
report's carbon page). A table set edge to edge draws its own sides on the page's edges and
stays (a Word table placed at the page's foot). Built with PyMuPDF and with reportlab's canvas
at known coordinates."""

from __future__ import annotations

import io
from collections.abc import Callable

import pymupdf
import pytest

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.bleed import BLEED

W, H = 792.0, 612.0
BANDS = ((60.0, 64.0), (180.0, 260.0), (520.0, 612.0))  # (top, bottom) of each full-bleed band
TEXTS = ((40, 110, "Our Focus Areas"), (300, 110, "Delivery and logistics"), (560, 110, "Packaging"),
         (40, 150, "How We Will Get There"), (300, 150, "Lower-carbon fleets"), (560, 150, "Efficiency"),
         (40, 220, "2019"), (300, 220, "2020"), (560, 220, "2021"),
         (40, 560, "Reach net-zero carbon"), (300, 560, "across the company"), (560, 560, "by 2040"))
TINT = (0.85, 0.93, 0.97)


def pymupdf_page() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    for top, bottom in BANDS:
        page.draw_rect(pymupdf.Rect(0, top, W, bottom), color=None, fill=TINT)
    for y in (90.0, 130.0, 170.0):
        page.draw_line((0, y), (W, y), color=(0.6, 0.6, 0.6), width=0.5)
    for x, y, text in TEXTS:
        page.insert_text((x, y), text, fontsize=10)
    return bytes(doc.tobytes())


def reportlab_page() -> bytes:
    canvas_mod = pytest.importorskip("reportlab.pdfgen.canvas")
    buf = io.BytesIO()
    c = canvas_mod.Canvas(buf, pagesize=(W, H))
    c.setFillColorRGB(*TINT)
    for top, bottom in BANDS:
        c.rect(0, H - bottom, W, bottom - top, stroke=0, fill=1)
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.5)
    for y in (90.0, 130.0, 170.0):
        c.line(0, H - y, W, H - y)
    c.setFillColorRGB(0, 0, 0)
    c.setFont("Helvetica", 10)
    for x, y, text in TEXTS:
        c.drawString(x, H - y, text)
    c.save()
    return buf.getvalue()


@pytest.mark.parametrize("build", [pymupdf_page, reportlab_page], ids=["pymupdf", "reportlab"])
def test_bleeding_art_is_no_table(build: Callable[[], bytes]) -> None:
    result = Pipeline(open_document(build())).run(0)
    assert not [t for t in result.tables if t.bbox.x0 <= 1 and t.bbox.x1 >= W - 1]
    assert any(r.reason == BLEED for r in result.regions)
    why = explain(result, Params())
    assert any(BLEED in r.reason for r in why.rejected)


def test_a_table_drawing_its_sides_on_the_page_edges_stays() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    ys = (800.0, 814.0, 828.0, 842.0)
    xs = (0.0, 198.0, 397.0, 595.0)
    for y in ys:
        page.draw_line((0, y), (595, y), width=0.5)
    for x in xs:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    for r in range(3):
        for c in range(3):
            page.insert_text((xs[c] + 4, ys[r] + 11), str(3 * r + c + 1), fontsize=9)
    result = Pipeline(open_document(bytes(doc.tobytes()))).run(0)
    (table,) = result.tables
    assert (table.n_rows, table.n_cols) == (3, 3)
