"""Column bins from word alignment, and lines of text inside a region.

A *segment* is a run of words on one text line whose gaps are narrower than the column
gap: the text of one cell on that line. Column boundaries sit in x intervals that (almost)
no segment of the region covers, at least ``min_gap`` wide.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from operator import itemgetter
from typing import NamedTuple

import numpy as np

from ..numbers import is_number, leading_sign
from ..params import ColumnParams
from ..rect import fast_rect
from ..types import Rect, RowBand, Word
from .gapcuts import RESOLUTION, at_clip_edges, cut_how, cut_in, flush_edges, free_runs

Line = RowBand  # a text line inside a region: the one text-line type, named for the code reading lines


class Segment(NamedTuple):
    """Consecutive words of a line closer than the column gap (a tuple: made by the thousand)."""

    word_ids: tuple[int, ...]
    x0: float
    x1: float
    line: int


class WordCentres:
    """Word boxes and centres of one page's ``words`` as arrays, to find the words inside a box
    without a Python loop, and the text lines of each region asked for (``region_lines``).

    The pipeline makes one per page as a stage result ("index"), so a re-detect after a
    column change reuses the arrays and the ruled regions' lines; nothing is kept elsewhere.

    A watermark's or page furniture's word's centre is NaN, so ``inside`` never returns it.
    """

    def __init__(self, words: Sequence[Word]) -> None:
        self.words = words
        boxes = [w.bbox for w in words]  # one array per side, from plain lists: the cheapest way in
        self.x0 = np.array([b.x0 for b in boxes], dtype=float)
        self.y0 = np.array([b.y0 for b in boxes], dtype=float)
        self.x1 = np.array([b.x1 for b in boxes], dtype=float)
        self.y1 = np.array([b.y1 for b in boxes], dtype=float)
        self.cx = (self.x0 + self.x1) / 2
        self.cy = (self.y0 + self.y1) / 2
        # Watermark and furniture words have no centre: no region, row or cell ever holds them.
        mark = np.array([w.in_no_table for w in words], dtype=bool)
        self.clipped = any([w.clipped for w in words])  # text a clip path cut (``gapcuts.clip_edges``): rare
        self.cx[mark] = np.nan
        self.cy[mark] = np.nan
        # Leader runs (``leaders``) are blank space to rows and columns; a cell takes each into its label's text.
        self.leaders = [i for i in np.flatnonzero(mark).tolist() if words[i].leader]
        self._lines: dict[tuple[Rect, float], list[Line]] = {}  # a pure function of (words, box, tol): safe to keep
        self._inside: dict[tuple[Rect, float], list[int]] = {}  # the same: half the boxes are asked twice or more
        self._facts: LineFacts | None = None  # read once, when lines are first asked for

    def lines(self, ids: Sequence[int], tol: float) -> list[Line]:
        """``lines_in(self.words, ids, tol)``, from the words' line facts read once per page."""
        if self._facts is None:
            self._facts = LineFacts.of(self.words)
        return self._facts.lines(ids, tol)

    def region_lines(self, box: Rect, ids: Sequence[int], tol: float) -> list[Line]:
        """Text lines of the words ``ids`` (those inside ``box``) at baseline tolerance ``tol``
        (``rows.y_tolerance``), computed once per box and tolerance."""
        hit = self._lines.get((box, tol))
        if hit is None:
            hit = self._lines[(box, tol)] = self.lines(ids, tol)
        return hit

    def inside(self, box: Rect, pad: float = 1.0) -> list[int]:
        """Indices of words whose centre lies in ``box`` (grown by ``pad``), ascending. Kept by
        box: a candidate's words are asked for by its repeated-header cut, then its grid, and a
        table's again by the borderless runs and the spans (a new list each time: callers may
        change theirs). Boxes equal as ``Rect``s (0.0 and -0.0 alike) give the same words."""
        hit = self._inside.get((box, pad))
        if hit is None:
            m = (self.cx >= box.x0 - pad) & (self.cx <= box.x1 + pad) & (self.cy >= box.y0 - pad) & (self.cy <= box.y1 + pad)
            hit = self._inside[(box, pad)] = np.flatnonzero(m).tolist()
        return list(hit)


