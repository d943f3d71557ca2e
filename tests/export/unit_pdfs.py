"""Ruled tables with a unit stated somewhere near them, built with PyMuPDF for the unit tests.

Chinese text uses PyMuPDF's built-in "china-s" font, Korean its "korea" font, English
Helvetica. Coordinates are PDF points, top-left origin. ``lines`` are (x, y, text) written
outside the table (a unit line above, a caption, a footnote); a negative x right-aligns the
line to the table's right edge.
"""

from __future__ import annotations

from collections.abc import Sequence

import pymupdf

FONTS = {"zh": "china-s", "ko": "korea", "ja": "japan", "en": "helv"}
ROW_H = 20.0
COL_W = 95.0


def _font(text: str, font: str) -> str:
    """Plain ASCII (numbers, English) in Helvetica, as reports set their figures."""
    return "helv" if text.isascii() else font


def _text(page: pymupdf.Page, x: float, y: float, text: str, font: str, size: float = 9.0) -> None:
    page.insert_text((x, y), text, fontsize=size, fontname=_font(text, font))


def _width(text: str, font: str, size: float = 9.0) -> float:
    if not text.isascii():  # the CJK fonts' metrics: one em a character is close enough for placing
        return size * len(text)
    return float(pymupdf.get_text_length(text, fontname="helv", fontsize=size))


def draw_ruled(page: pymupdf.Page, rows: Sequence[Sequence[str]], lang: str, x0: float = 50, y0: float = 140,
               lines: Sequence[tuple[float, float, str]] = ()) -> tuple[float, float]:
    """A fully ruled table of ``rows`` at (x0, y0); numbers right-aligned. Returns its right and
    bottom edges."""
    font = FONTS[lang]
    n_cols = max(len(r) for r in rows)
    x1, y1 = x0 + n_cols * COL_W, y0 + len(rows) * ROW_H
    for r in range(len(rows) + 1):
        page.draw_line((x0, y0 + r * ROW_H), (x1, y0 + r * ROW_H), width=0.6)
    for c in range(n_cols + 1):
        page.draw_line((x0 + c * COL_W, y0), (x0 + c * COL_W, y1), width=0.6)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if not text:
                continue
            numeric = text[:1].isdigit() or text[:1] in "-($"
            x = x0 + (c + 1) * COL_W - 4 - _width(text, font) if numeric else x0 + c * COL_W + 4
            _text(page, x, y0 + r * ROW_H + 14, text, font)
    for x, y, text in lines:
        _text(page, x1 - _width(text, font) if x < 0 else x, y, text, font)
    return x1, y1


def table_pdf(rows: Sequence[Sequence[str]], lang: str, lines: Sequence[tuple[float, float, str]] = (),
              y0: float = 140) -> bytes:
    """One page holding one ruled table and ``lines`` near it."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    draw_ruled(page, rows, lang, y0=y0, lines=lines)
    data = doc.tobytes()
    doc.close()
    return bytes(data)


def continued_pdf(header: Sequence[str], body: Sequence[Sequence[str]], lang: str, unit_line: str,
                  first_rows: int) -> bytes:
    """A table over two pages: ``first_rows`` body rows at the foot of page 1 under ``unit_line``,
    the rest at the top of page 2 under the repeated header, with no unit line there."""
    doc = pymupdf.open()
    first = doc.new_page(width=595, height=842)
    y0 = 842 - 60 - (first_rows + 1) * ROW_H
    draw_ruled(first, [header, *body[:first_rows]], lang, y0=y0, lines=[(-1, y0 - 6, unit_line)])
    second = doc.new_page(width=595, height=842)
    draw_ruled(second, [header, *body[first_rows:]], lang, y0=60)
    data = doc.tobytes()
    doc.close()
    return bytes(data)
