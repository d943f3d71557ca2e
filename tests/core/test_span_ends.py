"""Column rules ending over some columns only: a tax table's header draws the rules between
"Single", "Joint" and "Head" down to a line's height over the band's bottom rule, and "Your tax
is—" stands under their ends, centred across the three, while the rule left of them runs on.
The line is a header row of its own, one cell across the three columns, the column beside them
one cell down both rows (wild i1040NR p34's tax tables: "Your tax is" went into the middle
head's cell)."""

from __future__ import annotations

import dataclasses

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.colends import SPAN_ENDS
from inspector.core.types import Table

TOP, GROUPS, HEADS, BOTTOM = 100.0, 130.0, 175.0, 250.0
END = 152.0  # where the rules between the three heads end
BODY = ((190.0, "0", "1", "2", "3"), (205.0, "50", "6", "7", "8"), (220.0, "100", "11", "12", "13"),
        (235.0, "150", "16", "17", "18"))


def _page(end: float = END) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=400)
    for y in (TOP, GROUPS, HEADS, BOTTOM):
        page.draw_line((60, y), (360, y), width=0.5)
    for x in (60.0, 140.0, 360.0):
        page.draw_line((x, TOP), (x, BOTTOM), width=0.5)
    for x in (210.0, 280.0):
        page.draw_line((x, GROUPS), (x, end), width=0.5)  # the heads' dividers, ending over "Your tax is"
        page.draw_line((x, HEADS), (x, BOTTOM), width=0.5)  # the body's own
    page.insert_text((64, 118), "If income is", fontsize=9)
    page.insert_text((228, 118), "And you are filing as", fontsize=9)
    for x, t in ((64, "Over"), (150, "Single"), (220, "Joint"), (290, "Head")):
        page.insert_text((x, 144), t, fontsize=9)
    page.insert_text((222, 168), "Your tax is", fontsize=9)
    for y, *texts in BODY:
        for x, t in zip((64, 150, 220, 290), texts, strict=True):
            page.insert_text((x, y), t, fontsize=9)
    return doc.tobytes()


def _table(end: float = END, params: Params | None = None) -> Table:
    (table,) = Pipeline(open_document(_page(end))).run(0, params or Params()).tables
    return table


def _cells(table: Table) -> list[tuple[int, int, int, int, str]]:
    return sorted((c.r, c.c, c.rs, c.cs, c.text) for c in table.cells if c.r < 3 and c.text)


def test_the_line_under_the_ends_is_one_header_cell_across_their_columns() -> None:
    table = _table()
    assert (table.n_rows, table.n_cols, table.header_rows) == (7, 4, 3)
    assert table.grid is not None and round(table.grid.ys[2], 1) == END
    assert _cells(table) == [(0, 0, 1, 1, "If income is"), (0, 1, 1, 3, "And you are filing as"),
                             (1, 0, 2, 1, "Over"), (1, 1, 1, 1, "Single"), (1, 2, 1, 1, "Joint"),
                             (1, 3, 1, 1, "Head"), (2, 1, 1, 3, "Your tax is")]
    assert table.rows_text()[3] == ["0", "1", "2", "3"]
    assert table.grid.row_evidence[2].reason == "column ends"


def test_explain_names_the_ends_and_their_columns() -> None:
    res = Pipeline(open_document(_page())).run(0, Params())
    (table,) = explain_page(res, Params())
    (why,) = [w for w in table.rows if abs(w.pos - END) < 0.01]
    assert [e.kind for e in why.evidence] == ["column_ends"]
    assert why.decision == SPAN_ENDS.format(x0=140.0, x1=360.25)


def test_rules_running_to_the_band_bottom_keep_the_line_in_their_columns() -> None:
    table = _table(end=HEADS)
    assert (1, 2, 1, 1, "Joint\nYour tax is") in _cells(table)


def test_parameter_turns_it_off() -> None:
    base = Params()
    table = _table(params=dataclasses.replace(base, tables=dataclasses.replace(base.tables, column_ends=False)))
    assert "column ends" not in [b.reason for b in table.grid.row_evidence]
    assert (1, 2, 1, 1, "Joint\nYour tax is") in _cells(table)


def _grouped(heads: tuple[str, str, str]) -> Table:
    """A ruled three-column table: "Source" over the first column and a group label across the
    other two, ``heads`` under them, a full rule between, three rows of amounts."""
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=400)
    ys = (100.0, 120.0, 145.0, 165.0, 185.0, 205.0)
    xs = (60.0, 160.0, 260.0, 360.0)
    for y in ys:
        page.draw_line((xs[0], y), (xs[-1], y), width=0.5)
    for x in (xs[0], xs[1], xs[-1]):
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    page.draw_line((xs[2], ys[1]), (xs[2], ys[-1]), width=0.5)
    page.insert_text((64, 113), "Source", fontsize=9)
    page.insert_text((225, 113), "Amounts paid", fontsize=9)
    for x, t in zip((64, 164, 264), heads, strict=True):
        page.insert_text((x, 136), t, fontsize=9)
    for k, y in enumerate(ys[3:], start=1):
        for x, t in zip((64, 164, 264), (f"{k}", f"{100 * k}", f"{250 * k}"), strict=True):
            page.insert_text((x, y - 6), t, fontsize=9)
    (table,) = Pipeline(open_document(doc.tobytes())).run(0, Params()).tables
    return table


def test_heads_under_group_labels_are_header() -> None:
    assert _grouped(("Line", "Wages", "Interest")).header_rows == 2


def test_sentences_under_a_question_are_no_header() -> None:
    assert _grouped(("Line", "If other, specify it here", "Give the full name")).header_rows == 1
