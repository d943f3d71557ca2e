"""A picture on a scanned page (an engraving, hatching, a logo) that OCR reads as doubted marks is a
figure area: its marks are in no table, the text beside it keeps its place; a scanned table read
with little confidence is no picture. Words built here with exact confidences, and a page built
here read by the real Tesseract (issue 25)."""

from __future__ import annotations

import random

import pymupdf

from inspector.core.evidence.figures import figure_words
from inspector.core.evidence.ocrpictures import MIN_MARKS, mark, picture_areas
from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Rect, Word
from tests.core.test_ocr import needs_tesseract

JUNK = ("WN?", "|e", "Jf", "YfaDe/", "oe", "iH", "[#7", "Vi", "“I,", "A)", "U4", "ig")


def _ocr(text: str, x: float, y: float, conf: float, w: float = 14.0) -> Word:
    return Word(text, Rect(x, y, x + w, y + 8.0), 8.0, ocr_confidence=conf)


def _picture(x0: float, y0: float, rows: int = 6, cols: int = 4, conf: float = 35.0) -> list[Word]:
    """Junk marks on a grid 20 pt apart, as Tesseract reads an engraving's hatching."""
    return [_ocr(JUNK[(r * cols + c) % len(JUNK)], x0 + 20 * c, y0 + 14 * r, conf + (r + c) % 5)
            for r in range(rows) for c in range(cols)]


def _prose(x0: float, y0: float, rows: int = 6) -> list[Word]:
    return [_ocr(t, x0 + 40 * k, y0 + 14 * r, 95.0, 30.0) for r in range(rows) for k, t in enumerate(("the", "trees", "back"))]


def test_a_cluster_of_doubted_marks_is_a_picture_and_the_prose_beside_it_is_not() -> None:
    pic, prose = _picture(40, 100), _prose(130, 100, rows=12)
    words = pic + prose
    (fig,) = picture_areas(words)
    assert fig.bbox == Rect(40, 100, 114, 178) and fig.margin == 0.0
    assert "20 marks OCR doubts" in fig.marks  # "oe" and "ig" read as short words ("of", "in"): no marks
    assert figure_words(words, [fig]) == frozenset(range(len(pic)))  # the prose 16 pt off stays out


def test_doubted_numbers_and_words_are_no_picture() -> None:
    """A faint scan of a table: every word doubted, but numbers stay numbers and words words."""
    texts = ("1,234", "(56)", "12.5%", "Revenue", "Total", "costs", "-", "2019")
    words = [_ocr(texts[(r + c) % len(texts)], 40 + 50 * c, 100 + 14 * r, 35.0, 30.0) for r in range(8) for c in range(4)]
    assert sum(mark(w) for w in words) == 4  # the nil dashes only
    assert picture_areas(words) == ()


def test_text_layer_and_confident_words_are_never_marks() -> None:
    assert not mark(Word("Jf", Rect(0, 0, 10, 8), 8.0))  # a text-layer word: no confidence
    assert not mark(_ocr("Jf", 0, 0, 80.0))
    assert mark(_ocr("Jf", 0, 0, 30.0))


def test_few_or_scattered_marks_are_no_picture() -> None:
    assert picture_areas(_picture(40, 100, rows=2, cols=MIN_MARKS // 2 - 1)) == ()
    scattered = [_ocr("Jf", 40 + 90 * (k % 5), 100 + 60 * (k // 5), 30.0) for k in range(20)]
    assert picture_areas(scattered) == ()


def test_marks_among_many_sure_words_are_no_picture() -> None:
    """A doubted cluster whose box is mostly confident words (a table with stains) stays text."""
    pic = _picture(40, 100)
    sure = [_ocr("Total", 42 + 20 * c, 107 + 14 * r, 96.0, 10.0) for r in range(6) for c in range(4)]
    sure += [_ocr("Net", 45 + 20 * c, 103 + 14 * r, 96.0, 8.0) for r in range(6) for c in range(4)]
    assert picture_areas(pic + sure) == ()


def engraving_scan(seed: int = 3) -> bytes:
    """A 200 dpi grey scan: hatching strokes and blobs (an engraving) left of a column of prose."""
    rnd = random.Random(seed)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for _ in range(400):
        x, y = rnd.uniform(40, 200), rnd.uniform(80, 380)
        page.draw_line((x, y), (x + rnd.uniform(-9, 9), y + rnd.uniform(-4, 4)), width=rnd.uniform(0.6, 1.6))
    for _ in range(60):
        page.draw_circle((rnd.uniform(40, 200), rnd.uniform(80, 380)), rnd.uniform(1, 4), fill=(0, 0, 0))
    text = ("We went tip-toeing along a path amongst the trees back towards the end of the garden, stooping down "
            "so as the branches would not scrape our heads. When we was passing by the kitchen I fell over a root "
            "and made a noise. We scrouched down and laid still. ") * 4
    page.insert_textbox(pymupdf.Rect(270, 80, 560, 520), text, fontsize=11, fontname="tiro")
    pix = page.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
    out = pymupdf.open()
    scan = out.new_page(width=612, height=792)
    scan.insert_image(scan.rect, stream=pix.tobytes("png"))
    return out.tobytes()


@needs_tesseract
def test_an_engraving_beside_prose_makes_no_table_and_why_names_the_picture() -> None:
    res = Pipeline(open_document(engraving_scan())).run(0)
    assert res.words_source == "ocr"
    assert res.tables == (), [t.rows_text() for t in res.tables]
    assert any("a picture read as text by OCR" in n for n in res.notes)
    prose = [w for w in res.words if w.bbox.x0 > 265 and w.text in ("tip-toeing", "garden,", "kitchen")]
    assert prose and not any(w.figure for w in prose)  # the story beside it is no part of the picture
    why = explain(res, Params()).why_not_here(120.0, 230.0)
    assert "a picture on the scan read as text by OCR" in why, why


def test_a_page_ocr_cannot_read_is_no_picture() -> None:
    """Marks all over the page (a script OCR's language does not read, a page upside down): the
    page's own text, not a picture beside it; left as it was read."""
    assert picture_areas(_picture(40, 100) + _prose(130, 100, rows=2)) == ()
