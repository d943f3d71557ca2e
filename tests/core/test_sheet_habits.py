"""Two habits of sheets printed to PDF by spreadsheet programs (LibreOffice Calc, Gnumeric):
a blank spacer column breaks the header rule and the totals rules (cell borders) into two
groups at the same heights, the right one amounts only (``structure.spacers``); printed
gridlines run over the title and the notes, set apart by an empty gridded row
(``structure.sheetmargins``)."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

LABELS = ("North", "South", "East", "West")
AMOUNTS = (("1,204", "12.5%", "3,310"), ("880", "-4.1%", "(120)"), ("2,015", "30.0%", "77"), ("15", "1.2%", "4,400"))
PITCH = 15.0  # pt per sheet row
SIZE = 9.0


def _right(page: pymupdf.Page, x1: float, y: float, text: str, bold: bool = False) -> None:
    font = "hebo" if bold else "helv"
    page.insert_text((x1 - pymupdf.get_text_length(text, font, SIZE), y), text, fontname=font, fontsize=SIZE)


def _run(doc: pymupdf.Document) -> PageResult:
    return Pipeline(open_document(doc.tobytes())).run(0)


def _spacer_sheet() -> pymupdf.Document:
    """Label | Q1 | Share || (spacer 12 pt) || Prior year; the header rule, the totals rule and
    its double underline drawn per cell, so broken over the spacer."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    left, right = ((50.0, 250.0), (262.0, 330.0))
    top = 100.0
    page.insert_text((52, top + 11), "Region", fontname="hebo", fontsize=SIZE)
    for x1, head in ((190, "Q1"), (248, "Share"), (328, "Prior year")):
        _right(page, x1, top + 11, head, bold=True)
    rows = [*zip(LABELS, AMOUNTS, strict=True), ("Total", ("4,114", "39.6%", "7,667"))]
    for k, (label, (a, b, c)) in enumerate(rows):
        y = top + PITCH * (k + 1) + 11
        page.insert_text((52, y), label, fontname="helv", fontsize=SIZE)
        for x1, v in ((190, a), (248, b), (328, c)):
            _right(page, x1, y, v)
    total_top, total_bottom = top + PITCH * len(rows), top + PITCH * (len(rows) + 1)
    for x0, x1 in (left, right):
        page.draw_line((x0, top + PITCH), (x1, top + PITCH), width=0.5)
        page.draw_line((x0, total_top), (x1, total_top), width=0.5)
        page.draw_line((x0, total_bottom), (x1, total_bottom), width=0.5)
        page.draw_line((x0, total_bottom + 2), (x1, total_bottom + 2), width=0.5)
    return doc


def test_a_spacer_column_keeps_the_amounts_beyond_it_in_the_table() -> None:
    res = _run(_spacer_sheet())
    (table,) = res.tables
    got = table.rows_text()
    assert [r[-1] for r in got] == ["Prior year", "3,310", "(120)", "77", "4,400", "7,667"]
    assert [r[0] for r in got] == ["Region", *LABELS, "Total"]


def test_two_tables_side_by_side_each_with_labels_stay_two() -> None:
    doc = _spacer_sheet()
    page = doc[0]
    # Row labels in the right group: a second table of its own, not amounts beyond a spacer.
    for k, label in enumerate(("Rent", "Travel", "Parts", "Repairs", "All")):
        page.insert_text((264, 100 + PITCH * (k + 1) + 11), label, fontname="helv", fontsize=SIZE)
    res = _run(doc)
    assert not any(any("Rent" in c for c in r) and any("North" in c for c in r) for t in res.tables
                   for r in t.rows_text())


