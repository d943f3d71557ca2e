"""An empty band thinner than a line at a table's top or bottom is no row: the last row's rule,
then a few points lower the rule over the notes, each of the table's width (InDesign's tables
in a WHO guideline), or a double rule over the header. The grid ends at the inner rule; a blank
row as tall as the rows it is ruled among stays. Built with PyMuPDF and reportlab's canvas."""

from __future__ import annotations

import io
from collections.abc import Callable

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Table

X0, X1, TOP, PITCH, SIZE, GAP = 60.0, 500.0, 100.0, 20.0, 10.0, 6.0
COLS = (64.0, 250.0, 400.0)
ROWS = (("Group", "SVR12", "p value"), ("People who inject drugs", "93%", "0.460"),
        ("General population", "95%", "0.466"), ("People living with HIV", "94%", "0.065"))


def rules_at() -> list[float]:
    """The rules' y: a double rule on top (GAP apart), one under each row, the notes' rule GAP under the last."""
    ys = [TOP - GAP, TOP] + [TOP + (r + 1) * PITCH for r in range(len(ROWS))]
    return [*ys, ys[-1] + GAP]


def pymupdf_page() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for y in rules_at():
        page.draw_line((X0, y), (X1, y), width=0.5)
    for r, row in enumerate(ROWS):
        for x, text in zip(COLS, row, strict=True):
            page.insert_text((x, TOP + r * PITCH + 14), text, fontsize=SIZE)
    page.insert_text((X0, rules_at()[-1] + 12), "NRS = non-randomized study; PCS = prospective cohort study.", fontsize=8)
    return bytes(doc.tobytes())


def reportlab_page() -> bytes:
    canvas_mod = pytest.importorskip("reportlab.pdfgen.canvas")
    buf = io.BytesIO()
    h = 842.0
    c = canvas_mod.Canvas(buf, pagesize=(595, h))
    c.setLineWidth(0.5)
    for y in rules_at():
        c.line(X0, h - y, X1, h - y)
    c.setFont("Helvetica", SIZE)
    for r, row in enumerate(ROWS):
        for x, text in zip(COLS, row, strict=True):
            c.drawString(x, h - (TOP + r * PITCH + 14), text)
    c.setFont("Helvetica", 8)
    c.drawString(X0, h - (rules_at()[-1] + 12), "NRS = non-randomized study; PCS = prospective cohort study.")
    c.save()
    return buf.getvalue()


def only_table(pdf: bytes) -> Table:
    (table,) = Pipeline(open_document(pdf)).run(0).tables
    return table


@pytest.mark.parametrize("build", [pymupdf_page, reportlab_page], ids=["pymupdf", "reportlab"])
def test_thin_empty_bands_make_no_rows(build: Callable[[], bytes]) -> None:
    table = only_table(build())
    assert (table.n_rows, table.n_cols) == (len(ROWS), 3)
    assert table.bbox.y0 == pytest.approx(TOP, abs=1.0)
    assert table.bbox.y1 == pytest.approx(TOP + len(ROWS) * PITCH, abs=1.0)
    assert {(c.r, c.c): c.text.strip() for c in table.cells}[(0, 0)] == "Group"


def test_explain_names_the_thin_bands() -> None:
    result = Pipeline(open_document(pymupdf_page())).run(0)
    (why,) = explain_page(result, Params())
    thin = sorted(round(w.pos) for w in why.dropped if any(e.kind == "thin_band" for e in w.evidence))
    assert thin == [round(rules_at()[0]), round(rules_at()[-1])]


def test_a_blank_row_as_tall_as_its_rows_stays() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    ys = [TOP + r * PITCH for r in range(len(ROWS) + 2)]  # one blank row ruled at the rows' pitch
    for y in ys:
        page.draw_line((X0, y), (X1, y), width=0.5)
    for r, row in enumerate(ROWS):
        for x, text in zip(COLS, row, strict=True):
            page.insert_text((x, TOP + r * PITCH + 14), text, fontsize=SIZE)
    table = only_table(bytes(doc.tobytes()))
    assert table.n_rows == len(ROWS) + 1
