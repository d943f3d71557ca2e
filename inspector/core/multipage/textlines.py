"""The pages' text as continuations see it: each page's lines in a piece's upright frame,
running headers and footers, and the text area's top and bottom (pure, no I/O).

Coordinates are points in upright frames (``geometry.Frame``).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from ..geometry import Frame
from ..types import PageResult, Rect, Word
from .markers import PAGE_NUMBER, captioned, signature
from .pieces import Piece
from .pieces import frame as _frame

RUNNING_Y = 12.0  # pt: a line repeated within this distance on another page is a running header/footer
MAX_PIECES = 3  # a repeated line in more pieces is a row of cells (a table's row at the same place), not furniture
PIECE_GAP_EM = 1.5  # font sizes of white that part a line's pieces (a column gap, not a word space)
MARGIN_BAND = 0.15  # share of the page height at its top and bottom where running headers/footers stand


@dataclass(frozen=True)
class Line:
    text: str
    box: Rect  # frame space
    bold: bool
    furniture: bool = False  # page furniture found by detection (``core.furniture``)
    spans: tuple[tuple[float, float], ...] = ()  # each word's left and right end (frame space)
    size: float = 0.0  # the largest font size of its words, points


def page_lines(res: PageResult, fr: Frame, running: Sequence[Rect] = ()) -> list[Line]:
    """The page's lines in frame ``fr``; a line inside one of the ``running`` boxes (page
    space: running tables, ``runningtables``) is furniture."""
    out = []
    for row in res.rows:
        ws = [res.words[i] for i in row.word_ids if 0 <= i < len(res.words)]
        if not ws:
            continue
        box = fr.rect(row.bbox) if fr.turn else row.bbox
        spans = tuple((b.x0, b.x1) for b in (fr.rect(w.bbox) if fr.turn else w.bbox for w in ws))
        held = in_running(row.bbox, running)
        out.append(Line(" ".join(w.text for w in ws), box, all(w.bold for w in ws), held, spans,
                         max(w.font_size for w in ws)))
    # Page furniture is in no row: its words by baseline (a running header's title and section
    # name on one line, as another page's row has them).
    furniture: dict[int, list[Word]] = {}
    for w in res.words:
        if w.furniture:
            furniture.setdefault(round(w.baseline), []).append(w)
    for ws in furniture.values():
        box = Rect.bounding([w.bbox for w in ws])
        out.append(Line(" ".join(w.text for w in ws), fr.rect(box) if fr.turn else box, False, True))
    return out


def in_running(box: Rect, running: Sequence[Rect]) -> bool:
    """Does a line's ``box`` (page space) stand inside one of the ``running`` tables' boxes (its middle in it)?"""
    return any(r.x0 <= box.cx <= r.x1 and r.y0 <= box.cy <= r.y1 for r in running)


class Margins:
    """Running headers and footers: lines repeated on another page at the same height in the
    page's top or bottom ``MARGIN_BAND``, and page numbers. ``is_margin(page, line)`` says
    whether a line is one of them. A table's row repeats at the same height on another page
    too, when every page holds a piece of one table (its numbers read as "#"): in mid-page
    that is a row, not furniture, and so is a line in more than ``MAX_PIECES`` pieces (cells
    parted by white, as page detection's furniture counts them). A caption ("Table 5 ...",
    "表5 ...") repeats as furniture only word for word: one whose number differs on the other
    page ("Table 6 ...", a statistical annex's next table under the same title) names another
    table, however alike the rest. ``heights``: each page's height (pt; none: no band).
    ``running``: page -> index -> page-space box of its running tables (``runningtables``)."""

    def __init__(self, lines: dict[int, list[Line]], heights: dict[int, float] | None = None,
                 running: dict[int, dict[int, Rect]] | None = None) -> None:
        self.seen: dict[str, list[tuple[int, float]]] = {}
        self.seen_exact: dict[str, list[tuple[int, float]]] = {}  # captions by their exact text
        self.heights = heights or {}
        self.running = running or {}
        for page, ls in lines.items():
            for ln in ls:
                self.seen.setdefault(signature(ln.text), []).append((page, ln.box.cy))
                if captioned(ln.text):
                    self.seen_exact.setdefault(_exact(ln.text), []).append((page, ln.box.cy))

    def is_margin(self, page: int, ln: Line) -> bool:
        if ln.furniture or PAGE_NUMBER.match(ln.text):
            return True
        h = self.heights.get(page)
        if h and MARGIN_BAND * h < ln.box.cy < (1 - MARGIN_BAND) * h or _cells(ln) > MAX_PIECES:
            return False
        seen = self.seen.get(signature(ln.text), ())
        if captioned(ln.text):
            seen = self.seen_exact.get(_exact(ln.text), ())
        return any(p != page and abs(y - ln.box.cy) <= RUNNING_Y for p, y in seen)

    def running_table(self, page: int, index: int) -> bool:
        """Is table ``index`` of ``page`` a running header/footer laid out as a table?"""
        return index in self.running.get(page, {})

    def running_boxes(self, page: int) -> tuple[Rect, ...]:
        return tuple(self.running.get(page, {}).values())


def _exact(text: str) -> str:
    """A caption's text compared across pages: case and spacing ignored, numbers kept."""
    return " ".join(text.lower().split())


def _cells(ln: Line) -> int:
    """Pieces of the line parted by white wider than ``PIECE_GAP_EM`` font sizes (a row's cells)."""
    spans = sorted(ln.spans)
    gap = PIECE_GAP_EM * max(ln.size, 1.0)
    return 1 + sum(b[0] - a[1] > gap for a, b in zip(spans, spans[1:], strict=False))


def inside(ln: Line, box: Rect) -> bool:
    return box.x0 - 1 <= ln.box.cx <= box.x1 + 1 and box.y0 - 1 <= ln.box.cy <= box.y1 + 1


FLOW_TOL = 2.0  # pt: a piece in a later column may reach this far back over the first piece's right end


def page_frame(res: PageResult) -> Frame:
    """The upright frame of a page: that of its first table (turned pages turn it all)."""
    return _frame(res, res.tables[0]) if res.tables else Frame(0, res.width, res.height)


def text_area(by_page: dict[int, PageResult], margins: Margins) -> dict[float, tuple[float, float]]:
    """Top and bottom of the text (margin lines, and lines a rule sets off at the page's edge,
    left out), in upright frames, for each frame
    height (points): the bottom is the lowest text of any page (a page that ends early is
    not the norm), the top the median of the pages' tops (one page with a line set higher,
    a title page, must not push every other page's text below the top); boxes touching the
    paper's edge (``BLEED_TOL``) left out."""
    tops: dict[float, list[float]] = {}
    bottoms: dict[float, float] = {}
    for page, res in by_page.items():
        fr = page_frame(res)
        lines = [ln for ln in page_lines(res, fr, margins.running_boxes(page)) if not margins.is_margin(page, ln)]
        height = res.width if fr.turn in (90, 270) else res.height
        width = res.height if fr.turn in (90, 270) else res.width
        edge = edge_lines(res, fr, lines, Rect(0.0, EDGE_BAND * height, width, (1 - EDGE_BAND) * height))
        body = [ln.box for ln in lines if ln not in edge]
        body += [fr.rect(t.bbox) for k, t in enumerate(res.tables) if not margins.running_table(page, k)]
        # Printed text keeps a margin: a box touching the paper's edge is a bleed (a picture, a
        # colour band taken for a table), and one page's bleed must not move every page's foot.
        body = [b for b in body if b.y0 > BLEED_TOL and b.y1 < height - BLEED_TOL]
        if not body:
            continue
        tops.setdefault(height, []).append(min(b.y0 for b in body))
        bottoms[height] = max(bottoms.get(height, 0.0), max(b.y1 for b in body))
    return {h: (statistics.median_low(tops[h]), bottoms[h]) for h in tops}


def edge_area(area: dict[float, tuple[float, float]], piece: Piece) -> tuple[float, float]:
    """The text area's top and bottom for the piece's frame height."""
    return area.get(piece.frame_h, (piece.box.y0, piece.box.y1))


BLEED_TOL = 1.0  # pt: a box this close to the paper's top or bottom edge is a bleed, no text
EDGE_BAND = 0.1  # share of the page height at its top and bottom where a running header/footer stands
HEADER_SIZE = 1.05  # a running header/footer's type is the table's body size or smaller: at most this share
RULE_SPAN = 0.5  # share of the piece's width a rule setting off a running header/footer spans, at least


def ruled_off(res: PageResult, fr: Frame, lines: Sequence[Line], piece: Piece) -> list[Line]:
    """``edge_lines`` for a piece: its box, its body type size."""
    return edge_lines(res, fr, lines, piece.box, piece.size)


def edge_lines(res: PageResult, fr: Frame, lines: Sequence[Line], box: Rect, size: float = 0.0) -> list[Line]:
    """The ``lines`` (over or under ``box``) that a running header or footer rule parts from
    it: each in the page's top (bottom) ``EDGE_BAND``, a horizontal rule spanning at least
    ``RULE_SPAN`` of the box's width between it and the box, its type no larger than
    ``HEADER_SIZE`` times ``size`` (a piece's body type: a heading over a rule is none; 0:
    any), and no line between it and the page's edge that is not such a line too. A document whose running header changes from
    page to page (odd and even pages, a first page without one) repeats nothing, but its rule
    still sets the header off from the body."""
    height = res.width if fr.turn in (90, 270) else res.height
    rules = [fr.rect(r.bbox) if fr.turn else r.bbox for r in res.rules]
    rules = [r for r in rules if r.height < r.width
             and min(r.x1, box.x1) - max(r.x0, box.x0) >= RULE_SPAN * box.width]
    out = []
    for over in (True, False):
        side = sorted((ln for ln in lines if (ln.box.y1 <= box.y0 + 1) == over),
                      key=lambda ln: ln.box.y0 if over else -ln.box.y1)
        for ln in side:  # outermost first: a line beyond one that is not set off is body
            if size and ln.size > HEADER_SIZE * size:
                break  # a heading (larger type) with a rule under it is no running header
            if over:
                ok = ln.box.y1 <= EDGE_BAND * height and any(ln.box.y1 <= r.cy < box.y0 - 1 for r in rules)
            else:
                ok = ln.box.y0 >= (1 - EDGE_BAND) * height and any(box.y1 + 1 < r.cy <= ln.box.y0 for r in rules)
            if not ok:
                break
            out.append(ln)
    return out


def beside(right: Rect, left: Rect) -> bool:
    """Does ``right`` stand wholly to the right of ``left``, their heights overlapping (frame space)?"""
    return right.x0 >= left.x1 - FLOW_TOL and min(left.y1, right.y1) > max(left.y0, right.y0)


def column_part(ln: Line, box: Rect, margin: bool) -> Line | None:
    """The words of ``ln`` whose middles stand within ``box``'s left and right ends (the line
    itself when its words are not known one by one; None when none of them stands there);
    ``margin``: the whole line is a running header/footer (so is each part of it)."""
    words = ln.text.split()
    if len(words) != len(ln.spans):
        return ln
    keep = [k for k, (x0, x1) in enumerate(ln.spans) if box.x0 - 1 <= (x0 + x1) / 2 <= box.x1 + 1]
    if not keep:
        return None
    if len(keep) == len(words):
        return ln
    spans = tuple(ln.spans[k] for k in keep)
    part = Rect(spans[0][0], ln.box.y0, spans[-1][1], ln.box.y1)
    return Line(" ".join(words[k] for k in keep), part, ln.bold, ln.furniture or margin, spans, ln.size)


__all__ = ["Line", "Margins", "in_running", "RUNNING_Y", "FLOW_TOL", "page_lines", "inside", "page_frame", "text_area",
           "edge_area", "beside", "column_part", "ruled_off", "edge_lines"]
