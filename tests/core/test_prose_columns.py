"""Running prose set in three columns is no table: its text runs on, in lower case after a
full line, across every row boundary a paragraph break in one column would make; a
borderless table with a wrapped text column (each cell ending its text) stays a table.
Built with exact coordinates (ICDAR's us-001 pages 1 and 3 and the InDesign report's page 12
are the real examples)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

SIZE = 9.0
PITCH = 12.5
WIDTH = 150.0  # pt a column's lines fill at most
COLUMNS = (54.0, 226.0, 398.0)  # each column's left edge: 22 pt gutters
WORDS = ("the survey measured how many people in each age group needed help with one or more daily "
         "activities and the share grew with age in every group while the rates for older people were "
         "likely to be higher since those living in nursing homes were not counted so comparisons across "
         "groups and years should take account of differences in the age of each population").split()


def _fill(words: list[str], start: int) -> tuple[list[str], int]:
    """Words from ``start`` that fit on one line ``WIDTH`` wide (the next would not)."""
    line: list[str] = []
    k = start
    while k < len(words):
        trial = " ".join([*line, words[k]])
        if pymupdf.get_text_length(trial, fontsize=SIZE) > WIDTH:
            break
        line.append(words[k])
        k += 1
    return line, k


def _column(page: pymupdf.Page, x: float, top: float, n_lines: int, breaks: set[int], shift: int) -> None:
    """``n_lines`` of flowing text from x; a paragraph break (a blank line, the next starting in
    capitals) before each line index in ``breaks``."""
    words, k, y = WORDS[shift:] + WORDS[:shift], 0, top
    for n in range(n_lines):
        if n in breaks:
            y += PITCH
            words[k] = words[k].capitalize()
        line, k = _fill(words, k % len(words))
        page.insert_text((x, y), " ".join(line), fontsize=SIZE)
        y += PITCH


def test_prose_in_three_columns_is_no_table() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    # Paragraph breaks fall at different lines in each column: each reads as a new row.
    for x, breaks, shift in zip(COLUMNS, ({5}, {3, 9}, {7}), (0, 11, 23), strict=True):
        _column(page, x, 100, 14, breaks, shift)
    res = Pipeline(open_document(doc.tobytes())).run(0)
    assert res.tables == (), [(t.n_rows, t.n_cols, t.bbox) for t in res.tables]
    said = [r.reason for r in res.regions if r.source == "aligned"]
    assert any(r.startswith("running prose set in columns") for r in said), said


def test_a_borderless_table_with_a_wrapped_text_column_stays() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    rows = (("Item", "Amount", "Note"), ("Rent", "1,200", "Paid in advance for the whole quarter of the year."),
            ("Power", "310", "Estimated from the meter."), ("Water", "95", "Billed twice a year."),
            ("Repairs", "2,450", "Includes the roof and the two windows on the north side."),
            ("Total", "4,055", "All costs."))
    y = 100.0
    for label, amount, note in rows:
        page.insert_text((54, y), label, fontsize=SIZE)
        page.insert_text((200 - pymupdf.get_text_length(amount, fontsize=SIZE), y), amount, fontsize=SIZE)
        words, k, dy = note.split(), 0, 0.0
        while k < len(words):  # the note wrapped in a 120 pt column: lower case runs on inside one cell
            line, k2 = [], k
            while k2 < len(words) and pymupdf.get_text_length(" ".join([*line, words[k2]]), fontsize=SIZE) <= 120:
                line.append(words[k2])
                k2 += 1
            page.insert_text((230, y + dy), " ".join(line), fontsize=SIZE)
            k, dy = k2, dy + 11
        y += max(dy, 11) + 6
    res = Pipeline(open_document(doc.tobytes())).run(0)
    assert len(res.tables) == 1, [(t.n_rows, t.n_cols, t.bbox) for t in res.tables]
    table = res.tables[0]
    assert table.n_rows == 6 and table.n_cols == 3
    assert [" ".join(c.split()) for c in table.rows_text()[4]] == [
        "Repairs", "2,450", "Includes the roof and the two windows on the north side."]


US001 = "pdfs/icdar2013/competition-dataset-us/us-001.pdf"
REPORT = Path(__file__).resolve().parents[2] / "corpus" / "tagged_real" / "pdfs" / "indesign18-report.pdf"


@pytest.mark.corpus
@pytest.mark.parametrize(("page", "tables"), [(1, 1), (3, 1)])
def test_us001_prose_columns_are_no_tables(corpus: Path, page: int, tables: int) -> None:
    res = Pipeline(open_document(corpus / US001)).run(page - 1)
    assert len(res.tables) == tables, [t.bbox for t in res.tables]
    assert all(t.n_cols == 11 for t in res.tables)  # the ruled statistics table, nothing else


def test_report_prose_beside_a_table_is_no_table() -> None:
    if not REPORT.is_file():
        pytest.skip(f"{REPORT} is absent (make corpus-tagged-real)")
    res = Pipeline(open_document(REPORT)).run(11)
    assert [t.bbox.x0 > 540 for t in res.tables] == [True, True], [t.bbox for t in res.tables]
