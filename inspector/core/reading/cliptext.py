"""Text cut by a clip path: a cell's text ends at its cell's edge, not where its letters end.

Spreadsheets and report writers set each cell's text inside a clip rectangle, the cell's box:
a name too long for its column is cut at the column's edge. The text layer keeps the
characters a clip shows at least in part (those it hides wholly are left out), so the cut
text's last character reaches past the edge, over the next cell's first one, and with no
space between them the two cells' texts read as one word ("XXXXXXXXXXXXX20"). Such a word
is cut at the clip's edge: the part before it ends there (what shows of it) and is flagged
``Word.clipped``; the next cell's text is a word of its own. Where the text of several rows is
cut at the same x, that x is a column's edge however little room the next column leaves
(``structure.gapcuts.clip_edges``).

Only a cut that hid something counts: a word whose box crosses a clip's right edge is a
suspect (most are drawn outside that clip: a page's frames and pictures have clips of their
own), and it was cut only if the text drawn there with nothing clipped (read in the suspects'
box alone) holds a word the page does not show as it is, set in its line and type, running
across the edge: the clip hid the rest of it. A writer that drops the glyphs a clip hides
wholly (cairo) leaves no hidden text to read; it draws the glyph cut in part under a clip of
its own, as wide as that glyph, and such a clip on the word's line is the evidence instead
(``_glyph_cuts``). Coordinates are points,
unrotated page space; only upright text (left to right) on an upright page is looked at.
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import Any

from ..types import Rect, Word
from .document import Page

CROSS = 0.1  # pt: a word must reach this far past a clip's edge to be cut by it (a box ending on it is not)
EDGE_MARGIN = 1.0  # pt: a clip edge this close to the page's right side cuts no cell
GLYPH_CLIP = 1.0  # em: a clip at most this wide, on a word's line, was made for one glyph of it
SAME_LINE = 0.25  # em: a word whose box's top and bottom lie this close to another's is set in its line and type
Chars = list[tuple[str, float, float, float, float]]  # text, x0, y0, x1, y1 (pt)


def cut_at_clips(page: Page, words: list[Word], raw: Sequence[tuple[Any, ...]]) -> list[Word]:
    """``words`` with each word a clip path cut split at the clip's edge (see the module):
    the part up to the edge flagged ``clipped`` and ending there, the rest a word of its own.
    ``raw``: PyMuPDF's word tuples ``words`` were made from. ``words`` itself when no clip cut any."""
    suspects = _suspects(words, page.clip_boxes(), page.width)
    if not suspects:
        return words
    # The box reaches the page's right side, as the hidden text may, and starts a point left of
    # the suspects: a word the box's side cuts (only part of it is read) starts left of them.
    box = Rect.bounding([words[i].bbox for i in suspects])
    box = Rect(box.x0 - 1.0, box.y0, page.width, box.y1)
    hid = [h for h in _hidden_words(raw, page.unclipped_words(box)) if h[0] > box.x0 + CROSS]
    found = {i: next((e for e in es if any(_runs_on(words[i], e, h) for h in hid)), None) for i, es in suspects.items()}
    cut = {i: e for i, e in found.items() if e is not None}  # the leftmost edge the word's text runs on hidden past
    cut.update({i: e for i, e in _glyph_cuts(words, page.clip_boxes(), suspects).items() if i not in cut})
    if not cut:
        return words
    shown = page.chars_in(Rect.bounding([words[i].bbox for i in cut]))
    out: list[Word] = []
    for i, w in enumerate(words):
        edge = cut.get(i)
        out.extend([w] if edge is None else _split(w, edge, _chars_of(shown, w)))
    return out


