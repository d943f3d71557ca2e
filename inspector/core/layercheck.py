"""Is a searchable scan's OCR layer worth keeping, or should the picture be read again?

Someone else's OCR wrote the invisible words of a searchable scan (``reading.ocrlayer``). A good
layer (ABBYY's, a born-digital page's words kept with its scan) is better than any re-reading and
costs nothing; a poor one (an OCR run over the page as it was, rules and all) reads a table's rule
ink as ``_`` or ``|``, its dashes as ``:`` or ``=``, and splits its numbers. The truth is not at
hand, but the picture is: a sample of the layer's words is read again, each word's box alone, on
the picture this tool's OCR reads (rules painted out, paper evened, noise mended). Where that
reading is sure of itself and says something else, the layer is contradicted; but only on
evidence that holds: Tesseract reading a word's box alone confuses 1 l I !, g q and case, reads
a box that stops short of the last letter as the word without it, or one that reaches a
neighbour as the word with more (``agrees``). A rule glyph of the layer ('|', '=', '_') with no
ink left under it once the rules are gone is a rule's ink where, on the picture as scanned,
that ink runs on past its box or does not have the glyph's shape (``runs_on``, ``shaped``); a
typed '|' or '=' stays. Over ``ocr.layer_doubt`` of the sample contradicted, the page is read
with this tool's OCR, as ``ocr.mode=always`` would.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .geometry import Frame
from .layerrules import PAD, RawPicture, taller
from .params import OcrParams
from .reading.ocr import pixel_box, reread
from .reading.tessdata import OcrUnavailable, check
from .scan import INK_GREY, OcrPicture, inked
from .types import Rect, Word

if TYPE_CHECKING:

    from .reading.document import Page

MIN_PX = 4  # a box narrower or lower than this many pixels is not read (as ``reread``)
SHOWN = 3  # contradicted words the page note quotes
SLIP = 5  # characters of a word per character a coarse scan's lone reading may get wrong (one at least)
READ, RULE, COLUMN = "read", "rule", "column"  # what contradicted a layer word
GAP = 0.1  # of a word box's height: a white gap this wide ends a word (letters stand closer)
LINE_MARGIN = 0.2  # of a text line's inked height kept above and below it: its letters' grey rims
REACH = 1.0  # of a word box's height: the most a box is widened on each side to its ink


@dataclass(frozen=True)
class LayerCheck:
    """The sample read: ``sampled`` layer words, ``contradicted`` of them, a few ``examples``
    (the layer's text; the re-reading, "" for a rule glyph's box, or what its column writes;
    which of ``READ``, ``RULE``, ``COLUMN`` contradicted it), what the reading cost
    (``ms``, ``cpu_ms``) and the limit that ``stopped`` it ("" when none did: words left unread
    are not counted)."""

    sampled: int
    contradicted: int
    examples: tuple[tuple[str, str, str], ...] = ()
    ms: float = 0.0
    cpu_ms: float = 0.0
    stopped: str = ""
    unavailable: str = ""  # why no reading could be made (Tesseract missing): the layer is kept

    def share(self) -> float:
        """The share of the sample contradicted (0 for no sample)."""
        return self.contradicted / self.sampled if self.sampled else 0.0


def sample(words: Sequence[Word], n: int, first: Collection[int] = ()) -> list[int]:
    """Indices of up to ``n`` of ``words``, informative ones only (``informative``): those holding
    a rule glyph first, then ``first`` (words the layer's own columns correct), then the
    table-like ones (``cell_like``: where a poor layer errs and where its errors cost a table),
    then prose, each kind spread evenly over the page."""
    if n <= 0 or not words:
        return []
    kept = [i for i, w in enumerate(words) if informative(w.text)]
    # Words holding a rule glyph first: a layer that read a rule's ink as text errs where it
    # costs a table most, and the picture can tell a rule from a letter (``layerrules``).
    ruled = {i for i in kept if any(c in RULE_GLYPHS for c in words[i].text)}
    fixed = {i for i in first if i not in ruled} & set(kept)
    cells = [i for i in kept if cell_like(words[i].text) and i not in ruled and i not in fixed]
    prose = [i for i in kept if not cell_like(words[i].text) and i not in fixed]
    picked = _spread(sorted(ruled), n)
    picked += _spread(sorted(fixed), n - len(picked))
    picked += _spread(cells, n - len(picked))
    return sorted(picked + _spread(prose, n - len(picked)))


def informative(text: str) -> bool:
    """Can ``text`` read alone tell a layer's word from its error: a rule glyph's word (judged by
    its ink), or a word of two letters or digits or more but not a word of one or two letters
    (read alone, with no word around it, Tesseract guesses). A dash, a bullet, a lone digit or
    mark is none: its ink is painted out with the rules' or read as any other mark."""
    t = text.strip()
    if _rule_word(t):
        return True
    return sum(c.isalnum() for c in t) >= 2 and not (len(t) <= 2 and t.isalpha())


def cell_like(text: str) -> bool:
    """Is ``text`` a table cell's kind of word: a number, a dash, a mark, a code (any character
    that is not a letter)?"""
    return any(not c.isalpha() for c in text.strip())


def _spread(items: list[int], n: int) -> list[int]:
    """Up to ``n`` of ``items`` spread evenly over them."""
    if n <= 0:
        return []
    if len(items) <= n:
        return list(items)
    step = len(items) / n
    return [items[int(i * step + step / 2)] for i in range(n)]


def same_text(a: str, b: str) -> bool:
    """Do the layer's text ``a`` and the re-reading ``b`` say the same: compatibility forms folded,
    dashes and quotes made one; a point or comma of ``a`` may be missing in ``b`` or read as
    another character (a scan's point is a few pixels: read alone, it is lost or read as a
    digit, which says nothing against the layer)."""
    layer, read = _norm(a), _norm(b)
    if layer == read:
        return True
    pattern = "".join(".?" if c in ".," else re.escape(c) for c in layer)
    return any(c in ".," for c in layer) and re.fullmatch(pattern, read) is not None


def agrees(layer: str, read: str, coarse: bool = False) -> bool:
    """Does the re-reading ``read`` of a box alone leave the layer's ``layer`` standing? Besides
    ``same_text``: letters Tesseract confuses reading a lone word (``LOOKALIKE``: 1 l I i !, g q;
    case) are one; a reading that holds the layer's word at its start or end reached into a
    neighbour's letters; one that lost the word's last letter or digit, or read its cut half as
    a bracket or dash (``CUT``), read a box that stops short. None of these says the layer erred.
    On a ``coarse`` scan (its letters so few pixels high that the picture read was enlarged), a
    letter read as another letter or a digit as another digit (``slipped``), or a dash lost, is
    that resolution's noise, the layer's reading as likely right as the re-reading. A rule glyph is
    never forgiven (``|`` is no lookalike): a layer that read a rule errs."""
    if same_text(layer, read):
        return True
    a, b = _loose(layer), _loose(read)
    if not a or not b:
        return False
    if a == b or b.startswith(a) or b.endswith(a):
        return True
    if coarse and slipped(*(_norm(t).casefold().replace("-", "") for t in (layer, read))):
        return True  # compared before LOOKALIKE: its '1' -> 'l' would make a digit's slip a letter's
    stub = a[:-1].rstrip(EDGES)
    return len(a) >= 2 and a[-1].isalnum() and bool(stub) and (b == stub or (b[:-1] == stub and b[-1] in CUT))


def slipped(a: str, b: str) -> bool:
    """Do ``a`` and ``b`` (as long as each other) differ only by letters for letters and digits for
    digits, at most one in ``SLIP`` characters (one at least)? Not a letter for a digit: a
    number's 'O' or 'l' is a layer's error that a cell shows ('12O')."""
    if len(a) != len(b):
        return False
    slips = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    return len(slips) <= max(1, len(a) // SLIP) and all(
        (x.isalpha() and y.isalpha()) or (x.isdigit() and y.isdigit()) for x, y in slips)


def glued_rule(layer: str, read: str) -> bool:
    """Is the layer's ``layer`` a number with a lone square or curly bracket at one end (no
    bracket to match it in the word) that the re-reading ``read`` lacks? OCR reads a column
    rule's ink just past a number as ']' or '}' ("2,468,083]"); the picture re-read has its
    rules painted out, a typed bracket stays and is read."""
    t = layer.strip()
    for mark, other, at in (("]", "[", -1), ("}", "{", -1), ("[", "]", 0), ("{", "}", 0)):
        if len(t) > 1 and t[at] == mark and other not in t:
            body = t[:-1] if at else t[1:]
            edge = read.strip()[at:] if read.strip() else ""
            return re.fullmatch(r"[\d.,]*\d[\d.,]*", body) is not None and edge != mark
    return False


def _loose(s: str) -> str:
    return _norm(s).casefold().translate(LOOKALIKE)


def _norm(s: str) -> str:
    s = unicodedata.normalize("NFKC", s).replace(" ", "").translate(_FOLD)
    return s.strip(EDGES) or s  # a stop or bracket at a word's end: a box cut a hair short loses it


# What Tesseract, reading a word's box alone (no line, no dictionary context), takes one of these
# for (casefolded first): a difference among them says nothing against the layer.
LOOKALIKE = str.maketrans({"1": "l", "i": "l", "!": "l", "q": "g"})
CUT = "(-\u2013!'."  # what the half of a letter a box cuts off reads as

# Marks at a word's ends a comparison leaves aside. Not a curly brace: a layer's number ending in
# one ("3,162,691}") read a column rule's ink after it, which the re-reading (rules painted out) lacks.
EDGES = ".,;:()[]'\""
# What OCR makes of a rule's ink. Not '-' (a dash is a cell's "nothing") nor '.', ':' (a leader's
# dots): the picture read has its short dashes and specks painted out with the rules.
RULE_GLYPHS = frozenset("|_=~¦")
_FOLD = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-", "\u2010": "-", "\u2011": "-",
                       "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def to_ink(pic: OcrPicture, box: Rect) -> Rect:
    """``box`` (straightened points, padded) cut to its own text line's ink and widened on each
    side to the end of the ink it cuts. A layer's box may reach into the lines above and below
    (a font's full height is more than a tight line pitch) and often stops short of its last letter
    (Tesseract's own PDF layer's does): two lines, or a letter cut in two, read as other words.
    Rows: the inked rows around the box's middle, up to a white row. Columns: up to a white gap
    of ``GAP`` of the word's height (a word gap, not a letter's), ``REACH`` of it at most."""
    x0, y0, x1, y1 = pixel_box(box, pic.dpi, pic.grey.shape)
    if x1 - x0 < MIN_PX or y1 - y0 < MIN_PX:
        return box
    import numpy as np

    rows = [bool(v) for v in np.atleast_1d((pic.grey[y0:y1, x0:x1] < INK_GREY).any(axis=1))]
    top, bottom = _line(rows)
    if top >= bottom:
        return box  # no ink: the box is read as it is (and found empty)
    h = (y1 - y0) / (1.0 + 2.0 * PAD)  # the word's own height, not the padded box's
    reach, gap = int(REACH * h), max(2, int(GAP * h))
    lo, hi = max(x0 - reach, 0), min(x1 + reach, pic.grey.shape[1])
    ink = [bool(v) for v in np.atleast_1d((pic.grey[y0 + top:y0 + bottom, lo:hi] < INK_GREY).any(axis=0))]
    right = _edge(ink[x1 - lo:], gap)
    left = _edge(ink[: x0 - lo][::-1], gap)
    px = 72.0 / pic.dpi
    margin = LINE_MARGIN * (bottom - top) * px
    return Rect(box.x0 - left * px, box.y0 + top * px - margin, box.x1 + right * px,
                box.y0 + bottom * px + margin)


def _line(rows: list[bool]) -> tuple[int, int]:
    """The run of inked ``rows`` (first, past-last) holding the inked row nearest the middle:
    the word's own text line, not the ends of the lines above and below."""
    inked_rows = [i for i, r in enumerate(rows) if r]
    if not inked_rows:
        return 0, 0
    mid = len(rows) / 2
    at = min(inked_rows, key=lambda i: abs(i - mid))
    top = bottom = at
    while top > 0 and rows[top - 1]:
        top -= 1
    while bottom < len(rows) - 1 and rows[bottom + 1]:
        bottom += 1
    return top, bottom + 1


def _edge(ink: Sequence[bool], gap: int) -> int:
    """How many columns of ``ink`` (outward from a box's side) still belong to the word: up to
    the first run of ``gap`` columns without ink (all of them when none comes)."""
    white = 0
    for i, inked_col in enumerate(ink):
        white = 0 if inked_col else white + 1
        if white >= gap:
            return i + 1 - gap
    return len(ink)


def check_layer(page: Page, o: OcrParams, picture: Callable[[], OcrPicture], words: Sequence[Word],
                skew: float = 0.0) -> LayerCheck:
    """``o.layer_sample`` of the layer's ``words`` (page space) read again, each box alone, on
    ``picture()`` (straightened by ``skew`` degrees); a word is contradicted when its own row or
    column writes it otherwise (``column_told``), when the reading is at least
    ``o.min_confidence`` sure and says otherwise (``agrees``; on a coarse scan allowing its
    slips), or when a rule glyph's box holds no ink (a rule's "word", painted out)."""
    told = column_told(page, o, words, skew)
    picked = sample(words, o.layer_sample, told)
    if not picked:
        return LayerCheck(0, 0)
    try:
        check(o.lang)
        pic = picture()
    except OcrUnavailable as exc:
        return LayerCheck(0, 0, unavailable=str(exc))
    turned = Frame(page.shown_turn, page.width, page.height, pic.frame.skew)
    own = [turned.rect(words[i].bbox) for i in picked]
    boxes = [to_ink(pic, taller(b)) for b in own]
    got, cost = reread(pic.grey, pic.dpi, o.lang, pic.frame, boxes, (o.cpu_seconds, o.max_seconds))
    raw = RawPicture(page, pic)
    sampled = 0
    found: list[tuple[str, str, str]] = []
    for i, b, box, new in zip(picked, own, boxes, got, strict=True):
        if i not in told and not new and cost.stopped:
            continue  # left unread by a limit: no evidence either way
        sampled += 1
        text, said = words[i].text, " ".join(w.text for w in new)
        sure = bool(new) and sum(w.ocr_confidence for w in new) / len(new) >= o.min_confidence
        if i in told:  # the layer's own row or column writes it otherwise: no reading needed
            found.append((text, told[i], COLUMN))
        elif _rule_word(text):  # a rule glyph is judged by the ink under it, not by a reading
            if not inked(pic, box) and (raw.runs_on(b) or not raw.shows(b, text)):
                found.append((text, "", RULE))
        elif sure and (glued_rule(text, said) or not agrees(text, said, coarse=pic.enlarged_from > 0)):
            found.append((text, said, READ))
    return LayerCheck(sampled, len(found), tuple(found[:SHOWN]), cost.ms, cost.cpu_ms, cost.stopped)


def column_told(page: Page, o: OcrParams, words: Sequence[Word], skew: float) -> dict[int, str]:
    """The layer's words that their own rows and columns write otherwise, by index: what this
    tool's OCR corrects in its own reading (``scan.by_neighbours``: a thousands comma read as a
    full stop among numbers grouped by commas, a lost decimal point or comma), as the layer's
    text. A lone word read again cannot see these (a coarse scan's comma reads as a full stop
    alone too): its column can. On a page's text layer these corrections change no number
    (``reading.ocr_commas``), so a good layer has none."""
    from .scan import by_neighbours

    turned = Frame(page.shown_turn, page.width, page.height, skew)
    fixed = by_neighbours(words, [turned.rect(w.bbox) for w in words], o)[0]
    return {i: f.text for i, (w, f) in enumerate(zip(words, fixed, strict=True)) if f.text != w.text}


def _rule_word(text: str) -> bool:
    """Is ``text`` made of what OCR reads a rule's ink as (``RULE_GLYPHS``)? With no ink under it
    once the rules are painted out, it was a rule. A dash is not: it is a cell's text, and a
    short dash is painted out with the rules."""
    t = text.strip()
    return bool(t) and all(c in RULE_GLYPHS for c in t)


def verdict_note(got: LayerCheck, doubt: float) -> str:
    """What the page note says of the check: the share contradicted against ``doubt`` and which
    reading it chose."""
    if got.unavailable:
        return f"the layer was kept unchecked: {got.unavailable}"
    if not got.sampled and not got.stopped:
        return "the layer was kept unchecked (ocr.layer_sample is 0, or no word of it could be read alone)"
    quoted = "; ".join(_quoted(e) for e in got.examples)
    told = (f"{got.contradicted} of {got.sampled} of its words read again alone (ocr.layer_sample) "
            f"contradict it{': ' + quoted if quoted else ''}")
    if got.stopped:  # a limit cut the check short: what was read still decides
        told += f" (the check stopped at a limit, {got.stopped}, after {got.ms / 1000:.1f} s: the words left unread are not counted)"
    if got.sampled and got.share() > doubt:
        return f"{told}, over ocr.layer_doubt ({doubt:.0%}): the page was read with this tool's OCR instead"
    return f"{told}, not over ocr.layer_doubt ({doubt:.0%}): the layer's words were kept"


def _quoted(example: tuple[str, str, str]) -> str:
    """One contradicted word as the page note quotes it."""
    text, said, how = example
    if how == COLUMN:
        return (f"'{text}' written '{said}' by its own row or column (a full stop read for a thousands comma, "
                "a lost point or comma: ocr.comma_groups, ocr.decimal_points, ocr.lost_commas)")
    if how == RULE:
        return (f"'{text}' a rule's or a dash's ink (none left once rules are painted out, and not that "
                "glyph's shape on the picture as scanned)")
    return f"'{text}' read '{said}'"
