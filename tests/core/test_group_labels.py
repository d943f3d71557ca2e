"""A group label centred over some columns, alone on its line, hides no column gap under it.

Statistical tables (a government report's, ICDAR us-019) set "Enrollment, in thousands" or
"Percentage difference ..." each on a line of its own, centred over the number columns it
groups. Four such lines in thirteen are more than ``columns.spanning_lines`` lets cross a gap,
and two number columns used to come out as one ("49,266 49,373").
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.core.params import ColumnParams
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.columns import Pieces, Segment
from inspector.core.structure.group_labels import under_group_labels
from inspector.core.types import Rect, Word

SIZE = 8.0
RIGHTS = (260.0, 360.0, 460.0, 560.0)  # right edges of the four number columns
YEARS = ("2019", "2020", "2021", "2022")
GROUPS = (("Enrollment, in thousands of pupils", (("Actual", ("49,293", "49,266", "49,373", "49,484")),)),
          ("Projected enrollment, in thousands of pupils", (("Model A", ("49,644", "49,825", "50,067", "50,353")),
                                       ("Model B", ("n.a.", "n.a.", "49,788", "50,034")))),
          ("Percentage difference between actual and projected values", (("Model A", ("0.7", "1.1", "1.4", "1.8")),
                                               ("Model B", ("n.a.", "#", "-0.1", "-0.2")))))


def _centred(page: pymupdf.Page, text: str, left: float, right: float, y: float) -> None:
    width = pymupdf.get_text_length(text, fontsize=SIZE)
    page.insert_text(((left + right - width) / 2, y), text, fontsize=SIZE)


def grouped_pdf() -> bytes:
    """A stub column and four right-aligned number columns under a "Year" label; each group
    of rows under its label centred over the number columns; rules over and under the whole."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y, left = 100.0, RIGHTS[0] - pymupdf.get_text_length("2019", fontsize=SIZE)
    page.draw_line((40, y - 10), (564, y - 10), width=0.6)
    _centred(page, "Year of data", left, RIGHTS[-1], y)
    y += 14
    page.insert_text((40, y), "Source", fontsize=SIZE)
    for x1, text in zip(RIGHTS, YEARS, strict=True):
        page.insert_text((x1 - pymupdf.get_text_length(text, fontsize=SIZE), y), text, fontsize=SIZE)
    for label, rows in GROUPS:
        y += 16
        _centred(page, label, left, RIGHTS[-1], y)
        for name, values in rows:
            y += 12
            page.insert_text((40, y), name, fontsize=SIZE)
            for x1, text in zip(RIGHTS, values, strict=True):
                page.insert_text((x1 - pymupdf.get_text_length(text, fontsize=SIZE), y), text, fontsize=SIZE)
    page.draw_line((40, y + 4), (564, y + 4), width=0.6)
    return doc.tobytes()


def test_number_columns_under_centred_group_labels_stay_apart() -> None:
    (table,) = Pipeline(open_document(grouped_pdf())).run(0).tables
    rows = [[" ".join(c.split()) for c in r] for r in table.rows_text()]
    assert table.n_cols == 5
    assert ["Source", *YEARS] in rows
    assert ["Actual", "49,293", "49,266", "49,373", "49,484"] in rows
    assert ["Model B", "n.a.", "#", "-0.1", "-0.2"] in rows
    # Each label is its own row, its text in one cell.
    for label, _ in GROUPS:
        assert [c for r in rows for c in r if label in c] == [label]


def _line(texts_at: list[tuple[str, float]], line: int, words: list[Word], segs: list[Segment]) -> None:
    """Words at x (left edges) on ``line``, one segment each."""
    for text, x in texts_at:
        width = pymupdf.get_text_length(text, fontsize=SIZE)
        words.append(Word(text, Rect(x, 100 + 12 * line, x + width, 108 + 12 * line)))
        segs.append(Segment((len(words) - 1,), x, x + width, line))


def test_only_centred_labels_are_set_aside() -> None:
    words: list[Word] = []
    segs: list[Segment] = []
    for k in range(4):
        _line([("Row", 40.0), ("1,234", 200.0), ("5,678", 300.0)], k, words, segs)
    width = pymupdf.get_text_length("5,678", fontsize=SIZE)
    params = ColumnParams()
    pieces = lambda: Pieces.of_words(words, segs)  # noqa: E731 - rebuilt after each line added
    # A label centred over the two number columns: the gap between them (about 250 pt) stands.
    _line([("Group label over both", 0.0)], 4, words, segs)
    label = segs[-1]
    shift = (200.0 + 300.0 + width) / 2 - (label.x0 + label.x1) / 2
    words[-1] = Word(words[-1].text, Rect(words[-1].bbox.x0 + shift, words[-1].bbox.y0, words[-1].bbox.x1 + shift,
                                          words[-1].bbox.y1))
    segs[-1] = Segment(label.word_ids, label.x0 + shift, label.x1 + shift, 4)
    got = under_group_labels([150.0], pieces(), segs, 30.0, 340.0, params)
    assert len(got) == 2 and 200.0 + width < got[1] < 300.0
    # The same line set at the left of the number columns (a wrapped label) is no group label.
    segs[-1] = Segment(label.word_ids, 205.0, 205.0 + label.x1 - label.x0, 4)
    words[-1] = Word(words[-1].text, Rect(205.0, words[-1].bbox.y0, 205.0 + label.x1 - label.x0, words[-1].bbox.y1))
    assert under_group_labels([150.0], pieces(), segs, 30.0, 340.0, params) == [150.0]


ICDAR = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "pdfs" / "icdar2013"


def test_a_report_s_group_labels_over_its_year_columns() -> None:
    """ICDAR us-019 p4: "Enrollment, in thousands" and three more labels over the year
    columns; 2008-09 and 2009-10 used to be one column (adjacency F1 0.40, the second table 0.11)."""
    pdf = ICDAR / "competition-dataset-us" / "us-019.pdf"
    if not pdf.exists():
        pytest.skip("../shared/corpus (ICDAR 2013) is absent")
    first, second = Pipeline(open_document(pdf.read_bytes())).run(3).tables
    rows = [[" ".join(c.split()) for c in r] for r in first.rows_text()]
    assert ["Source", "2007–08", "2008–09", "2009–10", "2010–11"] in rows
    assert (first.n_cols, second.n_cols) == (5, 5)
    assert [" ".join(c.split()) for c in second.rows_text()[-1]] == ["Example", "0.2", "0.5", "0.7", "1.3"]
