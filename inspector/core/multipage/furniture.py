"""Page furniture: running headers and footers, their rules and page numbers.

A document repeats its running header (a title, a chapter, a logo line with a rule under it)
and its footer (page numbers, a confidentiality line) at the same place on most pages. Such
lines are no table content and must not join the table that starts under the header rule
or ends over the footer. A line of a page is furniture when

- it lies in the page's top or bottom band (``BAND`` of the page height);
- most of its words (digits read as one sign, so page numbers match) stand at the same
  place on at least half of the neighbouring pages (at most ``NEIGHBOURS`` either side, read
  cheaply: the text of their bands only);
- it is in at most ``MAX_PIECES`` pieces (more are a row of cells: a continued table's
  repeated header) or it prints the page's own number (a navigation bar);
- it is outermost: only other furniture lies between it and the page's edge; and
- white space of at least ``SEPARATION`` line heights, or a rule, parts it from the page's
  body (a table's repeated header row sits tight on its rows: that is no furniture), and no
  drawn vertical rule crosses it (a ruled table's header cells); a rule parts a line set
  tight on the body only when the line is no row of the body's line next to it (its pieces
  under that line's pieces' edges: a table's footer row repeated at each page's foot, FOP's
  ``table-footer``, under the rule closing the page's rows).

A horizontal rule in the band hugging such lines (between them and the body, at most
``RULE_REACH`` line heights away) is the header's (footer's) rule. One page alone has no
furniture: nothing repeats.

Coordinates are page space (points, top-left origin).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..structure.columns import Line, lines_in
from ..types import Rect, Rule, Word

BAND = 0.1  # share of the page height at the top and at the bottom where furniture may stand
NEIGHBOURS = 2  # pages read on either side
SAME_PLACE = 3.0  # pt: a repeated word's box moves at most this much (centre height, one side)
MOST_WORDS = 0.8  # share of a line's words that must repeat
SEPARATION = 1.0  # line heights of white space between furniture and the page's body, at least
RULE_REACH = 1.5  # line heights from furniture text within which a band rule is its rule

MAX_PIECES = 3  # a line in more pieces is a row of cells (a table's repeated header), not furniture
PIECE_GAP_EM = 1.5  # font sizes of white that part a line's pieces (a column gap, not a word space)
# Why no user would change these: running headers and footers repeat at one place on every
# page; these measure that in pt and the page's own font sizes, the same for every producer.
MIN_REPEATS = 1  # neighbour pages a line repeats on, at least ...
REPEAT_DIV = 2  # ... and at least 1/this of the neighbours read
EDGE_SLACK = 0.5  # pt a line may overlap the furniture's inner edge and still follow it
MIN_FONT = 1.0  # pt: the smallest font size a gap is measured against
MEET_TOL = 2.0  # pt: a band rule meets a vertical within this (merge.snap's default, fixed: the stage keys on rows only)

# A neighbour page's band words: signature, x0, x1, centre y.
Mark = tuple[str, float, float, float]


@dataclass(frozen=True)
class Furniture:
    """One page's furniture: the word indices, line boxes and rules found, the 1-based pages
    where they repeat, and the body's top and bottom (the furniture's inner edges; 0 and the
    page height when there is none)."""

    word_ids: frozenset[int] = frozenset()
    boxes: tuple[Rect, ...] = ()
    rules: tuple[Rule, ...] = ()
    pages: tuple[int, ...] = ()
    top: float = 0.0
    bottom: float = float("inf")

    def describe(self) -> str:
        where = ", ".join(str(p) for p in self.pages)
        return f"page furniture: running header/footer repeated at the same place on page(s) {where}"


NONE = Furniture()


def signature(text: str) -> str:
    """A word as it repeats from page to page: digits (page numbers, dates) read as one sign."""
    return re.sub(r"\d+", "#", text.casefold())


def neighbour_pages(index: int, count: int) -> list[int]:
    """0-based indices of the pages read to find page ``index``'s furniture."""
    return [j for d in range(1, NEIGHBOURS + 1) for j in (index - d, index + d) if 0 <= j < count]


