"""One drawn row of cells is a table (a form's signature line: name, signature, date): the
rules close every cell, which is evidence enough, though it has fewer rows than
``tables.min_rows``. A frame around text with one cell holding text is no table."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pymupdf
import pytest
from producer_pdfs import PRODUCERS

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult
from resources.make_samples import A4, finish, new_document

TAGGED = Path(__file__).resolve().parents[2] / "corpus" / "tagged_real" / "pdfs"
# A form's signature line: label, printed name, signature (left empty), date; x in pt.
XS = (40.0, 110.0, 260.0, 330.0, 470.0, 520.0, 560.0)
TEXTS = ("Applicant", "Sarah Norris", "Signature:", "", "Date:", "06/20/2025")


def _row(page: pymupdf.Page, y0: float, y1: float, xs: tuple[float, ...], texts: tuple[str, ...]) -> None:
    """One row of cells closed by rules: the frame, and a vertical rule at each inner ``xs``."""
    page.draw_rect(pymupdf.Rect(xs[0], y0, xs[-1], y1), color=(0, 0, 0), width=0.75)
    for x in xs[1:-1]:
        page.draw_line((x, y0), (x, y1), color=(0, 0, 0), width=0.75)
    for x, text in zip(xs, texts, strict=False):
        if text:
            page.insert_text((x + 4, (y0 + y1) / 2 + 3.5), text, fontsize=9)


def form_page() -> bytes:
    """Prose, two one-row tables with a sentence between them, and a framed note (one cell)."""
    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    page.insert_text((40, 80), "I give my consent to the enquiries described above.", fontsize=10)
    _row(page, 100, 126, XS, TEXTS)
    page.insert_text((40, 150), "I am giving my consent as a member of the household.", fontsize=10)
    _row(page, 170, 196, XS, ("Member", "Cecily Norris", "Signature:", "", "Date:", "06/21/2025"))
    _row(page, 240, 266, (40.0, 300.0, 560.0), ("Please return this form by post.", ""))
    return finish(doc)


def _detect(pdf: bytes, params: Params | None = None) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, params)


def test_one_row_of_closed_cells_is_a_table_with_its_columns() -> None:
    res = _detect(form_page())
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(1, 6), (1, 6)]
    first, second = (t.rows_text()[0] for t in res.tables)
    assert list(first) == list(TEXTS)
    assert list(second) == ["Member", "Cecily Norris", "Signature:", "", "Date:", "06/21/2025"]
    assert [round(t.bbox.y0) for t in res.tables] == [100, 170]  # the framed note is no table
    said, _ = explain(res, Params()).why_table(0)
    assert "1 rows (tables.min_rows = 2)" in said and "(tables.ruled_row)" in said


def test_one_drawn_row_can_be_turned_off() -> None:
    params = replace(Params(), tables=replace(Params().tables, ruled_row=False))
    assert not [t for t in _detect(form_page(), params).tables if t.n_rows == 1]


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_one_ruled_row_by_each_producer(producer: str) -> None:
    row = ("Name", "Sarah Jane Norris", "Date", "06/20/2025")
    res = _detect(PRODUCERS[producer]([row], (60.0, 150.0, 50.0, 90.0)))
    assert [list(t.rows_text()[0]) for t in res.tables] == [list(row)]
    # Text in one cell only: a box around text, no table.
    assert _detect(PRODUCERS[producer]([("Please return this form by post.", "")], (200.0, 100.0))).tables == ()


def _real(name: str, page: int) -> PageResult:
    path = TAGGED / name
    if not path.is_file():
        pytest.skip(f"{name} not fetched (make corpus-tagged-real)")
    return Pipeline(open_document(path.read_bytes())).run(page - 1)


def test_real_form_signature_rows_each_one_table() -> None:
    res = _real("pdflib-form.pdf", 1)  # a consent form: two signature rows under prose
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(1, 7), (1, 7)]
    assert [c.strip() for c in res.tables[0].rows_text()[0]][:3] == ["Applicant 1", "Print\nName:", "Sarah Jane Norris"]


def test_real_word_box_of_two_cells_is_one_row() -> None:
    res = _real("word2013-shipping-form.pdf", 2)  # notes beside a stamp and a contact box
    ((row,),) = [t.rows_text() for t in res.tables]
    assert len(row) == 2 and row[0].startswith("注意事项") and "Fax:" in row[1]
