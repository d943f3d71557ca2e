"""A ruled table's first drawn band is kept whole as a header (its wrapped lines one row) unless
it holds amounts like the body's bands: then its lines are rows as a body band's are and no
header row is declared (``bandrows.split_rows``); explain says so (``data_band``). Guard: a
first band of words (a header wrapped over two lines) stays one header row. Built with PyMuPDF
at known coordinates: a two-column grid drawn cell by cell, as dvipdfm's tabular does."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

XS = (104.0, 217.0, 267.0)
LINE = 10.3  # baseline step of a band's lines (pt)


def _grid(first: list[tuple[str, str]]) -> bytes:
    """Bands of ``first`` (its lines), then "Total 48", then two lines of data, then "Total 161";
    a rule over and under every band, column rules down each band."""
    bands = [first, [("Total", "48")], [("Rows fitted", "118"), ("Rows not fitted", "43")], [("Total", "161")]]
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = 281.0
    for band in bands:
        bottom = y + LINE * len(band) + 0.3
        page.draw_line((XS[0], y), (XS[-1], y), width=0.4)
        for x in XS:
            page.draw_line((x, y), (x, bottom), width=0.4)
        for k, (label, amount) in enumerate(band):
            page.insert_text((XS[0] + 6, y + 8 + LINE * k), label, fontsize=9)
            page.insert_text((XS[1] + 6, y + 8 + LINE * k), amount, fontsize=9)
        y = bottom
    page.draw_line((XS[0], y), (XS[-1], y), width=0.4)
    return bytes(doc.tobytes())


def _detect(data: bytes):
    return Pipeline(open_document(data)).run(0)


def test_a_first_band_of_amounts_is_rows_not_a_header() -> None:
    res = _detect(_grid([("Consistent tables", "36 (75%)"), ("Inconsistent tables", "12")]))
    t = res.tables[0]
    assert [r[0] for r in t.rows_text()] == ["Consistent tables", "Inconsistent tables", "Total", "Rows fitted",
                                             "Rows not fitted", "Total"]
    assert t.header_rows == 0
    why = explain_page(res, Params())[0]
    assert [e.kind for e in why.rows[1].evidence][-1] == "data_band"
    assert "the first drawn band holds amounts like the body's rows" in why.rows[1].decision


@pytest.mark.parametrize("head", [[("Kind of", "Number"), ("tables", "of rows")], [("Year", "2023"), ("ended", "2022")]],
                         ids=["words", "years"])
def test_a_first_band_of_words_stays_one_header_row(head: list[tuple[str, str]]) -> None:
    t = _detect(_grid(head)).tables[0]
    assert t.n_rows == 5
    assert t.rows_text()[0][0] == f"{head[0][0]}\n{head[1][0]}"
    assert t.header_rows == 1
