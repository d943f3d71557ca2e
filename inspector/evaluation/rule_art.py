"""Unused rules that are page art, not a lost table: the sides of a box and a separator line.

``rulekinds`` sorts the unused rules by what detection set aside; what is left ("other") mixes
the rules of a table detection missed with rules no table has. Two kinds of the latter are
told by the rules' own geometry, among the page's "other" rules:

- ``box``: a side of a rectangle of four such rules (its corners meet within ``snap``), with
  no other such rule inside it: a text box, a callout, a legend's key, a label's frame, a
  page frame around tables whose rules the tables use. A box with unused rules inside is a
  grid, and may be a missed table: it stays "other".
- ``separator``: a horizontal rule at least ``SEPARATOR_SHARE`` of the page wide, with text
  within ``SEPARATOR_REACH`` above or below it but not standing on most of it (an underline
  the underline finder missed), no upright rule meeting it, and no other such
  rule over the same span without a detected table or a box between the two (a missed
  booktabs table keeps its top, middle and bottom rules "other"): a line under a heading,
  between sections, under a page's title, over a column's footnotes.

Both are diagnosis for the unused-rule count (a rule of a missed table framed as a box is
still counted); detection never reads them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.types import Rect, Rule, Word

BOX_MIN = 12.0  # pt: a box's sides are at least this long (a check box's are shorter)
SEPARATOR_SHARE = 0.1  # of the page's width: a separator spans at least this (a footnote's rule: about 1/6)
UNDER_GAP = 1.0  # pt: a word whose box (its descent included) ends this close over a rule stands on it
UNDERLINED = 0.5  # share of a rule's length words standing on it cover to make it an underline
SEPARATOR_REACH = 24.0  # pt: the text a separator separates lies at most this far from it
SPAN_OVERLAP = 0.5  # share of the longer span two rules share to run over the same span


def art_kinds(rules: Sequence[Rule], tables: Sequence[Rect], words: Sequence[Word], width: float,
              snap: float) -> dict[Rule, str]:
    """``box`` or ``separator`` for those of ``rules`` (the page's "other" unused rules) that
    are one, given the page's detected ``tables`` (boxes), ``words`` and ``width`` (pt)."""
    out = dict.fromkeys(_box_sides(rules, snap), "box")
    rest = [r for r in rules if r not in out]
    between = [*tables, *(r.bbox for r in out)]  # what parts two rules: they frame no table together
    for r in rest:
        if _separator(r, rest, between, words, width, snap):
            out[r] = "separator"
    return out


def _box_sides(rules: Sequence[Rule], snap: float) -> set[Rule]:
    """The sides of the rectangles the ``rules`` draw with nothing ruled inside."""
    flat = [r for r in rules if r.orient == "h" and r.length >= BOX_MIN]
    upright = [r for r in rules if r.orient == "v" and r.length >= BOX_MIN]
    out: set[Rule] = set()
    for i, top in enumerate(flat):
        for bottom in flat[i + 1:]:
            if abs(top.start - bottom.start) > snap or abs(top.end - bottom.end) > snap or top.pos == bottom.pos:
                continue
            y0, y1 = sorted((top.pos, bottom.pos))
            sides = [v for v in upright if abs(v.start - y0) <= snap and abs(v.end - y1) <= snap
                     and (abs(v.pos - top.start) <= snap or abs(v.pos - top.end) <= snap)]
            if len({abs(v.pos - top.start) <= snap for v in sides}) < 2:
                continue  # a left and a right side
            inner = Rect(top.start + snap, y0 + snap, top.end - snap, y1 - snap)  # off its own sides
            if not any(_touches(r.bbox, inner) for r in rules):
                out.update([top, bottom, *sides])
    return out


def _touches(a: Rect, b: Rect) -> bool:
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def _separator(r: Rule, rules: Sequence[Rule], between: Sequence[Rect], words: Sequence[Word], width: float,
               snap: float) -> bool:
    """Is ``r`` a lone horizontal line between text (see the module docstring)?"""
    if r.orient != "h" or r.length < SEPARATOR_SHARE * width:
        return False
    if any(v.orient == "v" and r.start - snap <= v.pos <= r.end + snap and v.start - snap <= r.pos <= v.end + snap
           for v in rules):
        return False
    over = [w.bbox for w in words if w.bbox.x1 > r.start and w.bbox.x0 < r.end]
    if not any(min(abs(b.y1 - r.pos), abs(b.y0 - r.pos)) <= SEPARATOR_REACH for b in over):
        return False
    standing = [b for b in over if b.y0 < r.pos and r.pos - UNDER_GAP <= b.y1]
    if sum(min(b.x1, r.end) - max(b.x0, r.start) for b in standing) >= UNDERLINED * r.length:
        return False  # words stand on most of it: an underline (a heading's rule runs on past its words)
    return not any(o is not r and o.orient == "h" and _same_span(r, o) and not _parted(r, o, between)
                   for o in rules)


def _same_span(a: Rule, b: Rule) -> bool:
    shared = min(a.end, b.end) - max(a.start, b.start)
    return shared >= SPAN_OVERLAP * max(a.length, b.length)  # a table's rules run alike


def _parted(a: Rule, b: Rule, between: Sequence[Rect]) -> bool:
    """Does one of ``between`` (tables, box sides) lie between the two rules, over their span?"""
    y0, y1 = sorted((a.pos, b.pos))
    lo, hi = max(a.start, b.start), min(a.end, b.end)
    return any(y0 < t.y0 and t.y1 < y1 and t.x0 < hi and lo < t.x1 for t in between)
