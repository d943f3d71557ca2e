"""OCR text corrected by what print sets: a round bracket read as a curly one.

A degraded scan (a fax, a blurred or speckled copy) thins a round bracket's ends and fattens
its middle, and Tesseract reads "(25.4" as "{25.4" and "13.4)" as "13.4}". Tables are not set
with curly braces: none of the 9,131 cells of the ICDAR 2013 and real development sets' truth
holds one. So a curly brace opening or closing an OCR word is read as the round bracket it
stands for. A brace inside a word is left as read (no such confusion was seen there).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..types import Word

_ROUND = {"{": "(", "}": ")"}


def round_brackets(words: Sequence[Word], on: bool) -> tuple[tuple[Word, ...], int]:
    """``words`` with a curly brace at a word's start ("{") or end ("}") read as a round
    bracket; and how many words changed. ``on`` False changes nothing."""
    out = list(words)
    changed = 0
    if not on:
        return tuple(out), 0
    for i, w in enumerate(words):
        text = _rounded(w.text)
        if text != w.text:
            out[i] = replace(w, text=text)
            changed += 1
    return tuple(out), changed


def _rounded(text: str) -> str:
    """``text`` with an opening "{" and a closing "}" made round (a lone brace too)."""
    if text[:1] == "{":
        text = "(" + text[1:]
    if text[-1:] == "}":
        text = text[:-1] + ")"
    return text


def brackets_note(changed: int) -> tuple[str, ...]:
    """What explain says when ``changed`` words had a curly brace read as a round bracket."""
    if not changed:
        return ()
    return (f"{changed} word(s) OCR read with a curly brace at an end (\"{{25.4\", \"13.4}}\") were read with a "
            "round bracket: tables set none, a degraded scan's round bracket reads so (ocr.round_brackets)",)
