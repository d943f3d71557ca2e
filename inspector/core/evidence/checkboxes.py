"""Check boxes and digit combs: a form's marks on a text line, no table rules.

A form draws its check boxes as small empty squares on a text line ("[ ] Yes", "[ ] Full-time
student") and its digit fields as combs (short ticks standing on the field's baseline, one
glyph between two). Inside a ruled table their sides meet the row rules within
``tables.intersect_tol`` and each became a column boundary (Form 1040's dependents table, 5
columns by its tags, came out with 42). They are told from a table's rules by geometry and
context, the same for any producer:

- a check box: two equal short verticals (``MIN_SIDE``..``MAX_SIDE`` pt, a text line's
  height) about as far apart as they are tall, with a short side at the top or bottom (the
  other may have been merged into a row rule it sits under), no word centred inside, and a
  label beside it: a word on the same text line (its middle within the box's height, its
  height ``LABEL_HEIGHT`` x the box's) within ``LABEL_REACH`` box heights left or right; its
  sides are strokes (a filled square is a legend's swatch or a chart's marker);
- check boxes stacked in a column ("(a) [ ] Yes" over "(b) [ ] And in the U.S." in one ruled
  cell): the boxes' verticals, a few points apart, were joined into one pair of verticals up to
  ``STACK_MAX`` pt long; short sides exactly as wide as the pair cut it into squares (each a box
  as above, labelled, nothing centred inside) and gaps under ``SQUARE[0]`` box widths, and at
  least two squares;
- a comb: two or more equal short stroked verticals standing on one horizontal rule (their bottoms on
  it) whose tops stop ``SHORT_OF``..``ROOF`` pt short of the rule over them (a column rule
  divides a row from its top rule to its bottom one; a comb's tick stops short), both rules
  running on past the run's outer ticks (the field; a chart's stacked bars share only their
  own width), no word crossing a tick.

Marks inside a figure area (a scatter plot's square markers, an axis' ticks) are the figure's
and are left to it. Coordinates are page space (points).
"""

from __future__ import annotations

import itertools
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence

from ..types import Rect, Rule, Word
from .figures import Figure

# Why no user would change these: they describe a check box's and a comb's shape, which forms
# of every producer share; sizes are a text line's, in points.
MIN_SIDE = 4.0  # pt: shorter verticals are dots, ticks of a glyph, not a box or a comb's tick
MAX_SIDE = 14.0  # pt: a box taller than a tall text line is a cell or a frame
SQUARE = (0.6, 1.6)  # width / height range of a check box
SNAP = 1.0  # pt: sides and ends this close are the same
SHORT_OF = 1.0  # pt: a comb's tick top lies at least this far from every horizontal rule
ROOF = 4.0  # pt: and at most this far under the rule over it (the field's top)
LABEL_REACH = 3.0  # box heights: its label starts within this left or right of the box
LABEL_HEIGHT = (0.6, 2.5)  # a label word's height over the box's: the same text line
MIN_TICKS = 2  # equal ticks on one baseline that make a comb
STACK_MAX = 4 * MAX_SIDE  # pt: the longest joined pair of verticals read as a column of boxes

CHECK_BOX = "check boxes are no rules: an empty square beside a label on a text line (a form's box)"
STACKED = "check boxes stacked in a column are no rules: squares one over another, each beside its label"
COMB = "a comb is no rule: short equal ticks standing on one baseline (a form's digit field)"


def form_marks(words: Sequence[Word], rules: Sequence[Rule], figures: Sequence[Figure]) -> dict[Rule, str]:
    """The rules of ``rules`` that draw check boxes or combs, each with why (see the module)."""
    def upright(lo: float, hi: float) -> list[Rule]:
        return [r for r in rules if r.orient == "v" and lo <= r.length <= hi
                and not any(_within(r.bbox, f.bbox) for f in figures)]

    shorts, longs = upright(MIN_SIDE, MAX_SIDE), upright(MAX_SIDE + 1e-6, STACK_MAX)
    if not shorts and not longs:
        return {}
    hs = _ByPos(r for r in rules if r.orient == "h")
    out = dict.fromkeys(_check_boxes(words, shorts, hs), CHECK_BOX)
    out.update(dict.fromkeys(_stacked_boxes(words, longs, hs), STACKED))
    out.update(dict.fromkeys(_combs(words, [r for r in shorts if r not in out], hs), COMB))
    return out


class _ByPos:
    """Horizontal rules sorted by y, to pick those near a height without a pass over all."""

    def __init__(self, rules: Iterable[Rule]) -> None:
        self.rules = sorted(rules, key=lambda r: r.pos)
        self.ys = [r.pos for r in self.rules]

    def between(self, lo: float, hi: float) -> list[Rule]:
        return self.rules[bisect_left(self.ys, lo):bisect_right(self.ys, hi)]


def _check_boxes(words: Sequence[Word], vs: Sequence[Rule], hs: _ByPos) -> list[Rule]:
    vs = sorted(vs, key=lambda r: r.pos)
    out: list[Rule] = []
    for n, left in enumerate(vs):
        for right in vs[n + 1:]:
            width, height = right.pos - left.pos, left.length
            if width > SQUARE[1] * height:
                break
            if width < SQUARE[0] * height or not _same_span(left, right):
                continue
            sides = [s for y in (left.start, left.end) for s in hs.between(y - SNAP, y + SNAP)
                     if _is_side(s, y, left.pos, right.pos)]
            box = Rect(left.pos, left.start, right.pos, left.end)
            filled = any(r.fill >= 0 for r in (left, right, *sides))  # a swatch, a chart's marker
            if sides and not filled and not _centred_in(words, box) and _labelled(words, box):
                out += [left, right, *sides]
                break
    return out


