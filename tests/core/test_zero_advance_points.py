"""A decimal point whose glyph reads as a space and a point, one of them with no advance
(``reading.decimals``): InDesign maps its "." glyph to " ." (its leader-dot habit) and may wrap
the point of each amount in marked content whose ActualText is ".". MuPDF then reads
"11,062." + "6" or "11,062" + ".6"; the page shows "11,062.6", one number in one word.
"""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.tounicode import write_cmap
from inspector.core.reading.words import extract_words

POINT_AS_SPACE_AND_POINT = {**{c: chr(c) for c in range(0x20, 0x7F)}, 0x2E: " ."}
ACTUAL_POINT = b"/Span <</ActualText <FEFF002E>>> BDC (.) Tj EMC"


def _page(stream: bytes, cmap: dict[int, str] | None = POINT_AS_SPACE_AND_POINT) -> bytes:
    """A page of Helvetica text drawn by ``stream``, the font's ToUnicode map ``cmap``."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    page.insert_text((50, 50), "a", fontname="helv", fontsize=11)
    doc.update_stream(page.get_contents()[0], stream)
    if cmap is not None:
        font = page.get_fonts()[0][0]
        to_unicode = doc.get_new_xref()
        doc.update_object(to_unicode, "<< >>")
        doc.update_stream(to_unicode, write_cmap(cmap).encode("ascii"))
        doc.xref_set_key(font, "ToUnicode", f"{to_unicode} 0 R")
    return doc.tobytes()


def _texts(data: bytes) -> list[str]:
    return [w.text for w in extract_words(open_document(data, name="t.pdf").page(0))]


def _raw(data: bytes) -> list[str]:
    return [w[4] for w in pymupdf.open(stream=data)[0].get_text("words")]


def test_a_point_in_actual_text_beside_its_space_joins_the_two_halves() -> None:
    data = _page(b"BT /helv 9 Tf 50 150 Td (11,062) Tj " + ACTUAL_POINT + b" (6) Tj ET")
    assert _raw(data) == ["11,062.", "6"]  # the habit, as MuPDF reads it
    assert _texts(data) == ["11,062.6"]


def test_a_point_mapped_after_a_space_joins_the_two_halves() -> None:
    data = _page(b"BT /helv 9 Tf 50 150 Td (11,062.6 \\(1,540.0\\)) Tj ET")
    assert _raw(data) == ["11,062", ".6", "(1,540", ".0)"]  # the habit, as MuPDF reads it
    assert _texts(data) == ["11,062.6", "(1,540.0)"]


def test_a_point_with_its_own_advance_keeps_its_space() -> None:
    """A sentence's full stop before a number, and a mapped point between words, not digits."""
    plain = _page(b"BT /helv 9 Tf 50 150 Td (Total 12. 3 items) Tj ET", cmap=None)
    assert _texts(plain) == ["Total", "12.", "3", "items"]
    words = _page(b"BT /helv 9 Tf 50 150 Td (Note.A and 12.b) Tj ET")
    assert _texts(words) == _raw(words) == ["Note", ".A", "and", "12", ".b"]


def test_a_zero_advance_accent_keeps_its_space() -> None:
    data = _page(b"BT /helv 9 Tf 50 150 Td (cafe) Tj /Span <</ActualText <FEFF0301>>> BDC ( ) Tj EMC (4) Tj ET",
                 cmap=None)
    assert _texts(data) == _raw(data)


def _decimal_table(point: bytes) -> bytes:
    """A ruled three-column table of amounts, each point drawn by ``point``."""
    rows = [("Region", "2019", "2020"), ("North", "11,062|6", "1,540|0"), ("South", "467|9", "69|1"),
            ("West", "8,263|3", "1,071|6")]
    ops = [b"0.5 w"]
    for y in (110, 130, 150, 170, 190):  # PDF y, upwards
        ops.append(f"50 {y} m 330 {y} l S".encode())
    for x in (50, 150, 240, 330):
        ops.append(f"{x} 110 m {x} 190 l S".encode())
    for r, row in enumerate(rows):
        y = 190 - 20 * r - 14  # each row's baseline
        for c, text in enumerate(row):
            x = 55 + 90 * c
            head, _, tail = text.partition("|")
            body = f"({head}) Tj ".encode() + (point + f" ({tail}) Tj".encode() if tail else b"")
            ops.append(f"BT /helv 9 Tf {x} {y} Td ".encode() + body + b" ET")
    return _page(b"\n".join(ops))


def test_a_decimal_aligned_table_keeps_each_amount_in_one_piece() -> None:
    for point in (ACTUAL_POINT, b"(.) Tj"):
        tables = Pipeline(open_document(_decimal_table(point), name="t.pdf")).run(0).tables
        assert len(tables) == 1
        texts = {(c.r, c.c): c.text for c in tables[0].cells}
        assert texts[(1, 1)] == "11,062.6" and texts[(1, 2)] == "1,540.0"
        assert texts[(2, 1)] == "467.9" and texts[(3, 2)] == "1,071.6"
