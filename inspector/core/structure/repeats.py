"""Tables set beside or over one another whose rows happen to align: one block cut into its tables.

Two tables side by side whose rows share baselines (rate schedules set two up, a price list in
two halves) read as one wide table, and two tables one over the other under one set of rules as
one long table: no row drift parts them (``sides`` needs it). What says they are several tables
is that each repeats the other's header:

- beside: a gutter that no word of the block crosses over its whole height, with the same header
  words (three or more, in two or more columns; over the left side's first row of numbers:
  a body's words repeat by chance) on the same baselines on both sides, all at one x
  shift, and that shift is the one from the left side's left edge to the right side's left edge,
  the two sides of one width, and a header word at the left side's left edge stands again at the
  right side's: the whole column pattern repeats, its first column too (a table grouping its
  columns under spanning heads repeats its sub-heads, but its row labels' column stands on the
  left side only);
- over: the same header words (three or more, in two or more columns) at the same x, all one y
  shift further down, the first time in the block's header (over its first line of numbers) and
  rows of numbers between the two; the block is cut at the line gap nearest to where the first
  table's top lands when shifted by that same step (each table's title rows go with it).

Each part is then read as a table of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..numbers import is_number
from ..types import Rect, Rule, Word
from .columns import Line, WordCentres, lines_in

# Why no user would change these: they describe a header set twice in the page's own measures
# (font sizes, baselines), not a producer's style; the switch is ``tables.repeated_headers``.
MIN_REPEAT = 3  # header words repeated at one shift, at least
MIN_COLUMNS = 2  # ... standing in this many columns (one column of units or labels repeats by itself)
ALIGN_EM = 0.5  # font sizes by which the repeated words' shifts may differ from one another
EDGE_EM = 1.5  # font sizes by which the words' shift may differ from the sides' left edges' shift
WIDTH_SHARE = 0.15  # the two sides' widths differ by at most this share of the wider
MIN_GUTTER_PT = 1.0  # white (pt) between the sides that no word crosses, at least
MIN_LINES = 3  # lines each part keeps (the borderless minimum)
PIECE_EM = 1.5  # font sizes of white that part a line's pieces (a column gap, as aligned runs read it)
NUMBER_LINE = 0.5  # share of a line's words that are numbers from which it is a body row, not the header

Lines = Callable[[Sequence[int], float], list[Line]]  # ``lines_in`` of the block's words: (ids, tol) -> lines

REPEATED = ("tables set {where} with a repeated header ({words}): the same header words at one shift, "
            "{why}; the block is cut into its tables here")

# The sources whose blocks take each table's title in (``untitled``): a borderless block's row of
# two titles, and a block under rules drawn across its tables with the titles under the top rule.
# A drawn grid's top cell is a row of its own, title or not.
TITLED = ("aligned", "horizontal_rules")
UNTITLED = ("a title over one of the tables of a block cut where its header is set again: lines each one piece "
            "over the table's first line of columns, left out of its rows")


@dataclass(frozen=True)
class Cut:
    """A block cut in two: ``axis`` "col" (sides beside each other, cut at x ``pos``) or "row"
    (one over the other, cut at y ``pos``); ``parts`` the two boxes; ``words`` the repeated ones."""

    axis: str
    pos: float
    parts: tuple[Rect, Rect]
    words: tuple[str, ...]

    @property
    def reason(self) -> str:
        where, why = (("side by side", "the whole column pattern repeating behind a gutter no word crosses")
                      if self.axis == "col" else
                      ("one over the other", "the first in the block's header, rows of numbers between"))
        return REPEATED.format(where=where, words=" ".join(self.words[:6]), why=why)

    @property
    def line(self) -> Rect:
        """The cut as a thin box across the block (for the region list and explain)."""
        a, b = self.parts
        if self.axis == "col":
            return Rect(self.pos - 0.5, a.y0, self.pos + 0.5, a.y1)
        return Rect(a.x0, self.pos - 0.5, a.x1, self.pos + 0.5)


def repeated_cut(box: Rect, words: Sequence[Word], ids: Sequence[int], rules: Sequence[Rule],
                 tol: float, centres: WordCentres | None = None) -> Cut | None:
    """Where the block ``box`` (its words ``ids``) holds two tables with a repeated header, the
    cut between them (beside each other tried first); else None. ``tol``: ``rows.y_tolerance``;
    ``centres``: the page's index of ``words``, whose line facts (read once a page) give the
    same lines as ``lines_in`` without reading each subset's facts again; given, ``ids`` must be
    ``centres.inside(box)`` (the block's lines are then its region's, ``region_lines``)."""
    kept = [i for i in ids if not words[i].leader and words[i].text.strip()]
    lines = _lines(words, centres)
    beside = _beside(box, words, kept, rules, tol, lines)
    if beside is not None:
        return beside
    if centres is not None and centres.words is words and len(kept) == len(ids):
        # No word left out: the block's lines are its region's, which its grid reads next.
        return _over(box, words, kept, rules, tol, centres.region_lines(box, kept, tol))
    return _over(box, words, kept, rules, tol, lines(kept, tol))


def _lines(words: Sequence[Word], centres: WordCentres | None) -> Lines:
    """``lines_in`` of ``words``: through ``centres``' line facts when it indexes these words."""
    if centres is not None and centres.words is words:
        return centres.lines
    return lambda ids, tol: lines_in(words, ids, tol)


