"""A shaded label column against a ruled body (``structure.regions.attach_fills``): a slide's
table style and Word's banded styles shade the first column and rule only the body beside it.
The labels are the table's first column, not text outside it."""

from __future__ import annotations

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

XS = (80.0, 180.0, 280.0, 380.0, 480.0)  # the label column from 80 to 180, the ruled body from 180
TOP, ROW_H = 150.0, 30.0
ROWS = [["Region", "Q1", "Q2", "Q3"], ["Central", "23,850", "88,376.8", "70,591"],
        ["Freight", "52,138.2", "88,187", "17,877.9"], ["Hardware", "74,016", "30.9%", "18,802"]]


def _page(label_words: bool = True) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=560, height=400)
    bottom = TOP + ROW_H * len(ROWS)
    page.draw_rect(pymupdf.Rect(XS[0], TOP, XS[1], bottom), color=None, fill=(0.67, 0.67, 0.67))
    shape = page.new_shape()
    for x in XS[1:]:
        shape.draw_line((x, TOP), (x, bottom))
    for r in range(len(ROWS) + 1):
        shape.draw_line((XS[1], TOP + r * ROW_H), (XS[-1], TOP + r * ROW_H))
    shape.finish(color=(0, 0, 0), width=0.8)
    shape.commit()
    for r, row in enumerate(ROWS):
        for c, text in enumerate(row):
            if c or label_words:
                page.insert_text((XS[c] + 6 if c == 0 else XS[c + 1] - 6 - pymupdf.get_text_length(text, fontsize=11),
                                  TOP + r * ROW_H + 19), text, fontsize=11)
    return doc.tobytes()


def test_the_shaded_label_column_is_the_tables_first_column() -> None:
    (table,) = Pipeline(open_document(_page())).run(0, Params()).tables
    assert table.rows_text() == ROWS
    assert round(table.bbox.x0) == XS[0]


def test_an_empty_shaded_bar_beside_a_table_is_left_out() -> None:
    (table,) = Pipeline(open_document(_page(label_words=False))).run(0, Params()).tables
    assert round(table.bbox.x0) == XS[1]
    assert [row[0] for row in table.rows_text()] == [r[1] for r in ROWS]
