"""A note or section row inside a table ruled row by row with horizontal rules only (no column
rule anywhere): one row between two full-width rules holding only "Prices below exclude VAT
..." or "Note: ..." is one cell across the table's width, as a shaded section band is
(``spanrows.note_rows``), whether its text reaches over one column boundary or none. A label
alone in the first column in the labels' type stays a one-column cell (a row with its values
left blank). Built by PyMuPDF (``draw_line``), reportlab (``LINEBELOW``) and fpdf2
(``HORIZONTAL_LINES``); with every cell edge ruled, the row's left-out column rules span it too."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

LEFT, TOP, SIZE = 60.0, 80.0, 9.0
WIDTHS = (150.0, 80.0, 80.0, 80.0)
ROWS = (("Item", "Qty", "Price", "Amount"), ("Concrete", "10", "137.00", "1,370.00"),
        ("Timber formwork", "17", "174.00", "2,958.00"), ("NOTE", "", "", ""), ("Rebar", "24", "211.00", "5,064.00"),
        ("Sealant", "38", "285.00", "10,830.00"), ("Anchor bolts", "31", "248.00", "7,688.00"))
Rows = Sequence[Sequence[str]]


def _alone(row: Sequence[str]) -> bool:
    return not any(row[1:])


def pymupdf_rows(rows: Rows, grid: bool) -> bytes:
    """Rules by ``draw_line``: every row's top and bottom; with ``grid`` column rules too,
    left out in a row holding its first cell alone."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    xs = [LEFT]
    for w in WIDTHS:
        xs.append(xs[-1] + w)
    ys = [TOP + 18 * r for r in range(len(rows) + 1)]
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            page.insert_text((xs[c] + 4, ys[r] + 12.5), text, fontsize=SIZE, fontname="helv")
        for k, x in enumerate(xs):
            if grid and (k in (0, len(xs) - 1) or not _alone(row)):
                page.draw_line((x, ys[r]), (x, ys[r + 1]), width=0.5)
    for y in ys:
        page.draw_line((xs[0], y), (xs[-1], y), width=0.5)
    return doc.tobytes()


def reportlab_rows(rows: Rows, grid: bool) -> bytes:
    """A platypus Table ruled above and below every row (``GRID`` with ``grid``), the lone
    cell spanning its row (``SPAN``)."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

    table = Table([list(r) for r in rows], colWidths=list(WIDTHS), hAlign="LEFT")
    rules = [("GRID", (0, 0), (-1, -1), 0.5, colors.black)] if grid else [
        ("LINEBELOW", (0, 0), (-1, -1), 0.5, colors.black), ("LINEABOVE", (0, 0), (-1, 0), 0.5, colors.black)]
    spans = [("SPAN", (0, r), (-1, r)) for r, row in enumerate(rows) if _alone(row)]
    table.setStyle(TableStyle([*rules, ("FONTSIZE", (0, 0), (-1, -1), SIZE), *spans]))
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4, leftMargin=LEFT, topMargin=TOP).build([table])
    return out.getvalue()


def fpdf2_rows(rows: Rows, grid: bool) -> bytes:
    """fpdf2's ``table()`` with ``HORIZONTAL_LINES`` (``ALL`` with ``grid``), the lone cell a
    ``colspan`` of the row."""
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format="A4")
    pdf.set_margins(LEFT, TOP)
    pdf.add_page()
    pdf.set_font("helvetica", size=SIZE)
    with pdf.table(col_widths=WIDTHS, width=sum(WIDTHS), align="LEFT", first_row_as_headings=False,
                   borders_layout="ALL" if grid else "HORIZONTAL_LINES", line_height=SIZE * 1.25) as table:
        for row in rows:
            tr = table.row()
            if _alone(row):
                tr.cell(row[0], colspan=len(row))
            else:
                for text in row:
                    tr.cell(text)
    return bytes(pdf.output())


BUILD: dict[str, Callable[[Rows, bool], bytes]] = {"pymupdf": pymupdf_rows, "reportlab": reportlab_rows,
                                                   "fpdf2": fpdf2_rows}


def _cells(note: str, producer: str, grid: bool) -> tuple[int, list[tuple[int, int, int, int, str]]]:
    rows = [tuple(note if c == "NOTE" else c for c in r) for r in ROWS]
    (table,) = Pipeline(open_document(BUILD[producer](rows, grid))).run(0).tables
    assert [list(r) for r in table.rows_text()] == [list(r) for r in rows]
    return table.n_cols, [(c.r, c.c, c.rs, c.cs, c.text) for c in table.cells if c.rs > 1 or c.cs > 1]


@pytest.mark.parametrize("grid", [False, True], ids=["rules", "grid"])
@pytest.mark.parametrize("producer", sorted(BUILD))
@pytest.mark.parametrize("note", ["Prices below exclude VAT and are subject to change",
                                  "Note: prices include delivery"])
def test_a_note_row_is_one_cell_across_the_table(note: str, producer: str, grid: bool) -> None:
    n_cols, spans = _cells(note, producer, grid)
    assert n_cols == 4 and spans == [(3, 0, 1, 4, note)]


@pytest.mark.parametrize("producer", sorted(BUILD))
def test_a_label_alone_in_the_first_column_stays_a_cell_of_its_column(producer: str) -> None:
    assert _cells("Stage 2", producer, False) == (4, [])
