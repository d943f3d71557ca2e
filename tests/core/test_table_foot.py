"""Where one table ends at what stands under it (issue #25, classes 2 and 5), on pages built
with PyMuPDF at known coordinates, each in two drawing habits: ruled by rows only (a rule under
every row, no column rules) and borderless (no drawing at all). A numbered section heading set
apart under the table ends it (``ends.section_heading``); explain names what ended the growth
down (a heading, a continuation marker, a caption); a statement's amounts set on a wrapped
label's last line keep one table of whole rows (``aligned._label_over``, ``bandlines.leads_in``)."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from tests.core.test_library_styles import HEAD, ROW, XS, draw, rows_of, run, shapes

HABITS = ["ruled-rows", "borderless"]


def _rules(habit: str, n: int) -> range:
    return range(1, n + 1) if habit == "ruled-rows" else range(0)


def _prose(page: pymupdf.Page, y: float) -> None:
    page.insert_text((XS[0], y), "The figures above are restated after the change of accounting policy in the "
                                 "second quarter.", fontsize=9.0, fontname="helv")


@pytest.mark.parametrize("habit", HABITS)
@pytest.mark.parametrize("heading", ["3.2 Results by region", "5 Outlook", "A.1 Method"])
def test_a_numbered_heading_set_apart_under_the_table_is_no_row(habit: str, heading: str) -> None:
    """A float's table, then a section heading ("3.2 Results", bold, set larger, more white above
    it than the table's row pitch): its number and title stand apart as two pieces in the
    table's first column and under its second, so the heading passed for a row. It is no row:
    the table ends at its last row, and explain says the heading ended it."""
    rows = [HEAD, *rows_of(1, 6)]

    def build(page: pymupdf.Page) -> None:
        bottom = draw(page, 100, rows, _rules(habit, len(rows)))
        y = bottom + 28  # as LaTeX sets a \\section under a float: 17 pt of white under the last rule
        number, title = heading.split(" ", 1)
        page.insert_text((XS[0], y), number, fontsize=12.0, fontname="hebo")
        x = XS[0] + pymupdf.Font("hebo").text_length(number, 12.0) + 12.0  # LaTeX's quad after the number
        page.insert_text((x, y), title, fontsize=12.0, fontname="hebo")
        _prose(page, y + 22)

    res = run(build)
    assert shapes(res) == [(7, 4)]
    assert res.tables[0].rows_text()[-1][0] == "Account 06"
    assert res.tables[0].bbox.y1 <= 100 + len(rows) * ROW + 0.5
    why = explain_page(res, Params())[0]
    assert any(e.kind == "section_heading" for e in why.rows[-1].evidence)
    assert heading in why.rows[-1].decision


@pytest.mark.parametrize("habit", HABITS)
def test_a_numbered_row_at_the_tables_pitch_stays_a_row(habit: str) -> None:
    """The same two pieces in the table's type and pitch ("6  Reserve 6" under numbered rows of a
    two-column list, bold as its rows are) are the table's last row: the heading needs its white."""
    rows = [("No.", "Item"), *[(str(k), f"Reserve {k}") for k in range(1, 7)]]

    def build(page: pymupdf.Page) -> None:
        for r, (a, b) in enumerate(rows):
            y = 100 + r * ROW + 11.5
            page.insert_text((XS[0] + 4, y), a, fontsize=9.0, fontname="hebo")
            page.insert_text((XS[1] + 4, y), b, fontsize=9.0, fontname="hebo")
        for k in _rules(habit, len(rows)):
            page.draw_line((XS[0], 100 + k * ROW), (XS[2], 100 + k * ROW), width=0.5)
        _prose(page, 100 + len(rows) * ROW + 30)

    res = run(build)
    assert shapes(res) == [(7, 2)]
    assert res.tables[0].rows_text()[-1] == ["6", "Reserve 6"]


@pytest.mark.parametrize("habit", HABITS)
@pytest.mark.parametrize(("foot", "said"), [("Continued on next page", "a continuation marker"),
                                            ("Table 3: Operating costs by account", "a caption")])
