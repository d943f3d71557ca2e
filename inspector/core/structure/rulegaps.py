"""Does what lies between two stacked horizontal rules part them into two tables?

Read by ``regions.hrule_regions`` while it stacks rules into one candidate: running prose
across the rules' width, a heading, caption or sentence alone over a header row
(``between.heading_between``), a heading set apart in larger type, white space that ends a
table, or prose beside the narrower rule (``prose_beside``). Each test that parts
two rules can tell explain why, as a rejected ``TableRegion`` in ``said``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Rect, Rule, TableRegion
from .aligned import PROSE_WORDS, is_prose
from .between import HEADING_SIZE, INNER, SIZE_EPS, LineFacts, heading_between, nothing_over
from .columns import Line

PROSE_SLACK = 5  # pt a prose line may start left of the rules, or must cross their end by
PROSE_WIDTH = 0.6  # share of the rules' width a prose line between them spans to part them
OTHER_OVERLAP = 0.9  # two rules overlapping less than this share of the longer have other widths
OTHER_SHORTER = 0.5  # ... unless the shorter is below this share of it (a footnote separator)
EMPTY_BAND = 3.0  # usual line heights of empty space under a rule's whole width that part two rules
FOOTER_LINES = 2.0  # usual line heights a running footer's text stands under its rule within, and spans
BESIDE_SHARE = 2 / 3  # a rule at most this share of the one above or below it leaves room beside it
BESIDE_LINES = 2  # lines of prose beside that narrower rule that make a page column of its own
THROUGH_SLACK = 2.0  # pt a column rule may stop short of the rules it runs between (strokes' ends and joins)


def beside_told(lines: Sequence[Line], facts: LineFacts | None, top: Rule, bottom: Rule,
                 said: list[TableRegion] | None) -> bool:
    """Does prose beside the narrower rule part the two (``prose_beside``)? Told in ``said``."""
    why = prose_beside(facts, lines, top, bottom, PROSE_WORDS) if facts else ""
    if why and said is not None:
        said.append(TableRegion(top.bbox.union(bottom.bbox), "horizontal_rules", why, "tables.prose_beside_rules"))
    return bool(why)


def prose_between(lines: Sequence[Line], n_segments: Sequence[int], top: Rule, bottom: Rule,
                   body: float = 0.0, sizes: Sequence[float] = (), facts: LineFacts | None = None,
                   said: list[TableRegion] | None = None, verticals: Sequence[Rule] = (),
                   horizontals: Sequence[Rule] = ()) -> bool:
    """Does text between two rules say they belong to different tables? Not when a column
    rule of ``verticals`` runs through the band between them (``column_rule_through``); the
    page's ``horizontals`` tell a heading set close under the upper rule (``between.opens_again``).
    Running prose across their width does, and so does a line running across their left or right end
    (body text beside a chart: the rules of two charts, not one table's), and a heading,
    caption, marker or sentence alone between them over a header row (``between``; told
    in ``said`` as a rejected region, for explain)."""
    width = max(top.length, bottom.length)
    x0, x1 = min(top.start, bottom.start), max(top.end, bottom.end)
    between = [k for k, ln in enumerate(lines) if top.pos < ln.baseline < bottom.pos
               and ln.bbox.x1 > x0 and ln.bbox.x0 < x1]
    if facts and column_rule_through(verticals, facts, between, top, bottom) is not None:
        return False
    if _empty_band(lines, top, bottom, body, said, horizontals):
        return True
    if _heading_parts(lines, n_segments, between, top, bottom, facts, said, unruled=False, rules=horizontals):
        return True
    if _heading_gap(lines, n_segments, between, top.pos, bottom.pos, body, sizes):
        return True
    if _white_gap(lines, n_segments, between, body, _other_table(top, bottom)):
        return True
    for k in between:
        ln = lines[k]
        b = ln.bbox
        if b.x0 >= x0 - PROSE_SLACK and b.width >= PROSE_WIDTH * width and (
                is_prose(ln, n_segments[k]) or (facts is not None and facts.justified(k, PROSE_WORDS))):
            return True  # running prose; justified, its stretched spaces cut it into pieces
        if is_prose(ln, n_segments[k]) and any(b.x0 < x - PROSE_SLACK and b.x1 > x + PROSE_SLACK for x in (x0, x1)):
            return True
        if facts is not None and any(facts.prose_across(k, x, PROSE_WORDS, PROSE_SLACK) for x in (x0, x1)):
            return True  # prose after a run-in heading ("Discussion  The figures ..."), two pieces
    # Last, as it is the weaker reading: the tables' outer rules missing (fpdf2's
    # HORIZONTAL_LINES rules only between rows), the heading stands between the upper
    # table's last row and the next table's header.
    return _heading_parts(lines, n_segments, between, top, bottom, facts, said, unruled=True)


def _heading_parts(lines: Sequence[Line], n_segments: Sequence[int], between: Sequence[int], top: Rule,
                   bottom: Rule, facts: LineFacts | None, said: list[TableRegion] | None, unruled: bool,
                   rules: Sequence[Rule] = ()) -> bool:
    """Does a heading between the rules over a header row part two tables (``heading_between``)?
    Told in ``said`` as a rejected region, for explain."""
    x0, x1 = min(top.start, bottom.start), max(top.end, bottom.end)
    why = heading_between(facts, lines, n_segments, between, top.pos, bottom.pos, x0, x1, unruled,
                          (bottom.start, bottom.end), rules, (top.start, top.end)) if facts else ""
    if why and said is not None:
        box = Rect.bounding([lines[k].bbox for k in between])
        heights = sorted(lines[k].bbox.height for k in between)
        if nothing_over(lines, top.pos, x0, x1, heights[len(heights) // 2]):
            # No row ends over the upper rule: there is no table above to end, only the next one's top.
            said.append(TableRegion(box, "horizontal_rules", f"heading over a table: {why} stands alone right "
                                    "under a rule with no text over it and over the next table's header; no row of "
                                    "that table, which starts at the rule under it"))
            return True
        where = ("between one table's last row and the next table's header" if unruled
                 else "between two rules over a header row")
        said.append(TableRegion(box, "horizontal_rules", f"heading between tables: {why} stands alone {where}; "
                                "one table ends above it, the next starts below"))
    return bool(why)


def _heading_gap(lines: Sequence[Line], n_segments: Sequence[int], between: Sequence[int], top: float,
                 bottom: float, body: float, sizes: Sequence[float] = ()) -> bool:
    """Is there white space between two rules that parts two tables? A table's text sits
    close to its rules and to its other lines; a line in one piece, in larger type than the
    page's usual (a line taller than the usual line height ``body``, or, with ``sizes``,
    the type size per line in pt, type larger than the usual size: fonts differ in line
    height), a heading, not a section label of the table, with over ``HEADING_GAP`` usual
    line heights clear above or below it parts two tables."""
    ks = sorted(between, key=lambda k: lines[k].bbox.y0)
    usual = sorted(sizes)[len(sizes) // 2] if sizes and ks else 0.0
    for i, k in enumerate(ks):
        b = lines[k].bbox
        above = b.y0 - (lines[ks[i - 1]].bbox.y1 if i else top)
        below = (lines[ks[i + 1]].bbox.y0 if i + 1 < len(ks) else bottom) - b.y1
        larger = b.height > HEADING_SIZE * body or (usual > 0 and sizes[k] >= HEADING_SIZE * usual - SIZE_EPS)
        if n_segments[k] < 2 and larger and max(above, below) > HEADING_GAP * body:
            return True
    return False


def _other_table(top: Rule, bottom: Rule) -> bool:
    """Do two rules look like two tables' (clearly other widths, neither much shorter: a
    footnote separator under a table is short)?"""
    shorter = min(top.length, bottom.length)
    return not _one_width(top, bottom) and shorter >= OTHER_SHORTER * max(top.length, bottom.length)


def _one_width(a: Rule, b: Rule) -> bool:
    """Do two rules overlap over ``OTHER_OVERLAP`` of the longer one's length (one table's width)?"""
    return min(a.end, b.end) - max(a.start, b.start) >= OTHER_OVERLAP * max(a.length, b.length)


def _white_gap(lines: Sequence[Line], n_segments: Sequence[int], between: Sequence[int], body: float,
               other_widths: bool) -> bool:
    """Is there white space over ``HEADING_GAP`` usual line heights between two text lines
    between the rules that ends a table? A table's rows follow each other closely. White
    space followed only by notes or headings (lines in one piece) and then a rule ends one
    table (a totals row ruled only above it); so does any such white space between rules of
    ``other_widths`` (the next table's header). White space followed by rows again, between
    rules of one width, is a section break inside one table."""
    ks = sorted(between, key=lambda k: lines[k].bbox.y0)
    bottom = lines[ks[0]].bbox.y1 if ks else 0.0
    for i in range(1, len(ks)):
        b = lines[ks[i]].bbox
        if b.y0 - bottom > HEADING_GAP * body > 0 and (other_widths or all(n_segments[k] < 2 for k in ks[i:])):
            return True
        bottom = max(bottom, b.y1)
    return False


def _empty_band(lines: Sequence[Line], top: Rule, bottom: Rule, body: float,
                said: list[TableRegion] | None, horizontals: Sequence[Rule] = ()) -> bool:
    """Is there a stretch of over ``EMPTY_BAND`` usual line heights (``body``, pt) with no text
    at all between the rules, under the narrower one's whole width (from a rule or a line to
    the next)? No row of a table stacked from rules is that tall and empty: the narrower
    rule ends a table standing in one column of the page and the wider one is another's or a
    running footer's (a brochure's page-wide rule under its two columns). Rules of one width
    part so only with text beside the blank (the page's other column): a band blank wall to
    wall between them, with no rule of ``horizontals`` between, may be a panel's empty row.
    Told in ``said``."""
    narrow = top if top.length <= bottom.length else bottom
    edges = sorted([(top.pos, top.pos), (bottom.pos, bottom.pos)]
                   + [(ln.bbox.y0, ln.bbox.y1) for ln in lines if top.pos < ln.baseline < bottom.pos
                      and ln.bbox.x1 > narrow.start and ln.bbox.x0 < narrow.end])
    reach, gap, at = edges[0][1], 0.0, top.pos
    for y0, y1 in edges[1:]:
        if y0 - reach > gap:
            gap, at = y0 - reach, reach
        reach = max(reach, y1)
    if body <= 0 or gap <= EMPTY_BAND * body:
        return False
    beside = any(ln.bbox.y1 > at and ln.bbox.y0 < at + gap and (ln.bbox.x1 <= narrow.start or ln.bbox.x0 >= narrow.end)
                 for ln in lines)
    between = any(top.pos < h.pos < bottom.pos and h.end > narrow.start and h.start < narrow.end for h in horizontals)
    footer = at + gap >= bottom.pos - body and footer_rule(lines, bottom, body)
    if _one_width(top, bottom) and not beside and not between and not footer:
        return False  # rules of one width over a page-wide blank (a picture's place): nothing tells
    if said is not None:
        why = (f"; the lower rule has only the page's last text under it, {FOOTER_LINES} line height(s) at most: "
               "a running footer's rule" if footer else "")
        said.append(TableRegion(Rect(narrow.start, at, narrow.end, at + gap), "horizontal_rules",
                                f"empty band: {gap:.0f} pt with no text under a rule {narrow.length:.0f} pt wide, "
                                f"over {EMPTY_BAND:g} line heights; the rules above and below it are two tables' "
                                f"(or a table's and a running header's or footer's){why}"))
    return True


def footer_rule(lines: Sequence[Line], rule: Rule, body: float) -> bool:
    """Is ``rule`` a running footer's: the page's text under it (a title, a page number; one line
    or two) within ``FOOTER_LINES`` usual line heights (``body``, pt) of it, nothing further down? A table's
    closing rule over an empty row (a panel's picture place) has the page's text go on under it,
    or none at all."""
    under = [ln for ln in lines if ln.bbox.y0 > rule.pos]
    if not under or body <= 0:
        return False
    ys = sorted((ln.bbox.y0, ln.bbox.y1) for ln in under)
    top, bottom = ys[0][0], max(y1 for _, y1 in ys)
    return top - rule.pos <= FOOTER_LINES * body and bottom - top <= FOOTER_LINES * body


def title_banner(group: Sequence[Rule], bottom: Rule, lines: Sequence[Line], n_segments: Sequence[int], body: float,
                 said: list[TableRegion] | None) -> bool:
    """Is ``group`` so far only the two edges of one fill holding one line in one piece, in
    larger type than the page's usual line height ``body`` (pt) — a title banner ("Rates and
    services 2026" white on a dark band) — of another width than ``bottom`` (overlapping less
    than ``OTHER_OVERLAP`` of the longer: a table in one of the page's columns under it)?
    A banner is the page's or a section's title: a table's title row would be as wide as the
    table under it; its edges start no table with the rules below. Told in ``said``."""
    if len(group) != 2 or group[0].fill < 0 or group[0].fill != group[1].fill:
        return False
    low = group[1]
    if _one_width(low, bottom):
        return False
    top, low = group
    x0, x1 = min(top.start, low.start), max(top.end, low.end)
    inside = [k for k, ln in enumerate(lines) if top.pos < ln.baseline < low.pos and ln.bbox.x1 > x0 and ln.bbox.x0 < x1]
    if len(inside) != 1 or n_segments[inside[0]] != 1 or not lines[inside[0]].bbox.height > HEADING_SIZE * body > 0:
        return False
    if said is not None:
        said.append(TableRegion(Rect(x0, top.pos, x1, low.pos), "horizontal_rules", BANNER))
    return True


BANNER = ("a title banner: one fill holding one line in larger type, of another width than the rules under it; "
          "the page's or a section's title, never a table's header band, so its edges start no table with them")
HEADING_GAP = 2.0  # line heights of white space beside a one-piece line that part two tables


def column_rule_through(verticals: Sequence[Rule], facts: LineFacts, between: Sequence[int],
                        top: Rule, bottom: Rule) -> float | None:
    """The x (pt) of a column rule running through the band between two horizontal rules (a
    vertical from one to the other, standing inside both of them, that no piece of the lines
    ``between`` runs across), or None. A vertical at a rule's end is a box's side (a sidebar
    beside the text), not a column rule of the table the two rules draw. The band is then one of the table's rows, however much
    prose it holds: a paragraph, heading or caption between two tables does not sit between
    the table's own column rules, a multi-paragraph cell (an address, a note) does."""
    x0, x1 = max(top.start, bottom.start), min(top.end, bottom.end)
    for v in verticals:
        if v.orient != "v" or not x0 + INNER < v.pos < x1 - INNER:
            continue
        if v.start > top.pos + THROUGH_SLACK or v.end < bottom.pos - THROUGH_SLACK:
            continue
        if not any(facts.crosses(k, v.pos) for k in between):
            return v.pos
    return None



def prose_beside(facts: LineFacts, lines: Sequence[Line], top: Rule, bottom: Rule, min_words: int) -> str:
    """Running text beside the narrower of two stacked rules, inside the wider one's extent: the
    reason ("" when there is none). A rule no more than ``BESIDE_SHARE`` as long as the one
    above or below it, with ``BESIDE_LINES`` or more lines between them each holding a piece of
    ``min_words`` words or more past its end, stands in a page column beside another column of
    prose (a three-column page's small table under the rule closing a wider table): the wider
    rule is another table's edge. A table's narrower rule (a spanning label's underline) has
    header cells beside it, a few words a line."""
    narrow, wide = sorted((top, bottom), key=lambda r: r.length)
    if narrow.length > BESIDE_SHARE * wide.length:
        return ""
    sides = ((wide.start, narrow.start), (narrow.end, wide.end))
    prose = [k for k, ln in enumerate(lines) if top.pos < ln.baseline < bottom.pos
             and any(facts.words_within(k, a, b) >= min_words for a, b in sides if b - a > 0)]
    if len(prose) < BESIDE_LINES:
        return ""
    return (f"running text beside a rule: {len(prose)} lines of prose stand past the end of the rule at "
            f"y={narrow.pos:.1f} pt, inside the wider rule at y={wide.pos:.1f} pt (a page column beside a "
            "narrower table): the wider rule is another table's edge")
