"""A decimal point or thousands comma the scan lost, read from the room it left between digits.

Tables set their numbers in figures of one advance (tabular figures: every digit as wide as the
next), and a point or a comma between two digits takes about half a digit's advance more. A
coarse scan (a 150 dpi fax, a blurred copy) often leaves no ink of the mark, and Tesseract
reads "193 5" as "1935" and "39 385" as "39385": ten or a thousand times the number. The room
is still there: the centres of the digits Tesseract placed stand one advance apart, save across
the lost mark, where they stand half an advance further. So in an OCR word of three digits or
more (a bracket at either end allowed), one step between digit centres ``ratio`` times the
others' median or more (and under twice the advance: a wider one is a word space Tesseract
did not see) is a lost mark: a decimal point when one or two digits follow it, a thousands
comma when three do. The column-based readings (``ocr_points``) need their column's numbers
written with the mark; this needs only the word's own glyphs, so a column that lost all its
points (a fax of a table of rates) is read too. A mark is kept only where the page writes it
so (``page_marks``): European print sets thousands apart by a thin space ("60 152", which
Tesseract runs together with the same room between) and decimals with a comma, and a year has
no point.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import replace
from statistics import median

from ..types import Word
from .ocr_glyphs import Glyph

_DIGITS = re.compile(r"([(\[]?)(\d{3,})([)\]]?)")
WIDEST = 0.9  # a digit's ink is at most this x its height wide (a wider box holds two)
MAX_STEP = 2.0  # x the digits' advance: a step this wide or wider is a space between two words


def gap_mark(text: str, glyphs: Sequence[Glyph], ratio: float) -> str:
    """``text`` (one OCR word, its characters' boxes ``glyphs`` in pixels) with the decimal point
    or thousands comma whose room one step between its digits leaves (see the module); ``text``
    itself when no step stands out, when its glyphs do not spell it, or ``ratio`` is 0 (off)."""
    m = _DIGITS.fullmatch(text)
    if ratio <= 0 or m is None or "".join(g.text for g in glyphs) != text:
        return text
    digits = [g.box for g in glyphs if g.text.isdigit()]
    if any(b[2] - b[0] > WIDEST * (b[3] - b[1]) for b in digits):
        return text  # a box over two glyphs: Tesseract's cut between them says nothing of their places
    centres = [(b[0] + b[2]) / 2.0 for b in digits]
    steps = [b - a for a, b in itertools.pairwise(centres)]
    wide = _wide_step(steps, ratio)
    if wide is None:
        return text
    after = len(steps) - wide  # digits after the lost mark
    # A thousands comma has one to three digits before it: "1234,567" is no number a scan lost.
    mark = "." if after <= 2 else "," if after == 3 and wide < 3 else ""
    if not mark:
        return text
    number = m.group(2)
    return m.group(1) + number[:wide + 1] + mark + number[wide + 1:] + m.group(3)


def _wide_step(steps: list[float], ratio: float) -> int | None:
    """The index of the one step (between digit centres, pixels) that is ``ratio`` times the
    median of the others or more and under MAX_STEP times it; None when none or more than one
    is (two marks in one word are no lost point), or a step is not forward (glyphs out of order:
    Tesseract's boxes overlap there and say nothing)."""
    if len(steps) < 2 or min(steps) <= 0:
        return None
    found: int | None = None
    for i, s in enumerate(steps):
        advance = median(steps[:i] + steps[i + 1:])
        if ratio * advance <= s < MAX_STEP * advance:
            if found is not None:
                return None
            found = i
    return found


# What the page's own numbers (those read with their marks) say of how it writes them.
# A point before three digits is no evidence: a thousands full stop or a thin space read as one ("20.922").
_DECIMAL = re.compile(r"[(\[]?[\d,]*\d\.\d{1,2}[)\]%]*")  # 162.4, (1,022.8)
_GROUPED = re.compile(r"[(\[]?\d{1,3}(,\d{3})+(\.\d+)?[)\]%]*")  # 39,385
_DECIMAL_COMMA = re.compile(r"[(\[]?\d+,\d{1,2}[)\]%]*")  # 0,1 or 3,25: a comma is this page's decimal mark


def page_marks(words: Sequence[Word], gapped: Sequence[int]) -> tuple[tuple[Word, ...], int]:
    """``words`` with the marks ``gap_mark`` gave the words ``gapped`` (indices) kept only where
    the page's other numbers write that mark so: a point where some number is read with a
    decimal point, a comma where some is grouped by commas, neither where one is written with a
    decimal comma ("0,1": the mark's room is then a decimal comma's, or a thin space's between
    thousands, "60 152", which Tesseract ran together). And how many kept their mark."""
    if not gapped:
        return tuple(words), 0
    lost = set(gapped)
    others = [w.text for i, w in enumerate(words) if i not in lost]
    comma_decimals = any(_DECIMAL_COMMA.fullmatch(t) for t in others)
    allowed = {".": not comma_decimals and any(_DECIMAL.fullmatch(t) for t in others),
               ",": not comma_decimals and any(_GROUPED.fullmatch(t) for t in others)}
    out, kept = list(words), 0
    for i in lost:
        mark = "." if "." in words[i].text else ","
        if allowed[mark]:
            kept += 1
        else:
            out[i] = replace(words[i], text=words[i].text.replace(mark, ""))
    return tuple(out), kept


def gaps_note(changed: int) -> tuple[str, ...]:
    """What explain says when ``changed`` OCR numbers got a point or comma from their digits' spacing."""
    if not changed:
        return ()
    return (f"{changed} number(s) OCR read without a decimal point or thousands comma (\"1935\") were read with "
            "it (\"193.5\"): the digits stood half a digit further apart where the scan had lost it (ocr.point_gaps)",)
