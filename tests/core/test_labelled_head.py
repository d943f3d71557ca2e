"""A boxed totals block as iText's PdfPTable draws one (issue 25, corpus/itext): a frame round
"Net amount / Discount / VAT 20% / Total due" and one rule over the total, nothing else. The
lines over that rule are each a label beside an amount: four rows, no header
(``bandlines.labelled_rows``), not a three-line header row over the total. A header's wrapped
lines in the same place ("Amount" over "(EUR)") stay one header row. Built with PyMuPDF at
known coordinates."""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

SIZE = 9.0
ROWS = (("Net amount", "17,852.68"), ("Discount", "(1,785.27)"), ("VAT 20%", "3,213.48"), ("Total due", "19,280.90"))
LEFT, MID, RIGHT = 370.0, 470.0, 541.0  # the block's left edge, its column boundary, its right edge (pt)
TOP, STEP = 78.0, 15.0  # the frame's top and the row pitch (pt)


def _right(page: pymupdf.Page, y: float, text: str) -> None:
    page.insert_text((RIGHT - 4 - pymupdf.get_text_length(text, fontsize=SIZE), y), text, fontsize=SIZE)


def block(rows: tuple[tuple[str, str], ...]) -> bytes:
    """A framed two-column block of ``rows``, one rule over its last row; each cell's borders
    stroked on their own, as PdfPCell does."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for k, (label, amount) in enumerate(rows):
        y0, y1 = TOP + k * STEP, TOP + (k + 1) * STEP
        page.insert_text((LEFT + 4, y0 + 11), label, fontsize=SIZE)
        _right(page, y0 + 11, amount)
        page.draw_line((LEFT, y0), (LEFT, y1), width=0.5)  # the frame's sides, a segment per cell
        page.draw_line((RIGHT, y0), (RIGHT, y1), width=0.5)
        for x0, x1 in ((LEFT, MID), (MID, RIGHT)):
            if k == 0:
                page.draw_line((x0, y0), (x1, y0), width=0.5)
            if k >= len(rows) - 2:  # the rule over the last row, the frame's bottom
                page.draw_line((x0, y1), (x1, y1), width=0.5)
    return doc.tobytes()


def texts(res: PageResult) -> list[list[str]]:
    (t,) = res.tables
    grid = [[""] * t.n_cols for _ in range(t.n_rows)]
    for c in t.cells:
        grid[c.r][c.c] = c.text
    return grid


def test_a_boxed_totals_block_is_a_row_per_line() -> None:
    res = Pipeline(open_document(block(ROWS))).run(0)
    assert texts(res) == [list(r) for r in ROWS]
    assert res.tables[0].header_rows == 0


def test_explain_names_the_labelled_lines() -> None:
    res = Pipeline(open_document(block(ROWS))).run(0)
    (why,) = explain_page(res, Params())
    named = [round(w.pos) for w in why.rows if [e.kind for e in w.evidence] == ["labelled_rows"]]
    assert named == [round(TOP + STEP), round(TOP + 2 * STEP)]


def test_a_wrapped_header_over_the_rule_stays_one_row() -> None:
    rows = (("Account", "Amount"), ("", "(EUR)"), ("Total due", "19,280.90"))
    res = Pipeline(open_document(block(rows))).run(0)
    assert texts(res) == [["Account", "Amount\n(EUR)"], ["Total due", "19,280.90"]]
