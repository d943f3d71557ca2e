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


def section_band(fills: Sequence[Fill], top: Rule, bottom: Rule, lines: Sequence[Line], tol: float) -> Fill | None:
    """The visible fill that fills the band between rules ``top`` and ``bottom`` (its top and
    bottom on them, within ``EDGE_TOLS`` x ``tol``; ``BAND_SPAN`` to ``BAND_OVERHANG`` of
    their width) and holds every line of ``lines`` between them, else None (None too when no
    line stands there: an empty band parts nothing anyway)."""
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
                all(_inside(lines[k].bbox, b, slack) for k in between):
            return f
    return None


def banded(bands: Sequence[Fill], top: Rule, bottom: Rule, lines: Sequence[Line], tol: float,
           said: list[TableRegion] | None) -> bool:
    """Is the band between ``top`` and ``bottom`` a shaded section row (``section_band``)?
    Told in ``said``, for explain: the text in it parts no tables."""
    band = section_band(bands, top, bottom, lines, tol) if bands else None
    if band is not None and said is not None:
        said.append(TableRegion(band.bbox, "horizontal_rules", SECTION_BAND, "tables.section_bands"))
    return band is not None


def joins(top: Rule, bottom: Rule, shade: tuple[Sequence[Fill], Sequence[Line], float],
           said: list[TableRegion] | None, parts: Callable[[Rule, Rule, list[TableRegion]], bool]) -> bool:
    """Do rules ``top`` and ``bottom`` stay in one group: the text between them ``parts``
    nothing, or a shaded section row holds it (``shade``: the fills, the page's lines and the
    snap tolerance; ``shadedbands``)? What ``parts`` tells goes to ``said`` only when it
    parts them."""
    told: list[TableRegion] = []
    if not parts(top, bottom, told):
        return True
    bands, lines, tol = shade
    if banded(bands, top, bottom, lines, tol, said):
        return True
    if said is not None:
        said.extend(told)
    return False


def _inside(a: Rect, b: Rect, slack: float) -> bool:
    return a.x0 >= b.x0 - slack and a.x1 <= b.x1 + slack and a.y0 >= b.y0 - slack and a.y1 <= b.y1 + slack
