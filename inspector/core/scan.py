"""Scanned pages in the pipeline: when to OCR, which words a page ends up with, and the
straightened-picture results mapped back to page space.

OCR words replace the text layer only when OCR was asked for (``ocr.mode=always``) or the
page has no text layer (``auto``). When OCR cannot run the text layer stays and a warning
says how to install Tesseract. OCR words below ``ocr.min_confidence`` are flagged like the
words near a column boundary, and so are the cells holding them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .geometry import Frame
from .params import OcrParams, RasterParams
from .reading.ocr import OcrResult, pixel_box, read_words, reread
from .reading.ocr_brackets import brackets_note, round_brackets
from .reading.ocr_clock import stop_note
from .reading.ocr_commas import commas_note, restore_commas
from .reading.ocr_gaps import gaps_note, page_marks
from .reading.ocr_points import lost_commas_note, points_note, restore_points
from .reading.tessdata import OcrUnavailable, check
from .scan_clean import cleaned
from .structure.tables import TablesResult
from .types import RasterResult, Rect, RejectedRule, Rule, Table, Word

if TYPE_CHECKING:
    import numpy as np

    from .reading.document import Page


@dataclass(frozen=True)
class ScanWords:
    """The words a page is detected with. ``source`` "text" (the text layer) or "ocr";
    ``key`` identifies the words for the stage cache; ``skew`` (degrees) straightened them."""

    words: tuple[Word, ...]
    turn: int
    skew: float = 0.0
    source: str = "text"
    key: Hashable = "text"
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


GLYPH_PATHS = 100  # a page without text but with this many vector paths may have its text drawn as paths


def ocr_wanted(o: OcrParams, text_words: tuple[Word, ...], pictures: bool, n_drawings: int) -> bool:
    """``always``; or ``auto`` on a page with no text layer whose content is a picture or many
    drawn shapes (a blank page or a lone drawing is not worth a render and an OCR)."""
    if o.mode == "always":
        return True
    return o.mode == "auto" and not text_words and (pictures or n_drawings >= GLYPH_PATHS)


@dataclass(frozen=True)
class OcrPicture:
    """What Tesseract reads of a page: ``grey`` (uint8) is the page as shown, straightened,
    its rules painted out, at ``dpi``; ``frame`` is the shown page (points) that the
    straightening belongs to. Made once per page and settings: the page's reading and the
    doubtful cells' re-reading both use it (a render and a straightening cost ~100 ms)."""

    grey: np.ndarray
    dpi: int
    frame: Frame
    enlarged_from: int = 0  # the scan's own dpi when it was enlarged to ``dpi`` (ocr.upscale_letters), else 0
    notes: tuple[str, ...] = ()  # what was done to the picture that explain should say
    black_white: bool = False  # a black-and-white scan (``bilevel``): its thresholding can lose a point's ink


def ocr_page(page: Page, o: OcrParams, picture: Callable[[], OcrPicture]) -> OcrResult | str:
    """OCR of ``page``'s ``picture()`` (see ``ocr_picture``); words in unrotated page space. A
    one-line message instead when Tesseract (or the language) is missing."""
    try:
        check(o.lang)  # before the render: a missing Tesseract costs nothing
        pic = picture()
        # A grey scan keeps a decimal point's ink (grey at worst), which Tesseract reads; only
        # a black-and-white scan's threshold drops it, leaving just the room (ocr_gaps).
        gaps = o.point_gaps
        if not pic.black_white:
            gaps = 0.0
        got = read_words(pic.grey, pic.dpi, o.lang, pic.frame, (o.cpu_seconds, o.max_seconds), o.layout, gaps)
    except OcrUnavailable as exc:
        return str(exc)
    marked, gapped = page_marks(got.words, got.gapped)
    rounded, brackets = round_brackets(marked, o.round_brackets)
    words, commas, points, lost = by_neighbours(rounded, [pic.frame.straighten_rect(w.bbox) for w in rounded], o)
    notes = gaps_note(gapped) + brackets_note(brackets) + commas_note(commas) + points_note(points) + lost_commas_note(lost)
    return dataclasses.replace(got, words=_unrotated(words, page), enlarged_from=pic.enlarged_from,
                               notes=pic.notes + notes)


def by_neighbours(words: Sequence[Word], boxes: Sequence[Rect], o: OcrParams
                  ) -> tuple[tuple[Word, ...], int, int, int]:
    """OCR ``words`` corrected by their rows and columns (``boxes``: on the straightened page):
    thousands commas read as full stops (``o.comma_groups``), then lost decimal points
    (``o.decimal_points``), then lost thousands commas (``o.lost_commas``: after the full
    stops turned commas, which are the column's evidence); and how many words each changed."""
    fixed, commas = restore_commas(words, boxes, o.comma_groups)
    fixed, points = restore_points(fixed, boxes, o.decimal_points)
    fixed, lost = restore_points(fixed, boxes, o.lost_commas, ",")
    return fixed, commas, points, lost


