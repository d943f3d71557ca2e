"""A font whose text reads as garbage that is ordinary text shifted by a constant code offset.

A PDF writer may write a font's ToUnicode map off by a constant (the glyph ids of a TrueType
subset taken for character codes, 29 apart in Apple's standard order; a map written one range
too far): "The report" reads "Wkh#uhsruw", every character 3 code points on. Nothing in the
text layer says so, and every cell text is then garbage. Evidence, per font: its Latin letters
are mostly rare ones (the ten letters most frequent in English, French, German, Spanish and
Italian, ``COMMON``, are about 70 % of those languages' letters and about a third of a shifted
text's), while the same characters taken a constant number of code points back are letters of
a dozen kinds or more, mostly common ones, and hardly any read from digits (a column of figures and
brackets reads as a dozen letters at some offset). That is named in the page's notes, ``explain`` and
Why; the text is never rewritten (a guess at the offset is no reading of the page).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from string import ascii_letters, ascii_lowercase
from typing import Any

GARBLED_PREFIX = "the text layer looks wrong: "  # how a page note of garbled text starts
COMMON = frozenset("etaoinsrhl")  # the most frequent letters of the languages written in Latin letters
MIN_CHARS = 40  # characters of a font at least before its letters are judged (a title is too short)
MIN_SHARE = 0.6  # the common letters' share of the letters read back at least (ordinary text: about 0.7)
MAX_SHARE = 0.45  # their share of the letters as read at most (a shifted text: about a third)
MIN_LETTERS = 0.6  # the letters' share of the characters read back at least
MIN_KINDS = 12  # kinds of letter read back at least (digits shifted into letters make ten at most)
MAX_SHIFT = 96  # code points: the offsets tried each way
MAX_DIGITS = 0.25  # the letters read back from digits at most: figures and references are no words
TOP = 3  # the most frequent characters one of which an offset tried reads as a common letter


@dataclass(frozen=True)
class GarbledFont:
    """A font of the page whose ``chars`` characters (not spaces) read as ordinary text only
    ``shift`` code points back (the map's characters are ``shift`` past the glyphs' own)."""

    font: str
    chars: int
    shift: int


def garbled_fonts(spans: dict[str, Any]) -> tuple[GarbledFont, ...]:
    """The fonts of a PyMuPDF text dict (``page.get_text("dict")``) whose text looks shifted."""
    texts: dict[str, list[str]] = {}
    for block in spans["blocks"]:
        for line in block.get("lines", ()):
            for span in line["spans"]:
                texts.setdefault(span["font"], []).append(span["text"])
    out = []
    for font, parts in texts.items():
        text = "".join(parts)
        if len(text) < MIN_CHARS or _reads_plain(text):  # most fonts: a look, and no count
            continue
        counts = Counter(text)
        found = shifted(counts)
        if found is not None:
            out.append(GarbledFont(font, sum(n for ch, n in counts.items() if not ch.isspace()), found))
    return tuple(out)


def shifted(counts: Counter[str]) -> int | None:
    """The offset (not 0) that reads the characters counted as ordinary text while as they are
    they read as none; None when there is none, or too few characters to tell."""
    total = counts.total() - sum(n for ch, n in counts.items() if ch.isspace())
    if total < MIN_CHARS or _share(counts, 0) > MAX_SHARE:
        return None
    # Ordinary text's most frequent letter is a common one: the offsets tried are those that read
    # one of the most frequent characters (no space, no digit) as a common letter.
    top = [ch for ch, _ in counts.most_common(TOP + 12) if not ch.isspace() and not ch.isdigit()][:TOP]
    tried = sorted({ord(ch) - ord(c) for ch in top for c in _COMMON + _COMMON.upper()} - {0}, key=abs)
    # Among the offsets that read ordinary text, the one reading the most letters: 32 more also
    # reads the lower-case letters (as capitals) but not the capitals.
    best: tuple[int, float] = (0, 0.0)
    shift = None
    for s in (s for s in tried if abs(s) <= MAX_SHIFT):
        kinds, read, figures = _read_back(counts, s)
        if read < MIN_LETTERS * total or kinds < MIN_KINDS or figures > MAX_DIGITS * read:
            continue
        share = _share(counts, s)
        if share >= MIN_SHARE and (read, share) > best:
            best, shift = (read, share), s
    return shift


def _read_back(counts: Counter[str], s: int) -> tuple[int, int, int]:
    """The characters counted read ``s`` code points back: kinds of letter (either case one
    kind), letters, and the letters read from digits (a column of figures at some offset)."""
    kinds = read = figures = 0
    for ch in _LOWER:
        n = 0
        for c in (ch, ch.upper()):
            if (src := ord(c) + s) >= 0 and (k := counts[chr(src)]):
                n += k
                figures += k if chr(src).isdigit() else 0
        kinds += n > 0
        read += n
    return kinds, read, figures


_LOWER = ascii_lowercase
_COMMON = "".join(sorted(COMMON))
_LETTERS_B = ascii_letters.encode()
_COMMON_B = (_COMMON + _COMMON.upper()).encode()


def _reads_plain(text: str) -> bool:
    """Are the common letters over ``MAX_SHARE`` of ``text``'s Latin letters (``_share`` at
    offset 0, by two deletions from its ASCII bytes rather than a count of every character)?"""
    raw = text.encode("ascii", "ignore")
    n = len(raw)
    letters, common = n - len(raw.translate(None, _LETTERS_B)), n - len(raw.translate(None, _COMMON_B))
    return letters > 0 and common > MAX_SHARE * letters


def _at(counts: Counter[str], ch: str, s: int) -> int:
    """How many characters counted read ``ch`` ``s`` code points back (none below code 0)."""
    c = ord(ch) + s
    return counts[chr(c)] if c >= 0 else 0


def _share(counts: Counter[str], s: int) -> float:
    """The common letters' share of the Latin letters the characters counted read ``s`` code
    points back (0 without any)."""
    letters = sum(_at(counts, ch, s) for ch in ascii_letters)
    common = sum(_at(counts, ch, s) + _at(counts, ch.upper(), s) for ch in _COMMON)
    return common / letters if letters else 0.0


def garbled_notes(fonts: Iterable[GarbledFont]) -> tuple[str, ...]:
    """One page note per garbled font: which, how many characters, the offset that reads them."""
    return tuple(f"{GARBLED_PREFIX}font {g.font or '(unnamed)'} draws {g.chars} characters whose text reads as "
                 f"ordinary text only {abs(g.shift)} code points {'back' if g.shift > 0 else 'on'} (its ToUnicode "
                 "map is off by a constant?); its text is kept as it reads, so cell texts may not match the page"
                 for g in fonts)


def text_layer_notes(notes: Iterable[str]) -> list[str]:
    """The page notes (of ``garbled_notes``) that say its text layer looks wrong."""
    return [n for n in notes if n.startswith(GARBLED_PREFIX)]
