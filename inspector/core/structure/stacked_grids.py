"""Ruled blocks stacked into one table: a dense ruled table whose verticals stop at its
full-width section rows.

Rate sheets and price lists rule each block of rows with verticals and set a section row
("Certificates of deposit") across the whole width between blocks, with no verticals through
it. Each block is then a connected group of rules of its own, sharing only the section row's
horizontal rules with its neighbours: the table came out as one piece per block. Blocks that
overlap or touch (within ``tol``, or with a fill across the width between them), have the
same sides and the same vertical rule positions are one table.

A table whose cells are filled tile by tile (InDesign's and PowerPoint's cell fills, a gutter
of paper between tiles) in alternating rows only comes out as one block per filled row: the
unfilled rows between show the paper, with no rule drawn. Blocks drawn by fill edges alone,
with the same sides and columns, one of them a lone filled row and the gap at most two of
their bands tall, are one table too (pdfplumber reads it from the tiles' edges alike). Where
neither block is a lone filled row (a section band attached to each: a rate sheet whose tiled
rows alternate with paper rows under full-width section bands), the unfilled gap must hold a
row of the tiles' columns (``drawnparts.row_of_columns``, told to explain as ``TILED``): the
gutters lining up over and under it are the columns its text keeps, no heading or prose. The
same holds over the table's first tiled row: a full-width band (the dark header, a section
band) over an unfilled first row of the tiles' columns is the table's (``bands_over_row``).
When the tiles' rows are ruled across (InDesign strokes the column rules over the shaded cells
only), blocks whose facing edges are drawn rules, parted by a gap at most two of their bands
tall that holds a row of their columns (``drawnparts``), are one table as well; so are blocks
parted by a section label alone in the first column, set in a row's height over a row of
amounts (``drawnparts.section_label``: LaTeX's labelled tabulars of one table).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Fill, Rect, Rule
from .drawnparts import GROUPED, LABELLED, TILED, Parts, drawn_edges
from .regions import EDGE_RULE_WIDTH, FILL_SPAN, RULE_DECIMALS, SIDE_TOLS, Candidate, attach_fills

# Why no user would change these: the blocks' sides and rules are matched with merge.snap
# (``tol``); this only says how many rules make a drawn grid's columns.
MIN_COLUMN_RULES = 2  # vertical rules each block needs for their positions to say "the same columns"
ONE, GAP = "one", "gap"  # how two blocks joined: parts of one grid, or a report's groups a blank gap apart
ZEBRA_ROWS = 2.0  # x a tiled block's tallest band: an unfilled row between two tiled ones is at most this tall


def join_stacked(cands: Sequence[Candidate], fills: Sequence[Fill], tol: float,
                 parts: Parts | None = None) -> list[Candidate]:
    """``cands`` with stacked blocks of one table joined (top to bottom); with ``parts``, blocks
    parted by drawn rows of their columns too (``drawnparts``)."""
    ruled = sorted((c for c in cands if c.source == "ruled"), key=lambda c: c.bbox.y0)
    out: list[Candidate] = []
    block = None  # the last block joined: its own height bounds a tiled table's unfilled rows
    for c in ruled:
        last = out[-1] if out else None
        how = _one_table(last, c, fills, tol, block, parts) if last is not None and block is not None else ""
        if last is not None and how:
            # A blank gap over a report's next group is no row: the group's top rule goes, its
            # first row reaching up to the block over it (``_group_gap``).
            rules = c.rules if how != GAP else tuple(r for r in c.rules if not _top_rule(r, c, tol))
            out[-1] = Candidate(last.bbox.union(c.bbox), "ruled", (*last.rules, *rules))
        else:
            out.append(c)
        block = c
    return out + [c for c in cands if c.source != "ruled"]


def _one_table(a: Candidate, b: Candidate, fills: Sequence[Fill], tol: float, block: Candidate,
               parts: Parts | None) -> str:
    """Is ``b`` (a block) the next part of ``a`` (the blocks joined so far, ``block`` the last)?
    ``""`` no, ``GAP`` across a blank gap over a report's group (``_group_gap``), ``ONE`` else."""
    if abs(a.bbox.x0 - b.bbox.x0) > SIDE_TOLS * tol or abs(a.bbox.x1 - b.bbox.x1) > SIDE_TOLS * tol:
        return ""
    gap = b.bbox.y0 - a.bbox.y1

    def grouped() -> str:  # asked only where no other join holds: it tells explain when it does
        return GAP if parts is not None and _group_gap(a, block, b, gap, tol, parts) else ""

    if not _same_columns(_verticals(a), _verticals(b), tol):
        return grouped()
    if gap <= tol or any(_band(f.bbox, a.bbox, a.bbox.y1, b.bbox.y0, tol) for f in fills):
        return ONE
    if _tiled(a) and _tiled(b):
        if _zebra_gap(block, b, gap):
            return ONE
        if parts is not None and _tiled_row(block, b, gap, parts):
            return ONE
    if parts is not None and (_drawn_gap(block, b, gap, tol, parts) or _label_gap(block, b, tol, parts)):
        return ONE
    return grouped()


