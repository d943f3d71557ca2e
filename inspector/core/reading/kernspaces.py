"""A space glyph inside a kerned word: one word, not two.

Ghostscript's ps2pdf writes a PostScript ``ashow``/``widthshow`` kern inside a word (grops's
"Sur" + kern + "vey") as a space character whose advance is the kern's few hundredths of an
em; the next glyph is drawn over the space's box. The text layer then reads "Sur" and "vey",
two words a reader sees as one ("Survey" on the page: the letters stand as close as any two of
the word's). A gap between two words is the white between their boxes: where two words of one
text line stand closer than ``KERN_GAP`` ems apart (or overlap by up to ``KERN_OVERLAP`` ems,
a kern pulling the next letter back), letters on both sides, the space between them is no
word space and they are one word. A word space is a quarter of an em or more (a justified
line squeezes it to about a fifth); letter-spaced text is wider still.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..types import Word

KERN_GAP = 0.08  # ems: white between two words' boxes under which no reader sees a word space
KERN_OVERLAP = 0.3  # ems: two words overlapping more than this are two texts drawn over each other


def _kerned(a: Word, b: Word) -> bool:
    """Are ``a`` and ``b`` one word cut at a kern's space (one line, letters at the cut, no white)?"""
    if a.block != b.block or a.line != b.line or a.turn or b.turn or a.font_size <= 0:
        return False
    em = max(a.font_size, b.font_size)
    gap = b.bbox.x0 - a.bbox.x1
    return -KERN_OVERLAP * em <= gap < KERN_GAP * em and b.bbox.x1 > a.bbox.x1 and abs(a.baseline - b.baseline) < 0.1 * em


def join_kerned_spaces(words: Sequence[Word]) -> list[Word]:
    """``words`` with each pair cut at a kern's space joined (see the module docstring); words
    come line by line, left to right, as MuPDF reads them."""
    out = list(words)
    # Every word of every page passes here: the letters at the cut first (two string tests).
    pairs = [k for k in range(len(out) - 1)
             if out[k].text[-1:].isalpha() and out[k + 1].text[:1].isalpha() and _kerned(out[k], out[k + 1])]
    for k in reversed(pairs):  # from the right: a joined word may join the one before it again
        a, b = out[k], out[k + 1]
        box = dataclasses.replace(a.bbox, x1=b.bbox.x1, y0=min(a.bbox.y0, b.bbox.y0), y1=max(a.bbox.y1, b.bbox.y1))
        out[k:k + 2] = [dataclasses.replace(a, text=a.text + b.text, bbox=box)]
    return out
