"""Rows of small tables that read wrongly: rows under the last drawn band whose numbers stand
a word space apart (close columns) continue the table, and a row drawn in its own band whose
label and number both wrap stays one row."""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

SIZE = 9.5
RIGHTS = (200.0, 250.0, 300.0)  # right edges of the three number columns (points)
HEADER = ("Item", "Q1", "Q2", "Q3")
BODY = (("Balance", None), ("Incidents", ("4.4%", "(2,331)", "13")), ("Exports", ("13.1%", "71", "(2)")),
        ("Travel", ("23.7%", "649", "5")), ("Segment data", None),
        ("Iberia", ("1,746", "799.75", "(15,957)")), ("Orders", ("12", "(5,989)", "7.20")),
        ("Training", ("766", "1", "2.27")))
PITCH = 18.0


def _pdf() -> bytes:
    """A header band and two section bands (fills, no rules); the rows under the last band are
    only aligned text, and in 'Iberia' the last number starts a space after the one before it."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=400)
    top = 60.0
    rows = ((HEADER[0], HEADER[1:]),) + BODY
    for k, (label, numbers) in enumerate(rows):
        y = top + k * PITCH
        if k == 0 or numbers is None:
            page.draw_rect(pymupdf.Rect(60, y, 310, y + PITCH), color=None, fill=(0.85, 0.92, 0.85) if k else (0.3, 0.2, 0.5))
        page.insert_text((66, y + 13), label, fontsize=SIZE)
        for text, right in zip(numbers or (), RIGHTS, strict=False):
            page.insert_text((right - pymupdf.get_text_length(text, fontsize=SIZE), y + 13), text, fontsize=SIZE)
    return doc.tobytes()


def test_rows_under_the_last_band_with_close_numbers_stay_in_the_table() -> None:
    res = Pipeline(open_document(_pdf())).run(0)
    assert len(res.tables) == 1, [(t.n_rows, t.n_cols, t.bbox) for t in res.tables]
    table = res.tables[0]
    assert table.n_rows == len(BODY) + 1 and table.n_cols == 4
    assert table.rows_text()[6] == ["Iberia", "1,746", "799.75", "(15,957)"]


def _wrapped_row_pdf() -> bytes:
    """Three columns, a rule under every row; one row's label and its last number both wrap
    onto a second line (the middle column has one line)."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    rows = ((("Metric",), ("2022",), ("2023",)),
            (("Gross margin",), ("84.77",), ("$6",)),
            (("Africa: restated after the", "change of policy"), ("8.27",), ("0", "(15.5%)")),
            (("Cost of sales",), ("58.19",), ("(19,374)",)))
    y = 60.0
    for cells in rows:
        lines = max(len(c) for c in cells)
        for k, text in enumerate(cells[0]):
            page.insert_text((72, y + 13 + 12 * k), text, fontsize=SIZE)
        for cell, right in zip(cells[1:], (250.0, 320.0), strict=True):
            for k, text in enumerate(cell):
                page.insert_text((right - pymupdf.get_text_length(text, fontsize=SIZE), y + 13 + 12 * k), text,
                                 fontsize=SIZE)
        y += 8 + 12 * lines
        page.draw_line((68, y), (324, y), color=(0.6, 0.6, 0.6), width=0.5)
    return doc.tobytes()


def test_a_wrapped_label_beside_a_wrapped_number_is_one_row() -> None:
    table = Pipeline(open_document(_wrapped_row_pdf())).run(0).tables[0]
    assert table.rows_text() == [["Metric", "2022", "2023"], ["Gross margin", "84.77", "$6"],
                                 ["Africa: restated after the\nchange of policy", "8.27", "0\n(15.5%)"],
                                 ["Cost of sales", "58.19", "(19,374)"]]


ZEBRA = """<table style="border-collapse: collapse; font-size: 9pt; width: 280pt">
<tr><th style="width: 200pt">Item</th><th>Q1</th><th>Q2</th></tr>
<tr style="background: #FBE4D5"><td>Returns: includes one-off costs of the site closure in the third quarter</td>
<td align="right">41</td><td align="right">0.78</td></tr>
<tr><td>Marketing</td><td align="right">55</td><td align="right">0.06</td></tr>
<tr style="background: #FBE4D5"><td>Net result: includes one-off costs of the site closure in the third quarter</td>
<td align="right">8,981</td><td align="right">1.75</td></tr>
<tr><td>Gross margin: pilot programme in two regions only</td><td align="right">638</td><td align="right">0.07</td></tr>
</table>"""


def test_the_last_rows_wrapped_label_under_the_last_band_stays_in_the_table() -> None:
    """Zebra bands end at the last shaded row; the unshaded last row below them, whose label
    wraps onto a line of its own ("only"), is the table's too, that line included."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    page.insert_htmlbox(pymupdf.Rect(60, 40, 360, 280), ZEBRA)
    table = Pipeline(open_document(doc.tobytes())).run(0).tables[0]
    assert table.n_rows == 5 and table.n_cols == 3
    last = table.rows_text()[-1]
    assert last[1:] == ["638", "0.07"] and last[0].replace("\n", " ").endswith("regions only")


def _centred_cells_pdf() -> bytes:
    """A ruled grid, a rule under every row; in each row a two-line label is centred beside a
    three-line dose, so the band holds five text lines though no cell holds more than three."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    top, pitch = 40.0, 44.0
    rows = ((("Drug",), ("Dose",), ("When",)),
            (("Dabrafenib", "(BRAF positive)"), ("150 mg", "and", "2 mg"), ("Twice", "Once")),
            (("Selpercatinib", "(RET positive)"), ("120 mg", "or", "160 mg"), ("Twice",)),
            (("Paclitaxel", "(any)"), ("60 mg", "or", "135 mg"), ("Weekly", "Monthly")))
    xs = (60.0, 170.0, 260.0, 340.0)
    for k, cells in enumerate(rows):
        y = top + k * pitch
        for c, lines in enumerate(cells):
            first = y + 22 - 6 * (len(lines) - 1)  # the cell's lines centred on the row's middle
            for j, text in enumerate(lines):
                page.insert_text((xs[c] + 4, first + 4 + 12 * j), text, fontsize=SIZE)
    for k in range(len(rows) + 1):
        page.draw_line((xs[0], top + k * pitch), (xs[-1], top + k * pitch), width=0.6)
    for x in xs:
        page.draw_line((x, top), (x, top + len(rows) * pitch), width=0.6)
    return doc.tobytes()


def test_centred_multi_line_cells_of_a_ruled_row_stay_one_row() -> None:
    table = Pipeline(open_document(_centred_cells_pdf())).run(0).tables[0]
    assert table.n_rows == 4 and table.n_cols == 3
    assert table.rows_text()[2] == ["Selpercatinib\n(RET positive)", "120 mg\nor\n160 mg", "Twice"]
