"""A bold section label between two ruled blocks of one table (issue #25, "documents nobody here
made", class C; the wild set's dvipdfm LaTeX paper p7: "Tables:" over one boxed tabular, "Rows:"
between it and the next, both boxes of one width with one column rule, one caption under both).
The label stands alone in the first column where the grid draws no rules: read as a heading, it
parted the two boxes into two tables. Set in a row's height (no white apart), a few words, no
caption or sentence, over a row holding an amount, it is the table's section row
(``drawnparts.section_label``, read by ``stacked_grids.join_stacked``); explain names it
(evidence ``section_label``). Guards: the same label set apart by white, a caption between the
boxes, or a label over the next box's header row (words, no amount) still part them. Built with
PyMuPDF, reportlab and fpdf2."""

from __future__ import annotations

import pytest
from small_pdfs import PRODUCERS, Line, Op, Text

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

X0, XC, X1 = 104.0, 217.0, 267.0  # the boxes' sides and their one column rule
ROW = 10.4  # one line's band (pt)
FIRST = (("Consistent tables", "36"), ("Total", "48"))
SECOND = (("Rows that fit", "118"), ("Total", "161"))


def _box(top: float, rows: tuple[tuple[str, str], ...], header: bool = False) -> tuple[list[Op], float]:
    """A boxed block: one band per row (a bold header row first when ``header``), the column
    rule down the box. Returns the ops and the box's bottom."""
    ops: list[Op] = []
    bottom = top + ROW * len(rows)
    for r, (label, value) in enumerate(rows):
        y = top + ROW * r + 7.8
        ops += [Text(X0 + 4, y, label, 9.0, bold=header and r == 0),
                Text(XC + 4, y, value, 9.0, bold=header and r == 0)]
    ops += [Line(X0, y, X1, y) for y in (top + ROW * k for k in range(len(rows) + 1))]
    ops += [Line(x, top, x, bottom) for x in (X0, XC, X1)]
    return ops, bottom


def _page(between: str, white: float = 0.0, header: bool = False) -> list[Op]:
    """The first label and box, ``between`` (bold unless a caption) set ``white`` pt further down
    than a row's height, the second box (its first row a header when ``header``), a caption under."""
    ops: list[Op] = [Text(X0 + 4, 278, "Tables:", 9.0, bold=True)]
    first, bottom = _box(281.0, FIRST)
    ops += first
    ops.append(Text(X0 + 4, bottom + white + 7.8, between, 9.0, bold=not between.startswith("Table")))
    rows = (("Kind", "Count"), *SECOND) if header else SECOND
    second, end = _box(bottom + white + ROW, rows, header)
    ops += [*second, Text(X0 + 20, end + 16, "Table 3: Evaluation results.", 10.0)]
    return ops


def _detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


def _first_cells(res: PageResult) -> list[list[str]]:
    return [[r[0] for r in t.rows_text()] for t in res.tables]


@pytest.mark.parametrize("producer", list(PRODUCERS))
def test_a_label_set_in_a_rows_height_between_two_blocks_is_their_section_row(producer: str) -> None:
    res = _detect(PRODUCERS[producer](_page("Rows:")))
    assert _first_cells(res) == [["Consistent tables", "Total", "Rows:", "Rows that fit", "Total"]]
    why = explain_page(res, Params())[0]
    labelled = [w for w in why.rows if any(e.kind == "section_label" for e in w.evidence)]
    assert len(labelled) == 2  # the label's band's top and bottom
    assert "the label its section row" in labelled[0].decision


@pytest.mark.parametrize("producer", list(PRODUCERS))
@pytest.mark.parametrize(("between", "white", "header"),
                         [("Rows:", 8.0, False), ("Table 2: Rows", 0.0, False), ("Rows:", 0.0, True)],
                         ids=["set-apart", "caption", "over-a-header"])
def test_a_heading_between_two_blocks_still_parts_them(producer: str, between: str, white: float,
                                                         header: bool) -> None:
    """Guards: set apart by more white than a row, a caption by its words, or a label over the
    next block's header row (words, no amount): two tables, the line in neither."""
    res = _detect(PRODUCERS[producer](_page(between, white, header)))
    assert len(res.tables) == 2
    assert all(between not in row for t in _first_cells(res) for row in t)
