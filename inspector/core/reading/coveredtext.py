"""Text covered by an opaque rectangle painted after it: gone from the page a viewer shows.

A correction pasted over a form's old header, a "redaction" drawn over an account number, a
fake table with a white box over it: the text layer still holds the words under the box, but
nothing of them shows, and what is not visible is no evidence. A word is covered when an
opaque filled rectangle painted after it spans its height (within ``EDGE``) and holds its
centre along x; a word painted over the rectangle (the correction) shows.

Paint order is costly to read for every page (MuPDF's text trace is several times a text
reading), so it is read in steps: the drawings' paint-order numbers (``seqno``; text and
pictures take the numbers between) say whether any text was painted before a fill at all (a
page's background and a table's shading usually come first); only where such a fill lies over
a word is the fill's box read again with its paths kept in order (``Page.paint_order``).
Coordinates are points, unrotated page space.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from ..types import Rect, Word
from .document import Page
from .drawings import Drawing

COVER_MIN = 2.0  # pt: a fill lower than this covers no line of text (rules and hairlines are filled too)
EDGE = 0.5  # pt: slack of a fill's reach over a word, and of one reading's word box against another's
CHUNK = 1 << 22  # word x fill pairs compared at once (numpy arrays of a few MB)
SMALL = 4096  # word x fill pairs up to which every pair is compared (sorting costs more below it)

PaintedWord = tuple[float, float, float, float, str]  # x0, y0, x1, y1, text


class Covered(NamedTuple):
    """Words under an opaque rectangle painted after them, and words painted over one."""

    hidden: list[PaintedWord]
    shown: list[PaintedWord]


def covered_words(page: Page, words: Sequence[Word]) -> Covered:
    """The words of ``page`` that an opaque rectangle painted after them covers, and those
    painted over such a rectangle (``words``, the page's, say where to look)."""
    # The tests that fail most often first (a table's rules: strokes, or fills a point high).
    fills = [d for d in page.drawings() if d.fill is not None and d.rect.y1 - d.rect.y0 >= COVER_MIN
             and len(d.items) == 1 and d.items[0][0] == "re" and d.fill_opacity >= 1.0 and d.seqno >= 0]
    fills = _after_text(fills, page.path_steps()) if fills and words else []
    if not fills:
        return Covered([], [])
    boxes = np.array([(b.x0, b.y0, b.x1, b.y1) for b in [w.bbox for w in words]], dtype=float)
    over = _over(boxes, np.array([d.rect.as_tuple() for d in fills], dtype=float))
    if not over.size:
        return Covered([], [])
    box = Rect(*(float(v) for v in (over[:, 0].min(), over[:, 1].min(), over[:, 2].max(), over[:, 3].max())))
    painted, rects = page.paint_order(box)
    covers = _same_rects(np.array(rects, dtype=float).reshape(-1, 5), over)
    if not painted or not covers.size:
        return Covered([], [])
    at = np.array([(*p[:4], p[4]) for p in painted], dtype=float)
    under, on_top = _order(at, covers, later=True), _order(at, covers, later=False)
    hidden = [painted[k][:4] + (painted[k][5],) for k in np.flatnonzero(under)]
    shown = [painted[k][:4] + (painted[k][5],) for k in np.flatnonzero(on_top & ~under)] if hidden else []
    return Covered(hidden, shown)


def without_covered(words: list[Word], covered: Covered) -> list[Word]:
    """``words`` without the covered ones (``covered_words``), unless the same word is painted
    over the cover too (a correction pasted in over the old text may repeat a word of it), or
    says nothing: a word of no letter or digit (a form's check box glyph, "❑", under the box a
    flattened form field draws in its place: what shows there is a box either way, and the
    glyph tells the form's marks from a table's rules)."""
    if not covered.hidden:
        return words
    return [w for w in words if not _same(w, covered.hidden) or _same(w, covered.shown)
            or not any(ch.isalnum() for ch in w.text)]


def _same(w: Word, painted: Sequence[PaintedWord]) -> bool:
    """Is ``w`` one of ``painted``: its text, its sides within ``EDGE``, its heights meeting?"""
    b = w.bbox
    return any(t == w.text and abs(x0 - b.x0) <= EDGE and abs(x1 - b.x1) <= EDGE and y0 < b.y1 and b.y0 < y1
               for x0, y0, x1, y1, t in painted)


def _after_text(fills: list[Drawing], steps: Sequence[int]) -> list[Drawing]:
    """Those of ``fills`` painted after some text: paint steps are numbered one by one (paths,
    text, pictures), so a fill whose every earlier step is a path (``steps``: every path's
    number) has no text under it. One sorted search for all the fills."""
    seqnos = np.sort(np.array(steps, dtype=np.int64))
    at = np.array([f.seqno for f in fills], dtype=np.int64)
    after = np.searchsorted(seqnos, at) < at
    return [f for f, keep in zip(fills, after.tolist(), strict=True) if keep]


def _over(boxes: np.ndarray, fills: np.ndarray) -> np.ndarray:
    """The rows of ``fills`` (x0, y0, x1, y1) spanning the height of some row of ``boxes`` and
    holding its centre along x."""
    keep = np.zeros(len(fills), dtype=bool)
    keep[_covering(boxes, fills)[1]] = True
    return fills[keep]


def _covering(boxes: np.ndarray, fills: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The pairs (box row, fill row) where the fill spans the box's height (within ``EDGE``) and
    holds its centre along x. The boxes whose centres lie in a fill's x-range are one run of
    them sorted by centre (a column's words under a cell's fill): only those pairs are compared,
    not boxes x fills (hundreds of each on a page of shaded cells)."""
    cx = (boxes[:, 0] + boxes[:, 2]) / 2
    if len(boxes) * len(fills) <= SMALL:  # a few fills: every pair at once costs less than sorting
        f, b = fills[None, :, :], boxes[:, None, :]
        meet = (f[..., 1] <= b[..., 1] + EDGE) & (f[..., 3] >= b[..., 3] - EDGE) & (f[..., 0] <= cx[:, None]) & (cx[:, None] <= f[..., 2])
        rows, cols = np.nonzero(meet)
        return rows, cols
    by_x = np.argsort(cx, kind="stable")
    sorted_cx = cx[by_x]
    lo = np.searchsorted(sorted_cx, fills[:, 0], side="left")  # the first centre >= x0
    hi = np.searchsorted(sorted_cx, fills[:, 2], side="right")  # past the last centre <= x1
    found_b, found_f = [], []
    for f, at in _runs(lo, hi):
        b = by_x[at]
        hit = (fills[f, 1] <= boxes[b, 1] + EDGE) & (fills[f, 3] >= boxes[b, 3] - EDGE)
        found_b.append(b[hit])
        found_f.append(f[hit])
    if not found_b:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
    return np.concatenate(found_b), np.concatenate(found_f)


def _runs(lo: np.ndarray, hi: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Row k of the ranges lo[k]:hi[k] as pairs (k, position), at most about ``CHUNK`` pairs a
    piece: (the rows, the positions), two index arrays of one length."""
    counts = np.maximum(hi - lo, 0)
    if int(counts.sum()) <= CHUNK:  # nearly always: one piece
        return [_piece(lo, counts, 0, len(counts))] if counts.any() else []
    pieces = []
    k, n = 0, len(counts)
    while k < n:
        ends = np.cumsum(counts[k:])
        stop = k + max(1, int(np.searchsorted(ends, CHUNK, side="right")))
        if counts[k:stop].any():
            pieces.append(_piece(lo, counts, k, stop))
        k = stop
    return pieces


def _piece(lo: np.ndarray, counts: np.ndarray, k: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
    """Rows ``k:stop`` of the ranges lo:lo + counts as pairs (row, position)."""
    c = counts[k:stop]
    starts = np.repeat(np.cumsum(c) - c, c)
    return np.repeat(np.arange(k, stop), c), np.arange(int(c.sum())) - starts + np.repeat(lo[k:stop], c)


def _same_rects(rects: np.ndarray, fills: np.ndarray) -> np.ndarray:
    """Those of ``rects`` (the ordered reading's, x0, y0, x1, y1, step) that are one of ``fills``
    (the drawings', cut to what of them is visible) within ``EDGE``: a rectangle a clip path
    hides covers nothing. Compared with the fills whose x0 lies near theirs (sorted), not all."""
    if not rects.size:
        return rects
    if len(rects) * len(fills) <= SMALL:
        out: np.ndarray = rects[(np.abs(rects[:, None, :4] - fills[None, :, :4]) <= EDGE).all(axis=2).any(axis=1)]
        return out
    by_x = np.argsort(fills[:, 0], kind="stable")
    x0s = fills[by_x, 0]
    slack = EDGE + 1e-6  # a little wider than EDGE: the exact test below decides
    lo = np.searchsorted(x0s, rects[:, 0] - slack, side="left")
    hi = np.searchsorted(x0s, rects[:, 0] + slack, side="right")
    same = np.zeros(len(rects), dtype=bool)
    for r, at in _runs(lo, hi):
        f = by_x[at]
        hit = (np.abs(rects[r, :4] - fills[f, :4]) <= EDGE).all(axis=1)
        same[r[hit]] = True
    kept: np.ndarray = rects[same]
    return kept


def _order(words: np.ndarray, rects: np.ndarray, later: bool) -> np.ndarray:
    """For each of ``words`` (x0, y0, x1, y1, step): does one of ``rects`` (x0, y0, x1, y1, step)
    cover it, painted after it (``later``) or before it?"""
    out = np.zeros(len(words), dtype=bool)
    w, r = _covering(words, rects)
    order = rects[r, 4] > words[w, 4] if later else rects[r, 4] < words[w, 4]
    out[w[order]] = True
    return out
