"""A Word row whose top border is left out: the column rules above end inside the ruled band, and
the line under their ends is a row of its own, one cell across (issue 25: the shipping form's
"Please book [ ] 20' [ ] 40' ... " line under its goods columns came out as the goods row's
second line, its options cut into the columns above). Word draws each cell side as a thin filled
rectangle; here the body row's column rules stop at y 200, the band's bottom rule is at y 222."""

from __future__ import annotations

import dataclasses

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Table

SIDE = 0.5  # pt: Word's border, a filled rectangle this thick
XS = (60.0, 200.0, 340.0, 480.0)
ROWS = ((100.0, "Marks", "Description", "Weight"), (140.0, "N/M", "Water meters", "16 t"),
        (153.0, "", "spare parts", ""))
NOTE = ((64.0, 213.0, "Please book:"), (150.0, 213.0, "20 ft"), (250.0, 213.0, "40 ft"), (380.0, 213.0, "by the 5th"))


def _side(page: pymupdf.Page, x0: float, y0: float, x1: float, y1: float) -> None:
    page.draw_rect(pymupdf.Rect(x0, y0, x1, y1), color=None, fill=(0, 0, 0), width=0)


def _table(end: float = 200.0, params: Params | None = None) -> Table:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for y in (88.0, 112.0, 222.0):
        _side(page, XS[0], y, XS[-1], y + SIDE)
    for x in (XS[0], XS[-1]):
        _side(page, x, 88.0, x + SIDE, 222.0)
    for x in XS[1:-1]:
        _side(page, x, 88.0, x + SIDE, end)  # the column rules stop where the goods row ends
    for y, *texts in ROWS:
        for x, t in zip(XS, texts, strict=False):
            if t:
                page.insert_text((x + 4, y), t, fontsize=9, fontname="helv")
    for x, y, t in NOTE:
        page.insert_text((x, y), t, fontsize=9, fontname="helv")
    (table,) = Pipeline(open_document(doc.tobytes())).run(0, params or Params()).tables
    return table


def test_line_under_the_column_rules_ends_is_a_row_across() -> None:
    table = _table()
    assert (table.n_rows, table.n_cols) == (3, 3)
    assert table.grid.ys[2] == 200.0  # where the column rules end
    assert table.rows_text()[:2] == [["Marks", "Description", "Weight"], ["N/M", "Water meters\nspare parts", "16 t"]]
    (note,) = [c for c in table.cells if c.r == 2]
    assert (note.c, note.cs, note.text) == (0, 3, "Please book: 20 ft 40 ft by the 5th")
    reasons = [b.reason for b in table.grid.row_evidence]
    assert reasons[2] == "column ends"


def test_column_rules_running_to_the_band_bottom_keep_the_line_in_their_columns() -> None:
    # Drawn down to the band's bottom rule, the rules end nowhere inside it: the line under the
    # goods row is a row of the columns, its texts in them.
    table = _table(end=222.0)
    assert table.rows_text()[2] == ["Please book: 20 ft", "40 ft", "by the 5th"]
    assert "column ends" not in [b.reason for b in table.grid.row_evidence]


def test_parameter_turns_it_off() -> None:
    base = Params()
    table = _table(params=dataclasses.replace(base, tables=dataclasses.replace(base.tables, column_ends=False)))
    assert "column ends" not in [b.reason for b in table.grid.row_evidence]
    assert table.rows_text()[2] == ["Please book: 20 ft", "40 ft", "by the 5th"]
