"""A symbol font's glyph whose Unicode the text layer lost, read as the list marker it is.

Word's bullets are drawn in Symbol (or Wingdings) and read "•" (or a private-use code) as
long as the font's ToUnicode map says so. A writer that re-emits the font may drop or garble
that map (Ghostscript, ``pdftops`` + ``ps2pdf`` and ``mutool convert`` all do): the bullet
then reads "x" or '"', a character of text, and a column of such bullets stands as a table
column of its own. Evidence of a lost reading: the span's font is a symbol or dingbat font
(its name says so), its one glyph reads a character that font has no glyph for (a Latin
letter: Symbol's letters are Greek; any letter or digit of a dingbat font), and the glyph
heads lines as a bullet does: the same glyph, left-aligned on ``MIN_LINES`` lines or more, each
with text beginning just to its right on the same baseline. Such a glyph reads ``BULLET``.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections import defaultdict
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from ..page_marks import Word

BULLET = "•"
MIN_LINES = 2  # bullets of one list: a lone glyph may be a formula's letter
ALIGN_PT = 1.0  # pt: the bullets of one list start at the same x
GAP_EMS = 3.0  # the item's text begins within this many ems right of its bullet
BASELINE_EMS = 0.3  # ... on a baseline this close (ems of the bullet's size)
_SYMBOL = re.compile(r"symbol", re.I)
_DINGBATS = re.compile(r"dingbat|wingding|webding|marlett", re.I)
# ASCII characters Symbol has no glyph for: its letters are Greek, and these codes draw
# mathematical signs (∀ ∃ ∋ ≅ ⊥ ∼) in it.
_NOT_IN_SYMBOL = set("\"$'@^`~\\")


class SymbolGlyph(NamedTuple):
    """A one-glyph span of a symbol or dingbat font: its left edge and baseline (pt), its
    size, its character and font name."""

    x0: float
    baseline: float
    size: float
    text: str
    font: str


@lru_cache(maxsize=1024)
def symbol_font(font: str) -> bool:
    """Does the font's name say symbol or dingbat font? (Asked for every span.)"""
    return bool(_SYMBOL.search(font) or _DINGBATS.search(font))


def lost(glyph: SymbolGlyph) -> bool:
    """Does the glyph read a character its font has no glyph for?"""
    ch = glyph.text
    if _DINGBATS.search(glyph.font):
        return unicodedata.category(ch)[0] in "LN"
    return ch.isascii() and (ch.isalpha() or ch in _NOT_IN_SYMBOL)


def read_bullets(words: Sequence[Word], glyphs: Sequence[SymbolGlyph]) -> list[Word]:
    """``words`` with each lost symbol glyph that heads lines as a list's bullet (see the module)
    read ``BULLET``; every other word unchanged."""
    heads = [g for g in glyphs if lost(g) and _heads_text(g, words)]
    column: dict[tuple[str, str], list[SymbolGlyph]] = defaultdict(list)
    for g in heads:
        column[(g.font, g.text)].append(g)
    keep = [g for group in column.values() for g in group
            if sum(abs(o.x0 - g.x0) <= ALIGN_PT for o in group) >= MIN_LINES]
    if not keep:
        return list(words)
    return [dataclasses.replace(w, text=BULLET) if any(_is(w, g) for g in keep) else w for w in words]


def _is(w: Word, g: SymbolGlyph) -> bool:
    return w.text == g.text and abs(w.bbox.x0 - g.x0) <= ALIGN_PT and abs(w.baseline - g.baseline) <= BASELINE_EMS * g.size


def _heads_text(g: SymbolGlyph, words: Sequence[Word]) -> bool:
    """Does text begin just right of the glyph, on its baseline?"""
    return any(0 < w.bbox.x0 - g.x0 <= (GAP_EMS + 1) * g.size and abs(w.baseline - g.baseline) <= BASELINE_EMS * g.size
               and not _is(w, g) for w in words)
