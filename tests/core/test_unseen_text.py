"""Text a viewer does not show is no evidence: drawn invisible (render mode 3) with no picture
under it, or covered by an opaque rectangle painted after it. Invisible text over a picture is a
scan's OCR layer and stays; text painted over a fill (a shaded cell) stays; a rectangle covering
only half a line's height hides nothing."""

from __future__ import annotations

import dataclasses

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.words import extract_text


def _page(build: object) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    build(page)  # type: ignore[operator]
    return doc.tobytes()


def _texts(data: bytes, hidden: bool = True) -> list[str]:
    return [w.text for w in extract_text(open_document(data).page(0), hidden)[0]]


def _invisible(page: pymupdf.Page) -> None:
    page.insert_text((72, 100), "Visible heading", fontsize=10)
    page.insert_text((72, 130), "Ghost 12 34", fontsize=10, render_mode=3)


def _over_picture(page: pymupdf.Page) -> None:
    pix = pymupdf.Pixmap(pymupdf.csGRAY, pymupdf.IRect(0, 0, 80, 10), False)
    pix.set_rect(pix.irect, (200,))
    page.insert_image(pymupdf.Rect(60, 110, 300, 140), pixmap=pix)
    page.insert_text((72, 130), "Scanned 56 78", fontsize=10, render_mode=3)
    page.insert_text((72, 200), "Stray 9", fontsize=10, render_mode=3)


def test_invisible_text_with_no_picture_under_it_is_no_word() -> None:
    data = _page(_invisible)
    assert _texts(data, hidden=False) == ["Visible", "heading", "Ghost", "12", "34"]
    assert _texts(data) == ["Visible", "heading"]


def test_invisible_text_over_a_picture_is_the_ocr_layer_and_stays() -> None:
    assert _texts(_page(_over_picture)) == ["Scanned", "56", "78"]


def test_invisible_text_over_glyphs_drawn_as_paths_is_their_text_layer_and_stays() -> None:
    """A browser draws Arabic script as filled outlines and lays the text over them invisibly (here
    Latin, as the built-in font has no Arabic): the outlines show, the text layer says what they
    read. An underline alone is no glyph."""
    def build(page: pymupdf.Page) -> None:
        shape = page.new_shape()
        shape.draw_bezier((80, 95), (90, 85), (100, 85), (110, 95))
        shape.draw_line((110, 95), (80, 98))
        shape.draw_bezier((80, 98), (90, 92), (100, 92), (80, 95))
        shape.finish(color=None, fill=(0, 0, 0))
        shape.draw_rect(pymupdf.Rect(72, 131, 130, 132))
        shape.finish(color=None, fill=(0, 0, 0))
        shape.commit()
        page.insert_text((78, 97), "Outlined", fontsize=12, render_mode=3)
        page.insert_text((72, 130), "Ghost 12", fontsize=10, render_mode=3)
    assert _texts(_page(build)) == ["Outlined"]


def _covered(page: pymupdf.Page) -> None:
    page.insert_text((72, 100), "Old total 1,234", fontsize=10)
    page.draw_rect(pymupdf.Rect(70, 88, 200, 104), color=None, fill=(1, 1, 1))  # painted after: covers
    page.insert_text((72, 99), "New total", fontsize=10)  # painted after the cover: shows, "total" too
    page.draw_rect(pymupdf.Rect(70, 120, 200, 140), color=None, fill=(0.8, 0.8, 0.9))
    page.insert_text((72, 134), "Shaded cell 56", fontsize=10)  # on its fill: shows
    page.insert_text((72, 170), "Half hidden 78", fontsize=10)
    page.draw_rect(pymupdf.Rect(70, 165, 200, 175), color=None, fill=(1, 1, 1))  # the lower half alone
    page.insert_text((72, 200), "Left part right", fontsize=10)
    page.draw_rect(pymupdf.Rect(95, 188, 300, 204), fill=(0, 0, 0), color=None)  # a black box over all but "Left"


def test_text_under_an_opaque_fill_painted_after_it_is_no_word() -> None:
    data = _page(_covered)
    assert _texts(data, hidden=False) == ["Old", "total", "1,234", "New", "total", "Shaded", "cell", "56", "Half", "hidden", "78",
                                          "Left", "part", "right"]
    assert _texts(data) == ["New", "total", "Shaded", "cell", "56", "Half", "hidden", "78", "Left"]


def test_a_covered_mark_of_no_letter_or_digit_stays() -> None:
    """A flattened form field draws its box over the page's check box glyph: a box shows either
    way, and the glyph is what tells a form's marks from a table's rules."""
    def build(page: pymupdf.Page) -> None:
        page.insert_text((72, 100), "* Yes 12", fontsize=10)
        page.draw_rect(pymupdf.Rect(70, 90, 78, 102), color=(0, 0, 0), fill=(1, 1, 1), width=0.5)
        page.draw_rect(pymupdf.Rect(80, 88, 120, 104), color=None, fill=(1, 1, 1))
    assert _texts(_page(build)) == ["*"]


def test_a_half_transparent_cover_hides_nothing() -> None:
    def build(page: pymupdf.Page) -> None:
        page.insert_text((72, 100), "Seen 12", fontsize=10)
        page.draw_rect(pymupdf.Rect(70, 88, 200, 104), color=None, fill=(1, 1, 0), fill_opacity=0.4)
    assert _texts(_page(build)) == ["Seen", "12"]


def test_a_fake_table_invisible_or_covered_is_not_detected_and_the_switch_keeps_it() -> None:
    """A ruled 3 x 4 grid whose words are covered by a white box painted over the whole grid
    (rules and words): no table; with rows.hidden_text off, the words come back."""
    def build(page: pymupdf.Page) -> None:
        for r in range(5):
            page.draw_line((72, 100 + 20 * r), (312, 100 + 20 * r))
        for c in range(4):
            page.draw_line((72 + 80 * c, 100), (72 + 80 * c, 180))
        for r in range(4):
            for c in range(3):
                page.insert_text((76 + 80 * c, 114 + 20 * r), f"v{r}{c} {r * 7 + c}", fontsize=9)
        page.draw_rect(pymupdf.Rect(60, 90, 330, 190), color=None, fill=(1, 1, 1))
    data = _page(build)
    p = Params()
    off = dataclasses.replace(p, rows=dataclasses.replace(p.rows, hidden_text=False))
    pipe = Pipeline(open_document(data))
    assert list(pipe.run(0, p).tables) == []
    assert list(pipe.run(0, p).words) == []
    assert len(pipe.run(0, off).words) == 24