def lines_in(words: Sequence[Word], ids: Sequence[int], tol: float) -> list[Line]:
    """Cluster the words ``ids`` into text lines by baseline (``tol`` x font size: the
    ``rows.y_tolerance`` of every stage that reads text lines, passed, never defaulted).
    The grouping is ``LineFacts.lines``, over the facts of these words only."""
    if not ids:
        return []
    lines = LineFacts.of([words[i] for i in ids]).lines(range(len(ids)), tol)
    return [RowBand(ln.bbox, ln.baseline, tuple([ids[k] for k in ln.word_ids])) for ln in lines]


class LineFacts(NamedTuple):
    """What ``lines_in`` reads of each word of a page, read once for all its calls on the page
    (the rows stage's, every region's): lists indexed by word, as ``words``."""

    boxes: list[Rect]
    keys: list[tuple[float, float]]  # (baseline, x0): the reading order
    x0: list[float]
    base: list[float]  # baseline, pt
    scale: list[float]  # max(font size, 0.8 x the word's extent across its line, 1): x tol = its tolerance

    @staticmethod
    def of(words: Sequence[Word]) -> LineFacts:
        boxes = [w.bbox for w in words]
        x0 = [b.x0 for b in boxes]
        base = [w.baseline for w in words]
        scale = []
        for w, box in zip(words, boxes, strict=True):  # as ``lines_in`` reads it, word by word
            across = box.x1 - box.x0 if w.turn in (90, 270) else box.y1 - box.y0
            t = w.font_size if w.font_size > across * 0.8 else across * 0.8
            scale.append(t if t > 1.0 else 1.0)
        return LineFacts(boxes, list(zip(base, x0, strict=True)), x0, base, scale)

    def lines(self, ids: Sequence[int], tol: float) -> list[Line]:
        """``lines_in(words, ids, tol)`` of the words these facts were read from: the same
        lines, the same floats (the same running mean, in the same order). A line's box is
        grown word by word as the line is read (``Rect.bounding``'s comparisons in its order)
        while its words come left to right, as they nearly always do (``g.sort`` would leave
        them, so ``Rect.bounding`` of them is that box); otherwise ``_close`` sorts them and
        bounds them again."""
        bases, scale, boxes = self.base, self.scale, self.boxes
        out: list[Line] = []
        g: list[int] = []
        b = x0 = y0 = x1 = y1 = last = 0.0
        ordered = True  # no word of the line so far left of the one before: ``g.sort`` would keep it
        for i in sorted(ids, key=self.keys.__getitem__):  # stable: ties keep the order of ``ids``
            bl, r = bases[i], boxes[i]
            if g:
                if abs(bl - b) <= tol * scale[i]:
                    g.append(i)
                    b += (bl - b) / len(g)
                    if r.x0 < last:  # the very test of the sort's first run: a sort would move it
                        ordered = False
                    last = r.x0
                    if r.y0 < y0:  # plain comparisons, as ``Rect.bounding``'s
                        y0 = r.y0
                    if r.x1 > x1:
                        x1 = r.x1
                    if r.y1 > y1:
                        y1 = r.y1
                    continue
                out.append(_line(RowBand, (fast_rect(x0, y0, x1, y1), b, tuple(g))) if ordered and len(g) > 1
                           else self._close(g, b))
            g, b, ordered = [i], bl, True
            x0, y0, x1, y1, last = r.x0, r.y0, r.x1, r.y1, r.x0
        if g:
            out.append(_line(RowBand, (fast_rect(x0, y0, x1, y1), b, tuple(g))) if ordered and len(g) > 1
                       else self._close(g, b))
        out.sort(key=_baseline)
        return out

    def _close(self, g: list[int], b: float) -> Line:
        """The line of words ``g`` at baseline ``b``: one word, or words not left to right."""
        if len(g) == 1:
            return _line(RowBand, (self.boxes[g[0]], b, (g[0],)))
        g.sort(key=self.x0.__getitem__)
        return _line(RowBand, (Rect.bounding([self.boxes[i] for i in g]), b, tuple(g)))


