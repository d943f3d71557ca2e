"""OCR words two text lines tall (``reading.ocr_tall``, ``ocr.tall_words``): a doubted word
as tall as two lines is read again alone and split into its lines' words."""

from __future__ import annotations

import dataclasses
import shutil

import pymupdf
import pytest

from inspector.core.params import Params
from inspector.core.reading.document import open_document
from inspector.core.reading.ocr import read_words, tessdata_dir
from inspector.core.reading.ocr_tall import line_height, split_tall, tall_words
from inspector.core.scan import _split_tall, ocr_picture
from inspector.core.types import Rect, Word
from tests.core._scan_pdfs import scanned

needs_tesseract = pytest.mark.skipif(
    shutil.which("tesseract") is None or tessdata_dir() is None,
    reason="Tesseract is not installed (apt-get install tesseract-ocr tesseract-ocr-eng)")


def _word(text: str, x: float, y: float, h: float = 10.0, conf: float = 95.0) -> Word:
    return Word(text, Rect(x, y, x + 6.0 * len(text), y + h), 10.0, baseline=y + 0.78 * h, ocr_confidence=conf)


LINE = [_word(t, 100 + 40 * k, 50) for k, t in enumerate(("345", "15.5", "5,663", "28.7", "1,205", "52.7"))]


def test_a_doubted_word_two_lines_tall_is_picked() -> None:
    words = [*LINE, _word("oes", 40, 40, h=19.0, conf=23.0), _word("Rate", 40, 70, h=19.0, conf=90.0),
             _word("x", 40, 90, h=12.0, conf=20.0)]
    boxes = [w.bbox for w in words]
    assert line_height(words, boxes) == 10.0
    # The doubted tall word only: a tall word read surely (a big title) and a doubted one-line word stay.
    assert tall_words(words, boxes, 1.7, 60.0) == [6]
    assert tall_words(words, boxes, 2.0, 60.0) == []  # 19 pt is under twice the 10 pt line
    assert tall_words(words, boxes, 0.0, 60.0) == []  # off


def test_a_page_of_few_sure_words_has_no_line_height() -> None:
    words = [*LINE[:4], _word("oes", 40, 40, h=19.0, conf=23.0)]
    boxes = [w.bbox for w in words]
    assert line_height(words, boxes) == 0.0
    assert tall_words(words, boxes, 1.7, 60.0) == []
    assert split_tall(tuple(words), boxes, 1.7, 60.0, lambda bs: [()] * len(bs)) == (tuple(words), 0)


STUB = ("Age", "group")
ROWS = (("45-54", "345", "15.5", "5,663"),
        ("55-64", "806", "60.9", "12,273"),
        ("65-74", "1,512", "199.2", "22,270"),
        ("75-84", "3,012", "666.6", "54,839"))


def _table_scan() -> bytes:
    """A table whose stub header is two short lines ("Age" over "group"), then rows of amounts,
    drawn with PyMuPDF and scanned at 200 dpi."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    page.insert_text((40, 60), STUB[0], fontsize=10, fontname="helv")
    page.insert_text((40, 72), STUB[1], fontsize=10, fontname="helv")
    for x, head in zip((120, 200, 280), ("No.", "Rate", "Total"), strict=True):
        page.insert_text((x, 72), head, fontsize=10, fontname="helv")
    for r, row in enumerate(ROWS):
        for x, text in zip((40, 120, 200, 280), row, strict=True):
            page.insert_text((x, 96 + 14 * r), text, fontsize=10, fontname="helv")
    return scanned(page, 200)


@needs_tesseract
def test_two_lines_read_as_one_word_are_read_again_and_split() -> None:
    doc = open_document(_table_scan())
    o = Params().ocr
    pic = ocr_picture(doc.page(0), o, 0.0)
    words = read_words(pic.grey, pic.dpi, o.lang, pic.frame, (o.cpu_seconds, o.max_seconds)).words
    assert [w.text for w in words if w.text in STUB] == list(STUB)
    # As Tesseract reads them on a speckled scan: one word it doubts, over both lines.
    a, b = (next(w for w in words if w.text == t) for t in STUB)
    merged = Word("oes", Rect(min(a.bbox.x0, b.bbox.x0), a.bbox.y0, max(a.bbox.x1, b.bbox.x1), b.bbox.y1),
                  a.font_size, baseline=b.baseline, ocr_confidence=23.0)
    doubted = tuple(merged if w is a else w for w in words if w is not b)
    split, n = _split_tall(doubted, pic, o)
    assert n == 1
    assert merged not in split and len(split) == len(words)
    again = [w for w in split if w.text in STUB]
    assert [w.text for w in again] == list(STUB)
    assert all(w.ocr_confidence > 60 for w in again)
    assert abs(again[0].baseline - a.baseline) < 1.5 and abs(again[1].baseline - b.baseline) < 1.5
    # The line under the tall word ("No.", "Rate", "Total" share group's line; the first row) is not read twice.
    assert sorted(w.text for w in split) == sorted(w.text for w in words)
    # Off: the words as they were.
    assert _split_tall(doubted, pic, dataclasses.replace(o, tall_words=0.0)) == (doubted, 0)


@needs_tesseract
def test_a_tall_word_whose_second_reading_is_one_line_stays() -> None:
    doc = open_document(_table_scan())
    o = Params().ocr
    pic = ocr_picture(doc.page(0), o, 0.0)
    words = read_words(pic.grey, pic.dpi, o.lang, pic.frame, (o.cpu_seconds, o.max_seconds)).words
    # "345" made tall and doubted: read alone its box holds one line (and the row beside it), no split.
    i = next(k for k, w in enumerate(words) if w.text == "345")
    w = words[i]
    tall = dataclasses.replace(w, bbox=Rect(w.bbox.x0, w.bbox.y0 - 4.0, w.bbox.x1, w.bbox.y1 + 12.0),
                               ocr_confidence=20.0)
    doubted = words[:i] + (tall,) + words[i + 1:]
    assert _split_tall(doubted, pic, o) == (doubted, 0)
