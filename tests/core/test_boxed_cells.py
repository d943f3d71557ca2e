"""Cells drawn as closed boxes of their own set apart (issue #25, documents nobody here made: Qt's
QTextDocument tables with ``cellspacing``, HTML's ``border-collapse: separate``): when the
spacing is wider than ``tables.intersect_tol`` each box was a ruled region of its own, and the
frame round them a region keeping none of their rules, its rows cut line by line (a cell's two
lines two rows). ``structure.boxedcells`` joins a lattice of boxes, and its frame, into one
table; the pairs of rules at each boundary are one (``thinbands.one_per_pair``); explain names
it (evidence ``boxed_cells``). Guards: a row of comb boxes (a form field) and two boxes far apart
are not joined. Built with PyMuPDF."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

XS = (60.0,)  # the first box's left side; each box 94 pt wide, 5 pt gutters
ROWS = (("Method", "Score", "Time"), ("Particle", "0.850 ±", "669.6"), ("Ridge", "0.529 ±", "347.6"),
        ("Lasso", "0.792 ±", "32.1"))
SECOND = {1: ("filter", "0.043", ""), 2: ("", "0.019", ""), 3: ("", "0.049", "")}  # the cells' second lines
W, H, GUTTER = 94.0, 34.0, 5.0


def _table(frame: bool, gutter: float = GUTTER) -> bytes:
    """Four rows of three boxed cells, ``gutter`` pt apart, a frame round them when ``frame``;
    the body's cells hold two lines."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((60, 90), "Table 3: results on the test set.", fontsize=10)
    top = 110.0
    if frame:
        page.draw_rect(pymupdf.Rect(XS[0] - gutter, top - gutter, XS[0] + 3 * W + 2 * gutter + gutter,
                                    top + 4 * H + 3 * gutter + gutter), color=(0.3, 0.3, 0.3), width=2)
    for r, row in enumerate(ROWS):
        y = top + r * (H + gutter)
        for c, text in enumerate(row):
            x = XS[0] + c * (W + gutter)
            page.draw_rect(pymupdf.Rect(x, y, x + W, y + H), color=(0.4, 0.4, 0.4), width=1)
            page.insert_text((x + 5, y + 14), text, fontsize=10)
            if r in SECOND and SECOND[r][c]:
                page.insert_text((x + 5, y + 27), SECOND[r][c], fontsize=10)
    page.insert_text((60, top + 4 * (H + gutter) + 30), "The figures were checked by the quality officer.",
                     fontsize=10)
    return doc.tobytes()


def _detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


def _rows(res: PageResult) -> list[list[str]]:
    return [[c.replace("\n", " ") for c in row] for row in res.tables[0].rows_text()]


WANT = [["Method", "Score", "Time"], ["Particle filter", "0.850 ± 0.043", "669.6"],
        ["Ridge", "0.529 ± 0.019", "347.6"], ["Lasso", "0.792 ± 0.049", "32.1"]]


@pytest.mark.parametrize("frame", [True, False])
def test_boxes_apart_are_one_table_their_lines_one_row(frame: bool) -> None:
    """Twelve boxes 5 pt apart (wider than the 3 pt intersection tolerance), framed or not:
    one table of four rows and three columns, each cell's two lines in it; explain names the
    twelve boxes on the table's top."""
    res = _detect(_table(frame))
    assert len(res.tables) == 1
    assert _rows(res) == WANT
    why = explain_page(res, Params())[0]
    boxed = [e for e in why.rows[0].evidence if e.kind == "boxed_cells"]
    assert [e.value for e in boxed] == [12]
    assert "closed boxes of their own, 12 of them" in why.rows[0].decision


def test_a_row_of_comb_boxes_is_no_lattice() -> None:
    """Guard: boxes in one row only (a form's comb field) are not joined (``boxedcells``)."""
    from inspector.core.structure.boxedcells import join_boxes
    from inspector.core.types import Rect, Rule

    def box(x: float) -> tuple[Rect, tuple[Rule, ...]]:
        rules = (Rule("h", 100, x, x + 20), Rule("h", 120, x, x + 20), Rule("v", x, 100, 120), Rule("v", x + 20, 100, 120))
        return Rect(x, 100, x + 20, 120), rules

    comb = [box(60 + 24 * k) for k in range(6)]
    assert join_boxes(comb, 3.0, 12.0) == comb
    square = [box(60), box(84), (Rect(60, 124, 80, 144), box(60)[1]), (Rect(84, 124, 104, 144), box(84)[1])]
    far = [box(60), box(84), (Rect(60, 160, 80, 180), box(60)[1]), (Rect(84, 160, 104, 180), box(84)[1])]
    assert len(join_boxes(square, 3.0, 12.0)) == 1  # two rows of two, 4 pt gutters: one table
    assert join_boxes(square, 3.0, 6.0) == square  # 4 pt: over half a 6 pt line, no spacing of boxes
    assert join_boxes(far, 3.0, 12.0) == far  # 40 pt between the rows
