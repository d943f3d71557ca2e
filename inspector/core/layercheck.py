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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .geometry import Frame
from .params import OcrParams
from .reading.ocr import pixel_box, reread
from .reading.tessdata import OcrUnavailable, check
from .scan import INK_GREY, OcrPicture, inked, straightened
from .types import Rect, Word

if TYPE_CHECKING:
    import numpy as np

    from .reading.document import Page

MIN_PX = 4  # a box narrower or lower than this many pixels is not read (as ``reread``)
PAD = 0.15  # of a word box's height added above and below it: the layer's box may clip its letters' edges
SHOWN = 3  # contradicted words the page note quotes
GAP = 0.1  # of a word box's height: a white gap this wide ends a word (letters stand closer)
LINE_MARGIN = 0.2  # of a text line's inked height kept above and below it: its letters' grey rims
REACH = 1.0  # of a word box's height: the most a box is widened on each side to its ink
RUN = 0.5  # of a rule glyph's box height: unbroken ink past it that makes it a piece of a rule


@dataclass(frozen=True)
class LayerCheck:
    """The sample read: ``sampled`` layer words, ``contradicted`` of them, a few ``examples``
    (the layer's text, the re-reading; "" when the box holds no ink), what the reading cost
    (``ms``, ``cpu_ms``) and the limit that ``stopped`` it ("" when none did: words left unread
    are not counted)."""

    sampled: int
    contradicted: int
    examples: tuple[tuple[str, str], ...] = ()
    ms: float = 0.0
    cpu_ms: float = 0.0
    stopped: str = ""
    unavailable: str = ""  # why no reading could be made (Tesseract missing): the layer is kept

    def share(self) -> float:
        """The share of the sample contradicted (0 for no sample)."""
        return self.contradicted / self.sampled if self.sampled else 0.0


def sample(words: Sequence[Word], n: int) -> list[int]:
    """Indices of up to ``n`` of ``words`` (no word of one or two letters): those holding a rule
    glyph first, then the table-like ones (``cell_like``: where a poor layer errs and where its
    errors cost a table), then prose, each kind spread evenly over the page."""
    if n <= 0 or not words:
        return []
    # A word of one or two letters is left out: read alone, with no word around it, Tesseract guesses.
    kept = [i for i, w in enumerate(words) if not (len(w.text.strip()) <= 2 and w.text.strip().isalpha())]
    # Words holding a rule glyph first: a layer that read a rule's ink as text errs where it
    # costs a table most, and the picture can tell a rule from a letter (``_rule_evidence``).
    ruled = [i for i in kept if any(c in RULE_GLYPHS for c in words[i].text)]
    cells = [i for i in kept if cell_like(words[i].text) and i not in ruled]
    prose = [i for i in kept if not cell_like(words[i].text)]
    picked = _spread(ruled, n)
    picked += _spread(cells, n - len(picked))
    return sorted(picked + _spread(prose, n - len(picked)))


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


def agrees(layer: str, read: str) -> bool:
    """Does the re-reading ``read`` of a box alone leave the layer's ``layer`` standing? Besides
    ``same_text``: letters Tesseract confuses reading a lone word (``LOOKALIKE``: 1 l I i !, g q;
    case) are one; a reading that holds the layer's word at its start or end reached into a
    neighbour's letters; one that lost the word's last letter or digit, or read its cut half as
    a bracket or dash (``CUT``), read a box that stops short. None of these says the layer erred.
    A rule glyph is never forgiven (``|`` is no lookalike): a layer that read a rule errs."""
    if same_text(layer, read):
        return True
    a, b = _loose(layer), _loose(read)
    if not a or not b:
        return False
    if a == b or b.startswith(a) or b.endswith(a):
        return True
    stub = a[:-1].rstrip(EDGES)
    return len(a) >= 2 and a[-1].isalnum() and bool(stub) and (b == stub or (b[:-1] == stub and b[-1] in CUT))


def _loose(s: str) -> str:
    return _norm(s).casefold().translate(LOOKALIKE)


def _norm(s: str) -> str:
    s = unicodedata.normalize("NFKC", s).replace(" ", "").translate(_FOLD)
    return s.strip(EDGES) or s  # a stop or bracket at a word's end: a box cut a hair short loses it