def untitled(cut: Cut, words: Sequence[Word], ids: Sequence[int], tol: float,
             centres: WordCentres | None = None) -> tuple[Rect, ...]:
    """``cut``'s parts less their first lines that stand in one piece (each table's title, which
    two pieces on one line took into the block): a borderless table's box starts at its first
    line of columns, its title is no row. ``ids``: the block's words; ``centres`` as ``repeated_cut``."""
    lines, out = _lines(words, centres), []
    for part in cut.parts:
        mine = [i for i in ids if part.contains_point((words[i].bbox.x0 + words[i].bbox.x1) / 2, (words[i].bbox.y0 + words[i].bbox.y1) / 2)]
        top = part.y0
        for ln in lines(mine, tol):
            if _pieces(words, ln) > 1:
                break
            top = ln.bbox.y1
        out.append(Rect(part.x0, top, part.x1, part.y1))
    return tuple(out)


def _pieces(words: Sequence[Word], ln: Line) -> int:
    """Pieces of a line apart by more than ``PIECE_EM`` font sizes."""
    return len(set(_piece_starts(words, ln).values()))


def _piece_starts(words: Sequence[Word], ln: Line) -> dict[int, float]:
    """Each word of the line and the x (pt) where its piece starts (pieces apart by more than
    ``PIECE_EM`` font sizes: a cell's words share one, two cells' do not)."""
    out: dict[int, float] = {}
    start, right = 0.0, float("-inf")
    for i in sorted(ln.word_ids, key=lambda i: words[i].bbox.x0):
        b = words[i].bbox
        if b.x0 - right > PIECE_EM * max(words[i].font_size, 1.0):
            start = b.x0
        out[i], right = start, max(right, b.x1)
    return out


def _heady(w: Word) -> bool:
    """A word a header repeats: it has letters and is no number."""
    return any(c.isalpha() for c in w.text) and not is_number(w.text)


def _gutters(words: Sequence[Word], ids: Sequence[int]) -> list[tuple[float, float]]:
    """x intervals (x0, x1) between the block's words that no word crosses."""
    spans = sorted((words[i].bbox.x0, words[i].bbox.x1) for i in ids)
    out, right = [], spans[0][1] if spans else 0.0
    for x0, x1 in spans[1:]:
        if x0 - right >= MIN_GUTTER_PT:
            out.append((right, x0))
        right = max(right, x1)
    return out


def _beside(box: Rect, words: Sequence[Word], ids: Sequence[int], rules: Sequence[Rule], tol: float,
            lines: Lines) -> Cut | None:
    best: tuple[int, Cut] | None = None
    gutters = _gutters(words, ids)
    edges = _edges(words, ids) if gutters else None
    for g0, g1 in gutters:
        lw, rw = (g0 - edges[0], edges[1] - g1) if edges is not None else _widths(words, ids, g0, g1)
        if abs(lw - rw) > WIDTH_SHARE * max(lw, rw):  # asked first: it is cheap and few gutters pass it
            continue
        left = [i for i in ids if words[i].bbox.x1 <= g0]
        right = [i for i in ids if words[i].bbox.x0 >= g1]
        lx0, rx0 = min(words[i].bbox.x0 for i in left), min(words[i].bbox.x0 for i in right)
        left_lines = lines(left, tol)  # read once: the header and its pieces come from them
        if len(left_lines) < MIN_LINES or len(lines(right, tol)) < MIN_LINES:
            continue
        head_lines = _header(words, left_lines)
        head = [i for ln in head_lines for i in ln.word_ids]
        pairs = _pairs(words, head_lines, right, tol, rx0 - lx0) \
            if _first_column(words, head, right, (lx0, rx0), tol) else []
        if pairs and (best is None or len(pairs) > best[0]):
            pos = _snap(rules, "v", g0, g1, (g0 + g1) / 2)
            cut = Cut("col", pos, (Rect(box.x0, box.y0, pos, box.y1), Rect(pos, box.y0, box.x1, box.y1)),
                      tuple(words[a].text for a, _ in pairs))
            best = (len(pairs), cut)
    return best[1] if best else None