def ocr_picture(page: Page, o: OcrParams, skew: float, raster: RasterParams | None = None) -> OcrPicture:
    """``page`` rendered grey at ``o.dpi`` as shown (its /Rotate applied, so its text is
    upright), made clean (``cleaned``), and enlarged when its letters are small in pixels
    (``upscaled_dpi``; the picture's ``dpi`` says so: word boxes come back to page points
    through it)."""
    dpi = page.safe_dpi(ocr_dpi(page, o.dpi))
    render = page.render_shown(dpi)
    black_white = bilevel(render)
    img, notes = cleaned(render, dpi, o, skew, raster, black_white, page.picture_dpi() or 0.0)
    native, dpi = dpi, upscaled_dpi(page, o, img, dpi, black_white)
    if dpi != native:  # last: rules are found and erased on the scan's own pixels
        from .reading.skew import enlarge

        img = enlarge(img, dpi / native)
    quarter = page.rotation in (90, 270)
    return OcrPicture(img, dpi, Frame(0, page.height if quarter else page.width, page.width if quarter else page.height,
                                      skew), native if dpi != native else 0, notes, black_white)


MIN_ENLARGE = 1.2  # a smaller enlargement gains Tesseract nothing and costs its time
MAX_ENLARGE = 4.0  # no more: the letters' measure is off (a page of big type or pictures)


BILEVEL_GREYS = 0.05  # share of a render's inked pixels (darker than 224) that may be mid-grey (over 31) in a black-and-white scan


def bilevel(render: np.ndarray) -> bool:
    """Is ``render`` (uint8) a black-and-white scan: its ink (every other pixel's, every other
    row's) almost all black, not the grey ramps a grey scan's letter edges have?"""
    import numpy as np

    sample = render[::2, ::2]
    inked = np.count_nonzero(sample < 224)
    return bool(inked > 0 and np.count_nonzero((sample > 31) & (sample < 224)) < BILEVEL_GREYS * inked)


def upscaled_dpi(page: Page, o: OcrParams, img: np.ndarray, dpi: int, black_white: bool = False) -> int:
    """The dpi the picture ``img`` (rendered at ``dpi``) is read at: enlarged so that its letters
    are ``o.upscale_letters`` pixels high (the larger of it and ``o.upscale_bilevel`` when the
    scan is ``black_white``) when it is a scan's own resolution (lower than ``o.dpi``) and its letters
    are smaller by MIN_ENLARGE or more; else ``dpi`` itself. The letters, not the picture's
    stated resolution, say it: a PNG states none (72), a fax 150 dpi."""
    wanted, bilevel_wanted = o.upscale_letters, o.upscale_bilevel
    target = max(wanted, bilevel_wanted) if black_white else wanted
    if target <= 0 or dpi >= o.dpi:
        return dpi
    from .reading.skew import letter_height

    letters = letter_height(img)
    if letters <= 0 or target < MIN_ENLARGE * letters:
        return dpi
    return max(page.safe_dpi(int(round(dpi * min(target / letters, MAX_ENLARGE)))), dpi)


def _unrotated(words: tuple[Word, ...], page: Page) -> tuple[Word, ...]:
    """Words measured on the shown page, in unrotated page space."""
    if not page.rotation:
        return words
    turned = Frame(page.shown_turn, page.width, page.height)
    return tuple(dataclasses.replace(w, bbox=b, baseline=b.y1 - DESCENT_SHARE * b.height)
                 for w in words for b in (turned.rect(w.bbox, back=True),))


def reread_unsure_cells(page: Page, o: OcrParams, picture: Callable[[], OcrPicture], words: tuple[Word, ...],
                        tables: tuple[Table, ...]) -> tuple[tuple[Word, ...], tuple[str, ...]]:
    """``words`` with the words of doubtful ruled cells replaced by a reading of each cell alone,
    where that reading is surer (``words`` itself when no cell needed it), and the warning of a
    limit (``ocr.cpu_seconds``, ``ocr.max_seconds``) that stopped the re-reading.

    A cell is doubtful when one of its words is under ``o.min_confidence``, or when it holds no
    word but its picture holds ink (Tesseract drops a word now and then, often a larger bold
    label: read alone it is found, and kept when read with ``o.min_confidence`` or more). Only
    cells closed by rules are read alone: their box is the text's true extent.
    """
    ruled = [c for t in tables if t.source == "ruled" for c in t.cells]
    doubtful = [c for c in ruled if c.word_ids and any(words[i].ocr_confidence < o.min_confidence for i in c.word_ids)]
    blank = [c for c in ruled if not c.word_ids]
    if not doubtful and not blank:
        return words, ()
    pic = picture()
    turned = Frame(page.shown_turn, page.width, page.height, pic.frame.skew)
    inset = CELL_INSET_PT  # off the rules: what is left of them reads as '|'
    boxed = [(c, turned.rect(c.bbox).expanded(-inset)) for c in doubtful + blank]
    boxed = [(c, b) for c, b in boxed if c.word_ids or inked(pic, b)]
    if not boxed:
        return words, ()
    cells, boxes = [c for c, _ in boxed], [b for _, b in boxed]
    drop: set[int] = set()
    extra: list[Word] = []
    got, cost = reread(pic.grey, pic.dpi, o.lang, pic.frame, boxes, (o.cpu_seconds, o.max_seconds))
    warnings = stop_note(cost.stopped, cost.ms, cost.cpu_ms, "re-reading doubtful cells")
    for cell, new in zip(cells, got, strict=True):
        old = [words[i] for i in cell.word_ids]
        surer = _mean_conf(new) > _mean_conf(old) if old else _mean_conf(new) >= o.min_confidence
        if new and surer:
            drop.update(cell.word_ids)
            extra.extend(_unrotated(round_brackets(new, o.round_brackets)[0], page))
    if not extra:
        return words, warnings
    # A cell read alone has lost its row and column: its numbers are judged among the page's again.
    kept = tuple(w for i, w in enumerate(words) if i not in drop)
    fixed, _, _, _ = by_neighbours(kept + tuple(extra), [turned.rect(w.bbox) for w in kept + tuple(extra)], o)
    return fixed, warnings


