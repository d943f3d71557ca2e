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

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

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


def _side(ev: RegionEvidence, orient: str, pos: Sequence[float], at: float, a: float, b: float,
          before: bool) -> float | None:
    """The nearest position of ``pos`` before (after) ``at`` whose rules draw at least half of [a, b]."""
    if before:
        cands = reversed(pos[:bisect_right(pos, at + ev.snap)])
    else:
        cands = iter(pos[bisect_left(pos, at - ev.snap):])
    for p in cands:
        if ev.covered(orient, p, a, b) >= HALF:
            return p
    return None


def _or(p: float | None, default: float) -> float:
    return default if p is None else p


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


def pieces(ev: RegionEvidence) -> list[Piece]:
    """Every piece of text of the region between the rules over and under it."""
    hs, words = _positions(ev, "h"), ev.words
    out = []
    for s in ev.segs:
        boxes = [words[i].bbox for i in s.word_ids]
        top, bottom = min(b.y0 for b in boxes), max(b.y1 for b in boxes)
        out.append(Piece(s.word_ids, s.line, s.x0, s.x1, top, bottom, max(words[i].font_size for i in s.word_ids),
                         _or(_side(ev, "h", hs, top, s.x0, s.x1, True), ev.box.y0),
                         _or(_side(ev, "h", hs, bottom, s.x0, s.x1, False), ev.box.y1)))
    return out


def text_boxes(ev: RegionEvidence, found: Sequence[Piece]) -> list[TextBox]:
    """The drawn boxes of the region holding text, each with its text's extent: around each
    piece of a text line (``pieces``), the nearest rules that draw at least half of its side; a
    block of boxes may leave its outer sides open, and then the region's side closes them."""
    vs, box, words = _positions(ev, "v"), ev.box, ev.words
    ids_of: dict[tuple[float, float, float, float], list[Piece]] = {}
    for p in found:
        mid = (p.top + p.bottom) / 2
        key = (_or(_side(ev, "v", vs, p.x0, mid - 0.5, mid + 0.5, True), box.x0), p.over,
               _or(_side(ev, "v", vs, p.x1, mid - 0.5, mid + 0.5, False), box.x1), p.under)
        ids_of.setdefault(key, []).append(p)
    return [TextBox(Rect(*key), min(p.top for p in ps), max(p.bottom for p in ps), max(p.size for p in ps),
                    len({p.line for p in ps}), max(words[i].bbox.x1 for p in ps for i in p.ids))
            for key, ps in ids_of.items()]


def _alone(p: Piece) -> TextBox:
    """The box a piece of text would have alone between the rules over and under it."""
    return TextBox(Rect(p.x0, p.over, p.x1, p.under), p.top, p.bottom, p.size, 1, p.x1)


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


def crossed(captions: Sequence[TextBox], boxes: Sequence[TextBox], snap: float) -> bool:
    """Is a caption's box crossed by the side of a box (of ``boxes``) standing more than ``snap``
    inside it? A form divides each row of boxes its own way (a wide box over two narrow ones); a
    table's cells line up in columns, a tall-rowed grid of short texts ("Cell 1" ... "Cell 15")
    too, also under a title cell across them."""
    sides = sorted({x for tb in boxes for x in (tb.box.x0, tb.box.x1)})
    return any(bisect_right(sides, tb.box.x1 - snap) > bisect_right(sides, tb.box.x0 + snap) for tb in captions)


def form_boxes(grid: Grid, ev: RegionEvidence) -> str:
    """The reason ``grid`` (a ruled one) is a form's entry boxes, or "" when it may be a table."""
    if grid.source != "ruled" or grid.n_rows < MIN_ROWS:
        return ""
    found = pieces(ev)
    # Most ruled grids hold no piece of text shaped like a caption between the rules over and
    # under it (a caption box's top line is one): then no box is measured, no body size read.
    if sum(1 for p in found if _caption_shape(_alone(p))) < MIN_BOXES:
        return ""
    boxes = text_boxes(ev, found)
    t = tally(boxes, body_size(ev))
    n = len(t.captions)
    if n < MIN_BOXES or t.rows < MIN_ROWS or n < FORM_SHARE * (n + t.filled) or not crossed(t.captions, boxes, ev.snap):
        return ""
    return FORM_BOXES.format(n=n, m=n + t.filled)
