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


def ideographs(text: str) -> int:
    """Han characters and kana in ``text``: Chinese and Japanese set no spaces between words,
    so a run of them is one "word" however long; what a line holds is counted in these."""
    return sum("\u3040" <= ch <= "\u30ff" or "\u3400" <= ch <= "\u9fff" for ch in text)


# Chinese and Japanese set no spaces: their running text is measured in characters.
PROSE_IDEOGRAPHS = 12  # ideographs a piece of running text holds, at least
IDEOGRAPHS_A_WORD = 2  # ideographs that count as one word (a Chinese word is one or two characters)
SENTENCE_MARKS = "。，；！？"  # a sentence's punctuation (a label or a heading holds none)


def ideograph_prose(text: str) -> bool:
    """Is ``text`` (a line's piece) Chinese or Japanese running text: ``PROSE_IDEOGRAPHS``
    ideographs or more with a sentence's punctuation inside (``SENTENCE_MARKS``)?"""
    return ideographs(text) >= PROSE_IDEOGRAPHS and any(m in text for m in SENTENCE_MARKS)


def word_count(text: str) -> int:
    """The words ``text`` (one word of the page) stands for: one, or a run of ideographs one
    per ``IDEOGRAPHS_A_WORD`` of them."""
    return max(1, ideographs(text) // IDEOGRAPHS_A_WORD)