def _gridded_sheet() -> pymupdf.Document:
    """Gridlines over a used range of 9 rows x 3 columns: a title (merged over the columns: no
    gridline inside it), an empty row, a header, four rows, an empty row, a note."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    xs, top, n = (50.0, 170.0, 250.0, 330.0), 100.0, 9
    for k in range(n + 1):
        page.draw_line((xs[0], top + PITCH * k), (xs[-1], top + PITCH * k), width=0.3, color=(0.6, 0.6, 0.6))
    for k, x in enumerate(xs):
        y0 = top if k in (0, len(xs) - 1) else top + PITCH
        page.draw_line((x, y0), (x, top + PITCH * n), width=0.3, color=(0.6, 0.6, 0.6))
    page.insert_text((120, top + 11), "Sales by region", fontname="hebo", fontsize=11)
    page.insert_text((52, top + 2 * PITCH + 11), "Region", fontname="hebo", fontsize=SIZE)
    _right(page, 248, top + 2 * PITCH + 11, "Q1", bold=True)
    _right(page, 328, top + 2 * PITCH + 11, "Share", bold=True)
    for k, (label, (a, b, _)) in enumerate(zip(LABELS, AMOUNTS, strict=True)):
        y = top + PITCH * (k + 3) + 11
        page.insert_text((52, y), label, fontname="helv", fontsize=SIZE)
        _right(page, 248, y, a)
        _right(page, 328, y, b)
    page.insert_text((52, top + 8 * PITCH + 11), "Note: figures are unaudited and rounded to the nearest unit.",
                     fontname="helv", fontsize=SIZE)
    return doc


def test_printed_gridlines_leave_the_title_and_the_note_out() -> None:
    res = _run(_gridded_sheet())
    (table,) = res.tables
    body = [[lab, a, b] for lab, (a, b, _) in zip(LABELS, AMOUNTS, strict=True)]
    assert table.rows_text() == [["Region", "Q1", "Share"], *body]
    assert table.grid.region.y0 == pytest.approx(130.0, abs=1) and table.grid.region.y1 == pytest.approx(205.0, abs=1)
    why = explain(res, Params())
    cut = [r.reason for r in why.rejected if "printed inside its gridlines" in r.reason]
    assert len(cut) == 2 and "title" in cut[0] + cut[1] and "notes" in cut[0] + cut[1]


def test_a_spacer_column_is_named_in_explain() -> None:
    res = _run(_spacer_sheet())
    (t,) = explain(res, Params()).tables
    assert [c for c in t.cols if any(e.kind == "spacer_column" for e in c.evidence)]


def test_an_accounting_sign_stays_with_a_totals_amount_run_into_the_next_column() -> None:
    """"$" at the cell's left, the amount at its right; on the bold totals row the amount and
    the next column's number touch ("9,842.54 -29.9%", under ``columns.min_gap`` apart)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    top = 100.0
    page.insert_text((52, top + 11), "Region", fontname="hebo", fontsize=SIZE)
    _right(page, 250, top + 11, "Q3", bold=True)
    _right(page, 300, top + 11, "Share", bold=True)
    rows = [("North", "92,967.61", "42.8%"), ("South", "770.51", "10.1%"), ("East", "(9.04)", "97.4%"),
            ("West", "41.59", "8.2%")]
    for k, (label, amount, share) in enumerate(rows):
        y = top + PITCH * (k + 1) + 11
        page.insert_text((52, y), label, fontname="helv", fontsize=SIZE)
        page.insert_text((170, y), "$", fontname="helv", fontsize=SIZE)
        _right(page, 250, y, amount)
        _right(page, 300, y, share)
    y = top + PITCH * 5 + 11
    page.insert_text((52, y), "Total", fontname="hebo", fontsize=SIZE)
    page.insert_text((170, y), "$", fontname="hebo", fontsize=SIZE)
    _right(page, 250, y, "9,842.54", bold=True)
    page.insert_text((251.5, y), "-29.9%", fontname="hebo", fontsize=SIZE)
    for yy in (top + PITCH, top + PITCH * 5, top + PITCH * 6, top + PITCH * 6 + 2):
        page.draw_line((50, yy), (300, yy), width=0.5)
    (table,) = _run(doc).tables
    got = table.rows_text()
    assert [r[1] for r in got[1:5]] == [f"$ {a}" for _, a, _ in rows]
    assert got[0][:2] == ["Region", "Q3"]


def _centred(page: pymupdf.Page, cx: float, y: float, text: str) -> None:
    page.insert_text((cx - pymupdf.get_text_length(text, "hebo", SIZE) / 2, y), text, fontname="hebo", fontsize=SIZE)


def test_a_filled_header_wrapped_over_three_lines_keeps_its_amounts() -> None:
    """A header row between its fill's top and a rule, one head wrapped over three lines, the
    others centred in their cells over right-aligned amounts wider than the heads' white."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.draw_rect(pymupdf.Rect(50, 98, 560, 132), color=None, fill=(0.85, 0.85, 0.85))
    page.draw_line((50, 132), (560, 132), width=0.5)
    page.insert_text((52, 118), "Region", fontname="hebo", fontsize=SIZE)
    _centred(page, 160, 118, "Q1")
    for k, part in enumerate(("Cost of", "goods", "sold")):
        _centred(page, 250, 108 + 10 * k, part)
    _centred(page, 390, 118, "Q3")
    _centred(page, 520, 118, "Q4")
    values = (("North", "63,387", "577.85", "80,672.30", "53.77"), ("South", "1,998", "2.38", "829,317.07", "760.06"),
              ("East", "-100", "705.06", "647.24", "48.53"), ("West", "9,827", "649.29", "3.06", "549.31"))
    for k, (label, *nums) in enumerate(values):
        y = 132 + PITCH * k + 11
        page.insert_text((52, y), label, fontname="helv", fontsize=SIZE)
        for x1, v in zip((198, 298, 478, 558), nums, strict=True):
            _right(page, x1, y, v)
    tables = _run(doc).tables
    assert len(tables) == 1
    got = tables[0].rows_text()
    assert [" ".join(c.split()) for c in got[0]] == ["Region", "Q1", "Cost of goods sold", "Q3", "Q4"]
    assert got[1:] == [list(r) for r in values]
