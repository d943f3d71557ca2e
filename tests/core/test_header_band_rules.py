"""A table that draws its column rules in the header band only (InDesign's habit: white rules
over a coloured header fill, the body ruled row by row with horizontal rules alone). A total
row holds "Total" in the first column and its sum in the last, blank slots between: no
column rule is drawn there, yet the two texts are two cells, not one cell across the row
(a cell merged across columns holds one text). A section label alone in its row still spans
the table, and a cell a fully ruled table merges across two columns still is one cell.
Built with PyMuPDF and with reportlab at known coordinates (a WHO guideline set by InDesign
17.4 is the real example)."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Table

XS = (60.0, 230.0, 310.0, 420.0, 530.0)
TOP, PITCH, SIZE = 100.0, 18.0, 9.0
RED, WHITE, TINT = (0.8, 0.09, 0.1), (1.0, 1.0, 1.0), (0.98, 0.92, 0.9)
ROWS = (
    ("Non-reflex pathway", "Unit cost", "Persons", "Total cost"),
    ("Anti-HCV test", "7.4", "236 185", "1 747 769"),
    ("Referral of positives", "75", "6001", "450 075"),
    ("HCV RNA test", "64.2", "6001", "385 264"),
    ("Total", "", "", "2 583 108"),
    ("Reflex pathway", "", "", ""),
    ("Anti-HCV test", "7.4", "236 185", "1 747 769"),
    ("Referral of RNA positives", "75", "3781", "283 575"),
    ("Total", "", "", "2 416 608"),
)
TOTALS = (4, 8)
SECTION = 5


def pymupdf_page() -> bytes:
    """InDesign's drawing: a text frame's tint behind the table, the header's cells filled red
    one by one with rules in the frame's tint over them (white rules), then a thin rule under
    every body cell, stroked cell by cell, no column rule in the body."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    bottom = TOP + len(ROWS) * PITCH
    page.draw_rect(pymupdf.Rect(XS[0] - 16, TOP - 40, XS[-1] + 16, bottom + 20), color=None, fill=TINT)
    for a, b in zip(XS, XS[1:], strict=False):
        page.draw_rect(pymupdf.Rect(a, TOP, b, TOP + PITCH), color=None, fill=RED)
    for x in XS[1:-1]:
        page.draw_line((x, TOP), (x, TOP + PITCH), color=TINT, width=2.0)
    for r, row in enumerate(ROWS):
        y = TOP + r * PITCH
        for c, text in enumerate(row):
            if text:
                page.insert_text((XS[c] + 4, y + 12.5), text, fontsize=SIZE, color=WHITE if r == 0 else (0, 0, 0))
        if r:
            for a, b in zip(XS, XS[1:], strict=False):
                page.draw_line((a, y + PITCH), (b, y + PITCH), color=RED, width=0.25)
    return bytes(doc.tobytes())


def reportlab_page() -> bytes:
    """The same table by reportlab's TableStyle on a tinted page: a header background with an
    inner grid in the tint on it, LINEBELOW under every row, one command per column (a line
    per cell)."""
    colors = pytest.importorskip("reportlab.lib.colors")
    pagesizes = pytest.importorskip("reportlab.lib.pagesizes")
    platypus = pytest.importorskip("reportlab.platypus")
    buf = io.BytesIO()
    red, tint = colors.Color(*RED), colors.Color(*TINT)
    widths = [b - a for a, b in zip(XS, XS[1:], strict=False)]
    table = platypus.Table([list(r) for r in ROWS], colWidths=widths, rowHeights=PITCH)
    table.setStyle(platypus.TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), red), ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("INNERGRID", (0, 0), (-1, 0), 2.0, tint), ("FONTSIZE", (0, 0), (-1, -1), SIZE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        *[("LINEBELOW", (c, 1), (c, -1), 0.25, red) for c in range(len(widths))],
    ]))

    def tinted(canvas: Any, _doc: Any) -> None:
        canvas.setFillColor(tint)
        canvas.rect(XS[0] - 16, 842 - TOP - len(ROWS) * PITCH - 20, XS[-1] - XS[0] + 32,
                    len(ROWS) * PITCH + 60, stroke=0, fill=1)

    doc = platypus.SimpleDocTemplate(buf, pagesize=pagesizes.A4, leftMargin=XS[0], topMargin=TOP)
    doc.build([table], onFirstPage=tinted)
    return buf.getvalue()


def only_table(pdf: bytes) -> Table:
    result = Pipeline(open_document(pdf)).run(0)
    (table,) = result.tables
    return table


@pytest.mark.parametrize("build", [pymupdf_page, reportlab_page], ids=["pymupdf", "reportlab"])
def test_total_row_keeps_label_and_sum_apart(build: Callable[[], bytes]) -> None:
    table = only_table(build())
    assert (table.n_rows, table.n_cols) == (len(ROWS), 4)
    by_slot = {(c.r, c.c): c for c in table.cells}
    for r in TOTALS:
        assert by_slot[(r, 0)].text.strip() == "Total"
        assert by_slot[(r, 0)].cs == 1
        assert by_slot[(r, 3)].text.strip() == ROWS[r][3]
    # A label alone in its row still spans the table.
    assert by_slot[(SECTION, 0)].cs == 4
    assert by_slot[(SECTION, 0)].text.strip() == "Reflex pathway"


def test_explain_names_the_texts_kept_apart() -> None:
    result = Pipeline(open_document(pymupdf_page())).run(0)
    (why,) = explain_page(result, Params())
    inner = why.cols[1:-1]
    assert all(any(e.kind == "texts_apart" for e in w.evidence) for w in inner)
    assert all(f"row(s) {TOTALS[0] + 1}, {TOTALS[1] + 1}" in w.decision for w in inner)


def test_a_merged_cell_of_a_ruled_table_still_spans() -> None:
    """Fully ruled: a cell merged across the middle columns (no rule between them in that row)
    holds one text and stays one cell, its row's other texts beside it."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    rows = (("Item", "Q1", "Q2", "Total"), ("Alpha", "10", "12", "22"), ("Beta", "not reported", "", "9"),
            ("Gamma", "4", "5", "9"))
    ys = [TOP + r * PITCH for r in range(len(rows) + 1)]
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if text:
                page.insert_text((XS[c] + 4, ys[r] + 12.5), text, fontsize=SIZE)
    for y in ys:
        page.draw_line((XS[0], y), (XS[-1], y), width=0.5)
    for k, x in enumerate(XS):
        if k == 2:  # the rule between Q1 and Q2 is left out in the merged row
            page.draw_line((x, ys[0]), (x, ys[2]), width=0.5)
            page.draw_line((x, ys[3]), (x, ys[4]), width=0.5)
        else:
            page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    table = only_table(bytes(doc.tobytes()))
    by_slot = {(c.r, c.c): c for c in table.cells}
    assert (by_slot[(2, 1)].text.strip(), by_slot[(2, 1)].cs) == ("not reported", 2)
    assert by_slot[(2, 3)].text.strip() == "9"
