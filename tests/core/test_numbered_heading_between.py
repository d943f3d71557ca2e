"""A numbered heading between two tables ruled alike (issue 25, class 2: groff's ``-ms`` sets
"5.  Cash flow", its number apart from its title by a wide space). Two pieces, it read as a row
of the tables the rules stacked into one, and the lower table grew up over it as a header line.
The number alone, then a title in bold, is one heading (``between.numbered_title``). Built by
PyMuPDF and by fpdf2."""

from __future__ import annotations

import pymupdf
from fpdf import FPDF

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

X = (72.0, 200.0, 290.0, 380.0)  # the columns' left edges, pt
RULE = (66.0, 440.0)  # the rules' ends, pt
UPPER = (("Region", "Units", "Price", "Total"), ("North", "12", "3.50", "42.00"),
         ("South", "8", "2.25", "18.00"), ("East", "5", "4.00", "20.00"))
LOWER = (("Line", "2021", "2022", "2023"), ("Income", "590", "12", "4"), ("Costs", "47", "35", "9"))


def _layout(line: object, text: object, y0: float, number: str, bold: bool) -> None:
    """Both tables through ``line(x0, y, x1)`` and ``text(x, y, s, bold)`` (pt, baselines): 0.5 pt
    rules over, under the header and under the rows; between them the heading ``number`` (12 pt
    before its title, "" for none), 24 pt under the upper table, the next 10 pt under it."""
    def table(y: float, rows: tuple[tuple[str, ...], ...]) -> float:
        line(RULE[0], y, RULE[1])  # type: ignore[operator]
        for k, row in enumerate(rows):
            y += 13 if k < 2 else 14
            for x, s in zip(X, row, strict=True):
                text(x, y, s, False)  # type: ignore[operator]
            if k == 0:
                line(RULE[0], y + 5, RULE[1])  # type: ignore[operator]
        line(RULE[0], y + 5, RULE[1])  # type: ignore[operator]
        return y + 5
    y = table(y0, UPPER) + 24
    if number:
        text(RULE[0], y, number, bold)  # type: ignore[operator]
    text(RULE[0] + (22 if number else 0), y, "Cash flow", bold)  # type: ignore[operator]
    table(y + 10, LOWER)


def _pymupdf(number: str = "5.", bold: bool = True) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    _layout(lambda x0, y, x1: page.draw_line((x0, y), (x1, y), width=0.5),
            lambda x, y, s, b: page.insert_text((x, y), s, fontsize=10, fontname="tibo" if b else "tiro"),
            100.0, number, bold)
    return doc.tobytes()


def _fpdf2(number: str = "5.") -> bytes:
    pdf = FPDF(unit="pt", format="A4")
    pdf.add_page()
    pdf.set_line_width(0.5)

    def text(x: float, y: float, s: str, bold: bool) -> None:
        pdf.set_font("Times", "B" if bold else "", 10)
        pdf.text(x, y, s)
    _layout(lambda x0, y, x1: pdf.line(x0, y, x1, y), text, 100.0, number, True)
    return bytes(pdf.output())


def _tables(data: bytes) -> list[list[list[str]]]:
    return [t.rows_text() for t in Pipeline(open_document(data)).run(0, Params()).tables]


def test_a_numbered_heading_parts_the_tables() -> None:
    for data in (_pymupdf(), _fpdf2()):
        assert _tables(data) == [[list(r) for r in UPPER], [list(r) for r in LOWER]]
    res = Pipeline(open_document(_pymupdf())).run(0, Params())
    assert [r.reason for r in explain(res, Params()).rejected] == [
        'heading between tables: a heading in bold type ("5. Cash flow") stands alone between two rules over a '
        'header row; one table ends above it, the next starts below']


def test_a_heading_without_its_number_parts_them_as_before() -> None:
    assert _tables(_pymupdf(number="")) == [[list(r) for r in UPPER], [list(r) for r in LOWER]]


def test_a_regular_number_and_label_is_a_row() -> None:
    """In the body's own type, "5." and "Cash flow" are a row's number and label: one table."""
    tables = _tables(_pymupdf(bold=False))
    assert len(tables) == 1 and ["5. Cash flow", "", "", ""] in tables[0]
