"""A table titled in its first ruled row (one run of words across the columns) has its column
headers in the ruled row under it (its rule broken under a column), wrapped over several lines: that row stays one header row
(``bandrows.title_over``), as Word, FrameMaker and Distiller set the IRS's lookup tables.
Pages built with PyMuPDF at known coordinates."""

from __future__ import annotations

from dataclasses import replace

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Table

X0, X1 = 72.0, 372.0
EDGES = (X0, 172.0, 272.0, X1)  # the columns' right edges are EDGES[1:]
RULES = (100.0, 116.0, 164.0)  # top, under the title, under the header; the bottom rule under the body
TITLE = "Inflation-Adjusted Amounts for Expatriation Actions"
HEAD = ((("IF you expatriated", "hebo"), ("during . . .", "hebo"), ("", "helv")),
        (("THEN your average", "hebo"), ("annual net income", "helv"), ("tax was more than", "helv")),
        (("OR your net worth", "hebo"), ("equaled or", "helv"), ("exceeded . . .", "helv")))
BODY = (("1997", "$106,000", "$528,000"), ("1998", "109,000", "543,000"), ("1999", "110,000", "552,000"),
        ("2000", "112,000", "562,000"), ("2001", "116,000", "580,000"))


def _right(page: pymupdf.Page, x: float, y: float, text: str, font: str) -> None:
    page.insert_text((x - 4 - pymupdf.get_text_length(text, font, 8), y), text, fontsize=8, fontname=font)


def _page(title: str = TITLE) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    bottom = RULES[-1] + 12 * len(BODY) + 4
    for y in (RULES[0], RULES[1], bottom):
        page.draw_line((X0, y), (X1, y), width=0.5)
    # Distiller's rule under the header, broken under the middle column (not drawn all along).
    page.draw_line((X0, RULES[2]), (EDGES[1] + 20, RULES[2]), width=0.5)
    page.draw_line((EDGES[2] - 20, RULES[2]), (X1, RULES[2]), width=0.5)
    page.insert_text((X0 + 2, RULES[0] + 11), title, fontsize=9, fontname="hebo")
    for c, cell in enumerate(HEAD):
        for k, (text, font) in enumerate(cell):
            if text and c == 0:
                page.insert_text((EDGES[c] + 2, RULES[1] + 12 + 10 * k), text, fontsize=8, fontname=font)
            elif text:  # right-aligned over the amounts
                _right(page, EDGES[c + 1], RULES[1] + 12 + 10 * k, text, font)
    for r, row in enumerate(BODY):
        y = RULES[-1] + 12 * (r + 1)
        page.insert_text((X0 + 2, y), row[0], fontsize=8, fontname="helv")
        for c, text in enumerate(row[1:], start=2):
            _right(page, EDGES[c], y, text, "helv")

    return doc.tobytes()


def _table(pdf: bytes, params: Params | None = None) -> Table:
    (table,) = Pipeline(open_document(pdf)).run(0, params or Params()).tables
    return table


def _rows(table: Table) -> list[list[str]]:
    assert table.grid is not None
    return [[c.text for c in sorted(table.cells, key=lambda c: c.c) if c.r == r] for r in range(table.grid.n_rows)]


def _off() -> Params:
    params = Params()
    return replace(params, tables=replace(params.tables, title_row_header=False))


def test_the_wrapped_header_under_the_title_row_is_one_row() -> None:
    rows = _rows(_table(_page()))
    assert len(rows) == 2 + len(BODY)
    assert [" ".join(t.split()) for t in rows[1]] == [
        "IF you expatriated during . . .", "THEN your average annual net income tax was more than",
        "OR your net worth equaled or exceeded . . ."]
    assert rows[2] == ["1997", "$106,000", "$528,000"]


def test_the_switch_turns_it_off() -> None:
    rows = _rows(_table(_page(), _off()))
    assert len(rows) > 2 + len(BODY)


def test_a_first_row_in_cells_is_no_title() -> None:
    # The first ruled row in two pieces (a header, not a title): the title reading does not apply.
    two = _table(_page("Year of the change                       Amounts"))
    assert _rows(two) == _rows(_table(_page("Year of the change                       Amounts"), _off()))


def test_why_names_the_title_row() -> None:
    res = Pipeline(open_document(_page())).run(0, Params())
    (why,) = explain_page(res, Params())
    titled = [w for w in why.dropped if w.axis == "row" and w.decision.startswith("both lines are column headers under "
                                                                                "the table's title row")]
    assert len(titled) == 2 and all("tables.title_row_header" in w.params for w in titled)