def _stacked_boxes(words: Sequence[Word], vs: Sequence[Rule], hs: _ByPos) -> list[Rule]:
    """Pairs of joined verticals that draw two or more check boxes one over another."""
    vs = sorted(vs, key=lambda r: r.pos)
    out: list[Rule] = []
    for n, left in enumerate(vs):
        for right in vs[n + 1:]:
            if right.pos - left.pos > MAX_SIDE:
                break
            if right.pos - left.pos < MIN_SIDE or not _same_span(left, right) or left.fill >= 0 or right.fill >= 0:
                continue
            sides = _stack_sides(words, left, right, hs)
            if sides is not None:
                out += [left, right, *sides]
                break
    return out


def _stack_sides(words: Sequence[Word], left: Rule, right: Rule, hs: _ByPos) -> list[Rule] | None:
    """The sides cutting ``left``..``right`` into labelled squares and short gaps, or None."""
    width = right.pos - left.pos
    sides = [h for h in hs.between(left.start - SNAP, left.end + SNAP)
             if abs(h.start - left.pos) <= SNAP and abs(h.end - right.pos) <= SNAP and h.fill < 0]
    cuts = sorted({left.start, left.end, *(h.pos for h in sides)})
    ys = [y for k, y in enumerate(cuts) if k == 0 or y - cuts[k - 1] > SNAP]
    boxes = []
    for y0, y1 in itertools.pairwise(ys):
        if SQUARE[0] * (y1 - y0) <= width <= SQUARE[1] * (y1 - y0):
            boxes.append(Rect(left.pos, y0, right.pos, y1))
        elif y1 - y0 >= SQUARE[0] * width:
            return None  # neither a box nor the gap between two: a cell, a frame
    if len(boxes) < 2 or any(_centred_in(words, b) or not _labelled(words, b) for b in boxes):
        return None
    return sides


def _combs(words: Sequence[Word], vs: Sequence[Rule], hs: _ByPos) -> list[Rule]:
    """Runs of ``MIN_TICKS`` or more equal ticks standing on one horizontal rule under one roof."""
    runs: dict[tuple[Rule, Rule, int], list[Rule]] = {}
    for v in vs:
        if v.fill >= 0:
            continue  # a filled shape's edge (a logo, a bar), no stroke
        base = next((h for h in hs.between(v.end - SNAP, v.end + SNAP) if _spans(h, v.pos)), None)
        # Rules farther over the tick than ROOF fail the test below as the nearest would.
        roof = min((h for h in hs.between(v.start - ROOF, v.end - SNAP) if _spans(h, v.pos) and h.pos < v.end - SNAP),
                   key=lambda h: abs(v.start - h.pos), default=None)
        # A comb's tick stops short of the row's top rule; reaching it, it is a column's rule.
        if base is None or roof is None or not SHORT_OF <= v.start - roof.pos <= ROOF:
            continue
        if any(w.bbox.x0 < v.pos < w.bbox.x1 and w.bbox.y0 < v.end and w.bbox.y1 > v.start for w in words):
            continue  # text runs across it: a divider, no comb's tick
        runs.setdefault((base, roof, round(v.length / SNAP)), []).append(v)
    out: list[Rule] = []
    for (base, roof, _), run in runs.items():
        x0, x1 = min(v.pos for v in run), max(v.pos for v in run)
        # The field's rules run on past its ticks; a chart's stacked bars share only their own width.
        if len(run) >= MIN_TICKS and all(h.start <= x0 - MIN_SIDE and h.end >= x1 + MIN_SIDE for h in (base, roof)):
            out += run
    return out


def _spans(h: Rule, x: float) -> bool:
    return h.start - SNAP <= x <= h.end + SNAP


def _same_span(a: Rule, b: Rule) -> bool:
    return abs(a.start - b.start) <= SNAP and abs(a.end - b.end) <= SNAP


def _is_side(h: Rule, y: float, x0: float, x1: float) -> bool:
    return abs(h.pos - y) <= SNAP and abs(h.start - x0) <= SNAP and abs(h.end - x1) <= SNAP


def _centred_in(words: Sequence[Word], box: Rect) -> bool:
    return any(box.x0 <= (w.bbox.x0 + w.bbox.x1) / 2 <= box.x1 and box.y0 <= (w.bbox.y0 + w.bbox.y1) / 2 <= box.y1
               for w in words)


def _labelled(words: Sequence[Word], box: Rect) -> bool:
    """A word on the box's text line starts or ends within ``LABEL_REACH`` box heights of it."""
    h = box.height
    reach = LABEL_REACH * h
    for w in words:
        mid = (w.bbox.y0 + w.bbox.y1) / 2
        if not (box.y0 <= mid <= box.y1 and LABEL_HEIGHT[0] * h <= w.bbox.height <= LABEL_HEIGHT[1] * h):
            continue
        if 0 <= w.bbox.x0 - box.x1 <= reach or 0 <= box.x0 - w.bbox.x1 <= reach:
            return True
    return False


def _within(inner: Rect, outer: Rect) -> bool:
    return outer.x0 - SNAP <= inner.x0 and inner.x1 <= outer.x1 + SNAP and outer.y0 - SNAP <= inner.y0 \
        and inner.y1 <= outer.y1 + SNAP
