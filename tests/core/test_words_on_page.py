"""A word whose last glyphs run past the page's edge is cut to the page: MuPDF drops glyphs
wholly off the page but keeps the word's box, and a table's box then reached off the page
(fuzzing: a damaged content stream moved a column's text to x = 430 on a 425 pt page). Built
with PyMuPDF, exact boxes; a page whose words are all on it is passed through as it is."""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.words import extract_words, on_page
from inspector.core.types import Rect, Word

W, H = 300.0, 200.0
ROWS = (("Item", "Qty", "Price"), ("Apples", "12", "1.50"), ("Pears", "7", "2.25"), ("Plums", "30", "0.80"))


def _pdf(last_x: float) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    for r, row in enumerate(ROWS):
        for c, text in enumerate(row):
            x = (40.0, 150.0, last_x)[c]
            page.insert_text((x, 60.0 + 20.0 * r), text + ("WWWWWW" if c == 2 else ""), fontsize=10, fontname="helv")
    return doc.tobytes()


def test_a_word_running_past_the_edge_is_cut_to_the_page() -> None:
    words = extract_words(open_document(_pdf(last_x=270.0)).page(0))
    last = [w for w in words if w.text.startswith(("Price", "1.50", "2.25", "0.80"))]
    assert len(last) == 4
    assert all(w.bbox.x0 == 270.0 or abs(w.bbox.x0 - 270.0) < 0.5 for w in last)
    assert max(w.bbox.x1 for w in last) == W  # "PriceWWWWWW" at 10 pt is about 80 pt wide


def test_the_table_stays_on_its_page() -> None:
    result = Pipeline(open_document(_pdf(last_x=270.0))).run(0)
    assert result.tables, "the three columns still make a table"
    assert all(0 <= t.bbox.x0 and t.bbox.x1 <= W and 0 <= t.bbox.y0 and t.bbox.y1 <= H for t in result.tables)


def test_words_on_the_page_pass_through_unchanged() -> None:
    words = list(extract_words(open_document(_pdf(last_x=180.0)).page(0)))
    assert on_page(words, W, H) is words
    inside = Word("a", Rect(10.0, 10.0, 20.0, 20.0), 10.0, False, 0, 0, 18.0)
    off = Word("b", Rect(-5.0, 190.0, 3.0, 210.0), 10.0, False, 0, 0, 205.0)
    gone = Word("c", Rect(301.0, 10.0, 310.0, 20.0), 10.0, False, 0, 0, 18.0)
    assert on_page([inside, off, gone], W, H) == [inside, Word("b", Rect(0.0, 190.0, 3.0, 200.0), 10.0, False, 0, 0, 205.0)]
