"""A table's footer row repeated at the foot of every page (FOP's ``table-footer``: "Total" and
the amount under the rule closing each page's rows) is a row of the table, not a running
footer, though it repeats at the same place on every page; a running footer of two pieces
tight under a rule but under no column of the rows stays page furniture. Built with exact
coordinates (Helvetica 9 pt, A4)."""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

XS = (59.0, 160.0, 265.0)  # date, reference, account: left edges
RIGHT = 490.0  # the amounts' right edge
PITCH = 14.6  # pt between rows' baselines
ROWS = 44  # rows of postings a page, the last baseline at 758 pt (the footer in the bottom tenth)
ACCOUNTS = ("Rent", "Postage", "Utilities", "Catering", "Insurance", "Bank charges")


def _put(page: pymupdf.Page, y: float, cells: tuple[str, ...]) -> None:
    for x, text in zip(XS, cells[:3], strict=True):
        page.insert_text((x, y), text, fontsize=9, fontname="helv")
    w = pymupdf.Font("helv").text_length(cells[3], 9)
    page.insert_text((RIGHT - w, y), cells[3], fontsize=9, fontname="helv")


def _ledger(foot: tuple[tuple[float, str], ...] | None = None) -> bytes:
    """Three pages of a ledger (head, rule, 44 postings, rule); under the rule, 6 pt down, the
    footer: "Total" and the amount under their columns, or ``foot`` ((x, text) pieces)."""
    doc = pymupdf.open()
    for n in range(3):
        page = doc.new_page(width=595, height=842)
        _put(page, 100, ("Date", "Reference", "Account", "Amount"))
        page.draw_line((XS[0], 104), (RIGHT, 104), width=0.5)
        for k in range(ROWS):
            _put(page, 130 + k * PITCH, (f"{1 + k % 28:02d}.0{n + 1}.2025", f"INV{4000 + 97 * k + n}",
                                         ACCOUNTS[(k + n) % len(ACCOUNTS)], f"{(37 * k + 11 * n) % 900 + 0.25:,.2f}"))
        y = 130 + (ROWS - 1) * PITCH
        page.draw_line((XS[0], y + 4), (RIGHT, y + 4), width=0.5)
        if foot is None:
            _put(page, y + 16, ("Total", "", "", "18,753.22"))
        else:
            for x, text in foot:
                page.insert_text((x, y + 16), text, fontsize=9, fontname="helv")
    return doc.tobytes()


def test_footer_row_repeated_on_every_page_stays_in_its_table() -> None:
    pipe = Pipeline(open_document(_ledger()))
    for i in range(3):
        res = pipe.run(i)
        assert not [w.text for w in res.words if w.furniture]
        assert [(t.n_rows, t.n_cols) for t in res.tables] == [(ROWS + 2, 4)]
        assert res.tables[0].rows_text()[-1] == ["Total", "", "", "18,753.22"]


def test_running_footer_under_a_rule_and_no_column_is_furniture() -> None:
    """Control: two pieces at the same place on every page, tight under the rule, standing
    under none of the columns' edges: a running footer, left out of the table."""
    pipe = Pipeline(open_document(_ledger(((200.0, "Acme Ledger Services"), (420.0, "Confidential")))))
    res = pipe.run(1)
    assert [w.text for w in res.words if w.furniture] == ["Acme", "Ledger", "Services", "Confidential"]
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(ROWS + 1, 4)]