_line = tuple.__new__  # ``RowBand(*fields)`` without the namedtuple's Python-level __new__
_baseline = itemgetter(1)  # ``RowBand.baseline``, read in C: the key of every sort of lines here


def segments(words: Sequence[Word], lines: Sequence[Line], gap: float, signs_open: bool = False) -> list[Segment]:
    """Split each line where two words are at least ``gap`` apart, and after a word a clip
    path cut (``Word.clipped``: its cell ends there).

    Large type has wide word spaces: a split needs at least half the font size too.
    ``signs_open`` (``columns.signs_open``): a leading currency sign alone between two numbers
    starts a piece however near the number before it ("63,387 $ 577,928.85": a spreadsheet's
    accounting format sets the sign at its cell's left edge, the cell padding from the number
    of the cell before).
    """
    out: list[Segment] = []
    for li, line in enumerate(lines):  # a Segment is made straight from its tuple: ~30,000 on a corpus
        ids = line.word_ids
        first = words[ids[0]]
        x0, x1 = first.bbox.x0, first.bbox.x1
        start, limit, cut = 0, 0.5 * first.font_size, first.clipped
        for k in range(1, len(ids)):
            w = words[ids[k]]
            b = w.bbox
            if (cut or b.x0 - x1 >= (limit if limit > gap else gap)  # a text a clip cut ends its cell
                    # a sign is three characters at most: asked here, before the call, for every word pair
                    or (signs_open and b.x0 > x1 and len(w.text) <= 3 and _sign_opens(words, ids, k))):
                out.append(_segment(Segment, (ids[start:k], x0, x1, li)))
                start, x0, x1 = k, b.x0, b.x1
            elif b.x1 > x1:  # plain comparisons: this loop runs for every word of a region
                x1 = b.x1
            limit, cut = 0.5 * w.font_size, w.clipped
        out.append(_segment(Segment, (ids[start:], x0, x1, li)))
    return out


def _sign_opens(words: Sequence[Word], ids: Sequence[int], k: int) -> bool:
    """Is word ``k`` of a line a leading currency sign alone between two numbers?"""
    return (k + 1 < len(ids) and len(words[ids[k]].text) <= 3 and leading_sign(words[ids[k]].text)
            and is_number(words[ids[k - 1]].text) and is_number(words[ids[k + 1]].text))


_segment = tuple.__new__  # ``Segment(*fields)`` without the namedtuple's Python-level __new__


class Pieces(NamedTuple):
    """Boxes projected for column finding, as arrays: left and right x (pt) and line index."""

    x0: np.ndarray
    x1: np.ndarray
    line: np.ndarray

    @staticmethod
    def of_words(words: Sequence[Word], segs: Sequence[Segment], centres: WordCentres | None = None) -> Pieces:
        """One piece per word (not per segment) of ``segs``; taken from the page's arrays
        ``centres`` when they are of ``words`` (the same floats, without a loop over the boxes)."""
        ids = [i for s in segs for i in s.word_ids]
        if centres is not None and centres.words is words:
            at = np.array(ids, dtype=int)
            return Pieces(centres.x0[at], centres.x1[at],
                          np.repeat(np.array([s.line for s in segs], dtype=int), [len(s.word_ids) for s in segs]))
        return Pieces(np.fromiter((words[i].bbox.x0 for i in ids), dtype=float, count=len(ids)),
                      np.fromiter((words[i].bbox.x1 for i in ids), dtype=float, count=len(ids)),
                      np.fromiter((s.line for s in segs for _ in s.word_ids), dtype=int, count=len(ids)))

    def bridged(self, spans: Sequence[tuple[int, float, float]]) -> Pieces:
        """These pieces and one more per span (line index, x0, x1): white the line's own text
        covers (a justified line's stretched word spaces, ``justified``)."""
        if not spans:
            return self
        return Pieces(np.concatenate([self.x0, np.array([s[1] for s in spans], dtype=float)]),
                      np.concatenate([self.x1, np.array([s[2] for s in spans], dtype=float)]),
                      np.concatenate([self.line, np.array([s[0] for s in spans], dtype=int)]))

    def centred_in(self, a: float, b: float) -> Pieces:
        c = (self.x0 + self.x1) / 2
        m = (c >= a) & (c < b)
        return Pieces(self.x0[m], self.x1[m], self.line[m])


