"""Words from a page, and text rows by baseline.

Some exporters write the space between words as NUL, so NUL and every other control
character become a space; a PyMuPDF "word" holding such a space is split in two, its box
shared out by character count.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .columns import lines_in
from .document import Page
from .geometry import dominant_turn
from .params import RowParams
from .types import Rect, RowBand, Word

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_BOLD_NAMES = ("bold", "black", "heavy", "semibold", "demi")


def normalise(text: str) -> str:
    """Control characters (NUL included) -> space; no other change."""
    return _CONTROL.sub(" ", text)


def extract_words(page: Page) -> tuple[Word, ...]:
    """All words of ``page`` with font size, bold flag and baseline (points)."""
    return extract_text(page)[0]


def extract_text(page: Page) -> tuple[tuple[Word, ...], int]:
    """Words, and the quarter-turn that makes the page's dominant text upright."""
    raw, spans = page.text()
    turn = dominant_turn(_directions(spans))
    lines = _span_lines(spans)
    marks = watermark_lines(spans)
    out: list[Word] = []
    for x0, y0, x1, y1, text, block, line, _ in raw:
        size, bold, base = _style_at(lines.get((block, line), ()), (x0 + x1) / 2, y1)
        mark = (block, line) in marks
        for piece, px0, px1 in _split(normalise(text), x0, x1):
            out.append(Word(piece, Rect(px0, y0, px1, y1), size, bold, block, line, base, watermark=mark))
    return tuple(out), turn


LIGHT = 190  # grey level (0-255) from which type counts as light
LARGE = 2.5  # x the page's median font size: large type


def watermark_lines(d: dict[str, Any]) -> set[tuple[int, int]]:
    """(block, line) of text lines that are watermarks: running diagonally (neither along
    nor across the page), or set in light type much larger than the page's median."""
    out: set[tuple[int, int]] = set()
    light: list[tuple[tuple[int, int], float]] = []  # lines all in light type, smallest size
    sizes: list[float] = []
    for b_no, block in enumerate(d.get("blocks", ())):
        if block.get("type") != 0:
            continue
        for l_no, line in enumerate(block.get("lines", ())):
            key = (block.get("number", b_no), l_no)
            dx, dy = line.get("dir", (1.0, 0.0))
            if abs(dx) > 0.1 and abs(dy) > 0.1:
                out.add(key)
                continue
            spans = line.get("spans", ())
            sizes.extend(s["size"] for s in spans)
            if spans and all(_grey_of(s) >= LIGHT for s in spans):
                light.append((key, min(s["size"] for s in spans)))
    if light:
        median = sorted(sizes)[len(sizes) // 2]
        out.update(key for key, size in light if size >= LARGE * median)
    return out


def _grey_of(span: dict[str, Any]) -> float:
    c = span.get("color", 0)
    if not c:
        return 0.0
    return 0.299 * (c >> 16 & 255) + 0.587 * (c >> 8 & 255) + 0.114 * (c & 255)


def _directions(d: dict[str, Any]) -> list[tuple[float, float, int]]:
    return [(float(line["dir"][0]), float(line["dir"][1]), len(line.get("spans", ())))
            for block in d.get("blocks", ()) if block.get("type") == 0 for line in block.get("lines", ())]


SpanInfo = tuple[float, float, float, bool, float]  # x0, x1, size, bold, baseline


def _span_lines(d: dict[str, Any]) -> dict[tuple[int, int], list[SpanInfo]]:
    """(block, line) -> spans, numbered the way ``get_text("words")`` numbers them."""
    out: dict[tuple[int, int], list[SpanInfo]] = {}
    for b_no, block in enumerate(d.get("blocks", ())):
        if block.get("type") != 0:
            continue
        for l_no, line in enumerate(block.get("lines", ())):
            out[(block.get("number", b_no), l_no)] = [
                (s["bbox"][0], s["bbox"][2], float(s["size"]), _is_bold(s), float(s["origin"][1]))
                for s in line.get("spans", ()) if s.get("text", "").strip()]
    return out


def _is_bold(span: dict[str, Any]) -> bool:
    font = str(span.get("font", "")).lower()
    return bool(int(span.get("flags", 0)) & 16) or any(n in font for n in _BOLD_NAMES)


def _style_at(spans: Sequence[SpanInfo], x: float, y1: float) -> tuple[float, bool, float]:
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


def group_rows(words: Sequence[Word], params: RowParams) -> tuple[RowBand, ...]:
    """Text lines: words whose baselines lie within ``y_tolerance`` x font size.

    Rows are ordered top to bottom, words in a row left to right. A word joins the row
    whose running baseline is closest, so two side-by-side columns of text that share a
    baseline form one row (the grid stage splits them by column). Watermark words are in no row.
    """
    lines = lines_in(words, [i for i, w in enumerate(words) if not w.watermark], params.y_tolerance)
    return tuple(RowBand(ln.bbox, ln.baseline, ln.word_ids) for ln in lines)
