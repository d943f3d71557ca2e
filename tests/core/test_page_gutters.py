"""A page set in two justified columns with a narrow gutter (``structure.pagecols``): a contents
list in the left column beside equations in the right is no table across the gutter (a LaTeX
article's first page read as one 5 x 4 grid before), while a table set across both columns, its
rows sharing baselines, stays one table."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pymupdf

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

SIZE = 10.0
L0, L1, R0, R1 = 72.0, 292.0, 302.0, 522.0  # the two columns: a 10 pt gutter, as LaTeX sets it
WORDS = ("an example document showing automatic tagging of typical structures found in a document including "
         "titles sections theorems lists citation lists and mathematics a two column layout is used the tagging "
         "enables the reading order to follow the flow of text").split()
TOC = [("1", "Introduction", "1", False), ("2", "Document structures", "1", False), ("2.1", "Mathematics", "1", True),
       ("2.2", "Lists", "1", True), ("2.3", "Figures and Tables", "2", True), ("2.4", "Theorems", "2", True),
       ("3", "Citations", "2", False)]
EQUATIONS = [("f(x) = sin x + cos x", "f'(x) = cos x - sin x", "(2.1)"), ("g(x) = 2 cos x", "g'(x) = -2 sin x", "(2.2)")]


def _width(text: str) -> float:
    return pymupdf.get_text_length(text, "helv", SIZE)


def _put(page: pymupdf.Page, x: float, y: float, text: str) -> None:
    page.insert_text((x, y), text, fontname="helv", fontsize=SIZE)


def _justified(page: pymupdf.Page, x0: float, x1: float, y: float, k: int) -> None:
    """A line of running text from ``x0`` to exactly ``x1``, its word spaces stretched."""
    words: list[str] = []
    while True:
        w = WORDS[(k * 5 + len(words)) % len(WORDS)]
        if sum(map(_width, words)) + _width(w) + 2.6 * len(words) > x1 - x0:
            break
        words.append(w)
    space = (x1 - x0 - sum(map(_width, words))) / (len(words) - 1)
    x = x0
    for w in words:
        _put(page, x, y, w)
        x += _width(w) + space


def _page(middle: Callable[[pymupdf.Page, float], float]) -> bytes:
    """Six lines of two justified columns, ``middle`` drawn from the y it is given (returning
    the y it ends at), then six lines of two columns again."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = 100.0
    for k in range(6):
        _justified(page, L0, L1, y, k)
        _justified(page, R0, R1, y, k + 9)
        y += 12
    y = middle(page, y + 12) + 14
    for k in range(6):
        _justified(page, L0, L1, y, k + 3)
        _justified(page, R0, R1, y, k + 12)
        y += 12
    return doc.tobytes()


def _contents_beside_equations(page: pymupdf.Page, top: float) -> float:
    """A contents list in the left column (leaders to page numbers set flush with the column's
    edge) and equations numbered at the right column's edge, each at its own line pitch."""
    y = top + 16
    _put(page, L0, top, "Contents")
    for num, title, pg, sub in TOC:
        _put(page, 87 if sub else L0, y, num)
        x = 110 if sub else 87
        _put(page, x, y, title)
        if sub:
            dot = x + _width(title) + 8
            while dot < L1 - 14:
                _put(page, dot, y, ".")
                dot += 8
        _put(page, L1 - _width(pg), y, pg)
        y += 12 if sub else 14
    ry = top
    _put(page, R0, ry, "Let p be a prime, then")
    _put(page, R0 + 8, ry + 16, "An aligned set of equations:")
    ry += 33
    for a, b, n in EQUATIONS:
        _put(page, R0 + 8, ry, a)
        _put(page, R0 + 103, ry, b)
        _put(page, R1 - _width(n), ry, n)
        ry += 15
    _put(page, R0, ry + 4, "Matrices.")
    return max(y, ry + 30)


def _table_across(page: pymupdf.Page, top: float) -> float:
    """A borderless table over both columns: its second column's numbers end at the left
    column's edge and its third starts at the right column's, every row on one baseline."""
    rows = [("Region", "Sales", "Costs", "Margin")] + [(f"Area {k}", f"{120 + 7 * k}.5", f"{80 + 3 * k}.0",
                                                        f"{40 + 4 * k}.5") for k in range(5)]
    y = top
    for label, sales, costs, margin in rows:
        _put(page, L0, y, label)
        _put(page, L1 - _width(sales), y, sales)
        _put(page, R0, y, costs)
        _put(page, R1 - _width(margin), y, margin)
        y += 14
    return y


def _detect(pdf: bytes, on: bool = True) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, _params(on))


def _params(on: bool = True) -> Params:
    p = Params()
    return dataclasses.replace(p, tables=dataclasses.replace(p.tables, page_gutters=on))


def test_a_contents_list_beside_equations_is_no_table_across_the_page_gutter() -> None:
    pdf = _page(_contents_beside_equations)
    (across, *_) = _detect(pdf, on=False).tables  # without the evidence: one grid over both columns
    assert across.bbox.x0 < L1 and across.bbox.x1 > R0
    assert _detect(pdf).tables == ()


def test_explain_names_the_page_gutter_with_its_lever() -> None:
    res = _detect(_page(_contents_beside_equations))
    (rej,) = [r for r in explain(res, _params()).rejected if "tables.page_gutters" in r.params]
    assert rej.reason.startswith("blocks side by side in a page's text columns: the page's gutter 10 pt wide at "
                                 "x=292-302 pt")
    assert rej.flip == ("tables.page_gutters", 0.0)


def test_a_table_across_both_columns_stays_one_table() -> None:
    (table,) = _detect(_page(_table_across)).tables
    assert (table.n_rows, table.n_cols) == (6, 4)
    assert table.cell_at(0, 2).text == "Costs" and table.cell_at(5, 1).text == "148.5"
