"""Numbers whose decimal point has no advance: the point set inside the space after it.

Some exporters (InDesign's bold table figures, aligned on the decimal point) draw a number's
point with a zero advance and a space glyph after it, so the point's ink sits in that space:
"467.9" on the page, "467." and "9" in the text layer. A word ending in a digit and such a
point, and the next word of its line starting with a digit within one space of it, are one
number. The point's advance is read from the line's characters, only on pages with a candidate
pair (a point of normal width, "2009. 12", stays two words).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from ..types import Word
from .document import Page

SPACE = 0.5  # x the font size: the most white between the point and the next digit (a space is about 0.28 em)
ZERO = 0.01  # pt: a glyph advancing this little has no advance
_POINT_END = re.compile(r"\d[.,]$")
_POINTS = (".", ",")


def join_zero_points(page: Page, words: Sequence[Word]) -> list[Word]:
    """``words`` with each pair split after a zero-advance decimal point joined into one word."""
    # Every word of every page passes here: a last-character test first, the rest for the few left.
    pairs = [k for k in range(len(words) - 1) if words[k].text[-1:] in _POINTS and _candidate(words[k], words[k + 1])]
    if not pairs:
        return list(words)
    chars = page.line_chars()
    joined = {k for k in pairs if _zero_point(chars.get((words[k].block, words[k].line), ()), words[k])}
    out: list[Word] = []
    for k, w in enumerate(words):
        if k - 1 in joined and out:
            a = out.pop()
            box = dataclasses.replace(a.bbox, x1=w.bbox.x1, y0=min(a.bbox.y0, w.bbox.y0), y1=max(a.bbox.y1, w.bbox.y1))
            out.append(dataclasses.replace(a, text=a.text + w.text, bbox=box))
        else:
            out.append(w)
    return out


def _candidate(a: Word, b: Word) -> bool:
    """Is ``b`` a digit run right after ``a``, a number ending in a point, on the same line?"""
    if (a.block, a.line) != (b.block, b.line) or a.turn or a.from_ocr or not b.text[:1].isdigit():
        return False
    gap = b.bbox.x0 - a.bbox.x1
    return _POINT_END.search(a.text) is not None and 0 <= gap <= SPACE * max(a.font_size, 1.0)


def _zero_point(line: Sequence[tuple[str, float, float]], a: Word) -> bool:
    """Does the line hold ``a``'s last character, its point, with no advance where ``a`` ends?"""
    return any(c == a.text[-1] and abs(x1 - a.bbox.x1) <= 0.05 and x1 - x0 <= ZERO for c, x0, x1 in line)
