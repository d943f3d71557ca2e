"""A path's paint is read once per style (``reading.drawings``): paths that differ in one
property of their style only (width, dashes, colour, fill, opacity) keep their own values."""

from __future__ import annotations

import pymupdf

from inspector.core.reading.document import open_document


def _page_of_styles() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    styles = [  # (color, fill, width, dashes, stroke_opacity, fill_opacity)
        ((0, 0, 0), None, 1.0, None, 1.0, 1.0),
        ((0, 0, 0), None, 1.0, "[3 2] 0", 1.0, 1.0),  # dashed only
        ((0, 0, 0), None, 2.0, None, 1.0, 1.0),  # wider only
        ((0, 0, 0), None, 1.0, None, 0.5, 1.0),  # half opaque only
        ((1, 0, 0), None, 1.0, None, 1.0, 1.0),  # red only
        ((0, 0, 0), (0.5, 0.5, 0.5), 1.0, None, 1.0, 1.0),  # filled too
        ((0, 0, 0), (0.5, 0.5, 0.5), 1.0, None, 1.0, 0.25),  # its fill a quarter opaque
        ((0, 0, 0), None, 1.0, None, 1.0, 1.0),  # the first style again
    ]
    for k, (color, fill, width, dashes, so, fo) in enumerate(styles):
        x = 20 + 45 * k
        page.draw_rect(pymupdf.Rect(x, 50, x + 30, 80), color=color, fill=fill, width=width, dashes=dashes,
                       stroke_opacity=so, fill_opacity=fo)
    return doc.tobytes()


def test_each_path_keeps_its_own_style() -> None:
    drawings = open_document(_page_of_styles()).page(0).drawings()
    got = [(d.stroke, d.fill, d.width, d.dashed, d.stroke_opacity, d.fill_opacity, d.fill_rgb) for d in drawings]
    red = round(0.299 * 255)
    assert got == [
        (0, None, 1.0, False, 1.0, 1.0, None),
        (0, None, 1.0, True, 1.0, 1.0, None),
        (0, None, 2.0, False, 1.0, 1.0, None),
        (0, None, 1.0, False, 0.5, 1.0, None),
        (red, None, 1.0, False, 1.0, 1.0, None),
        (0, 127, 1.0, False, 1.0, 1.0, (128, 128, 128)),  # the luma of 0.5 grey falls just under 127.5
        (0, 127, 1.0, False, 1.0, 0.25, (128, 128, 128)),
        (0, None, 1.0, False, 1.0, 1.0, None),
    ]
    assert [d.rect.x0 for d in drawings] == [20 + 45 * k for k in range(8)]
