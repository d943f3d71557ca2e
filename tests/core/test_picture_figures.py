"""Pictures with labels over them (``evidence.pictures``): a slide pastes two charts as
pictures and writes their legends and p-values over them; the labels line up as cells do but
are no table. A table set over a picture (dense text) and a page scanned in strips keep theirs."""

from __future__ import annotations

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

LABELS = (("p=0.001", "CCNE1 altered"), ("p=0.006", "unaltered"), ("Overall", "survival"))
TABLE = [["", "Pearson r", "p value"], ["RAD51", "0.50", "0.0022"], ["ATR", "0.81", "<0.0001"], ["CHEK2", "0.52", "0.002"]]


def _picture(w: int, h: int, shade: int = 235) -> bytes:
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, w, h), False)
    pix.set_rect(pix.irect, (shade, shade, shade))
    pix.set_rect(pymupdf.IRect(10, 10, w - 10, 12), (40, 40, 200))  # a curve, roughly
    return pix.tobytes("png")


def _table(page: pymupdf.Page, top: float, left: float = 60.0) -> None:
    for r, row in enumerate(TABLE):
        for c, text in enumerate(row):
            page.insert_text((left + 110 * c, top + 18 * r), text, fontsize=10)


def _slide(table_top: float = 320.0) -> bytes:
    """Two pictured charts side by side, each with three label lines over it in two columns,
    and a borderless table under them."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    png = _picture(400, 280)
    for x0 in (60.0, 330.0):
        box = pymupdf.Rect(x0, 60, x0 + 220, 210)
        page.insert_image(box, stream=png)
        for k, (a, b) in enumerate(LABELS):
            page.insert_text((x0 + 20, 90 + 16 * k), a, fontsize=9)
            page.insert_text((x0 + 110, 90 + 16 * k), b, fontsize=9)
    _table(page, table_top)
    return doc.tobytes()


def _tables(data: bytes) -> list[list[list[str]]]:
    return [t.rows_text() for t in Pipeline(open_document(data)).run(0, Params()).tables]


def test_labels_over_two_pictured_charts_are_no_table_and_the_table_under_them_stays() -> None:
    res = Pipeline(open_document(_slide())).run(0, Params())
    assert [t.rows_text() for t in res.tables] == [TABLE]
    labels = {w.text for w in res.words if w.figure}
    assert {"p=0.001", "p=0.006", "CCNE1", "altered", "unaltered"} <= labels
    assert not any(w.figure for w in res.words if w.text in ("RAD51", "Pearson"))


def test_a_table_set_over_a_picture_is_still_a_table() -> None:
    """Its text covers the picture densely: a rate sheet over a photograph, not a chart's labels."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_image(pymupdf.Rect(50, 290, 400, 372), stream=_picture(300, 80), keep_proportion=False)
    _table(page, 305.0)
    assert _tables(doc.tobytes()) == [TABLE]


def test_a_page_scanned_in_strips_is_no_figure() -> None:
    """A page's scan placed as strips (each under half the page, together all of it) with a
    text layer: the strips touch, so they are one picture, the page's, and its table stays."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    png = _picture(300, 100, shade=250)
    for k in range(8):
        page.insert_image(pymupdf.Rect(0, 99 * k, 612, 99 * (k + 1)), stream=png, keep_proportion=False)
    _table(page, 305.0)
    res = Pipeline(open_document(doc.tobytes())).run(0, Params())
    assert [t.rows_text() for t in res.tables] == [TABLE]
    assert not any(w.figure for w in res.words)