# What Tesseract, reading a word's box alone (no line, no dictionary context), takes one of these
# for (casefolded first): a difference among them says nothing against the layer.
LOOKALIKE = str.maketrans({"1": "l", "i": "l", "!": "l", "q": "g"})
CUT = "(-\u2013!'."  # what the half of a letter a box cuts off reads as

EDGES = ".,;:()[]'\""  # marks at a word's ends a comparison leaves aside
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


def _taller(box: Rect) -> Rect:
    """``box`` with ``PAD`` of its height added above and below (not beside it: a neighbour's
    letters start there)."""
    d = PAD * box.height
    return Rect(box.x0, box.y0 - d, box.x1, box.y1 + d)


def _edge(ink: Sequence[bool], gap: int) -> int:
    """How many columns of ``ink`` (outward from a box's side) still belong to the word: up to
    the first run of ``gap`` columns without ink (all of them when none comes)."""
    white = 0
    for i, inked_col in enumerate(ink):
        white = 0 if inked_col else white + 1
        if white >= gap:
            return i + 1 - gap
    return len(ink)


def check_layer(page: Page, o: OcrParams, picture: Callable[[], OcrPicture], words: Sequence[Word]) -> LayerCheck:
    """``o.layer_sample`` of the layer's ``words`` (page space) read again, each box alone, on
    ``picture()``; a word is contradicted when the reading is at least ``o.min_confidence`` sure
    and says otherwise, or it is empty over a box holding no ink (a rule's "word", painted out)."""
    picked = sample(words, o.layer_sample)
    if not picked:
        return LayerCheck(0, 0)
    try:
        check(o.lang)
        pic = picture()
    except OcrUnavailable as exc:
        return LayerCheck(0, 0, unavailable=str(exc))
    turned = Frame(page.shown_turn, page.width, page.height, pic.frame.skew)
    own = [turned.rect(words[i].bbox) for i in picked]
    boxes = [to_ink(pic, _taller(b)) for b in own]
    got, cost = reread(pic.grey, pic.dpi, o.lang, pic.frame, boxes, (o.cpu_seconds, o.max_seconds))
    raw = _Raw(page, pic)
    sampled = contradicted = 0
    examples: list[tuple[str, str]] = []
    for i, b, box, new in zip(picked, own, boxes, got, strict=True):
        if not new and cost.stopped:
            continue  # left unread by a limit: no evidence either way
        sampled += 1
        said = " ".join(w.text for w in new)
        sure = bool(new) and sum(w.ocr_confidence for w in new) / len(new) >= o.min_confidence
        if _rule_word(words[i].text):  # a rule glyph is judged by the ink under it, not by a reading
            against = not inked(pic, box) and (raw.runs_on(b) or not raw.shows(b, words[i].text))
        else:
            against = sure and not agrees(words[i].text, said)
        if against:
            contradicted += 1
            if len(examples) < SHOWN:
                examples.append((words[i].text, said if not _rule_word(words[i].text) else ""))
    return LayerCheck(sampled, contradicted, tuple(examples), cost.ms, cost.cpu_ms, cost.stopped)


class _Raw:
    """The page's picture as scanned (straightened like ``pic``, nothing painted out), rendered
    once when a rule glyph of the layer needs it."""

    def __init__(self, page: Page, pic: OcrPicture) -> None:
        self.page, self.pic = page, pic
        self.grey: np.ndarray | None = None

    def shows(self, box: Rect, text: str) -> bool:
        """Does the ink in the word's ``box`` (straightened points, as the layer has it, padded)
        on the picture as scanned have the shape of the layer's rule glyph ``text`` (``shaped``)?
        A typed '|' or '=' the painting out of rules took does; a cell's dash that a poor OCR read
        as '=' does not. (Tesseract reading such a lone mark alone mostly reads nothing: no test.)"""
        grey = self.picture()
        x0, y0, x1, y1 = pixel_box(_taller(box), self.pic.dpi, grey.shape)
        return shaped(grey[y0:y1, x0:x1] < INK_GREY, text.strip())

    def picture(self) -> np.ndarray:
        if self.grey is None:
            self.grey = straightened(self.page.render_shown(self.pic.dpi), self.pic.frame.skew)
        return self.grey

    def runs_on(self, box: Rect) -> bool:
        """Does the ink under a rule glyph's ``box`` (straightened points) run on past it, up or
        down or sideways, for ``RUN`` of its height without a break, on the picture as scanned? Then it
        was a piece of a longer rule (gone from the picture read: rules are painted out), not a
        letter: a typed '|' or '=' ends with its box, a text line's letters beyond it are broken
        by the line gap and by letter gaps."""
        grey = self.picture()
        px = pixel_box(box, self.pic.dpi, grey.shape)
        # Either way: OCR reads a vertical rule's piece as '=' or '|' alike, and a typed glyph
        # has a line gap above and below it and a word gap beside it.
        return runs_on(grey, px, vertical=True) or runs_on(grey, px, vertical=False)


