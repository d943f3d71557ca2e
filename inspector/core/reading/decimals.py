"""A number's decimal point read with no advance beside a space: one word, not two.

A layout program aligning a column of amounts on the decimal point (InDesign) may map the
point's glyph to two characters, a space and the point (its leader-dot habit: ". . ."), and
may wrap it in marked content whose ActualText is the point. MuPDF then gives one of the two
characters the glyph's whole advance and the other none: the page shows "11,062.6", the text
layer reads "11,062." + "6" (ActualText) or "11,062" + ".6" (the map alone), two words that
land in one cell as "11,062. 6" (a number broken in two). A space is no gap between words
when it shares one glyph's advance with a decimal or grouping separator set between digits
(the separator has no advance, beside the space): the two words are one. Any other
zero-advance glyph (a combining accent) keeps its space, and so does a separator with an
advance of its own ("12. 3" in a sentence).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence

from ..types import Word

_SEPARATORS = frozenset(".,")  # the decimal and grouping separators a cut lies beside
_OPEN = re.compile(r".*\d[.,]")  # a word ending in a separator after a digit ...
_FRACTION = re.compile(r"\d{1,3}[%)]?")  # ... then a decimal part: "6", "25", "5%" ("2011" after "14," is a date)
_CLOSE = re.compile(r"[.,]\d{1,3}[%)]?")  # a word that is a separator and a decimal part
ZERO_ADVANCE = 0.01  # pt: a character this narrow has no advance (it shares a glyph's)
AT = 0.05  # pt: a character's box starts this close to its word's edge (the same number, rounded)
MAX_SPACE = 0.5  # ems: the space after the point is at most this wide (a word space, not a tab)

Chars = dict[tuple[int, int], list[tuple[str, float, float]]]


def _candidate(a: Word, b: Word) -> bool:
    """Could ``a`` and ``b`` be one number cut beside its separator (text and geometry)?"""
    if a.block != b.block or a.line != b.line or a.turn or not 0 <= b.bbox.x0 - a.bbox.x1 <= MAX_SPACE * max(a.font_size, 1.0):
        return False
    return (_OPEN.fullmatch(a.text) is not None and _FRACTION.fullmatch(b.text) is not None) or \
        (a.text[-1:].isdigit() and _CLOSE.fullmatch(b.text) is not None)


def _zero_advance(ch: str, x: float, line: Sequence[tuple[str, float, float]]) -> bool:
    """Is the character ``ch`` at ``x`` (pt) on its line drawn with no advance?"""
    return any(c[0] == ch and abs(c[1] - x) <= AT and c[2] - c[1] <= ZERO_ADVANCE for c in line)


def _shares_a_glyph(a: Word, b: Word, chars: Chars) -> bool:
    """Is the separator between ``a`` and ``b`` a zero-advance character (at ``a``'s end or
    ``b``'s start), the space beside it holding the glyph's advance?"""
    line = chars.get((a.block, a.line), ())
    if a.text[-1] in ".,":
        return _zero_advance(a.text[-1], a.bbox.x1, line)
    return _zero_advance(b.text[0], b.bbox.x0, line)


def glyph_text(chars: Sequence[tuple[str, float, float]]) -> str:
    """The text of one line's characters ``(char, x0, x1)`` (pt), less each space that shares a
    zero-advance separator's glyph between two digits (the module docstring's cut, read from the
    characters where no words are made: the tag importer's cell text)."""
    text = "".join(c[0] for c in chars)
    if " " not in text or not any(c in _SEPARATORS for c in text):
        return text
    return "".join(c[0] for k, c in enumerate(chars) if not _shared_space(chars, k))


def _shared_space(chars: Sequence[tuple[str, float, float]], k: int) -> bool:
    """Is ``chars[k]`` a space whose glyph a zero-advance separator beside it shares, digits around?"""
    if chars[k][0] != " ":
        return False

    def digit(i: int) -> bool:
        return 0 <= i < len(chars) and chars[i][0].isdigit()

    def separator_at(i: int, x: float) -> bool:
        return 0 <= i < len(chars) and chars[i][0] in _SEPARATORS and abs(chars[i][1] - x) <= AT \
            and chars[i][2] - chars[i][1] <= ZERO_ADVANCE

    before = separator_at(k - 1, chars[k][1]) and digit(k - 2) and digit(k + 1)  # "062." + " " + "6"
    after = separator_at(k + 1, chars[k][2]) and digit(k - 1) and digit(k + 2)  # "062" + " " + ".6"
    return before or after


def join_zero_advance_points(words: Sequence[Word], line_chars: Callable[[], Chars]) -> list[Word]:
    """``words`` with each pair cut beside a zero-advance decimal or grouping separator joined
    (see the module docstring); ``line_chars`` (``Page.line_chars``) is read only when some
    pair could be one (most pages have none)."""
    out = list(words)
    # Every word of every page passes here: the separator at the cut is tested first (a slice and
    # a set lookup), ``_candidate`` only for the few pairs that have one.
    pairs = [k for k in range(len(out) - 1)
             if (out[k].text[-1:] in _SEPARATORS or out[k + 1].text[:1] in _SEPARATORS) and _candidate(out[k], out[k + 1])]
    if not pairs:
        return out
    chars = line_chars()
    for k in reversed(pairs):  # from the right: a joined word may join the one before it again
        a, b = out[k], out[k + 1]
        if _shares_a_glyph(a, b, chars):
            box = dataclasses.replace(a.bbox, x1=b.bbox.x1, y0=min(a.bbox.y0, b.bbox.y0), y1=max(a.bbox.y1, b.bbox.y1))
            out[k:k + 2] = [dataclasses.replace(a, text=a.text + b.text, bbox=box)]
    return out
