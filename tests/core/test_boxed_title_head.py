"""A table in a box with a three-line header, set as groff tbl sets ``box`` with ``c s s s``
over ``^ c s s`` over the years, built with PyMuPDF at known coordinates: the title centred on
the table lies near the middle of the column under it too; the stub's rule starts under the
title; the head rule stops two points short of the frame's sides (as
gropdf's does inside a ``box``: 209.9 to 385.4 in a frame from 207.9 to 387.3); nothing is drawn between the
header's lines. The header reads as three rows: the title across every column, the stub's
head beside the group label spanning the group's row and the years' row."""

from __future__ import annotations

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

SIZE = 8.0
L, R, T, B = 200.0, 380.0, 100.0, 190.0  # the box, pt
STUB = 270.0  # the stub's rule, left of the title's first letter
HEAD_RULE = 134.0
YEARS = (("2015", 291.5), ("2016", 330.0), ("2017", 365.0))  # centred in their columns
ENDS = (305.0, 345.0, 377.0)  # the amounts' right ends
ROWS = (("Depreciation", "(110)", "218", "61,898"), ("Cost of sales", "10", "(19,008)", "4"),
        ("Research", "7", "(260)", "82,674"), ("Total", "2,651", "3", "69,398"))


def _centre(page: pymupdf.Page, x: float, y: float, text: str) -> None:
    page.insert_text((x - pymupdf.get_text_length(text, "helv", SIZE) / 2, y), text, fontsize=SIZE, fontname="helv")


def _right(page: pymupdf.Page, x: float, y: float, text: str) -> None:
    page.insert_text((x - pymupdf.get_text_length(text, "helv", SIZE), y), text, fontsize=SIZE, fontname="helv")


def boxed(title_x: float = (L + R) / 2, inset: float = 2.0) -> bytes:
    """The boxed table, its title centred at ``title_x``, its head rule ``inset`` pt short of
    each side of the box."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.draw_rect(pymupdf.Rect(L, T, R, B), width=0.4)
    page.draw_line((STUB, 112), (STUB, B), width=0.4)
    page.draw_line((L + inset, HEAD_RULE), (R - inset, HEAD_RULE), width=0.4)
    _centre(page, title_x, 109, "Cash flow")
    _centre(page, (L + STUB) / 2, 120, "Account")
    _centre(page, (STUB + R) / 2, 120, "Group")
    for year, x in YEARS:
        _centre(page, x, 130, year)
    for k, (label, *values) in enumerate(ROWS):
        y = 144 + 10 * k
        page.insert_text((L + 4, y), label, fontsize=SIZE, fontname="helv")
        for x, v in zip(ENDS, values, strict=True):
            _right(page, x, y, v)
    return doc.tobytes()


def detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, Params())


HEADER = [["Cash flow", "", "", ""], ["Account", "Group", "", ""], ["", "2015", "2016", "2017"]]
SPANS = ((0, 0, 1, 4), (1, 0, 2, 1), (1, 1, 1, 3))


def test_the_boxed_header_reads_as_title_group_and_years() -> None:
    res = detect(boxed())
    assert len(res.tables) == 1
    t = res.tables[0]
    assert t.rows_text() == [*HEADER, *(list(r) for r in ROWS)]
    assert t.grid is not None and t.grid.spans == SPANS
    assert [round(y, 1) for y in t.grid.ys[3:5]] == [HEAD_RULE, 145.9]


def test_a_head_rule_drawn_from_side_to_side_reads_the_same() -> None:
    t = detect(boxed(inset=0.0)).tables[0]
    assert t.rows_text()[:3] == HEADER
    assert t.grid is not None and t.grid.spans == SPANS
