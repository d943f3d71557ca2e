"""Text normalisation used when texts are compared or written on one line."""

from __future__ import annotations

import re
import unicodedata

# Unicode categories of a list item's marker: bullets and dashes (•, ‣, –), symbols (■, ►, ✓)
# and the private-use glyphs of symbol fonts (Word's Symbol/Wingdings bullets).
_MARKER_CATEGORIES = ("Po", "Pd", "So", "Sm", "Co")


# Latin ligatures as one character (U+FB00-FB06: "ﬁ", "ﬀ", "ﬃ"): a font's map may read its
# ligature glyph as the presentation form where another reads it as its letters ("fi"); the
# letters are the text ("ﬁle" matches no "file").
LIGATURE = re.compile("[\ufb00-\ufb06]")


def ligature_letters(text: str) -> str:
    """``text`` with each Latin ligature character (U+FB00-FB06) written as its letters."""
    return LIGATURE.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text) if LIGATURE.search(text) else text


def norm_text(text: str) -> str:
    """``text`` with every whitespace character removed and its Latin ligature characters as
    their letters: how ICDAR 2013 compares cell text (a line break inside a cell never counts
    as a difference), and "ﬁnal" is "final" whichever way a truth or a reader kept it."""
    return "".join(ligature_letters(text).split())


def flat(text: str) -> str:
    """Whitespace (line breaks included) collapsed to single spaces, ends trimmed."""
    return " ".join(text.split())


def list_marker(text: str) -> bool:
    """Is ``text`` a list item's marker alone: one character, no letter or digit, a bullet,
    dash, symbol or symbol-font glyph ("•", "–", "▪", "\uf0b7")? A number ("1.") is not: a
    column of numbers is a table's."""
    t = text.strip()
    return len(t) == 1 and unicodedata.category(t) in _MARKER_CATEGORIES