def _top_rule(r: Rule, c: Candidate, tol: float) -> bool:
    return r.orient == "h" and abs(r.pos - c.bbox.y0) <= tol


def _group_gap(a: Candidate, block: Candidate, b: Candidate, gap: float, tol: float, parts: Parts) -> bool:
    """Is ``b`` the next group of ``a``'s table (``block`` its last block), set a little apart?
    Report engines (JasperReports' group bands) draw each field's box and leave a few points
    under a group's subtotal: the gap is blank and narrower than the blocks' rows (``gap``,
    pt, under their median band), their facing edges are drawn rules, ``b``'s column rules
    are among ``a``'s, and ``b`` opens on a row no column rule crosses (the next group's
    label) or is one row (the grand total under the last subtotal). A table stacked under
    another opens on its own header row, crossed by its column rules. Told to explain."""
    bands = sorted(_bands(block) + _bands(b))
    if not bands or not tol < gap < bands[len(bands) // 2] or not drawn_edges(block, b, tol):
        return False
    upper, lower = _verticals(a), _verticals(b)
    if len(lower) < MIN_COLUMN_RULES or not all(any(abs(x - y) <= tol for y in upper) for x in lower):
        return False
    if not _one_ruled_row(b, tol) and not _spanning_first_row(b, tol):
        return False
    if not parts.blank(b, a.bbox.y1, b.bbox.y0):
        return False
    parts.tell(b, a.bbox.y1, b.bbox.y0, GROUPED)
    return True


def _first_band(c: Candidate) -> tuple[float, float]:
    ys = sorted({round(r.pos, RULE_DECIMALS) for r in c.rules if r.orient == "h"})
    return ys[0], ys[1]


def _one_ruled_row(c: Candidate, tol: float) -> bool:
    """Do ``c``'s column rules all end with its first band (one row, maybe a bare rule under)?"""
    bottom = _first_band(c)[1]
    return all(r.end <= bottom + tol for r in c.rules if r.orient == "v")


def _spanning_first_row(c: Candidate, tol: float) -> bool:
    """Does no column rule inside ``c``'s sides cross its first band?"""
    top, bottom = _first_band(c)
    return not any(r.orient == "v" and c.bbox.x0 + tol < r.pos < c.bbox.x1 - tol and r.start < bottom - tol
                   and r.end > top + tol for r in c.rules)


def _label_gap(a: Candidate, b: Candidate, tol: float, parts: Parts) -> bool:
    """Is the gap between blocks ``a`` and ``b`` (drawn rules facing it) a section label of their
    table set in a row's height (``drawnparts.section_label``)? Told to explain when it is."""
    bands = _bands(a) + _bands(b)
    if not bands or not drawn_edges(a, b, tol) or not parts.labels((a, b), min(bands)):
        return False
    parts.tell(b, a.bbox.y1, b.bbox.y0, LABELLED)
    return True


def _drawn_gap(a: Candidate, b: Candidate, gap: float, tol: float, parts: Parts) -> bool:
    """Is the gap between blocks ``a`` and ``b`` a row ruled across between them: their facing
    edges drawn rules, the gap at most ``ZEBRA_ROWS`` of their tallest band, its text a row
    of their columns? Told to explain when it is."""
    bands = _bands(a) + _bands(b)
    if not bands or gap > ZEBRA_ROWS * max(bands) or not drawn_edges(a, b, tol):
        return False
    if not parts.keeps(b, a.bbox.y1, b.bbox.y0):
        return False
    parts.tell(b, a.bbox.y1, b.bbox.y0)
    return True


def _tiled_row(a: Candidate, b: Candidate, gap: float, parts: Parts, bands: Sequence[float] = ()) -> bool:
    """Is the gap between tiled blocks ``a`` and ``b`` (same sides and columns) an unfilled row
    of their table: at most ``ZEBRA_ROWS`` of their tallest band (``bands``: their bands'
    heights, pt, when not theirs), its text a row of the tiles' columns (``Parts.keeps``)?
    Told to explain when it is."""
    bands = list(bands) or _bands(a) + _bands(b)
    if not bands or gap > ZEBRA_ROWS * max(bands) or not parts.keeps(b, a.bbox.y1, b.bbox.y0):
        return False
    parts.tell(b, a.bbox.y1, b.bbox.y0, TILED)
    return True


def _tiled(c: Candidate) -> bool:
    """Is every rule of ``c`` a fill's edge or the gutter between two fills, none drawn?"""
    return all(not r.drawn for r in c.rules)


def _bands(c: Candidate) -> list[float]:
    """Heights (pt) of the bands between ``c``'s horizontal rules."""
    ys = sorted({round(r.pos, RULE_DECIMALS) for r in c.rules if r.orient == "h"})
    return [b - a for a, b in zip(ys, ys[1:], strict=False)]


def _zebra_gap(a: Candidate, b: Candidate, gap: float) -> bool:
    """Is the gap between tiled blocks ``a`` and ``b`` an unfilled row of alternating fills:
    one of them a lone filled row (one band), the gap at most ``ZEBRA_ROWS`` of their
    tallest band (an unfilled row may wrap where its filled neighbours do not)?"""
    bands = [_bands(a), _bands(b)]
    if not all(bands) or min(len(x) for x in bands) != 1:
        return False
    return gap <= ZEBRA_ROWS * max(max(x) for x in bands)


def _verticals(c: Candidate) -> list[float]:
    return sorted({round(r.pos, RULE_DECIMALS) for r in c.rules if r.orient == "v"})


def _same_columns(xs: list[float], ys: list[float], tol: float) -> bool:
    return len(xs) == len(ys) >= MIN_COLUMN_RULES and all(abs(x - y) <= tol for x, y in zip(xs, ys, strict=True))


def _band(f: Rect, box: Rect, top: float, bottom: float, tol: float) -> bool:
    """Does fill ``f`` fill the gap [top, bottom] across ``box``'s width (a section band)?"""
    return f.y0 <= top + tol and f.y1 >= bottom - tol and f.x0 <= box.x0 + tol and f.x1 >= box.x1 - tol


def bands_over_row(cands: Sequence[Candidate], fills: Sequence[Fill], tol: float, parts: Parts) -> list[Candidate]:
    """``cands`` with each tiled block grown up over the full-width fill bands set over its
    top: one set a gutter over it (within ``tol``) no taller than ``ZEBRA_ROWS`` of its
    tallest band (a two-line section band on one-line rows), or one across an unfilled row
    (``_tiled_row``'s test: its text a row of the tiles' columns); then over the bands
    stacked on those (``regions.attach_fills``)."""
    out = []
    for c in cands:
        bands = _bands(c) if c.source == "ruled" and _tiled(c) else []
        grown = c
        while bands and (band := _band_over(grown, fills, tol)) is not None:
            box = band.bbox
            gap = grown.bbox.y0 - box.y1
            if gap <= tol and box.height > ZEBRA_ROWS * max(bands):
                break
            if gap > tol and not _tiled_row(Candidate(box, c.source, ()), grown, gap, parts, bands):
                break
            edges = tuple(Rule("h", y, box.x0, box.x1, EDGE_RULE_WIDTH, "vector", band.grey, band.id) for y in (box.y0, box.y1))
            grown = Candidate(grown.bbox.union(box), c.source, (*grown.rules, *edges))
        out.extend(attach_fills([grown], fills, tol) if grown is not c else [c])
    return out


def _band_over(c: Candidate, fills: Sequence[Fill], tol: float) -> Fill | None:
    """The lowest fill ending above ``c``'s top (or within ``tol`` under it), across its width
    (``FILL_SPAN``, within its sides)."""
    box = c.bbox
    over = [f for f in fills if f.bbox.y1 <= box.y0 + tol and f.bbox.y0 < box.y0 - tol
            and f.bbox.x0 >= box.x0 - SIDE_TOLS * tol and f.bbox.x1 <= box.x1 + SIDE_TOLS * tol
            and f.bbox.width >= FILL_SPAN * box.width]
    return max(over, key=lambda f: f.bbox.y1, default=None)
