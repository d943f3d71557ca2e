"""A table in a frame with no column rules (groff tbl's ``box``), its head band ruled off from
the body by one rule: a title centred over every column, the stub's head beside group labels
each centred over its two columns, and the years under the groups, three lines and no rule
between them. The title, the groups and the years are three header rows (no wrapped header
cell); the title spans every column and each group its two; a year beside the blank stub slot
sits in its own column (the frame draws no column rule, so nothing joins the blank slot to it).
"""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

SIZE, LEAD = 9.0, 12.0
LEFT, RIGHT, TOP = 100.0, 420.0, 100.0
STUB = (104.0, 190.0)  # the stub column's text, set left
NUMS = ((200.0, 250.0), (260.0, 310.0), (320.0, 370.0), (380.0, 416.0))  # right-set amounts
BODY = (("Revenue", "1,204.5", "(33.0)", "880.1", "12.0"), ("Marketing", "77.3", "4,410.9", "(2.5)", "310.0"),
        ("Research", "(1.2)", "65.0", "7,001.4", "8.8"), ("Total", "1,280.6", "4,442.9", "7,879.0", "330.8"))


def _centre(page: pymupdf.Page, x0: float, x1: float, y: float, text: str) -> None:
    width = pymupdf.get_text_length(text, fontname="helv", fontsize=SIZE)
    page.insert_text(((x0 + x1 - width) / 2, y), text, fontname="helv", fontsize=SIZE)


def _table(stub_rule: bool = False) -> bytes:
    """The boxed table, its head band three lines over the head rule, the amounts set right;
    ``stub_rule``: a column rule after the stub (tbl's ``l | l l l l``), the amounts set left in
    their columns, one drawn column."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = TOP + LEAD - 2
    _centre(page, LEFT, RIGHT, y, "Income statement")
    y += LEAD
    page.insert_text((STUB[0], y), "Item", fontname="helv", fontsize=SIZE)
    _centre(page, NUMS[0][0], NUMS[1][1], y, "Group")
    _centre(page, NUMS[2][0], NUMS[3][1], y, "Restated")
    y += LEAD
    for (a, b), year in zip(NUMS, ("2018", "2019", "2020", "2021"), strict=True):
        _centre(page, a, b, y, year)
    head = y + 4
    for row in BODY:
        y += LEAD
        page.insert_text((STUB[0], y), row[0], fontname="helv", fontsize=SIZE)
        for (a, b), text in zip(NUMS, row[1:], strict=True):
            x = a if stub_rule else b - pymupdf.get_text_length(text, fontname="helv", fontsize=SIZE)
            page.insert_text((x, y), text, fontname="helv", fontsize=SIZE)
    bottom = y + 4
    for y0 in (TOP, head, bottom):
        page.draw_line((LEFT, y0), (RIGHT, y0), width=0.5)
    for x in (LEFT, RIGHT, *((196.0,) if stub_rule else ())):
        page.draw_line((x, TOP), (x, bottom), width=0.5)
    return doc.tobytes()


def test_title_groups_and_years_are_three_header_rows() -> None:
    (table,) = Pipeline(open_document(_table())).run(0).tables
    rows = table.rows_text()
    assert table.n_rows == 3 + len(BODY) and table.n_cols == 5
    assert [c for c in rows[0] if c] == ["Income statement"]
    assert [c for c in rows[1] if c] == ["Item", "Group", "Restated"]
    assert rows[2] == ["", "2018", "2019", "2020", "2021"]
    assert rows[3:] == [list(r) for r in BODY]


def test_title_and_groups_span_their_columns_and_no_year_joins_the_blank_stub() -> None:
    (table,) = Pipeline(open_document(_table())).run(0).tables
    spans = {(r, c): (rs, cs) for r, c, rs, cs in table.grid.spans}
    assert spans.get((0, 0)) == (1, 5)
    assert spans.get((1, 1)) == (1, 2) and spans.get((1, 3)) == (1, 2)
    assert not any(r == 2 for r, _ in spans)  # "2018" keeps its own column beside the blank stub slot


def test_group_labels_hide_no_column_of_a_drawn_column() -> None:
    """With a rule after the stub the four amount columns are one drawn column, split where the
    text leaves a gap; the title and "Group" cross the gap between the first two, two lines in
    seven (more than ``columns.spanning_lines`` lets cross): each is centred over a group of the
    columns the lines under them find, and hides none."""
    (table,) = Pipeline(open_document(_table(stub_rule=True))).run(0).tables
    assert table.n_cols == 5
    assert table.rows_text()[3:] == [list(r) for r in BODY]
    res = Pipeline(open_document(_table(stub_rule=True))).run(0)
    (why,) = explain_page(res, Params())
    assert [e.kind for e in why.cols[2].evidence][-1] == "head_labels"


def test_explain_names_the_title_the_groups_and_the_year_in_its_own_column() -> None:
    res = Pipeline(open_document(_table())).run(0)
    (why,) = explain_page(res, Params())
    assert "own_column" in [e.kind for e in why.cols[1].evidence]
    assert "row(s) 3" in why.cols[1].decision
    assert [e.kind for e in why.rows[1].evidence] == ["title_line"]
    assert [e.kind for e in why.rows[2].evidence] == ["sub_headers"] and "Group" in why.rows[2].decision
