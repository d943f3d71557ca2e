"""OCR words two text lines tall: Tesseract now and then reads two short lines stacked in one
cell ("Age" over "group", a stub column's header on a speckled scan) as one word it doubts
("oes", 23 %). The word is as tall as both lines and sits on neither: the table's rows lose a
text line and, with it, the tenth of lines a spanning title may cross a column gap on (us-025
p3 on the noisy profile: two number columns in one cell in every row). Read again alone, as a
block, its box gives back the two lines' words.

The reading itself is the caller's (``reread``): this module picks the words and judges the
second reading.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from statistics import median

from ..types import Rect, Word

SURE = 80.0  # % a word Tesseract is this sure of measures the page's text line (its height)
MIN_SURE = 5  # surely read words needed before a page's line height is trusted
MAX_WORDS = 12  # tall words read again per page at most (each is one more Tesseract call)
PAD = 0.5  # of a line's height added above and below: a line cut through its letters reads as nothing
PAD_SIDE = 1.0  # of a line's height added on either side: the longer line may run past the doubted word's box
SECOND_LINE = 0.6  # of a line's height between two re-read words' middles: they stand on two lines


def line_height(words: Sequence[Word], boxes: Sequence[Rect]) -> float:
    """The median height (pt) of the words read surely (``SURE`` % or more, holding a letter or
    a digit), 0 when fewer than ``MIN_SURE`` are."""
    sure = [b.height for w, b in zip(words, boxes, strict=True)
            if w.ocr_confidence >= SURE and any(ch.isalnum() for ch in w.text)]
    return float(median(sure)) if len(sure) >= MIN_SURE else 0.0


def tall_words(words: Sequence[Word], boxes: Sequence[Rect], ratio: float, doubt: float) -> list[int]:
    """Indices of ``words`` (``boxes``: theirs on the straightened page) Tesseract doubts (under
    ``doubt`` %) whose box is ``ratio`` times the page's line height or taller: two lines read
    as one word. None when ``ratio`` is 0 (off) or the page has too few sure words to measure."""
    height = line_height(words, boxes) if ratio > 0 else 0.0
    if height <= 0:
        return []
    found = [i for i, (w, b) in enumerate(zip(words, boxes, strict=True))
             if 0.0 <= w.ocr_confidence < doubt and b.height >= ratio * height]
    return found[:MAX_WORDS]


def split_tall(words: tuple[Word, ...], boxes: Sequence[Rect], ratio: float, doubt: float,
               read: Callable[[list[Rect]], list[tuple[Word, ...]]]) -> tuple[tuple[Word, ...], int]:
    """``words`` with each tall word (``tall_words``) replaced by what ``read`` makes of its box
    alone (padded by ``PAD`` of a line, ``PAD_SIDE`` on its sides) when that is words on two lines or more, read surer on
    average than the tall word was; and how many were replaced."""
    picked = tall_words(words, boxes, ratio, doubt)
    if not picked:
        return words, 0
    height = line_height(words, boxes)
    side, pad = PAD_SIDE * height, PAD * height
    got = read([Rect(b.x0 - side, b.y0 - pad, b.x1 + side, b.y1 + pad) for b in (boxes[i] for i in picked)])
    swap: dict[int, tuple[Word, ...]] = {}
    for i, found in zip(picked, got, strict=True):
        new = _inside(found, words[i].bbox, [w.bbox for j, w in enumerate(words) if j != i])
        if _two_lines(new, SECOND_LINE * height) \
                and sum(w.ocr_confidence for w in new) / len(new) > words[i].ocr_confidence:
            swap[i] = new
    if not swap:
        return words, 0
    out: list[Word] = []
    for i, w in enumerate(words):
        out.extend(swap.get(i, (w,)))
    return tuple(out), len(swap)


def _inside(found: Sequence[Word], box: Rect, others: Sequence[Rect]) -> tuple[Word, ...]:
    """The words of ``found`` whose middle lies between ``box``'s top and bottom (page points) and
    in none of ``others`` (the page's other words): the lines above and below that the padding
    took in, and a word beside the tall one, are read already."""
    near = [o for o in others if o.x0 < box.x1 and o.x1 > box.x0 and o.y0 < box.y1 and o.y1 > box.y0]
    return tuple(w for w in found for x, y in (((w.bbox.x0 + w.bbox.x1) / 2, (w.bbox.y0 + w.bbox.y1) / 2),)
                 if box.y0 <= y <= box.y1 and not any(o.x0 <= x <= o.x1 and o.y0 <= y <= o.y1 for o in near))


def _two_lines(new: Sequence[Word], apart: float) -> bool:
    """Do ``new``'s words stand on two text lines or more (their middles ``apart`` pt or more)?"""
    if len(new) < 2:
        return False
    mids = [(w.bbox.y0 + w.bbox.y1) / 2 for w in new]
    return max(mids) - min(mids) >= apart


def tall_note(n: int) -> tuple[str, ...]:
    """What explain says when ``n`` words were split into their lines."""
    if not n:
        return ()
    return (f"{n} word(s) OCR read across two text lines (as tall as two lines, doubted) were read again alone "
            "and split into their lines' words (ocr.tall_words)",)
