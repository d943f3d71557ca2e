"""Two cells' CJK texts MuPDF read as one word, cut apart again.

MuPDF starts a new word after a gap measured against the characters' advance, so the
full-width texts of two adjacent cells a few points apart ("금액" right-aligned, "비고" left-aligned
in the next cell) can come out as one word. ``split_wide_gaps`` cuts such a word where its
characters (``Page.line_chars``, read only on pages with such words) leave the white of two
cells' texts. Sizes are in ems of the word's font size.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Sequence
from typing import Any

from ..types import Word
from .document import Page

# A PyMuPDF word's characters set this many ems apart beside a full-width one are two words
# (a word space is about a quarter em; two cells' texts stand further apart).
WIDE_GAP = 0.5
# ... and this many ems when every other gap between the word's characters is under TIGHT_GAP em:
# a word space's white alone in a run of glyphs set edge to edge (two cells' texts 4 pt apart in
# 9 pt Hangul, a browser's cell padding); justified CJK text spreads its white over every gap.
ALONE_GAP, TIGHT_GAP = 0.25, 0.05


def wide(ch: str) -> bool:
    """Is ``ch`` full-width (East Asian wide or fullwidth)?"""
    return unicodedata.east_asian_width(ch) in ("W", "F")


def _suspect(w: Word) -> bool:
    """May a word run on over white space next to a full-width character? MuPDF starts a new
    word after a gap measured against the characters' advance, so two Hangul or Han texts of
    adjacent cells ("금액" right-aligned, "비고" left-aligned 6 pt further; "액세스포인트" and
    "Wi-Fi") come out as one word."""
    return len(w.text) >= 2 and not w.text.isascii() and not w.turn and w.font_size > 0 \
        and any(wide(ch) for ch in w.text)


def split_wide_gaps(page: Page, words: list[Word]) -> list[Word]:
    """``words`` with each suspect word (see ``_suspect``) cut where ``_cut_gaps`` says: over
    ``WIDE_GAP`` em of white beside a full-width character, or over ``ALONE_GAP`` em where every
    other gap of the word is under ``TIGHT_GAP`` em; the characters are read only on pages with
    such words (CJK text)."""
    if not any(_suspect(w) for w in words):
        return words
    lines = page.line_chars()
    out: list[Word] = []
    for w in words:
        chars = [c for c in lines.get((w.block, w.line), ()) if w.bbox.x0 - 0.5 <= (c[1] + c[2]) / 2 <= w.bbox.x1 + 0.5] \
            if _suspect(w) else []
        if "".join(c[0] for c in chars) != w.text:  # not the word's characters alone: keep it
            out.append(w)
            continue
        start, cuts = 0, _cut_gaps(chars, w.font_size)
        for k in range(1, len(chars) + 1):
            if k == len(chars) or k in cuts:
                piece = chars[start:k]
                box = dataclasses.replace(w.bbox, x0=piece[0][1], x1=piece[-1][2])
                out.append(dataclasses.replace(w, text="".join(c[0] for c in piece), bbox=box))
                start = k
    return out


def _cut_gaps(chars: Sequence[tuple[Any, ...]], size: float) -> set[int]:
    """Indices k of a word's ``chars`` (text, x0, x1, ...) to start a new word at: over
    ``WIDE_GAP`` em of white before them, or over ``ALONE_GAP`` em where every other gap of the
    word is under ``TIGHT_GAP`` em, a full-width character on one side (see ``_suspect``)."""
    gaps = [chars[k][1] - chars[k - 1][2] for k in range(1, len(chars))]
    out = set()
    for k, gap in enumerate(gaps, start=1):
        if not (wide(chars[k][0]) or wide(chars[k - 1][0])):
            continue
        others = gaps[:k - 1] + gaps[k:]
        if gap > WIDE_GAP * size or (gap > ALONE_GAP * size and others and max(others) < TIGHT_GAP * size):
            out.add(k)
    return out
