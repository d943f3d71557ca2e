"""A word box spans its font's declared ascent and descent, which PDF re-writers change while
every glyph stays where it was (cairo declares a subset's own glyph heights; issue 25:
documents nobody here made, the real documents re-drawn by other writers). The same table, its
fonts declaring 0.78 and 0.22 em instead of 1.05 and 0.28, must read the same: its bold
section labels, 17.7 pt under a rule and 28.8 pt under the rows above, are no headings
between two tables.
"""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.words import EM_ABOVE, EM_BELOW, extract_words

SIZE = 8.0  # pt, the rows' type; the section labels are 9 pt bold
PITCH = 9.2  # pt between the rows' baselines
LEFT, RIGHT = 70.0, 530.0
COLS = (75.0, 150.0, 230.0, 310.0, 390.0, 470.0)
HEADS = ("Dose", "Animals", "Weight", "Change", "Survival", "Notes")
TOP_RULE, HEAD_RULE = 100.0, 117.0
SHORT = (690, -200)  # the font descriptor's Ascent and Descent (1/1000 em) a re-writer declares


def _table(declared: tuple[int, int] | None) -> bytes:
    """Rules at 100, 117 and 11.4 pt under the last row; a bold header at 112; two sections
    ("Male", "Female", 9 pt bold) of six rows; a sentence far below. ``declared`` replaces
    every font descriptor's Ascent and Descent (None: the fonts' own, 1053 and -281)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_font(fontname="F0", fontbuffer=pymupdf.Font("tiro").buffer)
    page.insert_font(fontname="F1", fontbuffer=pymupdf.Font("tibo").buffer)
    page.draw_line((LEFT, TOP_RULE), (RIGHT, TOP_RULE), width=0.5)
    for x, head in zip(COLS, HEADS, strict=True):
        page.insert_text((x, 112.0), head, fontname="F1", fontsize=SIZE)
    page.draw_line((LEFT, HEAD_RULE), (RIGHT, HEAD_RULE), width=0.5)
    y = HEAD_RULE
    for section in ("Male", "Female"):
        y += 28.8 if section == "Female" else 17.7
        page.insert_text((COLS[0], y), section, fontname="F1", fontsize=9.0)
        y += 19.6 - PITCH
        for r in range(6):
            y += PITCH
            cells = (str(250 * r), str(30 + r), f"{5.8 + r / 10:.1f}", str(100 + r), f"{9 - r}/10", "ok" if r % 2 else "-")
            for x, text in zip(COLS, cells, strict=True):
                page.insert_text((x, y), text, fontname="F0", fontsize=SIZE)
    page.draw_line((LEFT, y + 11.4), (RIGHT, y + 11.4), width=0.5)
    page.insert_text((LEFT, y + 211.4), "A sentence of running text far below the table.", fontname="F0", fontsize=10.0)
    out = pymupdf.open("pdf", doc.tobytes())
    for xref in range(1, out.xref_length()):
        if declared and out.xref_get_key(xref, "Type") == ("name", "/FontDescriptor"):
            out.xref_set_key(xref, "Ascent", str(declared[0]))
            out.xref_set_key(xref, "Descent", str(declared[1]))
    return out.tobytes()


def test_the_redeclared_fonts_give_short_boxes() -> None:
    """The drawing habit itself: PyMuPDF's box of a row's word is 1.0 em with the short
    declaration, 1.39 em with the bold font's own."""
    for declared, height in ((None, 11.08), (SHORT, 8.0)):
        page = pymupdf.open("pdf", _table(declared))[0]
        word = next(w for w in page.get_text("words") if w[4] == "Animals")
        assert word[3] - word[1] == pytest.approx(height, abs=0.1)


def test_word_boxes_reach_an_em_about_their_baseline() -> None:
    words = extract_words(open_document(_table(SHORT)).page(0))
    for w in words:
        assert w.bbox.y0 <= w.baseline - EM_ABOVE * w.font_size + 1e-6
        assert w.bbox.y1 >= w.baseline + EM_BELOW * w.font_size - 1e-6
    tall = {w.text: w.bbox for w in extract_words(open_document(_table(None)).page(0))}
    assert all(tall[w.text].x0 == w.bbox.x0 for w in words)  # only the heights change


@pytest.mark.parametrize("declared", [None, SHORT], ids=["own", "redeclared"])
def test_one_table_from_the_top_rule_to_the_bottom_rule(declared: tuple[int, int] | None) -> None:
    res = Pipeline(open_document(_table(declared))).run(0)
    assert len(res.tables) == 1
    t = res.tables[0]
    bottom = HEAD_RULE + 17.7 + 19.6 + 5 * PITCH + 28.8 + 19.6 + 5 * PITCH + 11.4
    assert (t.bbox.y0, t.bbox.y1) == (pytest.approx(TOP_RULE, abs=0.5), pytest.approx(bottom, abs=0.5))
    assert (t.n_rows, t.n_cols) == (15, 6)
    assert t.rows_text()[0] == list(HEADS)
