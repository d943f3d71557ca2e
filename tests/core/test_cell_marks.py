"""A fill inside one drawn cell, small in it, is a mark in the cell (``structure.cellmarks``,
``tables.cell_marks``): a form's black box over a redacted value, a swatch. Its edges are no rows
or columns of the table; a fill that spans its cell across or down (a tinted column, a shaded
cell) stays shading, its edges evidence as before."""

from __future__ import annotations

from dataclasses import replace

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.cellmarks import cell_marks
from inspector.core.types import Fill, Rect, Rule

X = (60.0, 250.0, 400.0, 540.0)  # the column rules, pt
Y = (100.0, 136.0, 172.0, 208.0, 244.0)  # the row rules, pt: a label line and a value's place in each
CELLS = [["1. Legal name", "2. State", "3. Postal code"], ["4. Telephone", "5. Extension", "6. Year"],
         ["7. Employer number", "8. Revenue", "9. Employees"], ["10. City", "11. Province", "12. Country"]]
REDACTED = pymupdf.Rect(64, 192, 76, 206)  # a black box over the value under "7. Employer number"


def _form(box: pymupdf.Rect | None = REDACTED, colour: tuple[float, float, float] = (0, 0, 0)) -> bytes:
    """A ruled 4 x 3 form, each cell a numbered label; ``box``: a fill of ``colour`` drawn in a cell."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    if box is not None:  # under the text: a tint shows it, a redaction's value is not written
        page.draw_rect(box, color=None, fill=colour)
    for y in Y:
        page.draw_line((X[0], y), (X[-1], y), width=0.6)
    for x in X:
        page.draw_line((x, Y[0]), (x, Y[-1]), width=0.6)
    for r, row in enumerate(CELLS):
        for c, text in enumerate(row):
            page.insert_text((X[c] + 3, Y[r] + 11), text, fontsize=9)
    return doc.tobytes()


def _rows(data: bytes, params: Params | None = None) -> list[list[str]]:
    tables = Pipeline(open_document(data)).run(0, params or Params()).tables
    assert len(tables) == 1
    return tables[0].rows_text()


def test_a_redaction_box_in_a_cell_cuts_no_rows_or_columns() -> None:
    assert _rows(_form()) == CELLS


def test_switched_off_the_box_edges_cut_the_table() -> None:
    """The premise: read as shading, the box's sides are column boundaries of the whole table (its
    left side moved onto the box's, an empty column beside the labels)."""
    off = Params()
    data = _form()
    assert _rows(data, replace(off, tables=replace(off.tables, cell_marks=False))) == [
        [a, "", b, c] for a, b, c in CELLS]
    tables = Pipeline(open_document(data)).run(0, replace(off, tables=replace(off.tables, cell_marks=False))).tables
    assert tables[0].bbox.x0 == REDACTED.x0


def test_a_tinted_column_spanning_its_cells_stays_shading() -> None:
    tint = pymupdf.Rect(X[1], Y[1], X[2], Y[-1])  # the middle column's body, top to bottom
    marks = cell_marks(_rules(), [Fill(0, Rect(*tint), (220, 220, 240), 222)])
    assert marks == {}
    assert _rows(_form(tint, (0.85, 0.85, 0.95))) == CELLS


def test_a_padded_cell_shading_covering_most_of_it_stays_shading() -> None:
    padded = Rect(X[0] + 2, Y[0] + 2, X[1] - 2, Y[1] - 2)
    assert cell_marks(_rules(), [Fill(0, padded, (220, 220, 240), 222)]) == {}
    small = Rect(X[0] + 4, Y[2] + 16, X[0] + 60, Y[2] + 31)
    assert cell_marks(_rules(), [Fill(3, small, (0, 0, 0), 0)]) == {3: Rect(X[0], Y[2], X[1], Y[3])}


def _rules() -> list[Rule]:
    return [*(Rule("h", y, X[0], X[-1]) for y in Y), *(Rule("v", x, Y[0], Y[-1]) for x in X)]


def test_explain_names_the_mark_on_its_four_edges() -> None:
    res = Pipeline(open_document(_form())).run(0, Params())
    whys = [w for t in explain_page(res, Params()) for w in t.dropped if "tables.cell_marks" in w.params]
    assert sorted((w.axis, round(w.pos)) for w in whys) == [("col", 64), ("col", 76), ("row", 192), ("row", 206)]
    assert all([e.kind for e in w.evidence] == ["cell_mark"] for w in whys)
    assert "the edge of a fill 12.0 x 14.0 pt inside a drawn cell of 190.0 x 36.0 pt" in whys[0].decision


def test_a_shaded_cell_whose_borders_are_stroked_along_its_edges_stays_shading() -> None:
    """The cell's rules are drawn along the shading's edges: merged, each keeps the fill's id and
    is ``stroked`` (a table ruled over shaded cells, ICDAR's us-007): they are the cell's sides."""
    shade = Rect(X[1], Y[1], X[2], Y[2])
    merged = [Rule("h", Y[1], X[0], X[-1], fill=0, stroked=True), Rule("h", Y[2], X[0], X[-1], fill=0, stroked=True),
              Rule("v", X[1], Y[0], Y[-1], fill=0, stroked=True), Rule("v", X[2], Y[0], Y[-1], fill=0, stroked=True)]
    frame = [Rule("h", Y[0], X[0], X[-1]), Rule("h", Y[-1], X[0], X[-1]), Rule("v", X[0], Y[0], Y[-1]),
             Rule("v", X[-1], Y[0], Y[-1])]
    assert cell_marks([*frame, *merged], [Fill(0, shade, (167, 167, 167), 167)]) == {}
    unstroked = [replace(r, stroked=False) for r in merged]  # the shading's own edges alone: no sides
    assert cell_marks([*frame, *unstroked], [Fill(0, shade, (167, 167, 167), 167)]) == {0: Rect(X[0], Y[0], X[-1], Y[-1])}