def _edges(words: Sequence[Word], ids: Sequence[int]) -> tuple[float, float] | None:
    """The block's left and right edges (x, pt); None when a word's box is inverted or not a number.

    No word crosses a gutter (g0, g1) (``_gutters``), so with well-formed boxes the words left of
    it start at the block's left edge and end by g0 (the last of them at it), those right of it
    start at g1 and end at the block's right edge: each side's width (``_widths``) is known
    without gathering its words."""
    if not all(words[i].bbox.x0 <= words[i].bbox.x1 for i in ids):
        return None
    return min(words[i].bbox.x0 for i in ids), max(words[i].bbox.x1 for i in ids)


def _widths(words: Sequence[Word], ids: Sequence[int], g0: float, g1: float) -> tuple[float, float]:
    """The widths (pt) of the block's words left of the gutter (g0, g1) and right of it."""
    left = [words[i].bbox for i in ids if words[i].bbox.x1 <= g0]
    right = [words[i].bbox for i in ids if words[i].bbox.x0 >= g1]
    return (max(b.x1 for b in left) - min(b.x0 for b in left),
            max(b.x1 for b in right) - min(b.x0 for b in right))


def _header(words: Sequence[Word], lines: Sequence[Line]) -> Sequence[Line]:
    """The ``lines`` over their first body row (``_numbers``): a side's title and header rows;
    none when no line is one (no body to tell a header by)."""
    body = next((k for k, ln in enumerate(lines) if _numbers(words, ln)), 0)
    return lines[:body]


def _first_column(words: Sequence[Word], left: Sequence[int], right: Sequence[int], edges: tuple[float, float],
                  tol: float) -> bool:
    """Does a header word at the left side's left edge stand again at the right side's left edge
    (``edges``: their x, pt) on its baseline? The first column repeats: a table grouping its
    columns repeats its sub-heads, never its row labels' head."""
    starts = [b for b in right if _heady(words[b]) and words[b].bbox.x0 - edges[1] <= max(words[b].font_size, 1.0)]
    for a in left:
        wa = words[a]
        em = max(wa.font_size, 1.0)
        if wa.bbox.x0 - edges[0] <= em and _heady(wa) and any(
                words[b].text.casefold() == wa.text.casefold() and abs(words[b].baseline - wa.baseline) <= tol * em
                for b in starts):
            return True
    return False


def _pairs(words: Sequence[Word], head: Sequence[Line], right: Sequence[int], tol: float,
           shift: float) -> list[tuple[int, int]]:
    """Header words of the ``head`` lines set again on the same baseline in ``right``, all at one
    x shift within ``EDGE_EM`` of ``shift``; [] unless ``MIN_REPEAT`` of them in ``MIN_COLUMNS`` columns."""
    starts = {i: x for ln in head for i, x in _piece_starts(words, ln).items()}
    same = _by_text(words, right)  # only words of the same text are compared
    found: list[tuple[int, int, float]] = []
    for a in (i for ln in head for i in ln.word_ids):
        wa = words[a]
        if not _heady(wa):
            continue
        em = max(wa.font_size, 1.0)
        for b in same.get(wa.text.casefold(), ()):
            wb = words[b]
            d = wb.bbox.x0 - wa.bbox.x0
            if (wb.text.casefold() == wa.text.casefold() and abs(wb.baseline - wa.baseline) <= tol * em
                    and abs(d - shift) <= EDGE_EM * em):
                found.append((a, b, d))
                break
    return _one_shift(words, found, starts)


def _by_text(words: Sequence[Word], ids: Sequence[int]) -> dict[str, list[int]]:
    """The words ``ids`` by their text (case folded), each list in the order of ``ids``."""
    out: dict[str, list[int]] = {}
    for i in ids:
        out.setdefault(words[i].text.casefold(), []).append(i)
    return out


