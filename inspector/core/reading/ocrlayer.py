"""A searchable scan: a page picture with someone else's OCR laid over it as invisible text.

Copiers, ABBYY, Acrobat's "Recognize text" and OCRmyPDF write scans this way: the page is a
picture, and the words their OCR read are drawn over it in text render mode 3 (invisible), so a
viewer can search and copy them. Those words are the page's text layer and are read as such
(``hiddentext`` keeps invisible text over a picture), but the page is still a scan: its rules
exist only in the picture, and a scanner tilts it. A tilt of a degree moves a 400 pt rule's ends
7 pt apart, more than a row's padding, so rules and rows are matched only once the page is
straightened, as an OCR page is (``ocr.deskew``).
"""

from __future__ import annotations

from ..types import Rect
from .document import Page

COVER = 0.5  # share of the page's area its pictures cover: a scanned page, not a figure on one
INVISIBLE = 0.5  # share of the page's characters drawn invisible over a picture: its OCR layer
LAYER_PREFIX = "the words are an invisible OCR text layer"  # the page note's start (Why lists such notes)
# Someone else's OCR read the words; this tool's own reading of the picture is one setting away
# (on the image-only ICDAR copies it scored 0.882 against Tesseract's layer's 0.637).
LAYER_LEVER = "ocr.mode=always reads the picture with this tool's OCR instead of the layer"


def ocr_layer(page: Page) -> bool:
    """Is ``page`` a searchable scan: pictures cover over ``COVER`` of it, and over ``INVISIBLE``
    of its characters are drawn invisible (render mode 3 or no opacity) over a picture?"""
    if not page.has_images():
        return False
    whole = Rect(0, 0, page.width, page.height)
    pictures = [p for p in page.picture_boxes() if p.intersection(whole) is not None]
    covered = sum(inter.area for p in pictures if (inter := p.intersection(whole)) is not None)
    if covered < COVER * whole.area:
        return False
    hidden = total = 0
    for block in page.span_dict().get("blocks", ()):  # the reader's own dict: no second extraction
        for line in block.get("lines", ()):
            for s in line.get("spans", ()):
                n = len(s["text"].strip())
                total += n
                if n and not s.get("alpha", 255) and _over(Rect(*s["bbox"]), pictures):
                    hidden += n
    return total > 0 and hidden > INVISIBLE * total


def _over(span: Rect, pictures: list[Rect]) -> bool:
    """Does the centre of ``span`` lie on one of ``pictures``?"""
    return any(p.contains_point(span.cx, span.cy) for p in pictures)
