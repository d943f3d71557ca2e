"""A page's running-header rule drawn 2 pt over a ruled table's top rule is no part of the
table: the two merge into one rule (within the snap tolerance), which runs on past the table's
sides over an empty margin. The table's other rules end together at its side rules, and no
text stands beyond them: the strips only that one rule reaches are no columns (an ISO
supplement set in InDesign: a table at the top of the text area under the page's header rule
read as five columns, two of them empty margins)."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.regions import EMPTY_MARGIN

PAGE_LEFT, PAGE_RIGHT = 36.0, 576.0  # pt: the header rule's ends
XS = (72.0, 165.0, 273.0, 540.0)  # the table's column rules
HEAD_RULE, TOP = 52.5, 54.5
ROWS = (("KEY", "TYPE", "VALUE"), ("D", "byte string", "(Optional) A string that identifies an entry"),
        ("Type", "name", "(Optional) The type of PDF object"), ("View", "name", "(Optional) The initial view"))
ROW = 16.0


def _page(margin_text: bool = False) -> bytes:
    """The header's text and rule, then the table right under it; with ``margin_text`` a note
    in the left margin beside the table's rows."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((PAGE_LEFT, 45), "Adobe Extensions Level 5", fontsize=9, fontname="helv")
    page.insert_text((553, 45), "8", fontsize=9, fontname="helv")
    page.draw_line((PAGE_LEFT, HEAD_RULE), (PAGE_RIGHT, HEAD_RULE), width=1.0)
    ys = [TOP + k * ROW for k in range(len(ROWS) + 1)]
    for y in ys:
        page.draw_line((XS[0], y), (XS[-1], y), width=1.0)
    for x in XS:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=1.0)
    for r, row in enumerate(ROWS):
        for c, text in enumerate(row):
            page.insert_text((XS[c] + 4, ys[r] + 12), text, fontsize=9, fontname="helv")
    if margin_text:
        for r in range(1, len(ROWS)):
            page.insert_text((PAGE_LEFT, ys[r] + 12), f"n{r}", fontsize=9, fontname="helv")
    return doc.tobytes()


def test_an_empty_margin_only_the_header_rule_reaches_is_no_column() -> None:
    res = Pipeline(open_document(_page())).run(0, Params())
    (table,) = res.tables
    assert (round(table.bbox.x0), round(table.bbox.x1)) == (XS[0], XS[-1])
    assert (table.n_rows, table.n_cols) == (len(ROWS), 3)
    assert table.rows_text() == [list(r) for r in ROWS]
    said = [r for r in explain(res, Params()).rejected if r.reason.startswith(EMPTY_MARGIN)]
    assert sorted((round(r.bbox.x0), round(r.bbox.x1)) for r in said) == [(PAGE_LEFT, XS[0]), (XS[-1], PAGE_RIGHT)]


def test_labels_on_the_rows_beyond_keep_their_column() -> None:
    """Text on the rows in the left strip (a stub column the style leaves unruled) keeps the
    rule's start as the table's side there; the right strip stays empty and is cut."""
    res = Pipeline(open_document(_page(margin_text=True))).run(0, Params())
    (table,) = res.tables
    assert table.bbox.x0 == pytest.approx(PAGE_LEFT, abs=0.5)
    assert table.bbox.x1 == pytest.approx(XS[-1], abs=1.0)
    assert table.n_cols == 4
    assert sorted(row[0] for row in table.rows_text() if row[0]) == [f"n{r}" for r in range(1, len(ROWS))]
