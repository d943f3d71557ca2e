"""Art printed to the trim (bleed): a region from the page's left edge to its right edge.

A brochure or report page set in InDesign runs its background bands, photos and panels off
the page's edges; their fills' edges and the rules over them stack up like a table's rows,
and the text set on them (a caption, a legend, a callout) fills the bands. A table is set
inside the page's margins, or, set edge to edge, it draws its own sides there: a vertical
rule on each page edge (a Word table placed at the page's foot). A candidate region reaching
both side edges with no vertical rule on either is the art's, no table. Coordinates in points,
the page's upright frame.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Rect, Rule

EDGE = 1.0  # pt: a region side this close to the page's edge reaches it
BLEED = ("art printed to the page's edges (bleed): the region runs from the page's left edge to its right "
         "edge and no drawn rule closes it on either edge, as a background band's, a photo's or a panel's "
         "edges do; a table is set inside the margins or draws its own sides")


def bleeds(box: Rect, page_w: float, rules: Sequence[Rule]) -> bool:
    """Does ``box`` run from the left edge of a page ``page_w`` wide to its right edge, no
    vertical rule of ``rules`` on either edge beside it (``page_w`` 0: not known, never)?"""
    if page_w <= 0 or box.x0 > EDGE or box.x1 < page_w - EDGE:
        return False
    return not any(r.orient == "v" and (r.pos <= EDGE or r.pos >= page_w - EDGE)
                   and r.start < box.y1 and r.end > box.y0 for r in rules)
