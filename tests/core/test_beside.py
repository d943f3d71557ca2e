"""A column of running text beside a borderless table is not the table's last column; a
table's own column of several words a cell (wrapped or not) still is."""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

SIZE = 9.0
ROWS = (("Region", "2016", "2017"), ("East", "356", "1.75"), ("Net result", "52,196", "76.23"),
        ("Research", "4,615", "610.92"), ("Revenue", "339", "0.45"), ("Headcount", "57,548", "(0.06)"),
        ("Online", "3", "3.11"))
PROSE = ("Measured at constant exchange rates. Based on a survey of 1,200 customers. Estimate; final "
         "figures due in the annual report. Lower volumes offset by higher prices. Estimate; final figures "
         "due in the annual report. Includes one-off costs of the site closure in the third quarter.")


def _right(page: pymupdf.Page, x: float, y: float, text: str) -> None:
    page.insert_text((x - pymupdf.get_text_length(text, fontsize=SIZE), y), text, fontsize=SIZE)


def _table(page: pymupdf.Page, top: float, pitch: float) -> None:
    for k, (label, a, b) in enumerate(ROWS):
        y = top + k * pitch
        page.insert_text((74, y), label, fontsize=SIZE)
        _right(page, 240, y, a)
        _right(page, 318, y, b)


def test_a_text_column_beside_a_borderless_table_is_left_out() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=400)
    _table(page, 80, 15.3)
    # The paragraph beside it: its own line spacing (11.5 pt), so its lines fall between the rows.
    page.insert_htmlbox(pymupdf.Rect(360, 70, 540, 260), PROSE,
                        css=f"* {{font-family: sans-serif; font-size: {SIZE}pt; line-height: 11.5pt}}")
    res = Pipeline(open_document(doc.tobytes())).run(0)
    assert len(res.tables) == 1, [(t.n_rows, t.n_cols, t.bbox) for t in res.tables]
    table = res.tables[0]
    assert table.rows_text() == [list(r) for r in ROWS]
    assert table.bbox.x1 < 330


def test_a_tables_own_text_column_is_kept() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=400)
    notes = ("Based on a survey", "Estimate, final figures due", "Lower volumes offset", "Includes one-off costs",
             "Restated after the change", "Pilot programme in two regions", "Excludes discontinued operations")
    for k, (label, a, b) in enumerate(ROWS):
        y = 80 + k * 15.3
        page.insert_text((74, y), label, fontsize=SIZE)
        _right(page, 240, y, a)
        _right(page, 318, y, b)
        page.insert_text((360, y), notes[k], fontsize=SIZE)  # on the row's own baseline
    res = Pipeline(open_document(doc.tobytes())).run(0)
    assert len(res.tables) == 1
    table = res.tables[0]
    assert table.n_cols == 4 and table.rows_text()[2] == ["Net result", "52,196", "76.23", "Lower volumes offset"]


def test_a_text_column_left_of_a_borderless_table_is_left_out() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=400)
    page.insert_htmlbox(pymupdf.Rect(40, 70, 220, 260), PROSE,
                        css=f"* {{font-family: sans-serif; font-size: {SIZE}pt; line-height: 11.5pt}}")
    for k, (label, a, b) in enumerate(ROWS):
        y = 80 + k * 15.3
        page.insert_text((270, y), label, fontsize=SIZE)
        _right(page, 440, y, a)
        _right(page, 518, y, b)
    res = Pipeline(open_document(doc.tobytes())).run(0)
    assert len(res.tables) == 1, [(t.n_rows, t.n_cols, t.bbox) for t in res.tables]
    assert res.tables[0].rows_text() == [list(r) for r in ROWS] and res.tables[0].bbox.x0 > 250
