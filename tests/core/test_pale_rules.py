"""White cell borders over shaded cells (``evidence.pale_rules``): PowerPoint's and Impress's
default table style, Word's and Excel's banded styles paint each cell's shading, then white
lines between the cells. On paper a white line is nothing; over the shading it is the cell
border, and the only drawn evidence of the columns when the cells abut."""

from __future__ import annotations

import io

import pymupdf
import pytest

from inspector.core.evidence.rules_vector import find_vector_rules
from inspector.core.params import Params, VectorParams
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

XS = (40.0, 200.0, 330.0, 460.0, 590.0)
TOP, ROW_H, ROWS = 100.0, 30.0, 6
HEAD, BAND_A, BAND_B = (0.31, 0.51, 0.74), (0.82, 0.85, 0.91), (0.91, 0.93, 0.95)
CELLS = [["Region", "Q1", "Q2", "Q3"]] + [[f"Region {i}", f"{i * 1234:,}", f"{i * 987.5:,.1f}", f"({i * 12})"]
                                          for i in range(1, ROWS)]


def _slide_table(white_borders: bool = True, after: bool = True) -> bytes:
    """A table of abutting shaded cells (a blue header row, two banded greys), cell text left
    aligned with a padding; ``white_borders``: white lines between all cells, painted after the
    shading (``after``) or before it (then the shading covers them)."""
    doc = pymupdf.open()
    page = doc.new_page(width=630, height=400)
    shape = page.new_shape()

    def borders() -> None:
        for x in XS:
            shape.draw_line((x, TOP), (x, TOP + ROWS * ROW_H))
        for r in range(ROWS + 1):
            shape.draw_line((XS[0], TOP + r * ROW_H), (XS[-1], TOP + r * ROW_H))
        shape.finish(color=(1, 1, 1), width=0.85)

    if white_borders and not after:
        borders()
    for r in range(ROWS):
        for c in range(4):
            shape.draw_rect(pymupdf.Rect(XS[c], TOP + r * ROW_H, XS[c + 1], TOP + (r + 1) * ROW_H))
            shape.finish(fill=HEAD if r == 0 else (BAND_A if r % 2 else BAND_B), color=None)
    if white_borders and after:
        borders()
    shape.commit()
    for r, row in enumerate(CELLS):
        for c, text in enumerate(row):
            page.insert_text((XS[c] + 7, TOP + r * ROW_H + 20), text, fontsize=14,
                             color=(1, 1, 1) if r == 0 else (0, 0, 0))
    return doc.tobytes()


def _vertical(data: bytes, params: VectorParams | None = None) -> list[float]:
    page = open_document(data).page(0)
    rules = find_vector_rules(page.drawings(), params or VectorParams()).rules
    return sorted(round(r.pos, 1) for r in rules if r.orient == "v" and r.length > 100)


def test_white_lines_over_abutting_shaded_cells_are_the_column_rules() -> None:
    assert _vertical(_slide_table()) == list(XS)
    # The abutting shading alone draws no column edge inside the table.
    assert _vertical(_slide_table(white_borders=False)) == []


def test_white_lines_painted_before_the_shading_are_covered() -> None:
    assert _vertical(_slide_table(after=False)) == []


def test_a_white_line_is_a_rule_only_where_it_crosses_shading() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    page.draw_rect(pymupdf.Rect(100, 50, 200, 150), color=None, fill=(0.5, 0.5, 0.5))
    page.draw_line((20, 100), (380, 100), color=(1, 1, 1), width=1)
    rules = [r for r in find_vector_rules(open_document(doc.tobytes()).page(0).drawings(), VectorParams()).rules
             if r.orient == "h" and r.pos == pytest.approx(100)]
    assert [(r.start, r.end) for r in rules] == [(pytest.approx(100), pytest.approx(200))]


def test_min_contrast_judges_a_white_line_against_the_shading_under_it() -> None:
    """Against the palest band (grey about 236) a white line has a contrast of about 19 grey
    levels: ``vector.min_contrast`` above that hides it there, as it hides a pale rule on paper."""
    data = _slide_table()
    assert _vertical(data, VectorParams(min_contrast=12)) == list(XS)
    strict = [r for r in find_vector_rules(open_document(data).page(0).drawings(), VectorParams(min_contrast=60)).rules
              if r.orient == "v" and XS[0] < r.pos < XS[-1]]
    assert strict and all(r.end <= TOP + ROW_H + 1 for r in strict)  # the blue header row's only


def _cells(data: bytes) -> list[list[str]]:
    (table,) = Pipeline(open_document(data)).run(0, Params()).tables
    return table.rows_text()


def test_the_slide_table_is_read_with_its_drawn_columns() -> None:
    assert _cells(_slide_table()) == CELLS


def test_the_same_table_by_reportlab() -> None:
    """reportlab's TableStyle: BACKGROUND per row and white INNERGRID / BOX, drawn after."""
    reportlab = pytest.importorskip("reportlab")
    assert reportlab
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import landscape, letter
    from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

    out = io.BytesIO()
    table = Table(CELLS, colWidths=[160, 130, 130, 130], rowHeights=30)
    style = [("BACKGROUND", (0, 0), (-1, 0), colors.Color(*HEAD)), ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
             ("FONTSIZE", (0, 0), (-1, -1), 14), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
             ("INNERGRID", (0, 0), (-1, -1), 0.85, colors.white), ("BOX", (0, 0), (-1, -1), 0.85, colors.white)]
    style += [("BACKGROUND", (0, r), (-1, r), colors.Color(*(BAND_A if r % 2 else BAND_B))) for r in range(1, ROWS)]
    table.setStyle(TableStyle(style))
    SimpleDocTemplate(out, pagesize=landscape(letter)).build([table])
    assert _cells(out.getvalue()) == CELLS


def test_why_names_the_pale_line_over_the_shading() -> None:
    from inspector.core.explain import explain_page

    res = Pipeline(open_document(_slide_table())).run(0, Params())
    (why,) = explain_page(res, Params())
    inner = [c for c in why.cols if XS[0] + 1 < c.pos < XS[-1] - 1]
    assert len(inner) == 3 and all("pale line drawn over the cells' shading" in c.decision for c in inner)
    outer = [c for c in why.cols if c not in inner]
    assert outer and not any("pale line" in c.decision for c in outer)
