"""Two bands of one colour drawn apart and abutting are two rows (``structure.bandseams``).

A rate sheet's dark header band (white text) sits on a section band of its colour with no gap;
further down a section band stands alone between ruled data rows. Three producers draw it
three ways: PyMuPDF one rectangle per band or one per cell, reportlab's platypus a rectangle
per BACKGROUND command, fpdf2 one filled cell each. The header and the section label are two
rows in every one; a band painted in two strips under one text row stays one row.
"""

from __future__ import annotations

import io
from collections.abc import Callable

import pymupdf
import pytest

from inspector.core.evidence.fills import find_fills
from inspector.core.explain import explain_page
from inspector.core.params import Params, VectorParams
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.bandseams import SEAM_BOUNDARY, seam_rows
from inspector.core.types import Rect, RowBand, Table, Word

DARK = (0.1, 0.2, 0.4)
XS = (50.0, 200.0, 320.0, 450.0)
TOP, PITCH = 100.0, 18.0
HEADER = ("Product", "Rate", "Term")
ROWS = (HEADER, ("Savings accounts",), ("Easy saver", "1.25%", "none"), ("Bonus saver", "2.10%", "12 months"),
        ("Child saver", "3.00%", "18 months"), ("Fixed deposits",), ("One year", "4.00%", "12 months"),
        ("Two year", "4.20%", "24 months"), ("Three year", "4.35%", "36 months"))
BANDS = (0, 1, 5)  # rows on the dark fill (white text): the header, two section rows
EXPECTED = [[*r, *[""] * (3 - len(r))] for r in ROWS]


def _y(r: int) -> float:
    return TOP + r * PITCH


def pymupdf_pdf(per_cell: bool = False, strips: bool = False) -> bytes:
    """The table drawn with one rectangle per band (``per_cell``: per cell; ``strips``: the
    header band painted as two strips, over and under the middle of its text)."""
    doc = pymupdf.open()
    page = doc.new_page(width=600, height=800)
    for r in BANDS:
        y0, y1 = _y(r), _y(r + 1)
        cuts = [y0, (y0 + y1) / 2, y1] if strips and r == 0 else [y0, y1]
        spans = zip(XS, XS[1:], strict=False) if per_cell else [(XS[0], XS[-1])]
        for x0, x1 in spans:
            for a, b in zip(cuts, cuts[1:], strict=False):
                page.draw_rect(pymupdf.Rect(x0, a, x1, b), color=None, fill=DARK, width=0)
    for r, row in enumerate(ROWS):
        for x, text in zip(XS, row, strict=False):
            page.insert_text((x + 4, _y(r) + 13), text, fontsize=9, color=(1, 1, 1) if r in BANDS else (0, 0, 0))
        if r not in BANDS:  # every data row ruled under: the table draws its rows one by one
            page.draw_line((XS[0], _y(r + 1)), (XS[-1], _y(r + 1)), color=(0.5, 0.5, 0.5), width=0.5)
    return bytes(doc.tobytes())


def reportlab_pdf() -> bytes:
    """The table as a platypus Table: one BACKGROUND command per band, LINEBELOW per data row."""
    platypus = pytest.importorskip("reportlab.platypus")
    colors = pytest.importorskip("reportlab.lib.colors")
    buf = io.BytesIO()
    dark = colors.Color(*DARK)
    style = [("FONT", (0, 0), (-1, -1), "Helvetica", 9), ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]
    for r in BANDS:
        style += [("BACKGROUND", (0, r), (-1, r), dark), ("TEXTCOLOR", (0, r), (-1, r), colors.white)]
    style += [("LINEBELOW", (0, r), (-1, r), 0.5, colors.grey) for r in range(len(ROWS)) if r not in BANDS]
    widths = [b - a for a, b in zip(XS, XS[1:], strict=False)]
    table = platypus.Table(EXPECTED, colWidths=widths, rowHeights=PITCH, style=style)
    doc = platypus.SimpleDocTemplate(buf, pagesize=(600, 800), leftMargin=XS[0], topMargin=TOP)
    doc.build([table])
    return buf.getvalue()


