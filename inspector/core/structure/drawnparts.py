"""A table drawn in parts: its column rules stroked in some rows only, the others ruled across.

Layout programs (InDesign above all) stroke a table's column rules as pale or white lines over
shaded cells: where a row is not shaded, nothing shows between its cells. A table with a shaded
header, or with every other row shaded, then draws a grid in its header (or in each shaded row)
and only full-width row rules elsewhere. Each grid is a ruled block of its own, and the rows
ruled across only under it (or between two blocks) were read as other tables, or as none.

Such a band is a row of the grid's table when its text keeps the grid's columns: text lines
inside it, none running across one of the grid's column rules (nor its sides), and one of them
with pieces on both sides of a column rule (a label beside its value). Running prose, a heading
or a caption between two tables runs across the columns or stands in one of them alone. Read by
``regions.attach_rules`` (rows under a header grid, however tall) and
``stacked_grids.join_stacked`` (drawn rows between blocks); explain names each band joined.

A label alone in the first column between two boxed blocks of one grid (LaTeX's "Tables:" and
"Rows:" over two tabulars of one table) parts them only if it is set as a heading is: apart
(more white than a row's height), or by its words a caption or a sentence, or over the next
table's header. Set in a row's height, one short piece, over a row holding an amount, it is the
table's section row (``section_label``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..types import Rect, TableRegion
from .between import INNER, LineFacts, by_words
from .columns import Line
from .regions import RULE_DECIMALS, Candidate

ROW_SLACK = 1.25  # x the blocks' lowest band: a gap set as one of their rows (a stroke's width and rounding over)
LABEL_WORDS = 4  # words a section label has at most (a title or a sentence has more)
LABELLED = ("a section label alone in the first column between two ruled blocks of one grid (the same sides and "
            "column rules), set in a row's height, no caption or sentence, over a row holding an amount (not the next "
            "table's header): one table, the label its section row")
TILED = ("an unfilled row between two blocks of one table's cell tiles (fills set a gutter apart, the same sides "
         "and gutters over and under it): its text keeps the tiles' columns, no line running across them, a label "
         "beside its value; one table")
GROUPED = ("a blank gap narrower than a row between two ruled blocks of one grid (the same sides, the lower "
           "block's column rules among the upper's), the lower one opening on a row across every column (a group's "
           "label) or being one row (a total): a report's group set a little apart, one table")
JOINED = ("a row ruled across only, under or between parts of one drawn grid (its column rules stroked "
          "in shaded rows only): its text keeps the grid's columns, no line running across them, "
          "a label beside its value; one table with the grid")


def columns_of(cand: Candidate) -> list[float]:
    """The x (pt) of ``cand``'s vertical rules standing inside its sides (by ``INNER``)."""
    box = cand.bbox
    return sorted({round(r.pos, RULE_DECIMALS) for r in cand.rules
                   if r.orient == "v" and box.x0 + INNER < r.pos < box.x1 - INNER})


def row_of_columns(lines: Sequence[Line], facts: LineFacts, cand: Candidate, top: float, bottom: float) -> bool:
    """Does the band from ``top`` to ``bottom`` (pt) across ``cand`` hold a row of its grid's
    columns (``columns_of``): one text line or more, none running across a column rule or the
    grid's sides, one with pieces on both sides of a column rule? False without column rules."""
    xs = columns_of(cand)
    x0, x1 = cand.bbox.x0, cand.bbox.x1
    between = [k for k, ln in enumerate(lines) if top < ln.baseline < bottom and ln.bbox.x1 > x0 and ln.bbox.x0 < x1]
    if not xs or not between:
        return False
    if any(facts.crosses(k, x) for k in between for x in (x0, *xs, x1)):
        return False
    return any(_either_side(facts.spans(k), xs) for k in between)


