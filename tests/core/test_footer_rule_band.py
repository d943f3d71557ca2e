"""A running footer's rule under a table drawn by fills alone is no rule of the table (issue #25,
"documents nobody here made"; corpus/java: JasperReports' page footer, a thin filled rectangle
over the report's title and page number). The table's last fill and the footer rule are one
width and only blank paper lies between them, which ``rulegaps._empty_band`` keeps together
(a panel ruled wall to wall whose lower row is empty); the table ran down to the footer, its
line a row. A rule with nothing under it but the page's last line, close under it, is a
running footer's (``rulegaps.footer_rule``); the region left out says so. Guard: the same
rule with nothing under it (a panel's empty row) still closes the table."""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

LEFT, RIGHT, TOP, ROW = 40.0, 555.0, 100.0, 16.0
XS = (LEFT, 130.0, 330.0, 450.0, RIGHT)
FOOT = 790.0  # the footer rule's top (pt)


def _page(footer_text: bool) -> bytes:
    """A head band in white and ten rows on alternating shades, each row one filled
    rectangle; 1 pt filled rule at ``FOOT`` over a footer line (``footer_text``)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    rows = [("Date", "Description", "Debit", "Credit")] + [
        (f"2026-03-{k + 1:02d}", f"Transfer {k + 1}", f"{100 + 7 * k}.25", f"{k}.00") for k in range(10)]
    for r, texts in enumerate(rows):
        top = TOP + r * ROW
        shade = (0.2, 0.4, 0.3) if r == 0 else (0.85, 0.92, 0.9) if r % 2 else (0.94, 0.97, 0.96)
        page.draw_rect(pymupdf.Rect(LEFT, top, RIGHT, top + ROW), color=None, fill=shade)
        colour = (1, 1, 1) if r == 0 else (0, 0, 0)
        for c, t in enumerate(texts):
            x = XS[c] + 3 if c < 2 else XS[c + 1] - 3 - pymupdf.get_text_length(t, fontsize=9)
            page.insert_text((x, top + 11.5), t, fontsize=9, color=colour)
    page.draw_rect(pymupdf.Rect(LEFT, FOOT, RIGHT, FOOT + 1), color=None, fill=(0.2, 0.4, 0.3))
    if footer_text:
        page.insert_text((LEFT, FOOT + 12), "General ledger", fontsize=9)
        page.insert_text((RIGHT - pymupdf.get_text_length("Page 1", fontsize=9), FOOT + 12), "Page 1", fontsize=9)
    return doc.tobytes()


def _detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


def test_a_footer_rule_over_the_page_number_ends_no_table() -> None:
    res = _detect(_page(footer_text=True))
    assert len(res.tables) == 1
    t = res.tables[0]
    assert round(t.bbox.y0) == round(TOP) and TOP + 10 * ROW < t.bbox.y1 <= TOP + 11 * ROW  # the last row's
    assert [r[0] for r in t.rows_text()] == ["Date", *[f"2026-03-{k:02d}" for k in range(1, 11)]]
    told = [r for r in res.regions if "a running footer's rule" in r.reason]
    assert len(told) == 1 and round(told[0].bbox.y1) == round(FOOT)


def test_the_same_rule_over_nothing_still_closes_the_table() -> None:
    """Guard: no text under the rule (a panel's empty lower row): rules of one width over a
    blank are kept together, as before."""
    res = _detect(_page(footer_text=False))
    assert len(res.tables) == 1
    assert res.tables[0].bbox.y1 == FOOT + 0.5  # the filled rule's middle
    assert not any("a running footer's rule" in r.reason for r in res.regions)