def _suspects(words: Sequence[Word], clips: Sequence[tuple[float, float, float, float]],
              width: float) -> dict[int, list[float]]:
    """Word index -> the right edges (x, pt, ascending) of the clips whose rows its middle lies
    in and which its box crosses: upright text-layer words only, edges inside the page."""
    edges: dict[float, list[tuple[float, float]]] = {}
    for x0, y0, x1, y1 in clips:
        if x0 < x1 < width - EDGE_MARGIN and y0 < y1:
            edges.setdefault(x1, []).append((y0, y1))
    if not edges:
        return {}
    xs = sorted(edges)
    out: dict[int, list[float]] = {}
    for i, w in enumerate(words):  # most words cross no edge: one bisection each
        b = w.bbox
        lo, hi = bisect_right(xs, b.x0 + CROSS), bisect_left(xs, b.x1 - CROSS)
        if lo >= hi or w.turn or w.from_ocr or w.font_size <= 0:
            continue
        cy = (b.y0 + b.y1) / 2
        crossed = [x for x in xs[lo:hi] if any(y0 <= cy <= y1 for y0, y1 in edges[x])]
        if crossed:
            out[i] = crossed
    return out


def _glyph_cuts(words: Sequence[Word], clips: Sequence[tuple[float, float, float, float]],
                suspects: dict[int, list[float]]) -> dict[int, float]:
    """Word index -> the right edge of a clip made for one glyph of it: a clip no wider than
    ``GLYPH_CLIP`` ems, starting inside the word and on its line (its top and bottom within
    the word's box, ``SAME_LINE`` em of slack). A writer that leaves out the glyphs a cell's
    clip hides wholly (cairo) draws the one it hides in part under a clip of its own: the
    text was cut there, with no hidden text left to read."""
    out: dict[int, float] = {}
    for i, edges in suspects.items():
        b = words[i].bbox
        em = max(words[i].font_size, 1.0)
        tol = SAME_LINE * em
        for x0, y0, x1, y1 in clips:
            if x1 in edges and x0 >= b.x0 - CROSS and x1 - x0 <= GLYPH_CLIP * em \
                    and y0 >= b.y0 - tol and y1 <= b.y1 + tol:
                out[i] = min(out.get(i, x1), x1)
    return out


def _hidden_words(raw: Sequence[tuple[Any, ...]], every: Sequence[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The words of ``every`` (the text drawn, hidden parts included) that ``raw`` (the text as
    the page shows it) does not hold as they are: words a clip path hid some characters of."""
    seen = {r[:5] for r in raw}  # the same text read twice: the very same floats
    return [h for h in every if h[:5] not in seen]


def _runs_on(w: Word, edge: float, h: tuple[Any, ...]) -> bool:
    """Is word tuple ``h`` (drawn, some of it hidden) ``w``'s text running on past ``edge``: set
    in ``w``'s line and type (its box as high, within a quarter em), crossing the edge?"""
    b, tol = w.bbox, SAME_LINE * max(w.font_size, 1.0)
    x0, y0, x1, y1 = (float(v) for v in h[:4])
    return abs(y0 - b.y0) <= tol and abs(y1 - b.y1) <= tol and x0 < edge - CROSS and x1 > edge + CROSS


def _chars_of(shown: Chars, w: Word) -> Chars:
    """The shown characters of word ``w``: on its line, centred inside its box."""
    b = w.bbox
    return [c for c in shown if b.y0 <= (c[2] + c[4]) / 2 <= b.y1 and b.x0 - 0.5 <= (c[1] + c[3]) / 2 <= b.x1 + 0.5]


def _split(w: Word, edge: float, chars: Chars) -> list[Word]:
    """``w`` cut at ``edge``: the characters starting before it (the cut text, its box ending
    at the edge) and those starting at or after it (the next text drawn there). When the
    characters do not spell the word, only a word ending within an em of the edge is taken as
    cut (its last character is the cut one); any other is kept whole."""
    cut = dataclasses.replace(w, bbox=dataclasses.replace(w.bbox, x1=edge), clipped=True)
    if "".join(c[0] for c in chars) != w.text:
        return [cut] if w.bbox.x1 - edge <= max(w.font_size, 1.0) else [w]
    k = next((k for k, c in enumerate(chars) if c[1] >= edge - CROSS), len(chars))
    if k == 0:
        return [w]
    out = [dataclasses.replace(cut, text="".join(c[0] for c in chars[:k]))]
    if k < len(chars):
        rest = chars[k:]
        out.append(dataclasses.replace(w, text="".join(c[0] for c in rest),
                                       bbox=dataclasses.replace(w.bbox, x0=rest[0][1], x1=max(c[3] for c in rest))))
    return out
