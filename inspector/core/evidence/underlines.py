"""Underlines: a stroke under a word or a run of words (a link, emphasis) is the text's
decoration, no table rule.

A horizontal rule is an underline when it lies between the baseline and a fifth of the font
size under the text box of the words above it, starts and ends at their edges (within a
quarter of the font size) and runs under text, not across a column gap (the words cover most
of its length). A table's rule under a header sits below the descenders, or reaches past the
text into the cell's padding, or crosses the gaps between columns.

A link's or an emphasis' stroke leaves out the punctuation glued to its words ("see
https://example.org/." underlined up to the last "g", "(emphasis)" between the brackets): an
end may lie short of its words' edge by the width of the punctuation there (``MARK`` a
mark), never past it.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from ..types import Rule, Word

BELOW = 0.2  # font sizes under a word's box an underline may lie
EDGE = 0.25  # font sizes an underline's end may lie from its words' edges
UNDER_TEXT = 0.8  # share of an underline's length its words cover (word spaces are short)
MARK = 0.45  # font sizes a punctuation mark is at most wide (a period 0.25-0.3, a quote 0.45)
OPENING = "([{\"'\u201c\u2018\u00ab\u00bf\u00a1"  # marks a stroke may start after
CLOSING = ".,;:!?)]}\"'\u201d\u2019\u00bb\u2026"  # marks a stroke may end before


def underlines(words: Sequence[Word], rules: Sequence[Rule]) -> list[Rule]:
    """The horizontal ``rules`` that underline words of ``words``."""
    flat = [r for r in rules if r.orient == "h" and r.length > 0]
    if not flat or not words:
        return []
    by_bottom = sorted(words, key=lambda w: w.bbox.y1)
    bottoms = [w.bbox.y1 for w in by_bottom]
    reach = max(w.font_size or w.bbox.height for w in words)  # a word's box bottom lies this near its underline
    out = []
    for r in flat:
        near = by_bottom[bisect_left(bottoms, r.pos - reach):bisect_right(bottoms, r.pos + reach)]
        above = [w for w in near if w.bbox.x1 > r.start and w.bbox.x0 < r.end and _under(w, r.pos)]
        if above and _spans_words(r, above):
            out.append(r)
    return out


def _under(w: Word, y: float) -> bool:
    size = w.font_size or w.bbox.height
    baseline = w.baseline or w.bbox.y1 - 0.2 * size
    return baseline <= y <= w.bbox.y1 + BELOW * size


def _spans_words(r: Rule, words: Sequence[Word]) -> bool:
    size = max(w.font_size or w.bbox.height for w in words)
    first, last = min(words, key=lambda w: w.bbox.x0), max(words, key=lambda w: w.bbox.x1)
    x0, x1 = first.bbox.x0, last.bbox.x1
    lead = _marks(first.text, OPENING) * MARK * size  # the stroke may start this far inside its words
    trail = _marks(last.text[::-1], CLOSING) * MARK * size  # and end this far inside
    if not -EDGE * size <= r.start - x0 <= EDGE * size + lead:
        return False
    if not -EDGE * size - trail <= r.end - x1 <= EDGE * size:
        return False
    covered = sum(min(w.bbox.x1, r.end) - max(w.bbox.x0, r.start) for w in words)
    return covered >= UNDER_TEXT * r.length


def _marks(text: str, marks: str) -> int:
    """How many of ``marks`` begin ``text`` (at most all but one of its characters)."""
    n = len(text) - len(text.lstrip(marks))
    return min(n, max(len(text) - 1, 0))
