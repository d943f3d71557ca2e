"""Two blocks of one spreadsheet printed side by side (``structure.sides``, ends apart), built
with PyMuPDF at known coordinates the way Excel and Calc print a sheet without borders: both
blocks sit on the sheet's one row grid (their rows share baselines), a blank column parts
them, one block runs rows longer than the other, and the sheet's page head is centred over
the gutter. Two tables; one table whose right-hand columns are empty on its last row only
(a total) stays one; the switch ``tables.sides_ends_apart`` brings back the single table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

SIZE = 10.0
PITCH = 12.8  # pt: a sheet's default row height at 10 pt type
TOP = 89.0  # pt: baseline of the sheet's first row

LEFT = (("Region", "Price", "Variance"), ("Materials", "8916.45", "7513.63"), ("Utilities", "17674", "65564"),
        ("Insurance", "53322", "2926.28"), ("Retail", "40948", "-448.46"), ("Service", "5990.88", "21071"),
        ("Training", "6580.68", "6239"), ("Hardware", "31776", "86523"), ("North", "90628", "24303"),
        ("Materials", "6910.76", "4737.59"))
RIGHT = (("Account", "Q2", "2024"), ("Central", "4622.86", "-706"), ("Service", "10422", "9929.59"),
         ("North", "70273", "39075"), ("Labour", "20441", "5729.7"), ("West", "-344", "9265.7"),
         ("Wholesale", "3267.11", "99627"), ("Total", "33519", "1427"))
LEFT_X = (58.0, 197.0, 249.0)  # a label's left edge, then the right edges of the two number columns
RIGHT_X = (315.0, 414.0, 473.0)


def _block(page: pymupdf.Page, rows: Sequence[Sequence[str]], xs: Sequence[float], top: float) -> None:
    """Labels flush left at ``xs[0]``, numbers (and their headers) flush right at ``xs[1:]``."""
    for k, row in enumerate(rows):
        y = top + k * PITCH
        page.insert_text((xs[0], y), row[0], fontsize=SIZE, fontname="helv")
        for x, text in zip(xs[1:], row[1:], strict=True):
            page.insert_text((x - pymupdf.get_text_length(text, "helv", SIZE), y), text, fontsize=SIZE, fontname="helv")


def sheet(right: Sequence[Sequence[str]] = RIGHT) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((276, 68), "Sheet1", fontsize=SIZE, fontname="helv")  # the page head, centred
    page.insert_text((LEFT_X[0], TOP), "Budget vs actual", fontsize=SIZE, fontname="helv")
    _block(page, LEFT, LEFT_X, TOP + PITCH)  # the left block under its title
    _block(page, right, RIGHT_X, TOP)  # the right block's header on the title's row
    page.insert_text((281, 780), "Page 1", fontsize=SIZE, fontname="helv")
    return doc.tobytes()


def detect(pdf: bytes, params: Params | None = None) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, params or Params())


def _rows(rows: Sequence[Sequence[str]]) -> list[list[str]]:
    return [list(r) for r in rows]


def test_two_blocks_of_a_sheet_on_one_row_grid_are_two_tables() -> None:
    res = detect(sheet())
    left, right = sorted(res.tables, key=lambda t: t.bbox.x0)
    assert left.rows_text() == _rows(LEFT)
    assert right.rows_text() == _rows(RIGHT)
    assert left.bbox.x1 < 260 < 300 < right.bbox.x0


def test_explain_names_the_block_that_ends_rows_before_the_other() -> None:
    res = detect(sheet())
    why = [r for r in res.regions if r.reason.startswith("tables side by side on one row grid")]
    assert len(why) == 1
    assert why[0].param == "tables.sides_ends_apart"
    assert "going on 3 row(s) below the other's last line" in why[0].reason
    assert round(why[0].bbox.x0) == 249 and round(why[0].bbox.x1) == 315  # the blank column between the blocks


def test_switched_off_the_blocks_read_as_one_table() -> None:
    params = Params()
    params = replace(params, tables=replace(params.tables, sides_ends_apart=False))
    res = detect(sheet(), params)
    assert len(res.tables) == 1 and len(res.tables[0].rows_text()[0]) == 6


def test_one_table_whose_right_columns_end_one_row_early_stays_one() -> None:
    """The right block one row shorter than the left only: a table's last row with its
    right-hand cells empty (a total), not a block of its own."""
    right = [*RIGHT[:-1], ("Repairs", "9654.25", "312"), ("Travel", "8597.73", "86067"), ("Total", "4566", "87")]
    res = detect(sheet(right))
    assert len(res.tables) == 1
    assert not [r for r in res.regions if r.reason.startswith("tables side by side")]