def fpdf2_pdf() -> bytes:
    """The table with fpdf2: one filled cell per cell of a band, a bottom border per data row."""
    fpdf = pytest.importorskip("fpdf")
    pdf = fpdf.FPDF(unit="pt", format=(600, 800))
    pdf.add_page()
    pdf.set_font("Helvetica", size=9)
    pdf.set_fill_color(*(round(c * 255) for c in DARK))
    for r, row in enumerate(EXPECTED):
        band = r in BANDS
        pdf.set_text_color(*((255, 255, 255) if band else (0, 0, 0)))
        ruled = not band
        pdf.set_draw_color(128, 128, 128)
        pdf.set_line_width(0.5)
        for k, text in enumerate(row):
            pdf.set_xy(XS[k], _y(r))
            pdf.cell(XS[k + 1] - XS[k], PITCH, text, border="B" if ruled else 0, fill=band)
    return bytes(pdf.output())


def only_table(pdf: bytes) -> Table:
    (table,) = Pipeline(open_document(pdf)).run(0).tables
    return table


def texts(table: Table) -> list[list[str]]:
    out = [[""] * table.n_cols for _ in range(table.n_rows)]
    for c in table.cells:
        out[c.r][c.c] = c.text.strip()
    return out


BUILDS: dict[str, Callable[[], bytes]] = {
    "pymupdf-bands": pymupdf_pdf, "pymupdf-cells": lambda: pymupdf_pdf(per_cell=True),
    "pymupdf-strips": lambda: pymupdf_pdf(strips=True), "reportlab": reportlab_pdf, "fpdf2": fpdf2_pdf}


@pytest.mark.parametrize("name", list(BUILDS))
def test_header_band_on_a_section_band_of_its_colour_is_two_rows(name: str) -> None:
    table = only_table(BUILDS[name]())
    assert (table.n_rows, table.n_cols) == (len(ROWS), 3)
    assert texts(table) == EXPECTED


def test_the_seam_is_a_row_boundary_and_explain_names_it() -> None:
    res = Pipeline(open_document(pymupdf_pdf())).run(0)
    (table,) = res.tables
    assert table.grid is not None and table.grid.ys[1] == pytest.approx(_y(1), abs=0.01)
    (why,) = explain_page(res, Params())
    seam = next(w for w in why.rows if abs(w.pos - _y(1)) < 0.01)
    assert seam.decision.startswith(SEAM_BOUNDARY)
    assert [e.kind for e in seam.evidence][0] == "band_seam"


def test_the_fills_keep_where_bands_met_one_over_the_other() -> None:
    dark = (26, 51, 102)
    raw = [(Rect(50, 100, 450, 118), dark, 50), (Rect(50, 118, 450, 136), dark, 50),
           (Rect(50, 150, 450, 160), dark, 50), (Rect(50, 158, 450, 170), dark, 50)]
    fills = find_fills(raw, VectorParams()).fills
    assert [(f.bbox, f.row_seams) for f in fills] == [(Rect(50, 100, 450, 136), ((118.0, 50.0, 450.0),)),
                                                      (Rect(50, 150, 450, 170), ())]  # overlapping: no seam
    assert 118 not in {r.pos for r in find_fills(raw, VectorParams()).rules}  # the evidence stage decides nothing


def _word(x0: float, y0: float, x1: float, y1: float, text: str = "w") -> Word:
    return Word(text, Rect(x0, y0, x1, y1), 9.0)


def test_a_seam_through_a_word_or_with_text_on_one_side_is_no_row() -> None:
    fills = find_fills([(Rect(50, 100, 450, 118), (26, 51, 102), 50), (Rect(50, 118, 450, 136), (26, 51, 102), 50)],
                       VectorParams()).fills
    (band,) = fills
    one_each = [_word(60, 103, 100, 114), _word(60, 121, 100, 132)]
    lines = [RowBand(Rect(60, 103, 100, 114), 112, (0,)), RowBand(Rect(60, 121, 100, 132), 130, (1,))]
    assert seam_rows(band, one_each, lines, 1.0) == [(118.0, 50.0, 450.0)]
    across = [_word(60, 112, 100, 124)]  # one line set over the seam: one band painted in two strips
    assert seam_rows(band, across, [RowBand(Rect(60, 112, 100, 124), 122, (0,))], 1.0) == []
    assert seam_rows(band, one_each[:1], lines[:1], 1.0) == []  # text above only: nothing to part
