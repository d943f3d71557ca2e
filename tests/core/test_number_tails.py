"""A number a producer broke inside a narrow column goes on in the next line (issue #25,
documents nobody here made: TCPDF's writeHTML breaks "1,692,000" into "1,692,0" over "00" in a
narrow cell). Read line by line, each broken row was two rows, the tails a row of amounts of
their own. ``wrapped_rows.number_tails`` keeps a line of number tails (and a wrapped spec beside
them) in the row above, between rules or without, and explain names it (evidence
``number_tail``); the defects count such a number split over two rows as a broken number and not
the number joined back in one cell. Guards: whole values under whole values stay rows, so does
a row whose label is a new one. Built with PyMuPDF."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.numbers import completes_number
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Cell, PageResult, Rect, Table
from inspector.evaluation.defects import broken_numbers

XS = (60.0, 170.0, 260.0, 300.0, 345.0, 400.0)  # the column edges: label, spec, qty, price, amount
STEP = 12.0  # a line step inside a row, and onto the next row when rows are set tight (pt)
HEAD = ("Item", "Spec", "Qty", "Price", "Amount")
ROWS = ((("Licence", ""), ("Office std", ""), ("40", ""), ("1,692,0", "00"), ("67,680,00", "0")),
        (("Notebook", ""), ("i7 / 16GB", "SSD"), ("11", ""), ("3,410,0", "00"), ("37,510,00", "0")),
        (("Cabling", ""), ("On site", ""), ("21", ""), ("720,000", ""), ("15,120,00", "0")),
        (("Desk", ""), ("Oak", ""), ("10", ""), ("1,453,", "000"), ("14,530,", "000")))
JOINED = [list(HEAD),
          ["Licence", "Office std", "40", "1,692,0 00", "67,680,00 0"],
          ["Notebook", "i7 / 16GB SSD", "11", "3,410,0 00", "37,510,00 0"],
          ["Cabling", "On site", "21", "720,000", "15,120,00 0"],
          ["Desk", "Oak", "10", "1,453, 000", "14,530, 000"]]


def _right(page: pymupdf.Page, x1: float, y: float, text: str) -> None:
    width = pymupdf.get_text_length(text, fontname="helv", fontsize=9)
    page.insert_text((x1 - width, y), text, fontsize=9)


def _put(page: pymupdf.Page, y: float, cells: tuple[str, ...]) -> None:
    """One text line: the first two columns set left, the amounts set right (3 pt padding)."""
    for c, text in enumerate(cells):
        if text:
            if c < 2:
                page.insert_text((XS[c] + 3, y), text, fontsize=9)
            else:
                _right(page, XS[c + 1] - 3, y, text)


def _pdf(rows: tuple = ROWS, rules: str = "frame", pad: float = 0.0) -> bytes:
    """The header line, then each row's lines ``STEP`` apart and ``pad`` more between rows;
    ``rules``: "frame" over and under the header and under the table, "grid" a full grid,
    "none" no rule."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y, tops = 110.0, [98.0]
    _put(page, y, HEAD)
    for row in rows:
        tops.append(y + 4 + pad / 2)
        y += STEP + pad
        for line in range(2):
            if line and not any(cell[1] for cell in row):
                break
            y += STEP if line else 0.0
            _put(page, y, tuple(cell[line] for cell in row))
    tops.append(y + 4 + pad / 2)
    for k, t in enumerate(tops):
        if rules == "grid" or rules == "frame" and k in (0, 1, len(tops) - 1):
            page.draw_line((XS[0], t), (XS[-1], t), width=0.5)
    if rules == "grid":
        for x in XS:
            page.draw_line((x, tops[0]), (x, tops[-1]), width=0.5)
    return doc.tobytes()


def _detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


def _rows(res: PageResult) -> list[list[str]]:
    return [[c.replace("\n", " ") for c in row] for row in res.tables[0].rows_text()]