def _one_shift(words: Sequence[Word], found: Sequence[tuple[int, int, float]],
               starts: dict[int, float]) -> list[tuple[int, int]]:
    """The pairs of ``found`` (a, b, shift) at their most common shift (within ``ALIGN_EM``: a
    title wrapped to one more line moves the header under it by a line, not the title's words),
    if they are ``MIN_REPEAT`` or more in ``MIN_COLUMNS`` or more columns: the pieces (``starts``:
    each word's piece's x) they stand in start apart by more than an em (the words of one cell's
    phrase, set again in a like phrase below, are one column)."""
    if len(found) < MIN_REPEAT:
        return []
    near = [[(a, b) for a, b, d in found if abs(d - m) <= ALIGN_EM * max(words[a].font_size, 1.0)]
            for _, _, m in found]
    kept = max(near, key=len)
    xs = sorted(starts[a] for a, _ in kept)
    columns = 1 + sum(1 for p, q in zip(xs, xs[1:], strict=False) if q - p > max(words[kept[0][0]].font_size, 1.0))
    return kept if len(kept) >= MIN_REPEAT and columns >= MIN_COLUMNS else []


def _snap(rules: Sequence[Rule], orient: str, lo: float, hi: float, default: float) -> float:
    """A drawn rule's position inside (lo, hi), else ``default``: the cut lies on the rule."""
    return next((r.pos for r in rules if r.orient == orient and lo <= r.pos <= hi), default)


def _over(box: Rect, words: Sequence[Word], ids: Sequence[int], rules: Sequence[Rule], tol: float,
          lines: Sequence[Line]) -> Cut | None:
    """The cut between two tables one over the other in the block ``box`` (its words ``ids``,
    their text ``lines``)."""
    body = next((k for k, ln in enumerate(lines) if _numbers(words, ln)), len(lines))
    if len(lines) < 2 * MIN_LINES or body == len(lines):
        return None
    line_of = {i: k for k, ln in enumerate(lines) for i in ln.word_ids}
    found: list[tuple[int, int, float]] = []
    below = _by_text(words, [b for ln in lines[body + 1:] for b in ln.word_ids])  # under the first body row
    for a in (i for ln in lines[:body] for i in ln.word_ids if _heady(words[i])):
        wa, em = words[a], max(words[a].font_size, 1.0)
        again = [b for b in below.get(wa.text.casefold(), ()) if abs(words[b].bbox.x0 - wa.bbox.x0) <= ALIGN_EM * em]
        if len(again) == 1:  # a word the body repeats row after row (an item, a unit) is no header's
            found.append((a, again[0], words[again[0]].baseline - wa.baseline))
    if len(found) < MIN_REPEAT:  # too few to make a header (``_one_shift``): the pieces are not read
        return None
    starts = {i: x for ln in lines for i, x in _piece_starts(words, ln).items()}
    pairs = _one_shift(words, found, starts)
    if not pairs:
        return None
    heads = [sorted({line_of[p[side]] for p in pairs}) for side in (0, 1)]
    if any(_has_number(words, lines[k]) for side in heads for k in side):
        return None  # a header line holds no numbers
    last, first = heads[0][-1], heads[1][0]
    # Each header stands right over a body of numbers, rows of numbers between the two.
    if not all(k + 1 < len(lines) and _numbers(words, lines[k + 1]) for k in (last, heads[1][-1])) \
            or first <= last + 1:
        return None
    j = first  # the second table's title and header rows (no numbers) over its repeated words go with it
    while j - 1 > last and not _numbers(words, lines[j - 1]):
        j -= 1
    if not MIN_LINES <= j <= len(lines) - MIN_LINES:
        return None
    pos = _snap(rules, "h", lines[j - 1].bbox.y1, lines[j].bbox.y0, (lines[j - 1].bbox.y1 + lines[j].bbox.y0) / 2)
    return Cut("row", pos, (Rect(box.x0, box.y0, box.x1, pos), Rect(box.x0, pos, box.x1, box.y1)),
               tuple(words[a].text for a, _ in pairs))


def _has_number(words: Sequence[Word], ln: Line) -> bool:
    return any(is_number(words[i].text) for i in ln.word_ids)


def _numbers(words: Sequence[Word], ln: Line) -> bool:
    """Is the line a body row: at least ``NUMBER_LINE`` of its words numbers?"""
    n = sum(is_number(words[i].text) for i in ln.word_ids)
    return n > 0 and n >= NUMBER_LINE * len(ln.word_ids)
