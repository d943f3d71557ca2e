"""Two label-amount pairs side by side on each of two lines ("Weekday 120   Weekend 150" over
"Holiday 180   Evening 90", a rate box) are a small table, though two aligned lines are
one short of ``tables.min_aligned_rows``; two lines whose right pieces are words, not
amounts, stay layout."""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

SIZE = 10.0


def block(rows: list[tuple[str, str, str, str]]) -> bytes:
    """``rows`` as label (x 72), value right-aligned at 160, label (200), value right at 290."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Opening hours and prices of the museum are listed below for the season.", fontsize=SIZE)
    for i, (a, b, c, d) in enumerate(rows):
        y = 110.0 + 14.0 * i
        page.insert_text((72, y), a, fontsize=SIZE)
        page.insert_text((160 - pymupdf.get_text_length(b, fontsize=SIZE), y), b, fontsize=SIZE)
        page.insert_text((200, y), c, fontsize=SIZE)
        page.insert_text((290 - pymupdf.get_text_length(d, fontsize=SIZE), y), d, fontsize=SIZE)
    page.insert_text((72, 160), "Groups of ten or more receive a reduction of twenty per cent on these prices.",
                     fontsize=SIZE)
    return doc.tobytes()


def _tables(pdf: bytes) -> list[list[list[str]]]:
    return [t.rows_text() for t in Pipeline(open_document(pdf)).run(0).tables]


def test_two_lines_of_label_amount_pairs_are_a_table() -> None:
    rows = [("Weekday", "120", "Weekend", "150"), ("Holiday", "180", "Evening", "90")]
    assert _tables(block(rows)) == [[list(r) for r in rows]]


def test_two_lines_of_label_word_pairs_stay_layout() -> None:
    assert _tables(block([("Monday", "closed", "Tuesday", "open"), ("Friday", "late", "Sunday", "closed")])) == []
