"""An infix operator set alone between two numbers joins them into one cell's expression
(``structure.stacks.expression``): a tax schedule's "$782.50 + 15%", a measurement's "12.3 ± 0.4".
The numbers on its two sides stand in two right-aligned stacks a word space apart, which alone
would make two columns (``stacks``); the operator between them on every row says they are one."""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.stacks import expression
from inspector.core.types import Rect, Word

SIZE = 9.0
SPACE = 4.0  # pt: the white on each side of the operator (under half an em of 9 pt type)
HEAD = ["Over", "Base", "The tax is"]
BODY = [["0", "7,825", "$0.00", "10%"], ["7,825", "31,850", "$782.50", "15%"],
        ["31,850", "77,100", "4,386.25", "25%"], ["77,100", "160,850", "15,698.75", "28%"],
        ["160,850", "349,700", "39,148.75", "33%"]]


def _right(page: pymupdf.Page, x1: float, y: float, text: str) -> float:
    """``text`` set right-aligned at ``x1``; its left edge (pt)."""
    x0 = x1 - pymupdf.get_text_length(text, "helv", SIZE)
    page.insert_text((x0, y), text, fontsize=SIZE)
    return x0


def _schedule(op: str) -> bytes:
    """A borderless schedule under a shaded header band: two amount columns right-aligned, then
    the tax, a right-aligned amount, ``op`` (none: "") and a right-aligned rate, each a word
    space apart."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.draw_rect(pymupdf.Rect(66, 100, 300, 114), color=None, fill=(0.85, 0.9, 0.95))
    for x, text in zip((72, 130, 190), HEAD, strict=True):
        page.insert_text((x, 111), text, fontsize=SIZE)
    opw = pymupdf.get_text_length(op, "helv", SIZE)
    for r, (over, base, amount, rate) in enumerate(BODY, start=1):
        y = 111 + 14 * r
        _right(page, 100, y, over)
        _right(page, 165, y, base)
        _right(page, 235, y, amount)
        if op:
            page.insert_text((235 + SPACE, y), op, fontsize=SIZE)
        _right(page, 235 + 2 * SPACE + opw + pymupdf.get_text_length("10%", "helv", SIZE), y, rate)
    return doc.tobytes()


def _rows(data: bytes) -> list[list[str]]:
    tables = Pipeline(open_document(data)).run(0, Params()).tables
    assert len(tables) == 1
    return tables[0].rows_text()


def test_an_amount_plus_a_rate_is_one_cell() -> None:
    assert _rows(_schedule("+")) == [HEAD, *[[o, b, f"{a} + {p}"] for o, b, a, p in BODY]]


def test_a_mean_plus_minus_its_deviation_is_one_cell() -> None:
    assert _rows(_schedule("±")) == [HEAD, *[[o, b, f"{a} ± {p}"] for o, b, a, p in BODY]]


def test_without_the_operator_the_two_stacks_are_two_columns() -> None:
    """The premise: the amounts and the rates alone, a word space apart, are two columns' values."""
    assert _rows(_schedule("")) == [[*HEAD, ""], *BODY]


def test_explain_names_the_expression_that_keeps_the_stacks_one_column() -> None:
    res = Pipeline(open_document(_schedule("+"))).run(0, Params())
    whys = [w for t in explain_page(res, Params()) for w in t.dropped
            if w.axis == "col" and any(e.kind == "expression" for e in w.evidence)]
    assert len(whys) == 1 and 235 < whys[0].pos < 235 + SPACE
    assert [e.value for e in whys[0].evidence if e.kind == "expression"] == [len(BODY)]
    assert "on 5 lines a number, an operator set alone and a number stand across it ('$0.00 + 10%')" \
        in whys[0].decision


def _w(text: str, x0: float, x1: float) -> Word:
    return Word(text, Rect(x0, 100, x1, 109), font_size=SIZE)


def test_an_operator_a_column_gap_away_joins_nothing() -> None:
    near = [_w("782.50", 200, 230), _w("+", 234, 239), _w("15%", 242, 258)]
    far = [_w("782.50", 200, 230), _w("+", 250, 255), _w("15%", 258, 274)]  # 20 pt: a column's gap
    dash = [_w("782.50", 200, 230), _w("-", 234, 237), _w("15%", 240, 256)]  # a dash: an empty cell's mark
    words = [_w("Total", 200, 225), _w("+", 229, 234), _w("15%", 237, 253)]  # no number before it
    assert expression(near, 0, 2) and not expression(far, 0, 2)
    assert not expression(dash, 0, 2) and not expression(words, 0, 2) and not expression(near, 0, 1)
