"""Text normalisation used when texts are compared or written on one line."""

from __future__ import annotations

import unicodedata

# Unicode categories of a list item's marker: bullets and dashes (•, ‣, –), symbols (■, ►, ✓)
# and the private-use glyphs of symbol fonts (Word's Symbol/Wingdings bullets).
_MARKER_CATEGORIES = ("Po", "Pd", "So", "Sm", "Co")


def norm_text(text: str) -> str:
    """``text`` with every whitespace character removed: how ICDAR 2013 compares cell text
    (so a line break inside a cell never counts as a difference)."""
    return "".join(text.split())


def flat(text: str) -> str:
    """Whitespace (line breaks included) collapsed to single spaces, ends trimmed."""
    return " ".join(text.split())


def list_marker(text: str) -> bool:
    """Is ``text`` a list item's marker alone: one character, no letter or digit, a bullet,
    dash, symbol or symbol-font glyph ("•", "–", "▪", "\uf0b7")? A number ("1.") is not: a
    column of numbers is a table's."""
    t = text.strip()
    return len(t) == 1 and unicodedata.category(t) in _MARKER_CATEGORIES
