"""A form's entry boxes: ruled boxes each holding only a small caption at their top.

A form (a tax return's name and address block, a signature block) rules a block of boxes for
the filler to write in. Each box carries a caption in its top corner ("Last name", "Date",
"PTIN") set no larger than the page's body text, and the rest of the box is left empty: room
for a line of writing. The rules make a ruled grid and the captions sit in its cells, but the
boxes are one form to fill in, not a table. A table fills its boxes: a header row's captions
fill their row (a blank table to fill in keeps captions in that one row, over rows left
wholly empty), a value or a label fills its cell, and a row is as tall as its tallest cell.

Measured from geometry alone (``text_boxes``): around each piece of a text line, its box is
the nearest rules above, below, left and right that draw at least half of its side. A box
holds a caption (``is_caption``) when its text starts at the box's top, takes up a small part
of its height and leaves at least a line of body text under it; it is filled (``filled``)
when its text takes up most of its height. The grid is a form (``form_boxes``) when
``MIN_BOXES`` captions or more stand in ``MIN_ROWS`` rows of boxes or more, they are at least
``FORM_SHARE`` of the captions and filled boxes, and the rows are divided differently
(``crossed``): a lattice of short texts in tall rows lines up in columns, as a table does.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ..types import Grid, Rect
from .region import HALF, RegionEvidence

# Why no user would change these: ``tables.form_boxes`` turns the test off. A caption is a line
# or three set at the box's top, and "room to write" is one line of the page's own body text.
# On every corpus here the tables' share of captions among captions and filled boxes is at
# most 0.21 and the forms' 0.46 to 1: FORM_SHARE stands between them.
FORM_SHARE = 0.4  # caption boxes are at least this share of the boxes with caption or filling text
MIN_BOXES = 3  # caption boxes a grid needs before it can be a form
MIN_ROWS = 2  # rows of boxes they stand in (one row of captions over empty rows is a blank table's header)
TOP_LINES = 1.0  # the caption starts within this many of its line heights of the box's top
ROOM_LINES = 1.0  # body-text line heights left empty under the caption
LINE_HEIGHT = 1.15  # a line's height in font sizes (its leading)
MAX_LINES = 3  # a caption holds no more text lines than this
ROOM_ABOVE = 3.0  # the room under a caption is this many times the space over it (text centred in a tall box is no caption)
CAPTION_SHARE = 0.4  # a caption takes up no more than this share of its box's height
CELL_SHARE = 0.5  # text taking up more than this share of its box's height fills it
SHORT = 0.5  # one line ending before this share of its box's width leaves its room beside it
FORM_BOXES = ("form boxes: {n} of {m} boxes hold only a caption at their top; the rest of each box is empty "
              "space to write in (a form's entry boxes, not a table)")


@dataclass(frozen=True)
class TextBox:
    """A drawn box (page points) and the extent of the text inside it: ``top``/``bottom`` of the
    text (y, pt), ``size`` its largest font size (pt), ``lines`` its text lines, ``right`` the
    x (pt) where its text ends."""

    box: Rect
    top: float
    bottom: float
    size: float
    lines: int
    right: float


def _positions(ev: RegionEvidence, orient: str) -> list[float]:
    """Distinct positions of the region's rules of ``orient`` (``snap`` apart or more)."""
    out: list[float] = []
    for p in sorted(r.pos for r in ev.cand.rules if r.orient == orient):
        if not out or p - out[-1] > ev.snap:
            out.append(p)
    return out


UNSURE = 1e-9  # a share of a side this close to HALF is measured again rule by rule (``ev.covered``)


