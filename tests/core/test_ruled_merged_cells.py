"""Cells merged over rows in a stroked grid (issue 25, class 1): where the rule between two rows
is stroked in other columns but not in this one, the column's two slots are one drawn box and
their text one cell's, as pdfplumber reads the rules alone; rows set alike in their slots
beside text the rule divides stay rows."""

from __future__ import annotations

from collections.abc import Sequence

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Table

XS = (60.0, 160.0, 260.0, 360.0, 460.0)


def _grid(hrules: Sequence[tuple[float, float, float]], texts: Sequence[tuple[float, float, str]],
          bottom: float, vrules: Sequence[tuple[float, float, float]] = ()) -> bytes:
    """Column rules at ``XS`` from y=100 to ``bottom`` unless ``vrules`` (x, y0, y1) are given;
    ``hrules`` (y, x0, x1); ``texts`` (x, baseline, text)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for x, y0, y1 in vrules or [(x, 100, bottom) for x in XS]:
        page.draw_line((x, y0), (x, y1), width=0.6)
    for y, x0, x1 in hrules:
        page.draw_line((x0, y), (x1, y), width=0.6)
    for x, y, text in texts:
        page.insert_text((x, y), text, fontsize=10, fontname="helv")
    return doc.tobytes()


def _table(data: bytes) -> Table:
    (table,) = Pipeline(open_document(data)).run(0).tables
    return table


def test_a_header_centred_over_two_header_rows_is_one_cell() -> None:
    """'FY 2006' low in the first header row and 'Actuals' high in the second, a group header
    over two sub-headers with its rule drawn under it only: one cell each, as drawn."""
    left, full = XS[0], XS[-1]
    hrules = [(100, left, full), (128, XS[2], full), (156, left, full), (174, left, full), (192, left, full)]
    vrules = [(XS[0], 100, 192), (XS[1], 100, 192), (XS[2], 100, 192), (XS[3], 128, 192), (XS[4], 100, 192)]
    texts = [(64, 132, "Program"), (164, 124, "FY 2006"), (164, 140, "Actuals"), (264, 118, "FY 2008 Plan"),
             (264, 146, "Total"), (364, 146, "Change"),
             (64, 169, "Drugs"), (164, 169, "62,567"), (264, 169, "70,161"), (364, 169, "5,561"),
             (64, 187, "Field"), (164, 187, "7,130"), (264, 187, "6,600"), (364, 187, "-")]
    t = _table(_grid(hrules, texts, 192, vrules))
    assert (t.n_rows, t.n_cols) == (4, 4)
    head = {(c.r, c.c): (c.rs, c.cs, " ".join(c.text.split())) for c in t.cells if c.r < 2}
    assert head == {(0, 0): (2, 1, "Program"), (0, 1): (2, 1, "FY 2006 Actuals"), (0, 2): (1, 2, "FY 2008 Plan"),
                    (1, 2): (1, 1, "Total"), (1, 3): (1, 1, "Change")}
    assert t.rows_text()[2] == ["Drugs", "62,567", "70,161", "5,561"]


def test_a_tall_cell_beside_blank_ruled_rows_is_one_cell() -> None:
    """A form's ruled rows are blank beside a contacts cell whose lines run past their rules
    (one crosses a rule): the rules stroked between blank slots show no rows in that column."""
    hrules = [(100, XS[0], XS[-1]), (118, XS[0], XS[-1]), *((y, XS[0], XS[3]) for y in (136, 154, 172)),
              (200, XS[0], XS[-1])]
    texts = [(64, 113, "Date"), (164, 113, "Revision"), (264, 113, "Description"), (364, 113, "Contacts"),
             (64, 131, "Nov 2006"), (164, 131, "1.0"), (264, 131, "Release"), (364, 131, "Project Manager"),
             (364, 143, "and Analyst:"), (364, 157, "Dawn Clark"), (364, 178, "Developer:"), (364, 192, "Michael Ogi")]
    t = _table(_grid(hrules, texts, 200))
    contacts = t.cell_at(1, 3)
    assert contacts is not None and (contacts.r, contacts.rs) == (1, t.n_rows - 1)
    assert " ".join(contacts.text.split()) == "Project Manager and Analyst: Dawn Clark Developer: Michael Ogi"
    assert t.rows_text()[1][:3] == ["Nov 2006", "1.0", "Release"]


def test_rows_set_alike_under_a_rule_drawn_in_another_column_stay_rows() -> None:
    """Tight rows, one line each, no rule between them in the second column: a rule under the
    first column's 'CCNE1' divides text on both its sides and the second column's lines sit
    alike at their slots' tops, so they stay two rows."""
    hrules = [(100, XS[0], XS[2]), (115, XS[0], XS[2]), (145, XS[0], XS[1]), (160, XS[0], XS[2])]
    texts = [(64, 111, "Primer"), (164, 111, "Sequence"), (64, 126, "CCNE1"), (164, 126, "GCCAGCCTTG"),
             (164, 141, "CTTGCACGTT"), (64, 156, "CCNE1"), (164, 156, "ACCGGGTTTA")]
    doc = _grid(hrules, texts, 160)
    # Only the first three column rules belong to this two-column table.
    src = pymupdf.open(stream=doc, filetype="pdf")
    page = src[0]
    page.add_redact_annot(pymupdf.Rect(XS[2] + 1, 90, XS[-1] + 5, 170))
    page.apply_redactions(graphics=2)
    t = _table(src.tobytes())
    assert t.rows_text() == [["Primer", "Sequence"], ["CCNE1", "GCCAGCCTTG\nCTTGCACGTT"], ["CCNE1", "ACCGGGTTTA"]]


def test_a_totals_box_beside_the_last_column_keeps_one_label_a_row() -> None:
    """Under a fully ruled grid, the amounts of Subtotal / Tax / Total are ruled in the last
    column only; their labels stand in the open area to its left. Two blank slots there are
    no drawn box: they do not chain the labels of three rows into one cell."""
    x0, x1, x2, x3, x4 = XS
    vrules = [(x0, 100, 154), (x1, 100, 154), (x2, 100, 154), (x3, 100, 208), (x4, 100, 208)]
    hrules = [(100, x0, x4), (118, x0, x4), (136, x0, x4), (154, x0, x4), (172, x3, x4), (190, x3, x4),
              (208, x3, x4)]
    texts = [(64, 113, "Quantity"), (164, 113, "Description"), (264, 113, "Unit price"), (364, 113, "Total"),
             (64, 131, "1 TB"), (164, 131, "Cloud service"), (264, 131, "99.99"), (364, 131, "99.99"),
             (64, 149, "2"), (164, 149, "Support"), (264, 149, "5.00"), (364, 149, "10.00"),
             (312, 167, "Subtotal"), (364, 167, "109.99"), (310, 185, "Sales tax"), (364, 185, "4.99"),
             (300, 203, "TOTAL DUE"), (364, 203, "114.98")]
    t = _table(_grid(hrules, texts, 208, vrules))
    assert (t.n_rows, t.n_cols) == (6, 4)
    labels = [t.cell_at(r, 2) for r in (3, 4, 5)]
    # Each label spans the open area of its own row (no rule parts its slots), one row each.
    assert [(c.r, c.rs, c.c, c.cs, c.text) for c in labels if c is not None] == [
        (3, 1, 0, 3, "Subtotal"), (4, 1, 0, 3, "Sales tax"), (5, 1, 0, 3, "TOTAL DUE")]
    assert [row[3] for row in t.rows_text()[3:]] == ["109.99", "4.99", "114.98"]
