"""Pictures OCR read as text: a photograph, an engraving, a logo, a signature or a stamp on a scan.

Tesseract reads the ink of a picture as words: short runs of letters and signs it doubts ("WN?",
"|e", "Jf", "YfaDe/"), set on lines that cross the picture's hatching. Beside a column of text
their "lines" share the text's baselines, and they line up in columns as a table's cells do: a
book page with an engraving came out as three tables of noise beside the story. What tells them
apart is what OCR says of them: a picture's marks come in a cluster, each doubted (under
``DOUBT`` %) and no word or number a page would print (a short run of letters, or letters mixed
with signs or case). A scanned table read badly is no such cluster: its numbers stay numbers
however unsure, its labels words, and the doubted marks among them are few. The cluster's box is a
figure area (``evidence.figures``): its text is in no table. Coordinates are page space (points).
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence

import numpy as np

from ..numbers import is_number
from ..types import Rect, Word
from .figures import Figure
from .raster_groups import components

# Why no user would change these: a picture's marks are what Tesseract says it doubts, and a
# cluster of a dozen of them with hardly any sure word inside is what no printed text gives.
DOUBT = 60.0  # % confidence a picture's mark stays under
MIN_MARKS = 12  # marks in one cluster, at least
REACH = 2.5  # x a mark's height: marks this close to each other are one picture's (hatching leaves gaps)
SHARE = 0.75  # share of the words inside the cluster's box that OCR doubts, at least
# A cluster holding more than this share of the page's words is no picture beside the text: it is
# the page's text OCR could not read (another script than its language, a page upside down).
PAGE_SHARE = 0.5
# A word as printed: three letters or more in one of print's case patterns (lower, Title, UPPER),
# hyphenated parts alike, quoted or punctuated; "Jf", "YfaDe/", "|e" are none.
WORDLIKE = re.compile(r"^[(\"'“‘]?(?:[A-Za-z]?[a-z]{2,}(?:['’][a-z]+)?|[A-Z]{3,})(?:-(?:[A-Za-z]?[a-z]+|[A-Z]+))*-?"
                      r"[)\"'”’.,;:!?]*$")
PICTURE = "{n} marks OCR doubts (median confidence {conf:.0f} %), no words or numbers"
WHAT = "a picture read as text by OCR"


def picture_areas(words: Sequence[Word]) -> tuple[Figure, ...]:
    """The figure areas of a scanned page's pictures: clusters of ``MIN_MARKS`` or more of the OCR
    marks (``mark``) whose box holds words OCR doubts (under ``DOUBT`` %) for ``SHARE`` of its words
    at least (a picture's confident specks, "|" or "f", are few) and no more than ``PAGE_SHARE`` of the
    page's words (more is the page's own text, unreadable to OCR). Text-layer words are never marks."""
    marks = [w for w in words if mark(w)]
    if len(marks) < MIN_MARKS:
        return ()
    out = []
    for group in _clusters(marks):
        if len(group) < MIN_MARKS:
            continue
        box = Rect(min(w.bbox.x0 for w in group), min(w.bbox.y0 for w in group),
                   max(w.bbox.x1 for w in group), max(w.bbox.y1 for w in group))
        inside = [w for w in words if box.x0 <= w.bbox.cx <= box.x1 and box.y0 <= w.bbox.cy <= box.y1]
        if len(inside) > PAGE_SHARE * len(words):
            continue
        if sum(w.ocr_confidence < DOUBT for w in inside) >= SHARE * len(inside):
            conf = statistics.median(w.ocr_confidence for w in group)
            # Margin 0: the text beside a picture (a column of prose, a table) is no part of it.
            out.append(Figure(box, PICTURE.format(n=len(group), conf=conf), margin=0.0, what=WHAT))
    return tuple(out)


def mark(w: Word) -> bool:
    """Is ``w`` a mark OCR made of a picture: read by OCR, doubted, and neither a number nor a
    word as printed (letters in one case pattern, three or more lower case after a capital)?"""
    if not w.from_ocr or w.ocr_confidence >= DOUBT:
        return False
    text = w.text.strip()
    return not (is_number(text) or WORDLIKE.match(text))


def _clusters(marks: Sequence[Word]) -> list[list[Word]]:
    """``marks`` joined where one's box, grown by ``REACH`` of its height, touches another's."""
    x0, y0, x1, y1 = (np.array([getattr(w.bbox, k) for w in marks]) for k in ("x0", "y0", "x1", "y1"))
    d = REACH * np.maximum(y1 - y0, 1.0)
    touch = ((x0[:, None] - d[:, None] <= x1[None]) & (x0[None] <= x1[:, None] + d[:, None])
             & (y0[:, None] - d[:, None] <= y1[None]) & (y0[None] <= y1[:, None] + d[:, None]))
    groups: dict[int, list[Word]] = {}
    for w, g in zip(marks, components(touch | touch.T).tolist(), strict=True):
        groups.setdefault(g, []).append(w)
    return list(groups.values())
