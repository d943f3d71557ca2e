"""A cell's line ending on a binary operator goes on in the next line (issue #25, documents nobody
here made: Qt's QTextDocument tables of results, "0.562 ±" over "0.013" in a narrow column, the
lines of a row and the rows set at one pitch, no padding between rows). Read line by line, each
wrapped row was two rows, the deviations a row of amounts of their own.
``wrapped_rows.operator_continuations`` keeps the operand's line in the row, with a wrapped
label beside it ("Particle" over "filter"), and explain names it. Guards: a row whose amounts
stand under whole values (no operator above them) stays a row; a value ending on "+" as part of
its word ("65+") is whole. Built with PyMuPDF."""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

ENDS = (150.0, 230.0, 310.0, 370.0)  # the right edges of the four amount columns
PITCH = 13.0  # every line, within a row or onto the next, one step (pt)
ROWS = ((("Particle", "filter"), ("0.562 ±", "0.013"), ("0.714 ±", "0.015"), ("608.3", ""), ("+3.23", "")),
        (("Ensemble", ""), ("0.893 ±", "0.045"), ("0.533 ±", "0.014"), ("56.9", ""), ("+0.33", "")),
        (("Lasso", ""), ("0.798 ±", "0.003"), ("0.987 ±", "0.029"), ("845.2", ""), ("-7.88", "")),
        (("MPC", ""), ("0.922 ±", "0.002"), ("0.960 ±", "0.010"), ("862.9", ""), ("+0.47", "")))
HEAD = ("Method", "Accuracy", "F1", "Time (s)", "Diff")


def _right(page: pymupdf.Page, x1: float, y: float, text: str) -> None:
    width = pymupdf.get_text_length(text, fontname="helv", fontsize=9)
    page.insert_text((x1 - width, y), text, fontsize=9)


def _pdf(rows: tuple = ROWS) -> bytes:
    """A borderless table: a header line, then each row's two lines, every line ``PITCH`` apart."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((60, 80), "Table 1: comparison of methods.", fontsize=9)
    y = 110.0
    page.insert_text((60, y), HEAD[0], fontsize=9)
    for c, h in enumerate(HEAD[1:]):
        _right(page, ENDS[c], y, h)
    for row in rows:
        for line in range(2):
            y += PITCH
            if row[0][line]:
                page.insert_text((60, y), row[0][line], fontsize=9)
            for c, cell in enumerate(row[1:]):
                if cell[line]:
                    _right(page, ENDS[c], y, cell[line])
            if not any(cell[1] for cell in row):
                break
    return doc.tobytes()


def _detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


def _rows(res: PageResult) -> list[list[str]]:
    return [[c.replace("\n", " ") for c in row] for row in res.tables[0].rows_text()]


def test_an_operand_under_its_operator_stays_in_the_row() -> None:
    """Four rows of two lines each, every line one pitch apart: four body rows, each mean with
    its deviation in one cell, "Particle filter" one label; explain names the operator."""
    res = _detect(_pdf())
    assert len(res.tables) == 1
    assert _rows(res) == [list(HEAD),
                          ["Particle filter", "0.562 ± 0.013", "0.714 ± 0.015", "608.3", "+3.23"],
                          ["Ensemble", "0.893 ± 0.045", "0.533 ± 0.014", "56.9", "+0.33"],
                          ["Lasso", "0.798 ± 0.003", "0.987 ± 0.029", "845.2", "-7.88"],
                          ["MPC", "0.922 ± 0.002", "0.960 ± 0.010", "862.9", "+0.47"]]
    why = explain_page(res, Params())[0]
    said = [w.decision for w in why.dropped if w.axis == "row"]
    assert sum("ends on an operator" in d for d in said) == 4  # each row's second line


def test_whole_values_start_rows() -> None:
    """Guard: one-line rows whose cells end on no operator ("65+" is a value of its own) are
    rows each, however close."""
    rows = tuple(((label, ""), (a, ""), (b, ""), (t, ""), (d, "")) for label, a, b, t, d in
                 (("Under 18", "0.512", "0.611", "12.0", "+1.0"), ("18-64", "0.733", "0.702", "15.5", "+0.4"),
                  ("65+", "0.645", "0.598", "9.1", "-0.2"), ("All", "0.690", "0.650", "36.6", "+0.5")))
    res = _detect(_pdf(rows))
    assert [r[0] for r in _rows(res)] == ["Method", "Under 18", "18-64", "65+", "All"]


KEY = (("AIP", "American Independent", "NPA", "No Party Affiliation"),
       ("AMC", "American Constitution Party", "NPY", "No Party"),
       ("APV", "Approval Voting Party", "OTH", "Other-party candidate"),
       ("ASF", "American Solidarity Party", "P", "Prohibition Party"),
       ("BP", "By Petition", "PAF", "Peace and Freedom"),
       ("C", "Conservative", "PC", "Petitioning Candidate"))


def _key_pdf() -> bytes:
    """A key of abbreviations in two halves, each code, an "=" alone in a column of its own, and
    the meaning (the wild set's Word 365 election results, page 9), every line ``PITCH`` apart."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = 110.0
    for code, meaning, code2, meaning2 in KEY:
        for x, text in ((60, code), (100, "="), (120, meaning), (320, code2), (360, "="), (380, meaning2)):
            page.insert_text((x, y), text, fontsize=9)
        y += PITCH
    return doc.tobytes()


def test_an_operator_alone_in_its_cell_awaits_no_operand() -> None:
    """Issue #25 (the wild set's Word 365 key of party labels): every "=" of the key's column
    ended its cell, so each line was read as the operand of the line above and the key came out
    in rows of several lines each. An operator alone in its cell has no left operand there: it
    stands between two columns of its own line. One row per line."""
    res = _detect(_key_pdf())
    assert len(res.tables) == 1
    assert _rows(res) == [[code, "=", meaning, code2, "=", meaning2] for code, meaning, code2, meaning2 in KEY]
