"""Words from a page, and text rows by baseline.

Some exporters write the space between words as NUL, so NUL and every other control
character become a space; a PyMuPDF "word" holding such a space is split in two, its box
shared out by character count.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from ..geometry import dominant_turn, line_turn
from ..params import RowParams
from ..structure.columns import WordCentres, lines_in
from ..text import LIGATURE, ligature_letters
from ..types import Rect, RowBand, UnseenText, Word, fast_rect, text_word_at
from .cliptext import cut_at_clips
from .coveredtext import covered_words, without_covered
from .decimals import count_leader_points, join_zero_advance_points
from .document import Page
from .garbled import GarbledFont, garbled_fonts
from .hiddentext import hidden_spans, invisible_spans, meets, shown_spans, white, without_hidden
from .kernspaces import join_kerned_spaces
from .repeats import without_repeats
from .symbolmarks import SymbolGlyph, read_bullets, symbol_font
from .unseen import gone_words, unseen_blocks
from .widegaps import split_wide_gaps, wide

# Control characters (NUL included); marks that draw nothing and only break a word's text:
# bidi marks, embeddings and isolates (U+061C, U+200E-F, U+202A-E, U+2066-9), the zero-width
# space and the byte-order mark (some broken ToUnicode maps read glyphs as these, and
# "\u200e1,234" is no number); and CJK compatibility ideographs: some CJK fonts map their glyphs
# to these (WenQuanYi's 量 reads U+F97E), which look the same but match no other text; each has
# exactly one canonical ideograph (its NFC form). ZWJ and ZWNJ (U+200C-D) shape Indic and
# Persian words and stay.
_ODD = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff"
    "\uf900-\ufaff\U0002f800-\U0002fa1f]"
)
_COMPAT = re.compile("[\uf900-\ufaff\U0002f800-\U0002fa1f]")
_BOLD_NAMES = ("bold", "black", "heavy", "semibold", "demi")


def normalise(text: str) -> str:
    """Control characters (NUL included) and invisible marks (see ``_ODD``) -> space, a CJK
    compatibility ideograph -> its canonical ideograph; no other change (same length)."""
    return _ODD.sub(_plain, text)


def _plain(found: re.Match[str]) -> str:
    ch = found.group()
    return unicodedata.normalize("NFC", ch) if _COMPAT.match(ch) else " "


def extract_words(page: Page) -> tuple[Word, ...]:
    """All words of ``page`` with font size, bold flag and baseline (points)."""
    return extract_text(page)[0]


def extract_text(page: Page, hidden: bool = True) -> tuple[tuple[Word, ...], int]:
    """Words, and the quarter-turn that makes the page's dominant text upright; with ``hidden``,
    text drawn white on paper, drawn invisible with no picture under it, or covered by an
    opaque fill painted later is left out (``read_text`` says what was)."""
    words, turn, _, _ = read_text(page, hidden)
    return words, turn


def read_text(page: Page, hidden: bool = True
              ) -> tuple[tuple[Word, ...], int, tuple[UnseenText, ...], tuple[GarbledFont, ...]]:
    """``extract_text``, and the text left out as not visible, as blocks by why (``unseen``):
    with ``hidden``, text drawn white on paper, drawn invisible with no picture under it, or
    covered by an opaque fill painted later (``hiddentext``, ``coveredtext``,
    ``rows.hidden_text``); whatever ``hidden``, the text of layers the default view hides. Last,
    the fonts whose text reads as ordinary text shifted by a constant (``garbled``)."""
    raw, spans = page.text()
    lines = read_lines(spans)
    wrong = garbled_fonts(spans)
    shown = shown_spans(spans) if lines.invisible else []  # few pages draw invisible text: see hiddentext
    del spans  # a thousand containers: freed before the words are made, so they count for no collection
    turn = dominant_turn(lines.directions)
    out = join_zero_advance_points(_words(raw, lines), page.line_chars)  # "11,062." + "6": see decimals
    out = count_leader_points(out, page.line_chars)  # ". . . ." read half: see decimals
    out = join_kerned_spaces(out)  # "Sur" + "vey" cut at a kern's space: see kernspaces
    unseen = _in_layers(page, raw)
    if hidden:  # few pages draw white or invisible text: the fills and pictures under it are read only then
        out, gone = _visible(page, out, lines, shown)
        unseen += gone
    if lines.symbols:  # a bullet whose Unicode a PDF writer lost: see symbolmarks
        out = read_bullets(out, lines.symbols)
    text = "".join([r[4] for r in raw])
    if not text.isascii() and any(wide(ch) for ch in set(text)):  # a full-width character: see widegaps
        out = split_wide_gaps(page, out)
    if not text.isascii() and _COMPAT.search(text):  # printable, so _words kept them: see _ODD
        out = [dataclasses.replace(w, text=normalise(w.text)) if _COMPAT.search(w.text) else w for w in out]
    if not text.isascii() and LIGATURE.search(text):  # see text.LIGATURE
        out = [dataclasses.replace(w, text=ligature_letters(w.text)) if LIGATURE.search(w.text) else w for w in out]
    if turn == 0:  # a cell's text cut at its cell's edge by a clip path: see cliptext
        out = _em_boxes(cut_at_clips(page, out, raw))  # cliptext matches PyMuPDF's own boxes
    out = on_page(out, page.width, page.height)
    words = shared_baselines(without_repeats(out)) if turn == 0 and lines.turns else without_repeats(out)
    return words, turn, tuple(unseen), wrong


def _in_layers(page: Page, raw: list[tuple[Any, ...]]) -> list[UnseenText]:
    """The words the layers the default view hides hold, as blocks (no parameter reads them:
    a viewer shows them only when a person turns the layer on)."""
    gone = page.layer_words(raw)
    return unseen_blocks("layer", [text_word_at(str(t), x0, y0, x1, y1, 0.0, False, b, n, y1, False, 0)
                                   for x0, y0, x1, y1, t, b, n, _ in gone]) if gone else []


def _visible(page: Page, words: list[Word], lines: TextLines, shown: list[Rect]) -> tuple[list[Word], list[UnseenText]]:
    """``words`` without those covered, drawn white on paper or drawn invisible, and what was left
    out (or cut to its visible characters) as blocks by why (``unseen``)."""
    out = without_covered(words, covered_words(page, words))
    unseen = unseen_blocks("covered", gone_words(words, out)) if len(out) < len(words) else []
    white, invisible = hidden_spans(page, lines.white), invisible_spans(page, lines.invisible, shown)
    if not white and not invisible:
        return out, unseen
    kept = without_hidden(page, out, [*white, *invisible])
    gone = gone_words(out, kept)
    on_white = [w for w in gone if any(meets(w.bbox, s) for s in white)]
    unseen = unseen + unseen_blocks("white", on_white) + unseen_blocks("invisible", gone_words(gone, on_white))
    return kept, unseen


def on_page(words: list[Word], width: float, height: float) -> list[Word]:
    """``words`` cut to the page (0..``width`` x 0..``height`` pt): MuPDF drops a glyph wholly
    off the page but keeps a word whose last glyphs run past its edge, and what is not visible
    is no evidence (a table's box would reach off the page). A word with nothing left goes."""
    if all(0 <= w.bbox.x0 and 0 <= w.bbox.y0 and w.bbox.x1 <= width and w.bbox.y1 <= height for w in words):
        return words  # nearly every page: nothing to cut
    out = []
    for w in words:
        b = w.bbox
        cut = Rect(max(b.x0, 0.0), max(b.y0, 0.0), min(b.x1, width), min(b.y1, height))
        if cut == b:
            out.append(w)
        elif cut.x0 < cut.x1 and cut.y0 < cut.y1:
            out.append(dataclasses.replace(w, bbox=cut))
    return out


def _words(raw: list[tuple[Any, ...]], lines: TextLines) -> list[Word]:
    """``Word``s of PyMuPDF's word tuples, styled from their lines' spans. Plain loops, the
    line's style looked up once for its words (they come line by line): this runs for every
    word of every page."""
    styles, marks, turns = lines.spans, lines.marks, lines.turns
    out: list[Word] = []
    add = out.append
    sp: list[SpanInfo] = []
    one = True
    at_block = at_line = -1
    size, bold, base, mark, quarter = 0.0, False, 0.0, False, 0
    for x0, y0, x1, y1, text, block, line, _ in raw:
        if line != at_line or block != at_block:
            at_block, at_line = block, line
            at = (block, line)
            sp = styles.get(at, _NO_SPANS)
            one = len(sp) == 1
            if one:
                _, _, size, bold, base = sp[0]
            mark, quarter = at in marks, turns.get(at, 0)
        if not one:
            size, bold, base = _style_at(sp, (x0 + x1) / 2, y1)
        if text.isprintable() and " " not in text and text:  # most words: nothing to mend
            add(text_word_at(text, x0, y0, x1, y1, size, bold, block, line, base, mark, quarter))
            continue
        for piece, px0, px1 in _split(normalise(text), x0, x1):
            add(text_word_at(piece, px0, y0, px1, y1, size, bold, block, line, base, mark, quarter))
    return out


_NO_SPANS: list[SpanInfo] = []
# A word's box spans its font's declared ascent and descent, and a PDF re-writer may declare
# other ones while drawing every glyph at the same place: cairo gives a subset font the height
# of the glyphs it keeps (digits alone: 0.7 em above the baseline where the whole font
# declared 1.0), a font descriptor may say 0.75 and 0.25. The white space between lines, read
# in line heights, then doubles, and a table's section label reads as a heading between two
# tables. A word box reaches at least this far (ems of its font size) above and below its
# baseline: about the tallest usual fonts' own (Verdana, Times as ICDAR's PDFs embed them),
# so the usual fonts' boxes grow by a few hundredths of an em at most.
EM_ABOVE = 0.95
EM_BELOW = 0.25


def _em_boxes(words: list[Word]) -> list[Word]:
    """``words`` with each upright text-layer box grown to ``EM_ABOVE``/``EM_BELOW`` ems about
    its baseline where the font declares less (nothing else changes: x, text, baseline).

    In place: the words are this reading's own, made since the page's text was read and seen
    by nothing else yet (nor hashed), so the grown box is set on the word itself rather than
    a copy of every word made (the words of most pages nearly all grow)."""
    for w in words:
        b = w.bbox
        size, base = w.font_size, w.baseline
        top, bottom = base - EM_ABOVE * size, base + EM_BELOW * size
        if (b.y0 <= top and b.y1 >= bottom) or w.turn or size <= 0 or not b.y0 <= base <= b.y1 + 0.5:
            continue
        _set(w, "bbox", fast_rect(b.x0, min(b.y0, top), b.x1, max(b.y1, bottom)))
    return words


_set = object.__setattr__


def shared_baselines(words: Sequence[Word]) -> tuple[Word, ...]:
    """``words`` with the words set at a right angle to the upright page (column headers set
    bottom to top) given one baseline per band they stand in: such a word's own baseline runs
    down the page, and its origin (where its text starts) says nothing about the row it is in.
    Turned words whose heights overlap form one band, a header row; they share its bottom."""
    turned = sorted((i for i, w in enumerate(words) if w.turn in (90, 270)), key=lambda i: words[i].bbox.y0)
    out = list(words)
    band: list[int] = []
    bottom = -1.0
    for i in [*turned, -1]:
        b = words[i].bbox if i >= 0 else None
        if band and (b is None or b.y0 >= bottom):
            for k in band:
                out[k] = dataclasses.replace(words[k], baseline=bottom)
            band, bottom = [], -1.0
        if b is not None:
            band.append(i)
            bottom = max(bottom, b.y1)
    return tuple(out)


LIGHT = 190  # grey level (0-255) from which type counts as light
LARGE = 2.5  # x the page's median font size: large type

SpanInfo = tuple[float, float, float, bool, float]  # x0, x1, size, bold, baseline
LineKey = tuple[int, int]  # (block, line), numbered the way ``get_text("words")`` numbers them


class TextLines(NamedTuple):
    """What the words need from PyMuPDF's span dict, read in one pass."""

    spans: dict[LineKey, list[SpanInfo]]  # the line's non-blank spans
    directions: list[tuple[float, float, int]]  # (dx, dy, spans) per line
    marks: set[LineKey]  # watermark lines
    turns: dict[LineKey, int]  # lines that are not upright on the page: their quarter-turn
    symbols: list[SymbolGlyph]  # one-glyph spans of symbol and dingbat fonts (``symbolmarks``)
    white: list[Rect]  # the boxes of the upright spans drawn in white (``hiddentext``)
    invisible: list[Rect]  # the boxes of the upright spans drawn invisible (render mode 3, no opacity)


def read_lines(d: dict[str, Any]) -> TextLines:
    """Spans per text line, line directions, and the watermark lines: running diagonally
    (neither along nor across the page), or set in light type much larger than the page's median;
    and the white spans of the lines running left to right (``hiddentext.white``), read in the same pass."""
    spans: dict[LineKey, list[SpanInfo]] = {}
    directions: list[tuple[float, float, int]] = []
    marks: set[LineKey] = set()
    turns: dict[LineKey, int] = {}
    symbols: list[SymbolGlyph] = []
    whites: list[Rect] = []
    invisible: list[Rect] = []
    light: list[tuple[LineKey, float]] = []  # lines all in light type, smallest size
    upright: list[Any] = []  # the spans of the lines not diagonal: their sizes are read if a line is light
    for b_no, block in enumerate(d.get("blocks", ())):
        if block.get("type") != 0:
            continue
        number = block.get("number", b_no)
        for l_no, line in enumerate(block.get("lines", ())):  # plain loops: every line of every page
            key = (number, l_no)
            line_spans = line.get("spans", ())
            dx, dy = line.get("dir", (1.0, 0.0))
            directions.append((float(dx), float(dy), len(line_spans)))
            kept: list[SpanInfo] = []
            spans[key] = kept
            across = dx == 1.0 and dy == 0.0  # exactly left to right: where white text is looked for
            for s in line_spans:  # one pass over the spans: each one's text stripped once
                text = s["text"].strip()
                if not text:
                    continue
                font, x0 = s["font"], s["bbox"][0]
                colour = s.get("color", 0)
                if colour and across and white(colour):  # black type (colour 0, most spans) is not white
                    whites.append(Rect(*s["bbox"]))
                if not s.get("alpha", 255) and across:  # render mode 3 (or no opacity): nothing shows
                    invisible.append(Rect(*s["bbox"]))
                kept.append((x0, s["bbox"][2], float(s["size"]), s["flags"] & 16 > 0 or _bold_name(font),
                             float(s["origin"][1])))
                if len(text) == 1 and symbol_font(font):
                    symbols.append(SymbolGlyph(x0, float(s["origin"][1]), float(s["size"]), text, font))
            if abs(dx) > 0.1 and abs(dy) > 0.1:
                marks.add(key)
                continue
            quarter = 0 if dy == 0 and dx > 0 else line_turn(dx, dy)  # most lines run left to right
            if quarter:
                turns[key] = quarter
            upright.append(line_spans)
            # black type (colour 0, most lines) is not light: the generator below is skipped
            if line_spans and line_spans[0].get("color", 0) and all(_grey_of(s) >= LIGHT for s in line_spans):
                light.append((key, min(s["size"] for s in line_spans)))
    if light:  # few pages: the sizes are read only then
        sizes = sorted([s["size"] for line_spans in upright for s in line_spans])
        median = sizes[len(sizes) // 2]
        marks.update(key for key, size in light if size >= LARGE * median)
    return TextLines(spans, directions, marks, turns, symbols, whites, invisible)


def _grey_of(span: dict[str, Any]) -> float:
    c = span.get("color", 0)
    if not c:
        return 0.0
    grey: float = 0.299 * (c >> 16 & 255) + 0.587 * (c >> 8 & 255) + 0.114 * (c & 255)
    return grey


@lru_cache(maxsize=1024)
def _bold_name(font: str) -> bool:
    """Does the font's name say bold? (Asked for every span; a page has a few fonts.)"""
    low = font.lower()
    return any(n in low for n in _BOLD_NAMES)


def _style_at(spans: Sequence[SpanInfo], x: float, y1: float) -> tuple[float, bool, float]:
    """Size, bold and baseline of the span under (or nearest to) x."""
    if len(spans) == 1:
        only = spans[0]
        return only[2], only[3], only[4]
    if not spans:
        return 0.0, False, y1
    best = min(spans, key=lambda s: 0.0 if s[0] <= x <= s[1] else min(abs(s[0] - x), abs(s[1] - x)))
    return best[2], best[3], best[4]


def _split(text: str, x0: float, x1: float) -> list[tuple[str, float, float]]:
    """Split at spaces (former control characters), sharing the box by character count."""
    if " " not in text.strip():
        return [(text.strip(), x0, x1)] if text.strip() else []
    n = len(text)
    step = (x1 - x0) / n if n else 0.0
    out = []
    for m in re.finditer(r"\S+", text):
        out.append((m.group(), x0 + m.start() * step, x0 + m.end() * step))
    return out


def group_rows(words: Sequence[Word], params: RowParams, centres: WordCentres | None = None) -> tuple[RowBand, ...]:
    """Text lines: words whose baselines lie within ``y_tolerance`` x font size.

    Rows are ordered top to bottom, words in a row left to right. A word joins the row
    whose running baseline is closest, so two side-by-side columns of text that share a
    baseline form one row (the grid stage splits them by column). Watermark and furniture words
    are in no row.
    """
    ids = [i for i, w in enumerate(words) if not w.in_no_table]
    if centres is not None and centres.words is words:  # the page's index: its line facts serve the regions too
        return tuple(centres.lines(ids, params.y_tolerance))
    return tuple(lines_in(words, ids, params.y_tolerance))
