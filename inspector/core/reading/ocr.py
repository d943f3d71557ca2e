"""Words from OCR: Tesseract (through tesserocr) on a grey page render.

Tesseract gives each word an ink box and a confidence (0-100). The boxes become page
points like every text-layer word: scaled from pixels, moved back from the straightened
picture to the page (see ``geometry.Frame.straighten``), and grown vertically to the text
line's cap height and descender depth, which is what a text-layer word's box spans (so
"ace" and "Ag" on one line get the same band, and rows group the same way).

Where the language data is found and what to install when it is not: ``tessdata`` (its
``check`` raises ``OcrUnavailable`` with a one-line message).
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..geometry import Frame
from ..types import Rect, Word
from .ocr_clock import STOP_WALL, OcrClock
from .ocr_gaps import gap_mark
from .ocr_glyphs import DASHES, Glyph, LineScale, restore_dashes
from .tessdata import check
from .words import normalise

CELL_MARGIN_PX = 12  # paper around a cell read on its own (Tesseract misreads text touching the edge)
NOISE_CONFIDENCE = 40.0  # % under which a word without letters or digits is dropped as a speck
ASCENT, DESCENT = 0.85, 0.25  # a text-layer word box reaches about this far above / below the baseline, x row height
# A text layer measures a word by its type, OCR by its ink; these make an OCR word measure as the text
# layer's would (medians over 3,700 OCR words matched to the text layer's, ICDAR dev copies at 200 dpi).
ROW_EM = 0.93  # Tesseract's row height (ascender top to descender foot) is this share of the type's size
SIDE_BEARING = 0.037  # em: a word's ink starts (ends) this far inside its first (last) glyph's advance


@dataclass(frozen=True)
class OcrResult:
    """Words of one page read by Tesseract (page space), and how the reading went.

    ``ms`` is the recognition's wall time, ``cpu_ms`` its work (CPU time); ``stopped`` names
    the limit that stopped it early (``STOP_WORK`` or ``STOP_WALL``; the words read until then
    are kept), "" when it read the whole page.
    """

    words: tuple[Word, ...]
    dpi: int
    ms: float
    stopped: str = ""
    cpu_ms: float = 0.0
    gapped: tuple[int, ...] = ()  # indices of the words given the point or comma their digits' room left (ocr_gaps)
    enlarged_from: int = 0  # the scan's own dpi when its picture was enlarged to ``dpi`` (ocr.upscale_letters)
    notes: tuple[str, ...] = ()  # what was done to the picture read (``scan.OcrPicture.notes``)


_LOCAL = threading.local()  # one Tesseract engine per thread: loading a model costs ~100 ms


# ocr.layout -> Tesseract's page segmentation mode (PSM); "columns" reads each block of
# ocr_blocks.text_blocks as one uniform block (PSM 6: in a block holding only a table's columns
# of lone digits PSM 4 finds no line at all).
LAYOUTS = {"lines": 4, "page": 3, "columns": 6}


def _engine(folder: Path, lang: str) -> Any:
    from tesserocr import PSM, PyTessBaseAPI

    key = (str(folder), lang)
    cached = getattr(_LOCAL, "engine", None)
    if cached is not None and cached[0] == key:
        return cached[1]
    if cached is not None:
        cached[1].End()
    api = PyTessBaseAPI(path=str(folder) + os.sep, lang=lang, psm=PSM.AUTO)
    api.SetVariable("tessedit_do_invert", "0")  # reversed text is rare in tables and doubles the cost
    _LOCAL.engine = (key, api)
    return api


def read_words(grey: np.ndarray, dpi: int, lang: str, frame: Frame, limits: tuple[float, float],
               layout: str = "columns", gaps: float = 0.0) -> OcrResult:
    """OCR of a (straightened) grey page render at ``dpi``; words in page space.

    ``frame.skew`` is the angle the render was straightened by; ``limits`` are the work
    (CPU seconds) and the wall-clock guard (seconds) the reading may take (``OcrClock``).
    ``gaps`` is ``ocr.point_gaps`` (``ocr_gaps.gap_mark``). Raises ``OcrUnavailable``.
    """
    folder = check(lang)
    api = _engine(folder, lang)
    h, w = grey.shape[:2]
    clock = OcrClock(*limits)
    if layout == "columns":
        from .ocr_blocks import text_blocks

        return _read_blocks(api, grey, dpi, frame, text_blocks(grey, dpi), clock, gaps)
    try:
        api.SetPageSegMode(LAYOUTS[layout])
        api.SetImageBytes(grey.tobytes(), w, h, 1, w)
        api.SetSourceResolution(dpi)
        done = api.Recognize(int(clock.wall_left() * 1000))
        found, gapped = _words(api, grey, 72.0 / dpi, frame, gaps=gaps)
    finally:
        api.Clear()
    return _result(clock, tuple(found), dpi, "" if done else STOP_WALL, tuple(gapped))


def _read_blocks(api: Any, grey: np.ndarray, dpi: int, frame: Frame, blocks: list[tuple[int, int, int, int]],
                 clock: OcrClock, gaps: float = 0.0) -> OcrResult:
    """Each block (pixels of ``grey``) read as one column of text lines on a margin of its paper."""
    words: list[Word] = []
    stopped = ""
    gapped: list[int] = []
    try:
        api.SetPageSegMode(LAYOUTS["columns"])
        for k, box in enumerate(blocks):
            stopped = clock.spent()
            if stopped:
                break
            finished, found, marked = _read_crop(api, grey, dpi, frame, box, clock.wall_left(), block=k, gaps=gaps)
            gapped.extend(len(words) + i for i in marked)
            words.extend(found)
            if not finished:  # Tesseract's own deadline: the wall clock
                stopped = STOP_WALL
                break
    finally:
        api.Clear()
    return _result(clock, tuple(words), dpi, stopped, tuple(gapped))


def reread(grey: np.ndarray, dpi: int, lang: str, frame: Frame, boxes: list[Rect],
           limits: tuple[float, float]) -> tuple[list[tuple[Word, ...]], OcrResult]:
    """Each of ``boxes`` (straightened points: the picture's space) read again on its own, as one
    block of text on a margin of its paper; words in page space, one tuple per box (empty for
    a box left unread when a limit of ``limits``, as for ``read_words``, was reached); and what
    the reading cost (an ``OcrResult`` without words: ``stopped`` names the limit reached).

    A table cell read with the whole page shares its text lines with the row's other cells,
    and a two-line cell next to one-line cells comes out garbled; alone it reads cleanly.
    """
    from tesserocr import PSM

    api = _engine(check(lang), lang)
    clock = OcrClock(*limits)
    out: list[tuple[Word, ...]] = []
    stopped = ""
    try:
        api.SetPageSegMode(PSM.SINGLE_BLOCK)
        for b in boxes:
            x0, y0, x1, y1 = pixel_box(b, dpi, grey.shape)
            stopped = stopped or clock.spent()
            if x1 - x0 < 4 or y1 - y0 < 4 or stopped:
                out.append(())
                continue
            finished, found, _ = _read_crop(api, grey, dpi, frame, (x0, y0, x1, y1), clock.wall_left())
            out.append(tuple(found))
            stopped = "" if finished else STOP_WALL
    finally:
        api.Clear()
    return out, _result(clock, (), dpi, stopped)


def _result(clock: OcrClock, words: tuple[Word, ...], dpi: int, stopped: str,
            gapped: tuple[int, ...] = ()) -> OcrResult:
    """The words read, with the time and work they cost and the limit that stopped them."""
    return OcrResult(words, dpi, clock.wall() * 1000.0, stopped, clock.cpu() * 1000.0, gapped)


def pixel_box(box: Rect, dpi: int, shape: tuple[int, ...]) -> tuple[int, int, int, int]:
    """``box`` (points of a picture rendered at ``dpi``) as pixels (x0, y0, x1, y1), clipped
    to a picture of ``shape`` (H, W)."""
    px = dpi / 72.0
    return (max(int(box.x0 * px), 0), max(int(box.y0 * px), 0),
            min(int(box.x1 * px), shape[1]), min(int(box.y1 * px), shape[0]))


def _read_crop(api: Any, grey: np.ndarray, dpi: int, frame: Frame, box: tuple[int, int, int, int],
               seconds: float, block: int = 0, gaps: float = 0.0) -> tuple[bool, list[Word], list[int]]:
    """The pixels ``box`` (x0, y0, x1, y1) of ``grey`` read alone on a margin of its paper, in the
    page segmentation mode ``api`` is set to, within ``seconds``: (finished in time, words in
    page space, the indices of those ``gaps`` gave a lost point or comma)."""
    x0, y0, x1, y1 = box
    pad = CELL_MARGIN_PX
    crop = grey[y0:y1, x0:x1]
    # The margin takes the crop's own paper (its median: most of a text block is paper): on a
    # white one a shaded cell is a dark box whose edges Tesseract reads as "(" or "|", and
    # the box's grey can be thresholded with the ink.
    canvas = np.full((y1 - y0 + 2 * pad, x1 - x0 + 2 * pad), int(np.median(crop)) if crop.size else 255, np.uint8)
    canvas[pad:-pad, pad:-pad] = crop
    api.SetImageBytes(canvas.tobytes(), canvas.shape[1], canvas.shape[0], 1, canvas.shape[1])
    api.SetSourceResolution(dpi)
    finished = bool(api.Recognize(int(max(seconds, 0.1) * 1000)))  # False: stopped at its deadline
    return (finished, *_words(api, canvas, 72.0 / dpi, frame, x0 - pad, y0 - pad, block=block, gaps=gaps))


@dataclass
class _Read:
    """One word as Tesseract gives it (pixels, in the picture it read), with its glyphs."""

    text: str
    box: tuple[int, int, int, int]
    conf: float
    base: Any
    row: Any
    block: int
    line: int
    glyphs: list[Glyph]


def _lines(api: Any) -> list[list[_Read]]:
    """The recognised words, line by line, each with its characters' boxes."""
    from tesserocr import RIL, iterate_level

    lines: list[list[_Read]] = []
    block = line = -1
    it = api.GetIterator()
    if it is None:
        return lines
    for r in iterate_level(it, RIL.WORD):
        if r.IsAtBeginningOf(RIL.BLOCK):
            block, line = block + 1, -1
        if r.IsAtBeginningOf(RIL.TEXTLINE) or not lines:
            line += 1
            lines.append([])
        word = _read(r, block, line)
        if word is not None:
            lines[-1].append(word)
    _add_glyphs(api, [w for ln in lines for w in ln])
    return lines


def _add_glyphs(api: Any, words: list[_Read]) -> None:
    """Give each of ``words`` (in Tesseract's order) its characters: a second pass over the
    symbols, each word taking symbols until they spell its text. (Asking every symbol whether
    it starts a word or a line costs several times the recognition's own result walk.)"""
    from tesserocr import RIL, iterate_level

    k, spelt = 0, ""
    for r in iterate_level(api.GetIterator(), RIL.SYMBOL):
        if k >= len(words):
            return
        try:
            ch, box = r.GetUTF8Text(RIL.SYMBOL), r.BoundingBox(RIL.SYMBOL)
        except RuntimeError:
            continue
        if not ch or box is None:
            continue
        word = words[k]
        spelt += ch
        if not word.text.startswith(spelt):  # out of step: leave the rest without glyphs
            word.glyphs.clear()
            return
        word.glyphs.append(Glyph(ch, box))
        if spelt == word.text:
            k, spelt = k + 1, ""


def _read(r: Any, block: int, line: int) -> _Read | None:
    """The word starting at iterator ``r`` (its glyphs still to add); None when it holds no text."""
    from tesserocr import RIL

    try:
        text = r.GetUTF8Text(RIL.WORD)
    except RuntimeError:  # tesserocr's "No text returned": a page where nothing was read
        return None
    if not text:
        return None
    return _Read(text, r.BoundingBox(RIL.WORD), r.Confidence(RIL.WORD), r.Baseline(RIL.WORD), r.RowAttributes(),
                 max(block, 0), max(line, 0), [])


def _words(api: Any, grey: np.ndarray, scale: float, frame: Frame, ox: int = 0, oy: int = 0,
           block: int = 0, gaps: float = 0.0) -> tuple[list[Word], list[int]]:
    """The recognised words of the picture ``grey`` Tesseract read; ``ox``, ``oy``: where it sits in
    the page's picture (pixels); ``block``: added to Tesseract's block numbers; and the indices of
    the numbers given the point or comma whose room their digits left (``gaps``: ``ocr_gaps.gap_mark``)."""
    out: list[Word] = []
    gapped: list[int] = []
    for line in _lines(api):
        measure = LineScale.of([g for w in line for g in w.glyphs])
        for raw in line:
            text, mark = _text(raw, measure, grey)
            marked = gap_mark(text, raw.glyphs, gaps)
            box, base = raw.box, raw.base
            if not text or box is None or (not mark and _noise(text, raw.conf)):
                continue
            if ox or oy:
                box = (box[0] + ox, box[1] + oy, box[2] + ox, box[3] + oy)
                base = ((base[0][0] + ox, base[0][1] + oy), (base[1][0] + ox, base[1][1] + oy)) if base else base
            if marked != text:
                gapped.append(len(out))
            word = _word(marked, box, base, raw.row, raw.conf, scale)
            out.append(_to_page(word, frame, raw.block + block, raw.line))
    return out, gapped


def _text(raw: _Read, measure: LineScale, grey: np.ndarray) -> tuple[str, bool]:
    """The word's text with its dashes told apart by length (see ``ocr_glyphs``), and whether
    it is a lone short level mark read as a dash (tables write one for nil; Tesseract says
    '=', ':', '_', or '-' itself), which is kept however unsure Tesseract is: a blurred or speckled
    scan's nil dashes come with a confidence under NOISE_CONFIDENCE, and the dust they would be
    dropped as is no flat mark as wide as a hyphen."""
    text = normalise(raw.text).strip()
    if raw.box is not None and _dash(text, raw.box, raw.row):
        return restore_dashes([Glyph("-", raw.box)], measure, grey), True
    if any(ch in DASHES for ch in text) and "".join(g.text for g in raw.glyphs) == text:
        return restore_dashes(raw.glyphs, measure, grey), False
    return text, False


def _dash(text: str, box: tuple[int, int, int, int], row: Any) -> bool:
    """Is this mark (no letter or digit, one to three characters) a dash by its ink's shape:
    wider than tall and much flatter than the text line?"""
    if len(text) > 3 or any(ch.isalnum() for ch in text):
        return False
    w, h = box[2] - box[0], box[3] - box[1]
    size = float((row or {}).get("row_height", 0.0))
    return size > 0 and w >= 1.5 * h and h <= 0.25 * size and w <= 1.5 * size


def _noise(text: str, conf: float) -> bool:
    """A mark Tesseract doubts that holds no letter or digit: a speck, or what is left of a rule
    ('|', '=', '_'). A confident lone dash or dot is kept (tables use them for 'none')."""
    return conf < NOISE_CONFIDENCE and not any(ch.isalnum() for ch in text)


def _word(text: str, box: tuple[int, int, int, int], base: Any, row: Any, conf: float, scale: float) -> Word:
    """One word in straightened page points; its box spans the line's cap height and descent."""
    x0, y0, x1, y1 = box
    ink_h = max(y1 - y0, 1)
    baseline = float(y1)
    if base:
        (bx0, by0), (bx1, by1) = base
        t = 0.5 if bx1 == bx0 else ((x0 + x1) / 2 - bx0) / (bx1 - bx0)
        baseline = by0 + t * (by1 - by0)
    size = float((row or {}).get("row_height", 0.0))
    if not 0.5 * ink_h <= size <= 4.0 * ink_h:
        size = float(ink_h)  # Tesseract's row height is off for lone marks; the ink is a fair stand-in
    cy = (y0 + y1) / 2  # a letter's ink centre sits between its baseline and cap height
    if cy > baseline + 0.1 * size or cy < baseline - 0.9 * size:
        # The word's ink lies wholly below or above its text line: a line of the page that runs
        # through a two-line table cell. The word stands on its own baseline, not the line's.
        baseline = y1 - 0.2 * ink_h
    top, bottom = min(y0, baseline - ASCENT * size), max(y1, baseline + DESCENT * size)
    # Type size and advance box, as a text layer gives them: the ink's box and row height alone
    # make word spaces wider against a smaller size, and a caption's spaces then read as the
    # column gaps of a table row (two tables read as one, "TABLE 5. Number of deaths ...").
    em = size / ROW_EM
    side = SIDE_BEARING * em
    return Word(text, Rect((x0 - side) * scale, top * scale, (x1 + side) * scale, bottom * scale), em * scale,
                baseline=baseline * scale, ocr_confidence=round(float(conf), 1))


def _to_page(w: Word, frame: Frame, block: int, line: int) -> Word:
    box = frame.straighten_rect(w.bbox, back=True)
    return Word(w.text, box, w.font_size, False, block, line, w.baseline + box.cy - w.bbox.cy, w.ocr_confidence)