def column_boundaries(pieces: Pieces, x0: float, x1: float, n_lines: int,
                      params: ColumnParams, allowed_crossings: int | None = None,
                      edges: Sequence[float] = ()) -> list[float]:
    """Inner column boundaries (ascending x) inside [x0, x1].

    A boundary is the middle of an interval at least ``min_gap`` wide that at most
    ``allowed_crossings`` lines cover (default: ``crossings_allowed``, a tenth of the lines,
    so a spanning title row does not hide the columns under it). An interval starting at one
    of ``edges`` (where a clip path cut several lines' text: ``gapcuts.clip_edges``) needs no width:
    the clip says the cells end there.
    """
    if not len(pieces.x0) or x1 <= x0:
        return []
    cover = _cover(pieces, x0, x1)
    limit = crossings_allowed(n_lines, params) if allowed_crossings is None else allowed_crossings
    inner = free_runs(cover <= limit, params.min_gap / RESOLUTION)
    lo = int((pieces.x0.min() - x0) / RESOLUTION)
    hi = int((pieces.x1.max() - x0) / RESOLUTION)
    found = [x0 + cut_in(pieces, cover, a, b, x0, params.min_gap / RESOLUTION) * RESOLUTION
             for a, b in inner if a > lo and b < hi]
    edges = [*edges, *flush_edges(pieces, params.min_gap)]
    return at_clip_edges(found, pieces, sorted(edges), limit, params.min_gap) if edges else found


def _cover(pieces: Pieces, x0: float, x1: float) -> np.ndarray:
    """How many pieces cover each ``RESOLUTION`` pt bin of [x0, x1]."""
    n = int(np.ceil((x1 - x0) / RESOLUTION)) + 1
    # np.minimum/np.maximum, not np.clip: the same integers without np.clip's per-call cost
    a = np.minimum(np.maximum(((np.maximum(pieces.x0, x0) - x0) / RESOLUTION).astype(int), 0), n - 1)
    b = np.minimum(np.maximum(np.ceil((np.minimum(pieces.x1, x1) - x0) / RESOLUTION).astype(int) + 1, 0), n)
    diff = np.bincount(a, minlength=n + 1)[: n + 1] - np.bincount(b, minlength=n + 1)[: n + 1]
    return np.cumsum(diff[:n])


