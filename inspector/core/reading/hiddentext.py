"""Text nobody can see: drawn in white on white paper or on a white fill, or drawn invisible.

A form writer may draw text for software alone in the colour of the paper (an accessibility
hint "Required Field" set in white beside a field's asterisk, a note at a hair's size): it
shows nothing, and with no space between it and the visible text before it, the text layer
glues the two into one word ("*Required"). Only what is visible is evidence: such text is no
word of the page, and a word it is glued to keeps only its visible characters.

A span is hidden when every channel of its colour is at least ``WHITE`` and what lies under
its box's centre is paper: no filled path darker than ``WHITE`` (a white header on a dark
cell is visible) and no raster picture. Coordinates are points, unrotated page space; only
upright lines are looked at.

Text drawn invisible (render mode 3, or at no opacity) shows nothing either, unless a picture
lies under it: over a scan's picture it is the OCR layer, the words the picture shows. Text an
opaque rectangle painted later covers: ``coveredtext``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..types import Rect, Word
from .document import Page

WHITE = 250  # 0-255: a colour whose every channel is at least this is the paper's
EDGE = 0.5  # pt: a word within this of a hidden span's side lies inside it
GLYPH_ITEMS = 3  # a filled path of at least this many pieces is a glyph's outline (an underline is one)
COPY_SHARE = 0.5  # a visible span over more than this share of an invisible one's box: a copy of it


def white(colour: int) -> bool:
    """Is a span's colour (PyMuPDF's sRGB integer) the paper's: every channel at least ``WHITE``?
    ``words.read_lines`` lists the white spans of the lines running left to right."""
    return min(colour >> 16 & 255, colour >> 8 & 255, colour & 255) >= WHITE


def hidden_spans(page: Page, spans: Sequence[Rect]) -> list[Rect]:
    """Those of ``spans`` (white ones) over paper: no darker fill and no picture under their
    centre, nor within ``EDGE`` of it. A span MuPDF made of two cells' texts (a white "금액" and
    "비고" of a dark head band, its cells filled one rectangle each) has its centre on the seam
    of two fills, where a float's last digit put it on neither."""
    if not spans:
        return []
    under = [d.rect for d in page.drawings() if d.fill is not None and d.fill < WHITE]
    if page.has_images():
        under += page.picture_boxes()
    return [s for s in spans if not any(u.x0 - EDGE <= s.cx <= u.x1 + EDGE and u.y0 - EDGE <= s.cy <= u.y1 + EDGE
                                        for u in under)]


def shown_spans(d: dict[str, Any]) -> list[Rect]:
    """The boxes of the spans of PyMuPDF's span dict ``d`` that are drawn visibly (not invisible)."""
    return [Rect(*s["bbox"]) for b in d.get("blocks", ()) for line in b.get("lines", ()) for s in line.get("spans", ())
            if s.get("alpha", 255) and s["text"].strip()]


def invisible_spans(page: Page, spans: Sequence[Rect], shown: Sequence[Rect] = ()) -> list[Rect]:
    """Those of ``spans`` (drawn invisible) standing over nothing that shows: no picture under
    their centre (over a scan's picture they are its OCR layer), no glyphs drawn as paths in
    their box (a browser draws Arabic script as outlines and lays the invisible text over them:
    its text layer), no visible span (of ``shown``) over most of them (an invisible copy under
    the visible text, as InDesign leaves: the visible copy stays). Such text is evidence."""
    if not spans:
        return []
    under = page.picture_boxes() if page.has_images() else []
    outlines = [d.rect for d in page.drawings() if d.fill is not None and len(d.items) >= GLYPH_ITEMS]
    return [s for s in spans if not any(u.contains_point(s.cx, s.cy) for u in under)
            and not any(g.within(s, EDGE) for g in outlines)
            and not any(_overlap(s, v) > COPY_SHARE * s.area for v in shown)]


def _overlap(a: Rect, b: Rect) -> float:
    """The area (pt²) ``a`` and ``b`` share."""
    inter = a.intersection(b)
    return inter.area if inter is not None else 0.0


def without_hidden(page: Page, words: list[Word], hidden: Sequence[Rect]) -> list[Word]:
    """``words`` without those lying inside a hidden span, and a word a hidden span ends or
    starts inside cut to its visible characters (read from the page's characters there)."""
    if not hidden:
        return words
    out: list[Word] = []
    for w in words:
        h = next((s for s in hidden if meets(w.bbox, s)), None)
        if h is None:
            out.append(w)
        elif w.bbox.x0 < h.x0 - EDGE or w.bbox.x1 > h.x1 + EDGE:
            out += _visible_part(page, w, h)
    return out


def meets(b: Rect, s: Rect) -> bool:
    """Does word box ``b`` overlap span box ``s`` along x, with ``s``'s middle height inside ``b``?"""
    return b.x0 < s.x1 and s.x0 < b.x1 and b.y0 <= s.cy <= b.y1


def _visible_part(page: Page, w: Word, h: Rect) -> list[Word]:
    """The characters of ``w`` whose centre lies outside ``h`` along x, as one word (none left: [])."""
    chars = [c for c in page.chars_in(w.bbox) if c[0].strip() and not h.x0 <= (c[1] + c[3]) / 2 <= h.x1]
    if not chars:
        return []
    box = Rect(min(c[1] for c in chars), w.bbox.y0, max(c[3] for c in chars), w.bbox.y1)
    return [dataclasses.replace(w, text="".join(c[0] for c in chars), bbox=box)]
