"""Small PDFs drawn with PyMuPDF at known coordinates, rendered for raster rule tests.

Every builder returns the page's grey render at ``DPI`` plus what was drawn (points).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pymupdf

from inspector.core.reading.document import open_document

DPI = 150
PAGE = (595.0, 842.0)


def render(draw: Callable[[pymupdf.Page], None], dpi: int = DPI) -> np.ndarray:
    """Draw on a fresh A4 page, save the PDF, open it like the app does and render it."""
    doc = pymupdf.open()
    page = doc.new_page(width=PAGE[0], height=PAGE[1])
    draw(page)
    data = doc.tobytes()
    doc.close()
    return open_document(data).page(0).render(dpi)


def grey(level: int) -> tuple[float, float, float]:
    """RGB colour of a grey level 0-255."""
    v = level / 255
    return (v, v, v)


def grid(page: pymupdf.Page, xs: tuple[float, ...], ys: tuple[float, ...], width: float = 0.5,
         level: int = 0) -> None:
    """A ruled grid: horizontals at ``ys`` from xs[0] to xs[-1], verticals at ``xs``."""
    for y in ys:
        page.draw_line((xs[0], y), (xs[-1], y), color=grey(level), width=width)
    for x in xs:
        page.draw_line((x, ys[0]), (x, ys[-1]), color=grey(level), width=width)


def fill(page: pymupdf.Page, rect: tuple[float, float, float, float], level: int) -> None:
    """A filled rectangle without an outline."""
    page.draw_rect(pymupdf.Rect(*rect), color=None, fill=grey(level), width=0)


def text_lines(page: pymupdf.Page, x: float, y: float, lines: list[str], size: float = 10,
               font: str = "helv", level: int = 0, leading: float | None = None) -> None:
    """Lines of text, baseline of the first at ``y``, ``leading`` (default 1.3 x size) apart."""
    step = size * 1.3 if leading is None else leading
    for i, line in enumerate(lines):
        page.insert_text((x, y + i * step), line, fontsize=size, fontname=font, color=grey(level))


PROSE = [
    "The quick brown fox jumps over the lazy dog while the committee reviews minutes of",
    "the previous meeting; totals were 1,234.56 and 7,890.12 respectively (see Annex II).",
    "MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm",
    "Underscores are not written here; long words like internationalisation still are.",
]