def reaches_bands(boxes: Sequence[Rect], height: float) -> bool:
    """Does a table box reach into the top or bottom band of a page ``height`` pt tall (where
    furniture could have joined it)?"""
    return any(b.y0 <= BAND * height or b.y1 >= (1 - BAND) * height for b in boxes)


def band_marks(raw_words: Sequence[tuple[Any, ...]], height: float) -> tuple[Mark, ...]:
    """A neighbour page's words in its top and bottom bands (PyMuPDF word tuples)."""
    top, bottom = BAND * height, (1 - BAND) * height
    return tuple((signature(w[4]), w[0], w[2], (w[1] + w[3]) / 2) for w in raw_words
                 if w[3] <= top or w[1] >= bottom)


def find_furniture(words: Sequence[Word], rules: Sequence[Rule], height: float,
                   neighbours: Callable[[], Sequence[tuple[int, tuple[Mark, ...]]]], tol: float,
                   number: int = 0) -> Furniture:
    """Page furniture among ``words`` and horizontal ``rules`` of a page ``height`` pt tall,
    given its neighbours' band marks as (1-based page, marks); ``tol``: rows.y_tolerance;
    ``number``: the page's 1-based number (0: unknown). ``neighbours`` reads the marks (their
    text, the costly part) only when the page's outermost band line on one side stands free of
    rules and cells: else nothing on the page can be furniture."""
    if not words:
        return NONE
    sides = _band_sides(words, height, tol)
    verticals = [r for r in rules if r.orient == "v"]
    if not any(side and _stands_free(side[0], None, words, rules, verticals, top, number) for top, side in sides):
        return NONE
    read = neighbours()
    if not read:
        return NONE
    need = max(MIN_REPEATS, len(read) // REPEAT_DIV)
    index: dict[str, list[tuple[int, float, float, float]]] = {}
    for page, marks in read:
        for sig, x0, x1, cy in marks:
            index.setdefault(sig, []).append((page, x0, x1, cy))
    body = [w.bbox for i, w in enumerate(words) if BAND * height < w.bbox.cy < (1 - BAND) * height]
    found: list[Line] = []
    pages: set[int] = set()
    for from_top, side in sides:
        for k, ln in enumerate(side):
            hits = _repeats(ln, words, index, need)
            if hits is None or not _stands_free(ln, side[k - 1] if k else None, words, rules, verticals, from_top,
                                                number):
                break
            found.append(ln)
            pages |= hits
        found = _separated(found, side, body, rules, from_top, words, number)
    if not found:
        return NONE
    return _result(found, rules, pages, height)


def _band_sides(words: Sequence[Word], height: float, tol: float) -> list[tuple[bool, list[Line]]]:
    """The text lines of the top band (outermost first) and of the bottom band, as
    (from the top, lines)."""
    ids = [i for i, w in enumerate(words) if not w.watermark and (w.bbox.y1 <= BAND * height
                                                                  or w.bbox.y0 >= (1 - BAND) * height)]
    lines = lines_in(words, ids, tol)
    sides = []
    for from_top in (True, False):
        side = [ln for ln in lines if (ln.bbox.y1 <= BAND * height) == from_top]
        side.sort(key=lambda ln: ln.bbox.y0 if from_top else -ln.bbox.y1)
        sides.append((from_top, side))
    return sides


def _stands_free(ln: Line, before: Line | None, words: Sequence[Word], rules: Sequence[Rule],
                 verticals: Sequence[Rule], from_top: bool, number: int = 0) -> bool:
    """What furniture needs of a band line on the page alone: no vertical rule crosses it, no
    rule lies between it and the line ``before`` it (or the edge), and it is in few pieces or
    prints the page's own ``number`` (a navigation bar)."""
    b = ln.bbox
    return not (any(r.start < b.cy < r.end and b.x0 < r.pos < b.x1 for r in verticals)
                or _ruled_outside(ln, rules, from_top, before)
                or (_pieces(ln, words) > MAX_PIECES and not _numbered(ln, words, number)))


def _repeats(ln: Line, words: Sequence[Word], index: dict[str, list[tuple[int, float, float, float]]],
             need: int) -> set[int] | None:
    """Pages where ``ln`` repeats (most of its words at the same place on ``need`` or more
    neighbours), or None when it does not."""
    per_page: dict[int, int] = {}
    for i in ln.word_ids:
        b = words[i].bbox
        cy = (b.y0 + b.y1) / 2
        seen = {p for p, x0, x1, y in index.get(signature(words[i].text), ())
                if abs(y - cy) <= SAME_PLACE and min(abs(x0 - b.x0), abs(x1 - b.x1), abs((x0 + x1 - b.x0 - b.x1) / 2))
                <= SAME_PLACE}
        for p in seen:
            per_page[p] = per_page.get(p, 0) + 1
    hits = {p for p, n in per_page.items() if n >= MOST_WORDS * len(ln.word_ids)}
    return hits if len(hits) >= need else None


def _numbered(ln: Line, words: Sequence[Word], number: int) -> bool:
    """Does the line print the page's own number (a word of its digits alone, which
    ``_repeats`` found at the same place on the neighbours: their numbers)? A navigation bar
    with the page number is furniture however many pieces it has; a table's repeated header
    row prints no page counter."""
    return number > 0 and any(words[i].text == str(number) for i in ln.word_ids)


def _ruled_outside(ln: Line, rules: Sequence[Rule], from_top: bool, before: Line | None) -> bool:
    """Is there a horizontal rule over (``from_top``) or under the line, across it, between it
    and the line ``before`` it (or the page's edge)? A table's top rule over its header;
    running headers stand free."""
    b = ln.bbox
    if from_top:
        lo, hi = (before.bbox.y1 if before else -1.0), b.y0
    else:
        lo, hi = b.y1, (before.bbox.y0 if before else float("inf"))
    return any(r.orient == "h" and r.start < b.cx < r.end and lo < r.pos < hi for r in rules)


def _pieces(ln: Line, words: Sequence[Word]) -> int:
    """Pieces of the line parted by gaps of over ``PIECE_GAP_EM`` font sizes."""
    ws = [words[i] for i in ln.word_ids]
    return 1 + sum(b.bbox.x0 - a.bbox.x1 > PIECE_GAP_EM * max(a.font_size, MIN_FONT) for a, b in zip(ws, ws[1:], strict=False))


def _separated(found: list[Line], side: Sequence[Line], body: Sequence[Rect], rules: Sequence[Rule],
               from_top: bool, words: Sequence[Word] = (), number: int = 0) -> list[Line]:
    """``found`` without this side's lines unless white space or a rule parts them from
    what follows (the next line of the side, or the body). A rule parts them only when the
    innermost line, set closer than white would, is no row of the text it is tight on: a
    table's footer row repeated at each page's foot (FOP's ``table-footer``) under the rule
    closing the page's rows. Set tight on the body, this side's lines from the edge through
    the innermost one printing the page's own ``number`` stay furniture: a report writer's
    page header ("Page: 2" beside the report's title, Telerik's) set right over the table; a
    table's repeated header row prints no page counter (``_numbered``)."""
    mine = [ln for ln in found if ln in side]
    if not mine:
        return found
    others = [ln for ln in found if ln not in side]
    edge = max(ln.bbox.y1 for ln in mine) if from_top else min(ln.bbox.y0 for ln in mine)
    rest = [ln.bbox for ln in side if ln not in mine] + list(body)
    after = [b.y0 - edge for b in rest if b.y0 >= edge - EDGE_SLACK] if from_top else \
        [edge - b.y1 for b in rest if b.y1 <= edge + EDGE_SLACK]
    gap = min(after, default=float("inf"))
    em = max(ln.bbox.height for ln in mine)
    ruled = any(r.orient == "h" and (edge < r.pos < edge + gap if from_top else edge - gap < r.pos < edge)
                for r in rules)
    if gap >= SEPARATION * em:
        return found
    inner = max(mine, key=lambda ln: ln.bbox.y1) if from_top else min(mine, key=lambda ln: ln.bbox.y0)
    if ruled and not _row_of(inner, words, from_top):
        return found
    counted = [k for k, ln in enumerate(mine) if _numbered(ln, words, number)]
    return others + mine[:counted[-1] + 1] if counted else others


def _row_of(ln: Line, words: Sequence[Word], from_top: bool) -> bool:
    """Is ``ln`` (two pieces or more) a row of the text line next to it towards the body,
    within ``SEPARATION`` line heights: each of its pieces starting or ending (within
    ``SAME_PLACE``) where a piece of that line does, as a table's cells stand under its columns?"""
    em = ln.bbox.height
    reach = [w for w in words if (0 <= w.bbox.y0 - ln.bbox.y1 < SEPARATION * em if from_top
                                  else 0 <= ln.bbox.y0 - w.bbox.y1 < SEPARATION * em)]
    if not reach:
        return False
    near = min(reach, key=lambda w: abs(w.bbox.cy - ln.bbox.cy))
    line = sorted((w for w in reach if abs(w.bbox.cy - near.bbox.cy) < em / 2), key=lambda w: w.bbox.x0)
    mine = _piece_edges(sorted((words[i] for i in ln.word_ids), key=lambda w: w.bbox.x0))
    theirs = _piece_edges(line)
    return len(mine) >= 2 and all(any(min(abs(a0 - b0), abs(a1 - b1)) <= SAME_PLACE for b0, b1 in theirs)
                                  for a0, a1 in mine)


def _piece_edges(ws: Sequence[Word]) -> list[tuple[float, float]]:
    """The (x0, x1) of each piece of words sorted left to right, parted by gaps of over
    ``PIECE_GAP_EM`` font sizes."""
    out: list[tuple[float, float]] = []
    for a, b in zip([None, *ws], ws, strict=False):
        if a is None or b.bbox.x0 - a.bbox.x1 > PIECE_GAP_EM * max(a.font_size, MIN_FONT):
            out.append((b.bbox.x0, b.bbox.x1))
        else:
            out[-1] = (out[-1][0], b.bbox.x1)
    return out


def _result(found: Sequence[Line], rules: Sequence[Rule], pages: set[int], height: float) -> Furniture:
    """The furniture of ``found`` lines: their words, boxes, the band rules hugging them and
    the body's top and bottom."""
    boxes = tuple(ln.bbox for ln in found)
    em = max(b.height for b in boxes)
    top_lines = [b for b in boxes if b.y1 <= BAND * height]
    bottom_lines = [b for b in boxes if b.y0 >= (1 - BAND) * height]
    top = max((b.y1 for b in top_lines), default=0.0)
    bottom = min((b.y0 for b in bottom_lines), default=float("inf"))
    free = [r for r in rules if r.orient == "h" and not any(_meets(r, v) for v in rules if v.orient == "v")]
    mine = []
    if top_lines:  # the rules over the header text, and the first one under it
        mine += [r for r in free if r.pos <= top]
        mine += sorted((r for r in free if top < r.pos <= min(top + RULE_REACH * em, BAND * height)),
                       key=lambda r: r.pos)[:1]
    if bottom_lines:
        mine += [r for r in free if r.pos >= bottom]
        mine += sorted((r for r in free if max(bottom - RULE_REACH * em, (1 - BAND) * height) <= r.pos < bottom),
                       key=lambda r: -r.pos)[:1]
    top = max([top, *(r.pos for r in mine if r.pos <= BAND * height)])
    bottom = min([bottom, *(r.pos for r in mine if r.pos >= (1 - BAND) * height)])
    return Furniture(frozenset(i for ln in found for i in ln.word_ids), boxes, tuple(mine), tuple(sorted(pages)),
                     top, bottom)


def _meets(h: Rule, v: Rule, tol: float = MEET_TOL) -> bool:
    return h.start - tol <= v.pos <= h.end + tol and v.start - tol <= h.pos <= v.end + tol
