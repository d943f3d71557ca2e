"""A searchable scan's layer word made of rule glyphs ('|', '=', '_', '~') judged by its ink on
the picture as scanned (straightened, nothing painted out): a poor OCR layer reads a table's
rule ink as such glyphs, a good one holds a typed '|' or '='. Tesseract reading such a lone mark
alone mostly reads nothing, so the ink's extent and shape decide (``layercheck``): a piece of a
rule runs on past its box (``runs_on``), a typed glyph has its shape (``shaped``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .reading.ocr import pixel_box
from .scan import INK_GREY, OcrPicture
from .scan_clean import straightened
from .types import Rect

if TYPE_CHECKING:
    import numpy as np

    from .reading.document import Page

PAD = 0.15  # of a word box's height added above and below it: the layer's box may clip its letters' edges
RUN = 0.5  # of a rule glyph's box height: unbroken ink past it that makes it a piece of a rule


def taller(box: Rect) -> Rect:
    """``box`` with ``PAD`` of its height added above and below (not beside it: a neighbour's
    letters start there)."""
    d = PAD * box.height
    return Rect(box.x0, box.y0 - d, box.x1, box.y1 + d)


class RawPicture:
    """The page's picture as scanned (straightened like ``pic``, nothing painted out), rendered
    once when a rule glyph of the layer needs it."""

    def __init__(self, page: Page, pic: OcrPicture) -> None:
        self.page, self.pic = page, pic
        self.grey: np.ndarray | None = None

    def shows(self, box: Rect, text: str) -> bool:
        """Does the ink in the word's ``box`` (straightened points, as the layer has it, padded)
        on the picture as scanned have the shape of the layer's rule glyph ``text`` (``shaped``)?
        A typed '|' or '=' the painting out of rules took does; a cell's dash that a poor OCR read
        as '=' does not. (Tesseract reading such a lone mark alone mostly reads nothing: no test.)"""
        grey = self.picture()
        x0, y0, x1, y1 = pixel_box(taller(box), self.pic.dpi, grey.shape)
        return shaped(grey[y0:y1, x0:x1] < INK_GREY, text.strip())

    def picture(self) -> np.ndarray:
        if self.grey is None:
            self.grey = straightened(self.page.render_shown(self.pic.dpi), self.pic.frame.skew)
        return self.grey

    def runs_on(self, box: Rect) -> bool:
        """Does the ink under a rule glyph's ``box`` (straightened points) run on past it, up or
        down or sideways, for ``RUN`` of its height without a break, on the picture as scanned? Then it
        was a piece of a longer rule (gone from the picture read: rules are painted out), not a
        letter: a typed '|' or '=' ends with its box, a text line's letters beyond it are broken
        by the line gap and by letter gaps."""
        grey = self.picture()
        px = pixel_box(box, self.pic.dpi, grey.shape)
        # Either way: OCR reads a vertical rule's piece as '=' or '|' alike, and a typed glyph
        # has a line gap above and below it and a word gap beside it.
        return runs_on(grey, px, vertical=True) or runs_on(grey, px, vertical=False)


def shaped(ink: np.ndarray, text: str) -> bool:
    """Is the ``ink`` (a boolean mask of a padded word box) the shape of the rule glyphs ``text``,
    its rows of ink that run into the box's top or bottom left out: for bars (| ¦) ink twice as
    tall as wide, for '_' and '~' twice as wide as tall, for '=' two runs of inked rows; any
    other run of glyphs is taken as shown (no shape to test)."""
    import numpy as np

    inked_rows = np.array(ink.any(axis=1), dtype=bool)
    top, bottom = 0, len(inked_rows)
    while top < bottom and inked_rows[top]:  # ink running into the padded box's top or bottom:
        top += 1  # another line's, or a rule's
    while bottom > top and inked_rows[bottom - 1]:
        bottom -= 1
    inked_rows[:top] = inked_rows[bottom:] = False
    rows = np.flatnonzero(inked_rows)
    if not rows.size:
        return False
    cols = np.flatnonzero(ink[rows].any(axis=0))
    tall, wide = int(rows[-1] - rows[0] + 1), int(cols[-1] - cols[0] + 1)
    kinds = set(text)
    if kinds <= set("|¦"):
        return tall >= 2 * wide
    if kinds <= set("_~"):
        return wide >= 2 * tall
    if kinds == {"="}:
        return int((np.diff(rows) > 1).sum()) == 1  # two runs of inked rows: one white gap between
    return True


def runs_on(grey: np.ndarray, box: tuple[int, int, int, int], vertical: bool) -> bool:
    """Does ink run on past the pixels ``box`` (x0, y0, x1, y1) of ``grey``, unbroken for ``RUN``
    of the box's height, above or below it (``vertical``) or left or right of it?"""
    x0, y0, x1, y1 = box
    if x1 <= x0 or y1 <= y0:
        return False
    along = max(2, int(RUN * (y1 - y0)))
    if vertical:
        cols = slice(max(x0 - 1, 0), x1 + 1)
        strips = [grey[max(y0 - along, 0):y0, cols], grey[y1:y1 + along, cols]]
        return any(s.shape[0] == along and bool((s < INK_GREY).any(axis=1).all()) for s in strips)
    strips = [grey[y0:y1, max(x0 - along, 0):x0], grey[y0:y1, x1:x1 + along]]
    return any(s.shape[1] == along and bool((s < INK_GREY).any(axis=0).all()) for s in strips)
