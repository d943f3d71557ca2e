"""A shaded section band between two row rules: one row of the table, not text between tables.

Layout programs (InDesign above all) set a table's section rows as a full-width cell with a
fill of its own, often holding a title and a sentence of running text ("U.S. Priorities /
Hiring was slower in ..."). Between two rules, such a sentence reads like body text parting
two tables; but body text between two tables is not shaded from the upper table's last rule
exactly down to the next one's first, as wide as both: a fill that fills the band between
the rules, and holds all its text, is a cell of the table those rules draw. Positions in PDF
points.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..types import Fill, Rect, Rule, TableRegion
from .between import LineFacts
from .columns import Line

BAND_SPAN = 0.9  # share of the rules' width (their union) the fill covers, at least
BAND_OVERHANG = 1.1  # ... and at most this many times that width (a band, not a page panel)
VISIBLE_GREY = 250  # luminance (0-255) under which a fill is a visible shade: white cells are no band
EDGE_TOLS = 2  # snap tolerances by which the fill's top and bottom may miss the rules
# Why no user would change these: shares of the rules' own extent and a stroke's slack; the
# lever is tables.section_bands, which turns the reading off.

SECTION_BAND = ("a shaded section row: a fill spans the band between two row rules from one to the other, "
                "as wide as they are, and holds all its text (a title, a sentence): one full-width cell of the "
                "table, not text between two tables; the rules above and below stay one table's")


def section_band(fills: Sequence[Fill], top: Rule, bottom: Rule, lines: Sequence[Line], tol: float,
                 facts: LineFacts | None = None) -> Fill | None:
    """The visible fill that fills the band between rules ``top`` and ``bottom`` (its top and
    bottom on them, within ``EDGE_TOLS`` x ``tol``; ``BAND_SPAN`` to ``BAND_OVERHANG`` of
    their width) and holds every line of ``lines`` between them, else None (None too when no
    line stands there: an empty band parts nothing anyway). A line reaching past the fill's
    sides is held when none of its pieces runs across them (``facts``): a brochure's prose
    column beside the table, set on the same baselines, is no text of the band."""
    x0, x1 = min(top.start, bottom.start), max(top.end, bottom.end)
    width, slack = x1 - x0, EDGE_TOLS * tol
    between = [k for k, ln in enumerate(lines) if top.pos < ln.baseline < bottom.pos
               and ln.bbox.x1 > x0 and ln.bbox.x0 < x1]
    if not between or width <= 0:
        return None
    for f in fills:
        b = f.bbox
        if f.grey >= VISIBLE_GREY or abs(b.y0 - top.pos) > slack or abs(b.y1 - bottom.pos) > slack:
            continue
        over = min(b.x1, x1) - max(b.x0, x0)
        if over >= BAND_SPAN * width and b.width <= BAND_OVERHANG * width + slack and \
                all(_holds(b, lines[k].bbox, slack, facts, k) for k in between):
            return f
    return None


def _holds(b: Rect, line: Rect, slack: float, facts: LineFacts | None, k: int) -> bool:
    """Does the fill box ``b`` hold line ``k`` (box ``line``): inside it, or inside its
    height with no piece running across its sides (the line's words beyond them another
    column's, on the same baseline)?"""
    if line.within(b, slack):
        return True
    return facts is not None and line.y0 >= b.y0 - slack and line.y1 <= b.y1 + slack \
        and not facts.crosses(k, b.x0) and not facts.crosses(k, b.x1)


def banded(bands: Sequence[Fill], top: Rule, bottom: Rule, lines: Sequence[Line], tol: float,
           said: list[TableRegion] | None, facts: LineFacts | None = None) -> bool:
    """Is the band between ``top`` and ``bottom`` a shaded section row (``section_band``)?
    Told in ``said``, for explain: the text in it parts no tables."""
    band = section_band(bands, top, bottom, lines, tol, facts) if bands else None
    if band is not None and said is not None:
        said.append(TableRegion(band.bbox, "horizontal_rules", SECTION_BAND, "tables.section_bands"))
    return band is not None


def joins(top: Rule, bottom: Rule, shade: tuple[Sequence[Fill], Sequence[Line], float, LineFacts | None],
           said: list[TableRegion] | None, parts: Callable[[Rule, Rule, list[TableRegion]], bool],
           header: Callable[[list[TableRegion] | None], bool] | None = None) -> bool:
    """Do rules ``top`` and ``bottom`` stay in one group: the text between them ``parts``
    nothing, or a shaded section row holds it (``shade``: the fills, the page's lines, the
    snap tolerance and the lines' facts; ``shadedbands``), or it is a note row under a header band alone (``header``,
    told -> bool: ``under_header_band`` over the group so far)? What ``parts`` tells goes to
    ``said`` only when it parts them."""
    told: list[TableRegion] = []
    if not parts(top, bottom, told):
        return True
    bands, lines, tol, facts = shade
    if banded(bands, top, bottom, lines, tol, said, facts) or (header is not None and header(said)):
        return True
    if said is not None:
        said.extend(told)
    return False


HEADER_NOTE_LINES = 3  # lines of a note row under a header band, at most (more is a page's paragraph)
HEADER_BAND_LINES = 2  # text lines of a header band, at most (a taller shade is a panel or a shaded column)
HEADER_NOTE = ("a note row under the header band: the rules above are the edges of one shaded band alone, a row "
               "of column headings that is never a table of its own; the text under it down to the next rule is "
               "the table's full-width note or section row, not text between two tables")


def under_header_band(group: Sequence[Rule], bottom: Rule, heads: Sequence[Fill], lines: Sequence[Line],
                      n_segments: Sequence[int], tol: float, said: list[TableRegion] | None) -> bool:
    """Is the text between the group's last rule and ``bottom`` a note row under a header band:
    the group's two rules are the top and bottom edges of one visible fill of ``heads`` (a
    dark header band with white text) as wide as the rules (``BAND_SPAN``), holding one or two
    lines (``HEADER_BAND_LINES``), one in two or more pieces (column headings, not a title;
    a shaded column is taller), and the text under it is at most ``HEADER_NOTE_LINES`` lines within the rules'
    width? A header alone is no table, so nothing between it and the body parts two tables: a
    rate sheet's note under its header ("Interest is calculated daily ...") is a row of it.
    Told in ``said``, for explain. Positions in PDF points."""
    if len(group) != 2 or group[0].fill < 0 or group[0].fill != group[1].fill:
        return False
    band = next((f for f in heads if f.id == group[0].fill), None)
    if band is None or band.grey >= VISIBLE_GREY:
        return False
    top = group[1]
    x0, x1, slack = min(top.start, bottom.start), max(top.end, bottom.end), EDGE_TOLS * tol
    inside = [k for k, ln in enumerate(lines) if ln.bbox.x1 > x0 and ln.bbox.x0 < x1]
    head = [k for k in inside if group[0].pos < lines[k].baseline < top.pos]
    notes = [k for k in inside if top.pos < lines[k].baseline < bottom.pos]
    if not any(n_segments[k] >= 2 for k in head) or len(head) > HEADER_BAND_LINES \
            or not 0 < len(notes) <= HEADER_NOTE_LINES or band.bbox.width < BAND_SPAN * (x1 - x0):
        return False
    if any(lines[k].bbox.x0 < x0 - slack or lines[k].bbox.x1 > x1 + slack for k in notes):
        return False
    if said is not None:
        said.append(TableRegion(band.bbox.union(bottom.bbox), "horizontal_rules", HEADER_NOTE, "tables.header_notes"))
    return True


TITLES = ("a caption", "a continuation", "a heading in larger type")  # lines no note row of a table holds


def note_under_header(group: list[Rule], bottom: Rule, heads: Sequence[Fill],
                      text: tuple[Sequence[Line], Sequence[int], LineFacts | None], tol: float,
                      said: list[TableRegion] | None) -> bool:
    """``under_header_band``, when header fills ``heads`` are given; ``text``: the page's
    lines, their pieces and their facts. A caption, a continuation marker or a heading
    in larger type under the band is no note row of its table: a page's title bar over a
    table's caption stays apart."""
    lines, n_segments, facts = text
    if not heads or not under_header_band(group, bottom, heads, lines, n_segments, tol, None):
        return False
    between = [k for k, ln in enumerate(lines) if group[-1].pos < ln.baseline < bottom.pos]
    if facts is not None and any(facts.heading(k).startswith(TITLES) for k in between):
        return False
    return under_header_band(group, bottom, heads, lines, n_segments, tol, said)
