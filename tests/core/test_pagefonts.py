"""A page's fonts listed without PyMuPDF's wrapping (``reading.pagefonts``), held to PyMuPDF.

The ToUnicode mending lists every opened page's fonts; ``page_fonts`` must give the (xref,
subtype) pairs of ``Document.get_page_fonts`` in its order, with the same MuPDF messages (a
page's messages are part of its result), and ``xref_key`` the answers of ``xref_get_key``.
The pages are built here: fonts in the page's resources, in a form's (one shared with the
page), a font dictionary written inline, an entry that is no font, a form drawn inside itself.
"""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.reading.document import open_document
from inspector.core.reading.messages import take_messages
from inspector.core.reading.pagefonts import page_fonts, pdf_handle, xref_key
from inspector.core.reading.tounicode import write_cmap
from inspector.core.reading.words import extract_words


def _font(doc: pymupdf.Document, base: str, extra: str = "") -> int:
    xref = doc.get_new_xref()
    doc.update_object(xref, f"<< /Type /Font /Subtype /Type1 /BaseFont /{base} /Encoding /WinAnsiEncoding {extra}>>")
    return xref


def _form(doc: pymupdf.Document, resources: str) -> int:
    xref = doc.get_new_xref()
    doc.update_object(xref, f"<< /Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources {resources} >>")
    doc.update_stream(xref, b"BT /G1 9 Tf 10 10 Td (form) Tj ET")
    return xref


def _resources_pdf(loop: bool, twice: bool = False) -> pymupdf.Document:
    """Page fonts F1 (Helvetica), F2 (inline Courier), F3 (an integer, no font); a form with
    G1 (Times) and G2 (the page's F1); with ``loop``, the form lists itself as an XObject; with
    ``twice``, the page lists the form under two names (PyMuPDF stops there, with a warning)."""
    doc = pymupdf.open()
    page = doc.new_page(width=200, height=200)
    helv, times = _font(doc, "Helvetica"), _font(doc, "Times-Roman")
    form = _form(doc, "<< >>")
    inner = f"/XObject << /Me {form} 0 R >>" if loop else ""
    doc.xref_set_key(form, "Resources", f"<< /Font << /G1 {times} 0 R /G2 {helv} 0 R >> {inner} >>")
    doc.xref_set_key(page.xref, "Resources",
                     f"<< /Font << /F1 {helv} 0 R /F2 << /Type /Font /Subtype /Type1 /BaseFont /Courier >> "
                     f"/F3 7 >> /XObject << /X1 {form} 0 R {f'/X2 {form} 0 R' if twice else ''} >> >>")
    contents = doc.get_new_xref()
    doc.update_object(contents, "<< >>")
    doc.update_stream(contents, b"BT /F1 9 Tf 10 150 Td (page) Tj ET /X1 Do")
    doc.xref_set_key(page.xref, "Contents", f"{contents} 0 R")
    return pymupdf.open(stream=doc.tobytes())


@pytest.mark.parametrize(("loop", "twice"), [(False, False), (True, False), (False, True)])
def test_page_fonts_lists_what_get_page_fonts_lists_with_the_same_messages(loop: bool, twice: bool) -> None:
    take_messages()
    expected = [(x, sub) for x, _ext, sub, *_ in _resources_pdf(loop, twice).get_page_fonts(0)]
    said = take_messages()
    got = page_fonts(_resources_pdf(loop, twice), 0)
    assert got == expected and take_messages() == said
    subtypes = [sub for _x, sub in got]
    assert subtypes == ["Type1"] * 4 and [x for x, _ in got].count(0) == 1  # F1, F2 inline, G1, G2
    assert any("is no font dict" in m for m in said)  # F3
    assert any("Circular" in m for m in said) == (loop or twice)


def test_page_fonts_refuses_a_page_as_get_page_fonts_does() -> None:
    doc = _resources_pdf(False)
    with pytest.raises(ValueError):
        doc.get_page_fonts(3)
    with pytest.raises(ValueError):
        page_fonts(doc, 3)


def test_xref_key_answers_as_xref_get_key() -> None:
    doc = _resources_pdf(False)
    pdf = pdf_handle(doc)
    page = doc[0].xref
    keys = ["Resources", "Resources/Font", "Resources/Font/F1", "Resources/Font/F3", "MediaBox", "Type",
            "Resources/Font/F2/BaseFont", "Nothing", "Contents", "Rotate"]
    for xref in range(1, doc.xref_length()):
        for key in [*keys, "Subtype", "BaseFont", "Encoding", "ToUnicode", "Resources/XObject"]:
            assert xref_key(doc, pdf, xref, key) == doc.xref_get_key(xref, key), (xref, key)
    assert xref_key(doc, pdf, page, "Resources/Font/F1")[0] == "xref"
    for bad in (0, -2, doc.xref_length()):
        with pytest.raises(ValueError):
            doc.xref_get_key(bad, "Type")
        with pytest.raises(ValueError):
            xref_key(doc, pdf, bad, "Type")


def _shared_bad_map(pages: int) -> bytes:
    """``pages`` pages, each drawing WinAnsi's en dash (0x96) with one Helvetica whose map reads
    it "3" (as Ghostscript writes it), the font shared by every page."""
    doc = pymupdf.open()
    font = 0
    for _ in range(pages):
        page = doc.new_page(width=300, height=200)
        page.insert_text((50, 50), "a", fontname="helv", fontsize=11)
        doc.update_stream(page.get_contents()[0], b"BT /helv 11 Tf 50 150 Td (10.2\\22624.5) Tj ET")
        font = font or page.get_fonts()[0][0]
    cmap = doc.get_new_xref()
    doc.update_object(cmap, "<< >>")
    doc.update_stream(cmap, write_cmap({**{c: chr(c) for c in range(0x20, 0x7F)}, 0x96: "3"}).encode("ascii"))
    doc.xref_set_key(font, "ToUnicode", f"{cmap} 0 R")
    return doc.tobytes(garbage=1)


def test_a_font_shared_by_pages_is_mended_once_for_every_page() -> None:
    data = _shared_bad_map(3)
    assert pymupdf.open(stream=data)[2].get_text().split() == ["10.2324.5"]  # as MuPDF reads it
    doc = open_document(data, name="shared.pdf")
    assert [[w.text for w in extract_words(doc.page(i))] for i in (2, 0, 1)] == [["10.2–24.5"]] * 3
    assert len(doc.fonts_checked) == 1


def test_two_documents_open_at_once_are_each_mended() -> None:
    # the same bytes: the same font xref in both; what one document mended is not the other's
    data = _shared_bad_map(2)
    first, second = open_document(data, name="a.pdf"), open_document(data, name="b.pdf")
    assert [w.text for w in extract_words(first.page(1))] == ["10.2–24.5"]
    assert [w.text for w in extract_words(second.page(0))] == ["10.2–24.5"]
    assert [w.text for w in extract_words(first.page(0))] == ["10.2–24.5"]