def shaped(ink: np.ndarray, text: str) -> bool:
    """Is the ``ink`` (a boolean mask of a padded word box) the shape of the rule glyphs ``text``,
    its rows of ink that run into the box's top or bottom left out: for bars (| ¦) ink twice as
    tall as wide, for '_' and '~' twice as wide as tall, for '=' two runs of inked rows; any
    other run of glyphs is taken as shown (no shape to test)."""
    import numpy as np

    inked_rows = np.array(ink.any(axis=1), dtype=bool)
    top, bottom = 0, len(inked_rows)
    while top < bottom and inked_rows[top]:  # ink running into the padded box's top or bottom:
        top += 1  # another line's, or a rule's
    while bottom > top and inked_rows[bottom - 1]:
        bottom -= 1
    inked_rows[:top] = inked_rows[bottom:] = False
    rows = np.flatnonzero(inked_rows)
    if not rows.size:
        return False
    cols = np.flatnonzero(ink[rows].any(axis=0))
    tall, wide = int(rows[-1] - rows[0] + 1), int(cols[-1] - cols[0] + 1)
    kinds = set(text)
    if kinds <= set("|¦"):
        return tall >= 2 * wide
    if kinds <= set("_~"):
        return wide >= 2 * tall
    if kinds == {"="}:
        return int((np.diff(rows) > 1).sum()) == 1  # two runs of inked rows: one white gap between
    return True


def runs_on(grey: np.ndarray, box: tuple[int, int, int, int], vertical: bool) -> bool:
    """Does ink run on past the pixels ``box`` (x0, y0, x1, y1) of ``grey``, unbroken for ``RUN``
    of the box's height, above or below it (``vertical``) or left or right of it?"""
    x0, y0, x1, y1 = box
    if x1 <= x0 or y1 <= y0:
        return False
    along = max(2, int(RUN * (y1 - y0)))
    if vertical:
        cols = slice(max(x0 - 1, 0), x1 + 1)
        strips = [grey[max(y0 - along, 0):y0, cols], grey[y1:y1 + along, cols]]
        return any(s.shape[0] == along and bool((s < INK_GREY).any(axis=1).all()) for s in strips)
    strips = [grey[y0:y1, max(x0 - along, 0):x0], grey[y0:y1, x1:x1 + along]]
    return any(s.shape[1] == along and bool((s < INK_GREY).any(axis=0).all()) for s in strips)


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
    quoted = "; ".join(f"'{a}' read '{b}'" if b else f"'{a}' a rule's or a dash's ink (none left once rules are painted out, and not that glyph's shape on the picture as scanned)"
                       for a, b in got.examples)
    told = (f"{got.contradicted} of {got.sampled} of its words read again alone (ocr.layer_sample) "
            f"contradict it{': ' + quoted if quoted else ''}")
    if got.stopped:  # a limit cut the check short: what was read still decides
        told += f" (the check stopped at a limit, {got.stopped}, after {got.ms / 1000:.1f} s: the words left unread are not counted)"
    if got.sampled and got.share() > doubt:
        return f"{told}, over ocr.layer_doubt ({doubt:.0%}): the page was read with this tool's OCR instead"
    return f"{told}, not over ocr.layer_doubt ({doubt:.0%}): the layer's words were kept"