INK_GREY = 128  # a pixel darker than this is ink
INK_PT = 2.0  # a cell holds ink when its dark pixels would fill a square this many points wide


def inked(pic: OcrPicture, box: Rect) -> bool:
    """Does the picture show ink inside ``box`` (straightened points)?"""
    x0, y0, x1, y1 = pixel_box(box, pic.dpi, pic.grey.shape)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return False
    return int((pic.grey[y0:y1, x0:x1] < INK_GREY).sum()) >= (INK_PT * pic.dpi / 72.0) ** 2


CELL_INSET_PT = 1.5  # pt a re-read cell is cut inside its rules (what is left of a rule reads as "|")


def _mean_conf(words: Sequence[Word]) -> float:
    return sum(w.ocr_confidence for w in words) / len(words) if words else 0.0


DESCENT_SHARE = 0.22  # of a turned word's box below its baseline (as geometry.Frame.word assumes)


def ocr_dpi(page: Page, wanted: int) -> int:
    """``wanted``, or a scan's own resolution when lower: a picture enlarged past its pixels
    gains no detail, only time (a PNG of 72 'dpi' is read pixel for pixel)."""
    native = page.picture_dpi()
    return wanted if native is None or native >= wanted else max(int(round(native)), 30)


def scan_words(got: OcrResult | str, text_words: tuple[Word, ...], turn: int, skew: float, key: Hashable,
               mode: str, shown_turn: int) -> ScanWords:
    """What the page is detected with once OCR has run (or failed with message ``got``)."""
    if isinstance(got, str):
        return ScanWords(text_words, turn, warnings=(got,))
    notes = [f"words read by OCR: {len(got.words)} words, {got.dpi} dpi, {got.ms:.0f} ms"
             + (f", page straightened by {skew:+.2f} degrees" if skew else "")]
    if got.enlarged_from:
        notes.append(f"the scan's {got.enlarged_from} dpi picture was enlarged to {got.dpi} dpi for OCR "
                     "(ocr.upscale_letters; ocr.upscale_bilevel for a black-and-white scan)")
    notes.extend(got.notes)
    if mode == "always" and text_words:
        notes.append(f"the text layer's {len(text_words)} words were replaced (ocr.mode=always)")
    warnings = stop_note(got.stopped, got.ms, got.cpu_ms)
    # Tesseract read the page as shown; tables printed sideways on a scan are not turned.
    return ScanWords(got.words, shown_turn, skew, "ocr", key, warnings, tuple(notes))


def unsure(words: tuple[Word, ...], min_confidence: float) -> frozenset[int]:
    """Indices of OCR words whose confidence is below ``min_confidence`` (0-100)."""
    return frozenset(i for i, w in enumerate(words) if w.from_ocr and w.ocr_confidence < min_confidence)


def flag_unsure_words(found: TablesResult, low: frozenset[int]) -> TablesResult:
    """``found`` with the unsure OCR words ``low`` added to ``low_confidence`` and their cells flagged."""
    if not low:
        return found
    tables = tuple(dataclasses.replace(t, cells=tuple(
        dataclasses.replace(c, low_confidence=True) if not c.low_confidence and low.intersection(c.word_ids) else c
        for c in t.cells)) for t in found.tables)
    return dataclasses.replace(found, tables=tables, low_confidence=found.low_confidence | low)


def rules_back(res: RasterResult, frame: Frame) -> RasterResult:
    """Raster rules found on a picture straightened by ``frame.skew``, moved back to page space."""
    if not frame.skew:
        return res

    def rule(r: Rule) -> Rule:
        b = frame.straighten_rect(r.bbox, back=True)
        if r.orient == "h":
            return dataclasses.replace(r, pos=b.cy, start=b.x0, end=b.x1)
        return dataclasses.replace(r, pos=b.cx, start=b.y0, end=b.y1)

    return dataclasses.replace(
        res, rules=tuple(rule(r) for r in res.rules),
        rejected=tuple(RejectedRule(rule(x.rule), x.reason) for x in res.rejected),
        bands=tuple(dataclasses.replace(b, bbox=frame.straighten_rect(b.bbox, back=True)) for b in res.bands))