def _drawn(ev: RegionEvidence, orient: str, pos: Sequence[float], a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(spans x positions) Do the region's rules of ``orient`` at each of ``pos`` draw at least
    half of the span [a, b] (``ev.covered`` >= HALF)? Each position's rules are merged once and a
    span's share is its overlap with them; a share within ``UNSURE`` of HALF is measured again
    by ``ev.covered`` (the same decision, whatever the sums' last bits)."""
    lo: list[float] = []
    hi: list[float] = []
    owner: list[int] = []
    for k, p in enumerate(pos):
        merged: list[list[float]] = []
        for s, e in sorted((r.start, r.end) for r in ev.rules.near(orient, p, ev.snap)):
            if merged and s <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], e)
            else:
                merged.append([s, e])
        lo += [m[0] for m in merged]
        hi += [m[1] for m in merged]
        owner += [k] * len(merged)
    overlap = np.clip(np.minimum(np.array(hi), b[:, None]) - np.maximum(np.array(lo), a[:, None]), 0.0, None)
    firsts = np.flatnonzero(np.diff(np.array([-1, *owner])))
    share = np.add.reduceat(overlap, firsts, axis=1) / np.where(b > a, b - a, 1.0)[:, None]
    share[b <= a] = 1.0
    drawn = share >= HALF
    for i, k in zip(*np.nonzero(np.abs(share - HALF) < UNSURE), strict=True):
        drawn[i, k] = ev.covered(orient, pos[k], float(a[i]), float(b[i])) >= HALF
    return drawn