def gap_cut(pieces: Pieces, x0: float, x1: float, n_lines: int, params: ColumnParams,
            pos: float) -> tuple[str, bool]:
    """How ``column_boundaries`` placed the boundary at ``pos`` in its gap (``gapcuts.cut_how``:
    MIDDLE, BESIDE, CLEAR; "" when no gap it would cut holds ``pos``), and whether a line's
    text covers the gap's middle (there a cut in the middle would have gone through it). For explain."""
    if not len(pieces.x0) or x1 <= x0:
        return "", False
    cover = _cover(pieces, x0, x1)
    at = (pos - x0) / RESOLUTION
    for a, b in free_runs(cover <= crossings_allowed(n_lines, params), params.min_gap / RESOLUTION):
        if a <= at <= b:
            return cut_how(pieces, cover, a, b, x0, params.min_gap / RESOLUTION)[1], bool(cover[(a + b) // 2] > 0)
    return "", False


def crossings_allowed(n_lines: int, params: ColumnParams) -> int:
    """How many of ``n_lines`` text lines may cross a column gap: ``params.spanning_lines`` of
    them, rounded down (the epsilon keeps 0.1 x 30 at 3 despite binary fractions)."""
    return int(n_lines * params.spanning_lines + 1e-9)


STRADDLE = 0.3  # share of the lower line's height two lines overlap by to stand in one row


def merge_complementary(bounds: list[float], pieces: Pieces, lines: Sequence[Line] = ()) -> list[float]:
    """Remove a boundary between two columns that no line fills both of.

    Text aligned differently within one column ("n/a" left, numbers right) leaves a gap
    on every line, but the two parts never share a line: they are one column. Not when every
    line of one side overlaps a line of the other by ``STRADDLE`` of its height (with ``lines``,
    the pieces' lines): cells wrapped in two lines set middle-aligned beside one-line cells
    (a browser's ``vertical-align: middle``) straddle their row's line, in a column of their own.
    """
    bounds = list(bounds)
    k = 0
    while k < len(bounds):
        lo = bounds[k - 1] if k > 0 else -np.inf
        hi = bounds[k + 1] if k + 1 < len(bounds) else np.inf
        left = set(pieces.centred_in(lo, bounds[k]).line.tolist())
        right = set(pieces.centred_in(bounds[k], hi).line.tolist())
        if left and right and not (left & right) and not (lines and _straddle(left, right, lines)):
            bounds.pop(k)
        else:
            k += 1
    return bounds


def straddles(pieces: Pieces, lines: Sequence[Line], lo: float, x: float, hi: float) -> bool:
    """Is the boundary at ``x`` (between ``lo`` and ``hi``) one no line fills both sides of, kept
    by ``merge_complementary`` as its sides' lines straddle each other (for explain)?"""
    left = set(pieces.centred_in(lo, x).line.tolist())
    right = set(pieces.centred_in(x, hi).line.tolist())
    return bool(left and right) and not (left & right) and _straddle(left, right, lines)


def _straddle(left: set[int], right: set[int], lines: Sequence[Line]) -> bool:
    """Does every line of ``left`` or every line of ``right`` overlap a line of the other side
    by ``STRADDLE`` of the lower one's height (one row's lines, set off by middle alignment)?"""
    def overlapped(a: set[int], b: set[int]) -> bool:
        return all(any(min(lines[i].bbox.y1, lines[j].bbox.y1) - max(lines[i].bbox.y0, lines[j].bbox.y0)
                       >= STRADDLE * min(lines[i].bbox.height, lines[j].bbox.height) for j in b) for i in a)
    return overlapped(left, right) or overlapped(right, left)


def near_boundary(words: Sequence[Word], ids: Sequence[int], bounds: Sequence[float],
                  margin: float) -> set[int]:
    """Words whose box comes within ``margin`` of (or crosses) an inner column boundary."""
    xs = sorted(bounds)
    out = set()
    for i in ids:
        b = words[i].bbox
        k = bisect_left(xs, b.x0 - margin)  # first boundary at or right of the word's left side
        if k < len(xs) and xs[k] <= b.x1 + margin:
            out.add(i)
    return out


def col_of(x: float, xs: Sequence[float]) -> int:
    """Index of the interval of ``xs`` holding ``x`` (clamped to the first and last)."""
    return _clamped(bisect_right(xs, x) - 1, len(xs) - 2)


def centre_cols(words: Sequence[Word], ids: Iterable[int], xs: Sequence[float], across: bool = False) -> list[int]:
    """``col_of`` of each word's box centre (its y centre with ``across``: the row among
    ``xs`` = a grid's ys), in the order of ``ids``: one call for a line's words, not three a word."""
    last = len(xs) - 2
    out: list[int] = []
    add = out.append
    for i in ids:
        b = words[i].bbox
        k = bisect_right(xs, (b.y0 + b.y1) / 2 if across else (b.x0 + b.x1) / 2) - 1
        k = k if k > 0 else 0
        add(last if k > last else k)
    return out


def _clamped(k: int, last: int) -> int:
    """``min(max(k, 0), last)`` with comparisons: this runs for every word of a grid."""
    k = k if k > 0 else 0
    return last if k > last else k


def line_cols(line: Line, words: Sequence[Word], xs: Sequence[float]) -> set[int]:
    """``col_of`` of the centres of the line's words: clamped once per interval met, as this
    runs for every word of every band."""
    last = len(xs) - 2
    found = {bisect_right(xs, (b.x0 + b.x1) / 2) for b in (words[i].bbox for i in line.word_ids)}
    return {_clamped(k - 1, last) for k in found}