def test_explain_names_the_foot_that_ended_the_table(habit: str, foot: str, said: str) -> None:
    """A longtable's foot ("Continued on next page", set flush right) or a caption under the last
    row: the table ends over it, and explain names it on the table's bottom (not only "the
    table region ends here")."""
    rows = [HEAD, *rows_of(1, 6)]

    def build(page: pymupdf.Page) -> None:
        bottom = draw(page, 100, rows, _rules(habit, len(rows)))
        x = XS[-1] - 4 - pymupdf.Font("heit").text_length(foot, 9.0) if foot.startswith("Cont") else XS[0]
        page.insert_text((x, bottom + 12), foot, fontsize=9.0, fontname="heit")

    res = run(build)
    assert shapes(res) == [(7, 4)]
    assert all(foot not in " ".join(row) for row in res.tables[0].rows_text())
    why = explain_page(res, Params())[0]
    assert [e.kind for e in why.rows[-1].evidence][-1] == "foot_line"
    assert f'("{foot[:60]}") is {said}' in why.rows[-1].decision


STATEMENT = [(["Revenue from contracts with customers"], "12,400", "11,900"),
             (["Cost of sales including depreciation of", "production equipment"], "(7,100)", "(6,850)"),
             (["Selling, general and administrative", "expenses, excluding the restructuring", "charges shown below"],
              "(2,300)", "(2,150)"),
             (["Restructuring charges"], "(410)", "-"),
             (["Share of profit of associates accounted", "for using the equity method"], "215", "190"),
             (["Operating profit"], "2,805", "3,090")]
AMOUNTS_AT = (400.0, 500.0)  # right edges of the two amount columns


def _statement(page: pymupdf.Page, habit: str, gap: float, head: bool) -> None:
    """A statement whose labels wrap over two or three lines at 11 pt leading, each row's
    amounts on its label's last line (bottom-aligned), ``gap`` pt of padding between rows, a
    rule under each row when ruled by rows."""
    def amount(x: float, y: float, text: str) -> None:
        page.insert_text((x - pymupdf.Font("helv").text_length(text, 9.0), y), text, fontsize=9.0, fontname="helv")

    y = 100.0
    if head:
        amount(AMOUNTS_AT[0], y, "2024")
        amount(AMOUNTS_AT[1], y, "2023")
        y += 11.0 + gap
    for labels, a, b in STATEMENT:
        for k, label in enumerate(labels):
            page.insert_text((XS[0], y + 11.0 * k), label, fontsize=9.0, fontname="helv")
        last = y + 11.0 * (len(labels) - 1)
        amount(AMOUNTS_AT[0], last, a)
        amount(AMOUNTS_AT[1], last, b)
        if habit == "ruled-rows":
            page.draw_line((XS[0], last + 2.5 + gap / 2), (AMOUNTS_AT[1], last + 2.5 + gap / 2), width=0.5)
        y = last + 11.0 + gap
    page.insert_text((XS[0], y + 24), "The notes on pages 12 to 30 are an integral part of these financial "
                                      "statements.", fontsize=9.0, fontname="helv")


@pytest.mark.parametrize("habit", HABITS)
@pytest.mark.parametrize(("gap", "head"), [(0.0, False), (4.0, True), (8.0, False)])
def test_amounts_on_a_wrapped_labels_last_line_keep_one_table_of_whole_rows(habit: str, gap: float,
                                                                             head: bool) -> None:
    """Each label's first lines stand alone over the line with its amounts: they were read as
    the row above's wrapped cell, or (rows padded) as breaks cutting the statement into pieces.
    A label line going on into the next line's text (lower case, or after "of"), tight over
    it, in the first column, is that row's: one table, each row its whole label and amounts."""
    res = run(lambda page: _statement(page, habit, gap, head))
    assert shapes(res) == [(len(STATEMENT) + head, 3)]
    body = [[cell.replace("\n", " ") for cell in row] for row in res.tables[0].rows_text()[int(head):]]
    assert body == [[" ".join(labels), a, b] for labels, a, b in STATEMENT]
    if habit == "borderless":  # the rows' starts are the text's: explain names the label leading in
        why = explain_page(res, Params())[0]
        led = [w for w in why.rows if any(e.kind == "label_leads_in" for e in w.evidence)]
        assert len(led) == sum(len(labels) > 1 for labels, _, _ in STATEMENT[1:])
