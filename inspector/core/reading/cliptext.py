"""Text cut by a clip path: a cell's text ends at its cell's edge, not where its letters end.

Spreadsheets and report writers set each cell's text inside a clip rectangle, the cell's box:
a name too long for its column is cut at the column's edge. The text layer keeps the
characters a clip shows at least in part (those it hides wholly are left out), so the cut
text's last character reaches past the edge, over the next cell's first one, and with no
space between them the two cells' texts read as one word ("XXXXXXXXXXXXX20"). Such a word
is cut at the clip's edge: the part before it ends there (what shows of it) and is flagged
``Word.clipped``; the next cell's text is a word of its own. Where the text of several rows is
cut at the same x, that x is a column's edge however little room the next column leaves
(``structure.columns.clip_edges``).

Only a cut that hid something counts: a word whose box crosses a clip's right edge is a
suspect (most are drawn outside that clip: a page's frames and pictures have clips of their
own), and it was cut only if characters hidden by a clip follow it there, read in the
suspects' box alone from the text drawn with and without clipping. Coordinates are points,
unrotated page space; only upright text (left to right) on an upright page is looked at.
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Sequence

from ..types import Rect, Word
from .document import Page

CROSS = 0.1  # pt: a word must reach this far past a clip's edge to be cut by it (a box ending on it is not)
EDGE_MARGIN = 1.0  # pt: a clip edge this close to the page's right side cuts no cell
Chars = list[tuple[str, float, float, float, float]]  # text, x0, y0, x1, y1


def cut_at_clips(page: Page, words: list[Word]) -> list[Word]:
    """``words`` with each word a clip path cut split at the clip's edge (see the module):
    the part up to the edge flagged ``clipped`` and ending there, the rest a word of its own.
    ``words`` itself when no clip cut any."""
    suspects = _suspects(words, page.clip_boxes(), page.width)
    if not suspects:
        return words
    box = Rect.bounding([words[i].bbox for i in suspects])
    box = Rect(box.x0, box.y0, page.width, box.y1)  # the hidden characters lie right of the edges
    shown = page.chars_in(box)
    hidden = _hidden(shown, page.chars_in(box, hidden=True))
    out: list[Word] = []
    for i, w in enumerate(words):
        edge = suspects.get(i)
        if edge is None or not _hides_after(hidden, w, edge):
            out.append(w)
            continue
        out.extend(_split(w, edge, _chars_of(shown, w)))
    return out


def _suspects(words: Sequence[Word], clips: Sequence[tuple[float, float, float, float]],
              width: float) -> dict[int, float]:
    """Word index -> the right edge (x, pt) of a clip whose rows its middle lies in and which
    its box crosses: upright text-layer words only, edges inside the page."""
    edges: dict[float, list[tuple[float, float]]] = {}
    for x0, y0, x1, y1 in clips:
        if x0 < x1 < width - EDGE_MARGIN and y0 < y1:
            edges.setdefault(x1, []).append((y0, y1))
    if not edges:
        return {}
    xs = sorted(edges)
    out: dict[int, float] = {}
    for i, w in enumerate(words):  # most words cross no edge: one bisection each
        b = w.bbox
        lo, hi = bisect_right(xs, b.x0 + CROSS), bisect_left(xs, b.x1 - CROSS)
        if lo >= hi or w.turn or w.from_ocr or w.font_size <= 0:
            continue
        cy = (b.y0 + b.y1) / 2
        for x in xs[lo:hi]:
            if any(y0 <= cy <= y1 for y0, y1 in edges[x]):
                out[i] = x
                break
    return out


def _key(c: tuple[str, float, float, float, float]) -> tuple[str, float, float]:
    return c[0], round(c[1], 1), round(c[2], 1)


def _hidden(shown: Chars, every: Chars) -> Chars:
    """The characters of ``every`` (drawn with or without clipping) that ``shown`` (drawn as
    the page shows them) leaves out: those a clip path hides wholly."""
    left = Counter(_key(c) for c in shown)
    out = []
    for c in every:
        k = _key(c)
        if left[k]:
            left[k] -= 1
        else:
            out.append(c)
    return out


def _hides_after(hidden: Chars, w: Word, edge: float) -> bool:
    """Does a hidden character stand on ``w``'s line right after ``edge`` (within one em):
    the rest of the text the clip cut?"""
    b = w.bbox
    return any(b.y0 <= (c[2] + c[4]) / 2 <= b.y1 and edge - CROSS <= c[1] <= edge + max(w.font_size, 1.0)
               for c in hidden)


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
