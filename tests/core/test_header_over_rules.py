"""A header set above a ruled grid's first rule (Word's list styles: a thick rule under the
header row, vertical rules from it down, the header's cells unruled) is the grid's first row
(``structure.grow.header_over_rules``), on pages built with PyMuPDF at known coordinates."""

from __future__ import annotations

from dataclasses import replace

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Table

EDGES = (50.0, 170.0, 290.0, 410.0, 530.0)  # the grid's column edges (pt)
TOP = 100.0  # the thick rule under the header line
PITCH = 14.0
BODY = (("Exports", "115.46", "10.3%", "147"), ("Research", "0.82", "29.8%", "46"),
        ("Asia Pacific", "0.93", "32.0%", "839"), ("Operating result", "0.05", "25.6%", "8"))


def _page(above: list[tuple[float, str]]) -> bytes:
    """The grid's body under a 3 pt rule at ``TOP``, with the line ``above`` (x, text) over it."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for x, text in above:
        page.insert_text((x, TOP - 5), text, fontsize=10, fontname="hebo")
    page.draw_line((EDGES[0], TOP), (EDGES[-1], TOP), width=3)
    bottom = TOP + PITCH * len(BODY) + 3
    for x in EDGES[1:]:
        page.draw_line((x, TOP), (x, bottom), width=1)
    page.draw_line((EDGES[1], bottom), (EDGES[-1], bottom), width=1)
    for k, row in enumerate(BODY):
        y = TOP + PITCH * (k + 1)
        page.insert_text((EDGES[0] + 2, y), row[0], fontsize=10, fontname="helv")
        for c, text in enumerate(row[1:], start=1):  # right-aligned in their columns
            page.insert_text((EDGES[c + 1] - 4 - pymupdf.get_text_length(text, "helv", 10), y), text,
                             fontsize=10, fontname="helv")
    page.insert_text((EDGES[0], 60), "Segment overview", fontsize=12, fontname="tibo")
    return doc.tobytes()


def _table(pdf: bytes, params: Params | None = None) -> Table:
    tables = Pipeline(open_document(pdf)).run(0, params or Params()).tables
    assert len(tables) == 1
    return tables[0]


def _head(x_right: float, text: str) -> tuple[float, str]:
    return x_right - 4 - pymupdf.get_text_length(text, "hebo", 10), text


HEADER = [(EDGES[0] + 2, "Service"), _head(EDGES[2], "2015"), _head(EDGES[3], "2016"), _head(EDGES[4], "2017")]


def test_the_header_line_over_the_first_rule_is_the_grids_first_row() -> None:
    table = _table(_page(HEADER))
    assert table.grid is not None and table.grid.n_rows == len(BODY) + 1
    assert [c.text for c in table.cells if c.r == 0] == ["Service", "2015", "2016", "2017"]
    assert table.bbox.y0 < TOP - 10


def test_the_switch_turns_it_off() -> None:
    params = Params()
    params = replace(params, tables=replace(params.tables, header_over_rules=False))
    table = _table(_page(HEADER), params)
    assert table.grid is not None and table.grid.n_rows == len(BODY)
    assert table.bbox.y0 >= TOP - 2


def test_a_line_running_across_the_grids_columns_is_no_header() -> None:
    # Two pieces, as a header's, but the first runs over the first column edge: a heading.
    table = _table(_page([(EDGES[0] + 2, "Summary of the operating results"), _head(EDGES[4], "(audited)")]))
    assert table.grid is not None and table.grid.n_rows == len(BODY)
    assert table.bbox.y0 >= TOP - 2


def test_why_names_the_header_over_the_first_rule() -> None:
    pdf = _page(HEADER)
    res = Pipeline(open_document(pdf)).run(0, Params())
    (why,) = explain_page(res, Params())
    top = why.rows[0]
    assert [e.kind for e in top.evidence] == ["region_edge", "header_over_rules"]
    assert "tables.header_over_rules" in top.params and top.flip == ("tables.header_over_rules", 0)
    assert all("header_over_rules" not in [e.kind for e in w.evidence] for w in why.rows[1:])
