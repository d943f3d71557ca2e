"""A degraded scan's round brackets read as curly braces ("{25.4", "13.4}"): tables set none, so
a curly brace at an OCR word's end is read as the round bracket. Words and a page built here
(PyMuPDF, numpy), exact expectations; the real Tesseract where OCR is part of what is tested."""

from __future__ import annotations

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.ocr_brackets import round_brackets
from inspector.core.types import Rect, Word
from tests.core._scan_pdfs import scanned
from tests.core.test_ocr import needs_tesseract


def texts(raw: list[str], on: bool = True) -> list[str]:
    ws = [Word(t, Rect(50.0, 100.0 + 12 * i, 90.0, 110.0 + 12 * i), 10.0) for i, t in enumerate(raw)]
    return [w.text for w in round_brackets(ws, on)[0]]


def test_a_curly_brace_at_a_words_end_is_a_round_bracket() -> None:
    raw = ["{25.4", "13.4}", "{95%", "{yrs}", "{", "a{b}c", "(12.5)", "[3]"]
    assert texts(raw) == ["(25.4", "13.4)", "(95%", "(yrs)", "(", "a{b}c", "(12.5)", "[3]"]
    assert texts(raw, on=False) == raw
    ws = [Word("{1.2}", Rect(0, 0, 20, 10), 10.0), Word("3.4", Rect(0, 20, 20, 30), 10.0)]
    assert round_brackets(ws, True)[1] == 1


def braced_scan() -> bytes:
    """An image-only page, 200 dpi grey: a column of intervals, one printed with curly braces
    where a degraded scan leaves a round bracket reading so."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for i, (label, value) in enumerate((("Ohio", "(25.4-47.0)"), ("Iowa", "{31.5-41.1}"), ("Utah", "(11.2-22.9)"))):
        y = 150.0 + 20.0 * i
        page.insert_text((100, y), label, fontsize=12, fontname="helv")
        page.insert_text((200, y), value, fontsize=12, fontname="helv")
    return scanned(doc[0])


@needs_tesseract
def test_a_scanned_curly_brace_reads_round_and_explain_says_so() -> None:
    pdf = braced_scan()
    off = Pipeline(open_document(pdf)).run(0, Params().with_value("ocr.round_brackets", False))
    assert off.words_source == "ocr"
    assert "{31.5-41.1}" in [w.text for w in off.words]
    assert not any("ocr.round_brackets" in n for n in off.notes)
    res = Pipeline(open_document(pdf)).run(0)
    assert [w.text for w in res.words if w.bbox.x0 > 150] == ["(25.4-47.0)", "(31.5-41.1)", "(11.2-22.9)"]
    assert any("ocr.round_brackets" in n and "1 word(s)" in n for n in res.notes), res.notes
