"""A navigation bar printing the page number is page furniture, however many pieces it has;
a continued table's repeated header row (no page counter) stays in its table. Built with
exact coordinates (the InDesign report's page 51 is the real example: its table grew up
through the bar)."""

from __future__ import annotations

from pathlib import Path

import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from resources.make_samples import A4, TableStyle, draw_table, finish, new_document
from tests.core.boundary_pdfs import BALANCE, LEFT, WIDTHS, balance_rows

NAV = ("Introduction", "Products", "People", "Appendix")
REPORT = Path(__file__).resolve().parents[2] / "corpus" / "tagged_real" / "pdfs" / "indesign18-report.pdf"


def _nav_document(pages: int = 3) -> bytes:
    """Each page: a bar of four section names, a tab underline under the second, the title
    and the page number (six pieces) at y 34; a booktabs table lower on every page."""
    doc = new_document()
    for n in range(1, pages + 1):
        page = doc.new_page(width=A4[0], height=A4[1])
        for k, label in enumerate(NAV):
            page.insert_text((LEFT + 70 * k, 34), label, fontsize=8, fontname="helv")
        page.draw_line((LEFT + 70, 38), (LEFT + 102, 38), width=0.8)
        page.insert_text((A4[0] - LEFT - 110, 34), "Annual Report 2023", fontsize=8, fontname="helv")
        page.insert_text((A4[0] - LEFT - 8, 34), str(n), fontsize=8, fontname="helv")
        draw_table(page, LEFT, 50 + 6 * n, [BALANCE, *balance_rows(10 * n, 30)], TableStyle(rules="booktabs"),
                   col_widths=WIDTHS)
    return finish(doc)


def test_a_navigation_bar_with_the_page_number_is_furniture() -> None:
    pipe = Pipeline(open_document(_nav_document()))
    for i in range(3):
        res = pipe.run(i)
        assert [w.text for w in res.words if w.furniture] == [*NAV, "Annual", "Report", "2023", str(i + 1)]
        assert [(t.n_rows, t.n_cols) for t in res.tables] == [(31, 4)]
        assert res.tables[0].bbox.y0 > 40


def test_report_table_starts_under_the_navigation_bar() -> None:
    if not REPORT.is_file():
        pytest.skip(f"{REPORT} is absent (make corpus-tagged-real)")
    res = Pipeline(open_document(REPORT)).run(50)
    assert [round(t.bbox.y0) for t in res.tables] == [85]
    assert "51" in [w.text for w in res.words if w.furniture]


TITLE = "STATE REGISTRATION REPORT"
COLS = ((38.0, "County"), (120.0, "Precincts"), (200.0, "Democratic"), (280.0, "Republican"), (360.0, "Total"))


def _report_document(pages: int = 3, counter: bool = True) -> bytes:
    """Each page: a report writer's page header, its title centred in 10 pt with "Page: N" at the
    right edge (``counter``), set 4.8 pt over a borderless table's header row (tighter than a line
    of white: Telerik Reporting's Arizona report), then twelve rows at a 13 pt pitch."""
    doc = new_document()
    for n in range(1, pages + 1):
        page = doc.new_page(width=612, height=792)
        page.insert_text((200, 27), TITLE, fontsize=10, fontname="helv")
        if counter:
            page.insert_text((546, 25), f"Page: {n}", fontsize=8, fontname="helv")
        for k in range(13):
            y = 42.0 + 13.0 * k
            for c, (x, head) in enumerate(COLS):
                text = head if k == 0 else f"C{n}{k}" if c == 0 else f"{(n * 100 + k * 7 + c * 13) * 11:,}"
                page.insert_text((x, y), text, fontsize=8, fontname="helv")
    return finish(doc)


def test_a_page_header_with_the_page_counter_is_furniture_though_tight_on_the_table() -> None:
    """Issue #25 (the wild set's Telerik report): the title line with "Page: N", repeated on every
    page and set tighter over the table's header row than a line of white, was the table's first
    row. The page counter says page furniture (a table's repeated header prints none)."""
    pipe = Pipeline(open_document(_report_document()))
    for i in range(3):
        res = pipe.run(i)
        assert [w.text for w in res.words if w.furniture] == [*TITLE.split(), "Page:", str(i + 1)]
        assert [(t.n_rows, t.n_cols) for t in res.tables] == [(13, 5)]
        assert res.tables[0].rows_text()[0] == [head for _, head in COLS]


def test_a_title_tight_on_the_table_without_a_page_counter_is_no_furniture() -> None:
    """Guard: the same title without a page counter, set as tight, is not set aside."""
    pipe = Pipeline(open_document(_report_document(counter=False)))
    assert not [w.text for w in pipe.run(1).words if w.furniture]
