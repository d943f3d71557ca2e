"""A page keeps the span dict its text reading made only where a picture is (``Page.text``):
its one later reader, the searchable-scan test (``ocrlayer``), asks on such pages alone, and a
dict kept on every page is thousands of containers the cyclic collector walks after each
detect for nothing."""

from __future__ import annotations

import gc

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.ocrlayer import ocr_layer


def _pdf(picture: bool, invisible: bool = False) -> bytes:
    """One A4 page of twenty lines of text; with ``picture`` a grey picture over all of it
    (the text drawn invisible over it with ``invisible``: a searchable scan)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    if picture:
        pix = pymupdf.Pixmap(pymupdf.csGRAY, pymupdf.IRect(0, 0, 60, 80), False)
        pix.set_rect(pix.irect, (200,))
        page.insert_image(page.rect, pixmap=pix)
    for i in range(20):
        page.insert_text((50, 80 + 30 * i), f"Line {i} of the page's text, 12 345", fontsize=11,
                         render_mode=3 if invisible else 0)
    return doc.tobytes()


def _fresh_dict(data: bytes) -> dict[str, object]:
    page = pymupdf.open(stream=data, filetype="pdf")[0]
    got: dict[str, object] = page.get_text("dict", textpage=page.get_textpage(flags=pymupdf.TEXTFLAGS_WORDS))
    return got


def _dicts_held(obj: object) -> int:
    """Span dicts (a dict with "blocks") among what ``obj`` refers to directly."""
    return sum(1 for r in gc.get_referents(vars(obj)) if isinstance(r, dict) and "blocks" in r)


def test_a_page_without_pictures_keeps_no_span_dict_after_its_words() -> None:
    doc = open_document(_pdf(picture=False))
    result = Pipeline(doc).run(0)
    assert len(result.words) == 20 * 8
    page = doc.page(0)
    assert not page.has_images()
    assert _dicts_held(page) == 0
    # asked for all the same, it is read again: the same dict a fresh reading gives
    assert page.span_dict() == _fresh_dict(_pdf(picture=False))


def test_a_page_with_a_picture_keeps_its_span_dict_for_the_scan_test() -> None:
    data = _pdf(picture=True, invisible=True)
    doc = open_document(data)
    Pipeline(doc).run(0)
    page = doc.page(0)
    assert page.has_images()
    assert _dicts_held(page) == 1
    assert page.span_dict() == _fresh_dict(data)
    assert ocr_layer(page)


def test_the_scan_test_reads_the_same_with_or_without_the_kept_dict() -> None:
    for invisible in (False, True):
        data = _pdf(picture=True, invisible=invisible)
        read = open_document(data).page(0)
        read.text()  # the dict kept from the words' reading
        unread = open_document(data).page(0)  # no reading yet: span_dict reads it
        assert ocr_layer(read) is ocr_layer(unread) is invisible
