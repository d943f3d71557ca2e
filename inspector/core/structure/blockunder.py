"""A block set under a table at its right, with a rule of its own: an invoice's totals
(Subtotal, Tax, a rule, Total due) printed as a second, narrower table under the line items
(an HTML template's ``<table class="totals">`` floated right, as wkhtmltopdf prints it).

Read by ``regions.hrule_regions`` while it stacks rules into one candidate: the narrower rule
is no totals rule of the table above (a rule over its amount columns, the Total row's label at
the table's left edge, outside the rule), when every line between the table's last rule and
it, and the line under it, stands inside the rule's span: the block's own rows, none of them
reaching the table's label column. The table above must be ruled row by row already (three
rule positions at least): under a top rule alone, a narrower rule at the right is a group
head's (booktabs' ``cmidrule`` under "Fiscal year", a census table's "Race/ethnicity").
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Rect, Rule, TableRegion
from .columns import Line

RULED_ABOVE = 3  # rule positions the table above holds at least: ruled row by row already (not a top rule alone)
RIGHT_OF = 0.25  # share of the table's width the block's rule starts right of the table's left side, at least
SPAN_SLACK = 2.0  # pt a line may stand past the rule's ends and still lie within its span
UNDER_REACH = 2.0  # line heights under the rule the block's last row stands, at most

BLOCK_UNDER = ("a block of its own under the table: the lines between the table's last rule and this narrower "
               "rule, and the line under it, all stand within the rule's span, right of the table's label "
               "column (an invoice's totals set as a second table), so the rule is no totals rule of the table")


def block_under(group: Sequence[Rule], r: Rule, lines: Sequence[Line], said: list[TableRegion] | None,
                blocks: list[Rect] | None = None) -> bool:
    """Is ``r`` the rule of a block under ``group``'s table rather than one of its rules
    (see the module)? Told in ``said``; the block's box (from its first row to the line under
    the rule) goes in ``blocks``, where the caller ends the table over it."""
    x0, x1 = min(q.start for q in group), max(q.end for q in group)
    bottom = max(q.pos for q in group)
    # Under a top rule alone, a narrower rule at the right is a group head's (a ``cmidrule``
    # under "Fiscal year"): a block under a table needs the table's rows ruled over it.
    if len({round(q.pos) for q in group}) < RULED_ABOVE or r.start - x0 < RIGHT_OF * (x1 - x0) or r.pos <= bottom:
        return False
    band = [ln for ln in lines if bottom < ln.bbox.y0 and ln.bbox.y1 < r.pos and ln.bbox.x1 > x0 and ln.bbox.x0 < x1]
    under = [ln for ln in lines if ln.bbox.y0 > r.pos and ln.bbox.x1 > x0 and ln.bbox.x0 < x1]
    if not band or not under:
        return False
    first = min(under, key=lambda ln: ln.bbox.y0)
    if first.bbox.y0 - r.pos > UNDER_REACH * first.bbox.height:
        return False
    if not all(ln.bbox.x0 >= r.start - SPAN_SLACK and ln.bbox.x1 <= r.end + SPAN_SLACK for ln in (*band, first)):
        return False
    top = min(ln.bbox.y0 for ln in band)  # the block's first row: the table above ends over it
    box = Rect(r.start, top, r.end, first.bbox.y1)
    if said is not None:
        said.append(TableRegion(box, "horizontal_rules", BLOCK_UNDER))
    if blocks is not None:
        blocks.append(box)
    return True