def test_completes_number() -> None:
    """A short last digit group or a trailing separator, made whole by the next line's digits."""
    assert completes_number("1,692,0", "00") and completes_number("67,680,00", "0")
    assert completes_number("CHF 1,692,", "000") and completes_number("12.", "50")
    assert not completes_number("1,692,0", "0")  # "1,692,00": no number either
    assert not completes_number("1,0", "00")  # a whole (decimal-comma) value over another
    assert not completes_number("1,692,000", "00") and not completes_number("No.", "5")


def test_number_tails_stay_in_their_row_between_head_and_foot_rules() -> None:
    """Rules over and under the header and under the table only, rows set as tight as lines:
    four body rows, each broken number one cell, the wrapped spec too; explain names the tails."""
    res = _detect(_pdf())
    assert len(res.tables) == 1
    assert _rows(res) == JOINED
    why = explain_page(res, Params())[0]
    tails = [w for w in why.dropped if w.axis == "row" and any(e.kind == "number_tail" for e in w.evidence)]
    assert len(tails) == 4  # the tail lines of all four rows
    # "1,692,0 00" and "1,453," over "000" on the cell's next line: each one number joined back,
    # no defect ("1, 234" on one line still counts: ``test_spaced_number_on_one_line_counts``)
    assert [c.text for c in res.tables[0].cells if c.text.startswith("1,453")] == ["1,453,\n000"]
    assert broken_numbers(res.tables[0]) == []


def test_spaced_number_on_one_line_counts() -> None:
    """A separator ends a cell's line only where the producer broke the number there: on one line
    "1,453, 000" may be one number's glyphs spaced apart, or two values run together."""
    assert [d.detail for d in broken_numbers(table([["Desk", "1,453, 000"]]))] == ["merged: 1,453, 000"]
    assert broken_numbers(table([["Desk", "1,453,\n000"]])) == []
    assert [d.detail for d in broken_numbers(table([["Desk", "1,453\n000"]]))] == ["merged: 1,453\n000"]


@pytest.mark.parametrize(("rules", "pad"), [("grid", 6.0), ("none", 0.0)], ids=["grid", "borderless"])
def test_number_tails_stay_in_their_row_ruled_or_not(rules: str, pad: float) -> None:
    """A full grid, cell padding around each row; no rule at all, rows as tight as lines: the
    same four rows."""
    res = _detect(_pdf(rules=rules, pad=pad))
    assert len(res.tables) == 1
    assert _rows(res) == JOINED


def test_whole_values_under_whole_values_start_rows() -> None:
    """Guard: one-line rows set as tight as lines, amounts whole ("1,0" is a decimal-comma
    value, "720,000" whole), a row with a label of its own: a row each."""
    rows = tuple(((label, ""), (spec, ""), (q, ""), (p, ""), (a, "")) for label, spec, q, p, a in
                 (("Licence", "Office std", "40", "1,0", "67,680,000"), ("", "", "", "00", "0"),
                  ("Cabling", "On site", "21", "720,000", "15,120,000"), ("Desk", "Oak", "10", "1,453,000", "14,530")))
    res = _detect(_pdf(rows))
    assert [r[3] for r in _rows(res)] == ["Price", "1,0", "00", "720,000", "1,453,000"]


def table(texts: list[list[str]]) -> Table:
    """A table of two columns holding ``texts``, row by row."""
    cells = tuple(Cell(r, c, text=t) for r, row in enumerate(texts) for c, t in enumerate(row))
    return Table(Rect(0, 0, 100, 100), len(texts), 2, cells)


def test_a_number_split_over_two_rows_is_a_broken_number() -> None:
    """The defects: a number's tail read as a row of its own under its head is one broken
    number; joined back in one cell it is none, a whole value under a whole one neither."""
    split = table([["Licence", "1,692,0"], ["", "00"], ["Desk", "1,453,000"]])
    assert [(d.r, d.c, d.detail) for d in broken_numbers(split)] == [(0, 1, "split over rows: 1,692,0 / 00")]
    assert broken_numbers(table([["Licence", "1,692,0 00"], ["Desk", "1,453,000"]])) == []
    assert broken_numbers(table([["Licence", "1,0"], ["", "00"]])) == []