def _sides(ev: RegionEvidence, orient: str, a: np.ndarray, b: np.ndarray, before: np.ndarray,
           after: np.ndarray, default: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
    """Per span [a, b] (arrays), the nearest position of the region's rules of ``orient`` at or
    before ``before`` + snap, and at or after ``after`` - snap, whose rules draw at least half of
    it (``_drawn``); ``default`` (before, after) where none does."""
    first, last = np.full(len(a), default[0]), np.full(len(a), default[1])
    pos = _positions(ev, orient)
    if not pos or not len(a):
        return first, last
    drawn, at, k = _drawn(ev, orient, pos, a, b), np.array(pos), np.arange(len(pos))
    up = drawn & (k < np.searchsorted(at, before + ev.snap, side="right")[:, None])
    down = drawn & (k >= np.searchsorted(at, after - ev.snap, side="left")[:, None])
    has_up, has_down = up.any(axis=1), down.any(axis=1)
    first[has_up] = at[len(pos) - 1 - np.argmax(up[:, ::-1], axis=1)][has_up]
    last[has_down] = at[np.argmax(down, axis=1)][has_down]
    return first, last


@dataclass(frozen=True)
class Piece:
    """A piece of a text line (``ids``: its words, ``line``: its line's index) and the extent of
    its text, ``top``/``bottom``/``x0``/``x1`` (pt), between the rules over and under it
    (``over``/``under``, y in pt): the nearest that draw at least half of its width, else the
    region's sides."""

    ids: tuple[int, ...]
    line: int
    x0: float
    x1: float
    top: float
    bottom: float
    size: float
    over: float
    under: float


class Extents(NamedTuple):
    """Per segment of a region (arrays, pt): the extent of its text and the rules over and under
    it, as ``Piece`` holds them."""

    top: np.ndarray
    bottom: np.ndarray
    size: np.ndarray
    over: np.ndarray
    under: np.ndarray

    def captions(self) -> int:
        """How many segments are caption-shaped (``_caption_shape``) as the one text of a box
        spanning them between the rules over and under them."""
        above, below = self.top - self.over, self.under - self.bottom
        shaped = ((above <= TOP_LINES * LINE_HEIGHT * self.size)
                  & (self.bottom - self.top <= CAPTION_SHARE * (self.under - self.over))
                  & (below >= ROOM_ABOVE * above))
        return int(shaped.sum())


def extents(ev: RegionEvidence) -> Extents:
    """The extent of each segment's text and the rules over and under it: the nearest that
    draw at least half of its width, else the region's sides."""
    segs, words = ev.segs, ev.words
    if not segs:
        return Extents(*(np.zeros(0) for _ in range(5)))
    ids = [i for s in segs for i in s.word_ids]
    starts = np.cumsum([0] + [len(s.word_ids) for s in segs[:-1]])
    top = np.minimum.reduceat(ev.centres.y0[ids], starts)
    bottom = np.maximum.reduceat(ev.centres.y1[ids], starts)
    size = np.maximum.reduceat(np.array([words[i].font_size for i in ids], dtype=float), starts)
    over, under = _sides(ev, "h", np.array([s.x0 for s in segs]), np.array([s.x1 for s in segs]), top, bottom,
                         (ev.box.y0, ev.box.y1))
    return Extents(top, bottom, size, over, under)


def pieces(ev: RegionEvidence, ext: Extents | None = None) -> list[Piece]:
    """Every piece of text of the region between the rules over and under it (``extents``)."""
    ext = extents(ev) if ext is None else ext
    cols = zip(ev.segs, *(v.tolist() for v in ext), strict=True)
    return [Piece(s.word_ids, s.line, s.x0, s.x1, top, bottom, size, over, under)
            for s, top, bottom, size, over, under in cols]


def text_boxes(ev: RegionEvidence, found: Sequence[Piece]) -> list[TextBox]:
    """The drawn boxes of the region holding text, each with its text's extent: around each
    piece of a text line (``pieces``), the nearest rules that draw at least half of its side; a
    block of boxes may leave its outer sides open, and then the region's side closes them."""
    words = ev.words
    mid = np.array([(p.top + p.bottom) / 2 for p in found])
    left, right = _sides(ev, "v", mid - 0.5, mid + 0.5, np.array([p.x0 for p in found]),
                         np.array([p.x1 for p in found]), (ev.box.x0, ev.box.x1))
    ids_of: dict[tuple[float, float, float, float], list[Piece]] = {}
    for p, x0, x1 in zip(found, left.tolist(), right.tolist(), strict=True):
        ids_of.setdefault((x0, p.over, x1, p.under), []).append(p)
    return [TextBox(Rect(*key), min(p.top for p in ps), max(p.bottom for p in ps), max(p.size for p in ps),
                    len({p.line for p in ps}), max(words[i].bbox.x1 for p in ps for i in p.ids))
            for key, ps in ids_of.items()]


def body_size(ev: RegionEvidence) -> float:
    """The page's body text size (pt): the median font size of its words."""
    sizes = [w.font_size for w in ev.words if w.font_size > 0]
    return float(np.median(sizes)) if sizes else 0.0


def filled(tb: TextBox) -> bool:
    """Does the text of ``tb`` take up most of its box's height (a table's cell: its row is as
    tall as its text)? One short line (ending before ``SHORT`` of the box's width) in a box one
    line tall is a caption with its room beside it, or a short value: no evidence either way."""
    if tb.bottom - tb.top <= CELL_SHARE * tb.box.height:
        return False
    return tb.lines > 1 or tb.right - tb.box.x0 > SHORT * tb.box.width


def _caption_shape(tb: TextBox) -> bool:
    """A few lines set at the box's top, taking up a small part of its height, far more room
    under them than over them."""
    above, below = tb.top - tb.box.y0, tb.box.y1 - tb.bottom
    return (tb.lines <= MAX_LINES and tb.top - tb.box.y0 <= TOP_LINES * LINE_HEIGHT * tb.size
            and tb.bottom - tb.top <= CAPTION_SHARE * tb.box.height and below >= ROOM_ABOVE * above)


def is_caption(tb: TextBox, body: float) -> bool:
    """Does ``tb`` hold only a caption at its top, no larger than ``body`` text (pt), with room
    under it for a line of body text?"""
    return (_caption_shape(tb) and 0 < tb.size <= body
            and tb.box.y1 - tb.bottom >= ROOM_LINES * LINE_HEIGHT * body)


@dataclass(frozen=True)
class Tally:
    """The caption boxes, the rows of boxes (pairs of rules) they stand in, and boxes filled."""

    captions: tuple[TextBox, ...]
    rows: int
    filled: int


def tally(boxes: Sequence[TextBox], body: float) -> Tally:
    """Count ``boxes``. A caption beside a filled box between the same two rules counts as filled:
    a table's row is as tall as its tallest cell, and the short texts set at the top of the
    others leave room under them that no one is meant to write in."""
    full = [tb for tb in boxes if filled(tb)]
    table_rows = {(tb.box.y0, tb.box.y1) for tb in full}
    caps = [tb for tb in boxes if is_caption(tb, body)]
    free = tuple(tb for tb in caps if (tb.box.y0, tb.box.y1) not in table_rows)
    return Tally(free, len({(tb.box.y0, tb.box.y1) for tb in free}), len(full) + len(caps) - len(free))


def _repeated(boxes: Sequence[TextBox], snap: float) -> list[float]:
    """The box sides (x, pt) standing in ``MIN_ROWS`` rows of boxes or more (a row: the boxes
    between the same two rules), ``snap`` apart or more: the columns of a lattice that rows repeat."""
    rows: dict[float, set[tuple[float, float]]] = {}
    for tb in boxes:
        for x in (tb.box.x0, tb.box.x1):
            rows.setdefault(x, set()).add((tb.box.y0, tb.box.y1))
    out: list[float] = []
    for x in sorted(rows):
        near = set().union(*(v for k, v in rows.items() if abs(k - x) <= snap))
        if len(near) >= MIN_ROWS and (not out or x - out[-1] > snap):
            out.append(x)
    return out


def _on(sides: Sequence[float], x: float, snap: float) -> bool:
    k = bisect_right(sides, x + snap)
    return k > 0 and sides[k - 1] >= x - snap


def crossed(captions: Sequence[TextBox], boxes: Sequence[TextBox], snap: float) -> bool:
    """Is a caption's box crossed by the side of a box (of ``boxes``) standing more than ``snap``
    inside it, other than a box spanning columns of a lattice? A form divides each row of boxes
    its own way (a wide box over two narrow ones); a table's cells line up in columns, a
    tall-rowed grid of short texts ("Cell 1" ... "Cell 15") too, also under a title cell across
    them. A table's spanning cell (a header over its sub-columns, a full-width section row)
    covers whole columns that other rows repeat: its own sides and every side inside it stand
    in ``MIN_ROWS`` rows or more (``_repeated``); a form's wide box is crossed by a side of one
    row's own division."""
    sides = sorted({x for tb in boxes for x in (tb.box.x0, tb.box.x1)})
    lattice = _repeated(boxes, snap)
    for tb in captions:
        lo, hi = bisect_right(sides, tb.box.x0 + snap), bisect_right(sides, tb.box.x1 - snap)
        if hi <= lo:
            continue
        inside = sides[lo:hi]
        if not all(_on(lattice, x, snap) for x in (tb.box.x0, tb.box.x1, *inside)):
            return True
    return False


def form_boxes(grid: Grid, ev: RegionEvidence) -> str:
    """The reason ``grid`` (a ruled one) is a form's entry boxes, or "" when it may be a table."""
    if grid.source != "ruled" or grid.n_rows < MIN_ROWS or len(ev.segs) < MIN_BOXES:
        return ""
    ext = extents(ev)
    # Most ruled grids hold no piece of text shaped like a caption between the rules over and
    # under it (a caption box's top line is one): then no box is measured, no body size read.
    if ext.captions() < MIN_BOXES:
        return ""
    boxes = text_boxes(ev, pieces(ev, ext))
    t = tally(boxes, body_size(ev))
    n = len(t.captions)
    if n < MIN_BOXES or t.rows < MIN_ROWS or n < FORM_SHARE * (n + t.filled) or not crossed(t.captions, boxes, ev.snap):
        return ""
    return FORM_BOXES.format(n=n, m=n + t.filled)
