"""A symbol font's bullet whose Unicode a PDF writer lost reads as a bullet (``reading.symbolmarks``).

Word draws its bullets in an embedded SymbolMT; Ghostscript, ``pdftops`` + ``ps2pdf`` and
``mutool convert`` re-emit that font with its ToUnicode map garbled, so the bullet reads "x"
(or '"'). The writers keep a base-14 Symbol's reading, and PyMuPDF embeds no symbol-encoded
font, so the test draws the habit itself: a Helvetica program named /SymbolMT drawing "x".
"""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.words import extract_words

ITEMS = [("Rent", "Monthly rent of the office", "1,200"), ("Power", "Electricity and heating", "310"),
         ("Phone", "Lines and mobile contracts", "95"), ("Cleaning", "Twice a week", "240")]


def _page(bullet: bytes, font: str = "SymbolMT", rows: int = len(ITEMS)) -> bytes:
    """A ruled three-column table whose middle column's text is a bulleted item: the bullet
    drawn as ``bullet`` in a font named ``font``, 12 pt left of the item's text."""
    doc = pymupdf.open()
    page = doc.new_page(width=500, height=300)
    page.insert_text((0, 0), "a", fontname="symb", fontsize=10)
    page.insert_text((0, 0), "a", fontname="helv", fontsize=10)
    ops = []
    for i, (label, item, amount) in enumerate(ITEMS[:rows]):
        y = 70 + 20 * i
        ops.append(f"BT /helv 10 Tf 60 {300 - y} Td ({label}) Tj ET".encode())
        ops.append(b"BT /symb 10 Tf 160 %d Td (" % (300 - y) + bullet + b") Tj ET")
        ops.append(f"BT /helv 10 Tf 172 {300 - y} Td ({item}) Tj ET BT /helv 10 Tf 400 {300 - y} Td ({amount}) Tj ET".encode())
    top, bottom = 300 - 55, 300 - 55 - 20 * rows
    lines = [f"50 {300 - 55 - 20 * k} m 460 {300 - 55 - 20 * k} l" for k in range(rows + 1)]
    lines += [f"{x} {top} m {x} {bottom} l" for x in (50, 150, 390, 460)]
    ops.append((" ".join(lines) + " S").encode())
    xref = page.get_contents()[0]
    doc.update_stream(xref, b"\n".join(ops))
    for other in page.get_contents()[1:]:
        doc.update_stream(other, b"")
    symb = next(f[0] for f in page.get_fonts() if f[4] == "symb")
    doc.xref_set_key(symb, "BaseFont", f"/{font}")
    doc.xref_set_key(symb, "Encoding", "/WinAnsiEncoding")  # the garbled map's reading: a Latin letter
    return doc.tobytes()


def _texts(data: bytes) -> list[str]:
    return [w.text for w in extract_words(open_document(data, name="t.pdf").page(0))]


def test_a_column_of_lost_symbol_glyphs_heading_text_reads_as_bullets() -> None:
    data = _page(b"x")
    assert pymupdf.open(stream=data)[0].get_text().count("x") == len(ITEMS)  # the habit, as MuPDF reads it
    texts = _texts(data)
    assert texts.count("•") == len(ITEMS) and "x" not in texts


def test_the_bullets_belong_to_their_items_cells() -> None:
    tables = Pipeline(open_document(_page(b"x"), name="t.pdf")).run(0).tables
    assert len(tables) == 1 and tables[0].n_cols == 3
    assert [r[1].split() for r in tables[0].rows_text()][:2] == [["•", "Monthly", "rent", "of", "the", "office"],
                                                              ["•", "Electricity", "and", "heating"]]


def test_a_letter_symbol_fonts_draw_or_a_lone_glyph_is_kept() -> None:
    assert "x" in _texts(_page(b"x", rows=1))  # one line: a formula's letter as much as a bullet
    assert _texts(_page(b"x", font="Helvetica-Oblique")).count("x") == len(ITEMS)  # no symbol font
    assert _texts(_page(b"=")).count("=") == len(ITEMS)  # a character Symbol has: its own reading
