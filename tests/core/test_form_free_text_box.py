"""A Word form's free-text box beside its ruled boxes is one cell, though the joins that make it
leave a label's slot out (issue 25: the shipping form's right-hand box, "REEFER CARGO", "Temp
Required ... Pre-Cool", came out cut at the columns only the band under it draws). Word draws
each cell's side as a thin filled rectangle; the box below is drawn on its left side only, the
columns of the band under it (x 420 and 480) run through its place undrawn."""

from __future__ import annotations

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.spanrects import row_rectangles
from inspector.core.types import Table

SIDE = 0.5  # pt: Word's border, a filled rectangle this thick
TEXT = ((44, 113, "Shipper"), (44, 127, "SINORICH LTD"), (44, 173, "Consignee"), (44, 187, "AFRICAN LOGISTICS"),
        (44, 233, "Notify Party"), (204, 233, "Port of Loading"), (44, 247, "Same as consignee"),
        (304, 113, "S/O No."), (424, 113, "OSTHYS24060771"),
        (430, 135, "SINORICH"), (478, 135, "TRANSPORT"), (540, 135, "LTD"),
        (304, 173, "Sales:"), (304, 187, "88570009"),
        (304, 233, "Temp"), (330, 233, "Required:"), (512, 233, "Pre-Cool"),
        (304, 247, "Ventilation:"), (514, 247, "Humidity"),
        (44, 293, "Mark & No."), (204, 293, "Description"), (424, 293, "Weight"), (484, 293, "Size"),
        (44, 323, "N/M"), (204, 323, "Water meters"), (424, 323, "16T"), (484, 323, "20 m3"))


def _side(page: pymupdf.Page, x0: float, y0: float, x1: float, y1: float) -> None:
    page.draw_rect(pymupdf.Rect(x0, y0, x1, y1), color=None, fill=(0, 0, 0), width=0)


def _form() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for y0, y1 in ((100, 160), (160, 220), (220, 280)):  # the left boxes, each side of each drawn
        _side(page, 40, y0, 300, y0 + SIDE)
        _side(page, 40, y0, 40 + SIDE, y1)
        _side(page, 300, y0, 300 + SIDE, y1)
    _side(page, 420, 100, 560, 100 + SIDE)  # the order number's own small box, top right
    _side(page, 420, 118, 560, 118 + SIDE)
    _side(page, 420, 100, 420 + SIDE, 118)
    _side(page, 560, 100, 560 + SIDE, 118)
    for y in (280, 310, 340):  # the band under, divided its own way
        _side(page, 40, y, 560, y + SIDE)
    for x in (40, 420, 480, 560):
        _side(page, x, 280, x + SIDE, 340)
    _side(page, 200, 220, 200 + SIDE, 340)  # the last left box's divider, running on down the band
    for x, y, s in TEXT:
        page.insert_text((x, y), s, fontsize=9, fontname="helv")
    return doc.tobytes()


def _table() -> Table:
    (table,) = Pipeline(open_document(_form())).run(0, Params()).tables
    return table


def test_free_text_box_beside_ruled_boxes_is_one_cell() -> None:
    table = _table()
    assert (table.n_rows, table.n_cols) == (5, 5)
    cells = {(c.r, c.c, c.rs, c.cs): c.text for c in table.cells}
    # Its lines run across the band's columns: "Temp Required:" and "Pre-Cool" one cell's line.
    assert cells[(1, 2, 2, 3)] == "Sales:\n88570009\nTemp Required: Pre-Cool\nVentilation: Humidity"
    assert cells[(0, 3, 1, 2)] == "OSTHYS24060771\nSINORICH TRANSPORT LTD"
    assert cells[(0, 2, 1, 1)] == "S/O No."
    # The ruled boxes and the band keep their own cells.
    assert cells[(2, 0, 1, 1)] == "Notify Party\nSame as consignee"
    assert cells[(2, 1, 1, 1)] == "Port of Loading"
    assert table.rows_text()[3:] == [["Mark & No.", "Description", "", "Weight", "Size"],
                                     ["N/M", "Water meters", "", "16T", "20 m3"]]


def test_row_rectangles_reads_a_group_row_by_row() -> None:
    # The form's box: the label's slot (0, 2) left out of the group.
    group = {(0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 2), (2, 3), (2, 4)}
    held = {(0, 2), (0, 3), (0, 4), (1, 2), (2, 2), (2, 4)}
    joined = {((0, 3), (0, 4)), ((1, 2), (1, 3)), ((1, 3), (1, 4)), ((2, 2), (2, 3)), ((2, 3), (2, 4)),
              ((0, 3), (1, 3)), ((1, 3), (2, 3))}
    assert row_rectangles(group, held, joined) == [(0, 3, 1, 2), (1, 2, 2, 3)]
    # Rows over the same columns joined down in no column stay two cells (the first, its text
    # in one column only, none).
    assert row_rectangles(group, held, joined - {((1, 3), (2, 3))}) == [(0, 3, 1, 2), (2, 2, 1, 3)]


def test_row_rectangles_keeps_no_blank_chained_to_one_label() -> None:
    # A header's blank corner (two rows, two columns) joined to "mTORi" over two columns, and
    # down to "Phase" and "Control" under it: the top run holds text in one column only, and
    # "Phase" and "Control" are joined only through the blanks over them, so no cell is made.
    group = {(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1)}
    held = {(0, 3), (1, 0), (1, 1), (1, 2), (1, 3)}
    joined = {((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (0, 3)), ((0, 0), (1, 0)), ((0, 1), (1, 1))}
    assert row_rectangles(group, held, joined) == []