def section_label(lines: Sequence[Line], facts: LineFacts, blocks: tuple[Candidate, Candidate], row: float) -> bool:
    """Is the band between the blocks ``blocks`` (one over the other, same sides and columns) one
    section label of their table: one text line in it, one piece of ``LABEL_WORDS`` words at most
    inside the first column (left of the first column rule), no amount, by its words no caption,
    marker, unit line, note or sentence; the band at most ``ROW_SLACK`` x ``row`` (pt, the blocks'
    lowest band: set as a row, not apart); and the first line of the lower block holding an amount
    right of the first column rule (a body row, not the next table's header)? Only the words inside
    the blocks' sides are read (a page column beside them shares their lines)."""
    a, b = blocks
    xs = columns_of(a)
    top, bottom = a.bbox.y1, b.bbox.y0
    x0, x1 = a.bbox.x0, a.bbox.x1
    if not xs or bottom - top > ROW_SLACK * row:
        return False
    inside = [k for k, ln in enumerate(lines) if top < ln.bbox.cy < bottom and ln.bbox.x1 > x0 and ln.bbox.x0 < x1]
    if len(inside) != 1:
        return False
    k = inside[0]
    pieces = [(s0, s1) for s0, s1 in facts.spans(k) if s1 > x0 and s0 < x1]  # a page column beside may share it
    texts = facts.texts(k, x0, x1)
    if len(pieces) != 1 or pieces[0][0] < x0 or pieces[0][1] > xs[0] or len(texts) > LABEL_WORDS \
            or facts.amounts(k, x0, x1) or by_words(" ".join(texts), len(texts)):
        return False
    under = [j for j, ln in enumerate(lines) if b.bbox.y0 < ln.bbox.cy < b.bbox.y1 and ln.bbox.x1 > x0 and ln.bbox.x0 < x1]
    return bool(under) and facts.amounts(min(under, key=lambda j: lines[j].bbox.y0), xs[0], x1) > 0


def _either_side(spans: Sequence[tuple[float, float]], xs: Sequence[float]) -> bool:
    """Do the pieces ``spans`` of one line stand on both sides of one of ``xs``?"""
    return any(any(b <= x for _, b in spans) and any(a >= x for a, _ in spans) for x in xs)


@dataclass(frozen=True)
class Parts:
    """The page's lines and their facts, to test bands (``keeps``) and tell explain (``said``)."""

    lines: Sequence[Line]
    facts: LineFacts
    said: list[TableRegion] | None = None

    def keeps(self, cand: Candidate, top: float, bottom: float) -> bool:
        """``row_of_columns`` on this page's lines."""
        return row_of_columns(self.lines, self.facts, cand, top, bottom)

    def labels(self, blocks: tuple[Candidate, Candidate], row: float) -> bool:
        """``section_label`` on this page's lines."""
        return section_label(self.lines, self.facts, blocks, row)

    def blank(self, cand: Candidate, top: float, bottom: float) -> bool:
        """Does no text line stand in the band from ``top`` to ``bottom`` (pt) across ``cand``?"""
        return not any(ln.bbox.y1 > top and ln.bbox.y0 < bottom and ln.bbox.x1 > cand.bbox.x0
                       and ln.bbox.x0 < cand.bbox.x1 for ln in self.lines)

    def tell(self, cand: Candidate, top: float, bottom: float, why: str = JOINED) -> None:
        """Note (for explain) that the band from ``top`` to ``bottom`` (pt) joined ``cand``
        (``why``: JOINED, a row of its columns, LABELLED, a section label, or GROUPED, a blank
        gap over a group)."""
        if self.said is not None:
            self.said.append(TableRegion(Rect(cand.bbox.x0, top, cand.bbox.x1, bottom), cand.source, why,
                                         "tables.ruled_parts", joined=True))


def drawn_edges(a: Candidate, b: Candidate, tol: float) -> bool:
    """Is ``a``'s bottom and ``b``'s top each a drawn rule (not a fill's edge)?"""
    return _drawn_at(a, a.bbox.y1, tol) and _drawn_at(b, b.bbox.y0, tol)


def _drawn_at(c: Candidate, y: float, tol: float) -> bool:
    return any(r.orient == "h" and r.drawn and abs(r.pos - y) <= tol for r in c.rules)
