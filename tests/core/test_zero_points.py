"""Bold figures whose decimal point has no advance (InDesign's tables, a census table's totals):
"467.9" on the page is "467." and "9" in the text layer, a space glyph after the point. The
reading joins them into one number; a point of normal width ("2009. 12") stays two words, and
so does a zero-advance point before a word that is no digit run. Built with PyMuPDF: a base-14
bold font given a /Widths array where the point advances 0 (as the real file's font does)."""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.words import extract_words
from inspector.evaluation.defects import table_defects

XS = (40.0, 160.0, 230.0, 300.0)
TOP, PITCH, SIZE = 100.0, 14.0, 8.0
ROWS = (("Offense", "Total", "Male", "Female"), ("Total", "11,062.6", "8,263.3", "2,799.2"),
        ("Violent crime", "467.9", "380.2", "87.7"), ("Robbery", "102.1", "90.0", "12.1"),
        ("Burglary", "240.9", "205.0", "35.9"), ("Arson", "9.8", "8.1", "1.7"))
BOLD_ROWS = (1, 2)


def _zero_point_font(doc: pymupdf.Document, page: pymupdf.Page) -> None:
    """Give the page's bold font /Widths (Helvetica-Bold's) with the point's advance 0."""
    font = pymupdf.Font("hebo")
    for xref, *_rest in page.get_fonts():
        if "Bold" not in doc.xref_get_key(xref, "BaseFont")[1]:
            continue
        widths = [0 if ch == 46 else round(1000 * font.glyph_advance(ch)) for ch in range(32, 127)]
        doc.xref_set_key(xref, "FirstChar", "32")
        doc.xref_set_key(xref, "LastChar", "126")
        doc.xref_set_key(xref, "Widths", "[" + " ".join(map(str, widths)) + "]")


def census_page() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=660)
    for r, row in enumerate(ROWS):
        y = TOP + (r + 1) * PITCH
        for c, text in enumerate(row):
            bold = r in BOLD_ROWS
            if c and bold:  # the point at zero advance, then a space: "467." and " 9"
                text = text.replace(".", ". ")
            font = "hebo" if bold else "helv"
            width = pymupdf.get_text_length(text, fontname=font, fontsize=SIZE)
            x = XS[c] + 4 if c == 0 else XS[c] + 70 - width
            page.insert_text((x, y), text, fontsize=SIZE, fontname=font)
    page.insert_text((XS[0], TOP + 9 * PITCH), "Source: Census, 2009. 12 agencies.", fontsize=SIZE, fontname="helv")
    page.insert_text((XS[0], TOP + 10 * PITCH), "Table 3. Rates", fontsize=SIZE, fontname="hebo")
    for y in (TOP, TOP + 1.3 * PITCH, TOP + (len(ROWS) + 0.4) * PITCH):
        page.draw_line((XS[0], y), (XS[-1] + 70, y), width=0.5)
    _zero_point_font(doc, page)
    return bytes(doc.tobytes())


def test_a_zero_advance_point_joins_its_number() -> None:
    doc = open_document(census_page())
    texts = [w.text for w in extract_words(doc.page(0))]
    for row in (ROWS[r] for r in BOLD_ROWS):
        for value in row[1:]:
            assert value in texts
    # A point of normal width before a digit run stays a word end.
    assert "2009." in texts and "12" in texts
    # A zero-advance point before a word that is no digit run ends its word too.
    assert "3." in texts and "Rates" in texts


def test_the_table_has_no_broken_number() -> None:
    result = Pipeline(open_document(census_page())).run(0)
    (table,) = [t for t in result.tables if t.n_cols == 4]
    cells = {(c.r, c.c): c.text for c in table.cells}
    assert "11,062.6" in cells.values() and "467.9" in cells.values()
    assert [d for d in table_defects(table) if d.kind == "broken_number"] == []
