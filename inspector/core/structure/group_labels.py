"""Column gaps under group labels: a label centred over a group of columns hides no column.

A statistical table sets its group labels ("Year of data", "Enrollment, in thousands",
"Percentage difference between actual and projected values") each alone on its line, centred
over the columns it groups. Such a line crosses the column gaps under it; when a table has
more of them than ``columns.spanning_lines`` allows (four in thirteen lines), the gap between
two of its number columns is lost and their amounts come out in one cell. A line holding one
piece of text that is centred over a group of the columns the other lines find says nothing
against those columns: the gaps the other lines leave under it stay boundaries (the label
becomes a cell spanning its group). So does a full-width section or note row standing alone
in a drawn band of its own (``banded_section_lines``), however many lines it wraps over.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np

from ..params import ColumnParams
from ..types import Rect, Rule
from .columns import Line, Pieces, Segment, column_boundaries, crossings_allowed
from .gapless import Column

HEAD_LINES = 3  # a table's first lines that may hold group labels over the columns under them
MIN_ROWS = 3  # lines of several pieces needed before their gaps may stand under a label
GROUP_RULE = 0.9  # a horizontal rule shorter than this share of the table's width may underline a group label
CENTRED = 0.08  # a label's centre lies within this share of its group's width from the group's centre


def under_group_labels(inner: list[float], pieces: Pieces, segs: Sequence[Segment], x0: float, x1: float,
                       params: ColumnParams, sections: frozenset[int] = frozenset()) -> list[float]:
    """``inner`` (column boundaries found over every line) and the boundaries the lines of
    several pieces leave that only lines of one centred piece cross (see the module doc), or
    lines of a full-width section row (``sections``, line indices: ``banded_section_lines``)."""
    inner = sorted([*inner, *_beside_labels(inner, pieces, segs, x0, x1, params)])
    per_line = Counter(s.line for s in segs)
    lone = {ln for ln, n in per_line.items() if n == 1} | sections
    n_rest = len(per_line) - len(lone & per_line.keys())
    if not lone or n_rest < max(MIN_ROWS, params.min_rows):
        return inner
    keep = ~np.isin(pieces.line, list(lone))
    rest = Pieces(pieces.x0[keep], pieces.x1[keep], pieces.line[keep])
    found = column_boundaries(rest, x0, x1, n_rest, params)
    xs = [x0, *found, x1]
    extents = [_extent(rest, a, b) for a, b in zip(xs, xs[1:], strict=False)]
    labels = [s for s in segs if s.line in lone and s.line not in sections]
    added = []
    for k, x in enumerate(found, start=1):
        lo, hi = extents[k - 1], extents[k]
        if lo is None or hi is None or any(lo[1] < y < hi[0] for y in inner):
            continue  # already a boundary in this gap
        crossing = [s for s in labels if s.x0 < x < s.x1]
        # A section row's line covers the gap with a word, a segment or a justified space.
        banded = sections and bool(np.isin(pieces.line[(pieces.x0 < x) & (pieces.x1 > x)], list(sections)).any()
                                   or any(s.line in sections and s.x0 < x < s.x1 for s in segs))
        if (crossing or banded) and all(_centred(s, extents, k) for s in crossing):
            added.append(x)
    return sorted([*inner, *added])


def under_head_labels(inner: list[float], pieces: Pieces, segs: Sequence[Segment], x0: float, x1: float,
                      params: ColumnParams, table: tuple[float, float] | None = None,
                      plain: Column | None = None) -> list[float]:
    """``inner`` (column boundaries found over every line of [x0, x1]) and the boundaries the
    lines under the first one, two or ``HEAD_LINES`` lines leave that only pieces of those first
    lines cross, each piece centred over a group of the columns the lines under them find: a
    title over every column and group labels over their sub-columns, on lines of their own or
    beside each other ("Group" and "Company" on one line, each over two columns of amounts).
    In a short table such lines are more than ``columns.spanning_lines`` of all, and the gap
    between two number columns under a group was lost (their amounts in one cell). ``table``:
    the whole table's sides (pt) when [x0, x1] is one drawn column of it; a title centred on the
    table crosses the drawn column off its middle. ``plain``: these pieces as ``gapless.Column``
    (of [x0, x1]), when the caller has it."""
    plain = plain or Column(pieces, x0, x1)
    lines = sorted(set(plain.lines))
    added: list[float] = []
    for t in range(1, HEAD_LINES + 1):
        if len(lines) - t < max(MIN_ROWS, params.min_rows):
            break
        if plain.finds_none(crossings_allowed(len(lines) - t, params), params.min_gap, set(lines[:t])):
            continue  # the search below would find no boundary (nine in ten of them), without numpy's cost
        keep = ~np.isin(pieces.line, lines[:t])
        rest = Pieces(pieces.x0[keep], pieces.x1[keep], pieces.line[keep])
        found = column_boundaries(rest, x0, x1, len(lines) - t, params)
        xs = [x0, *found, x1]
        extents = [_extent(rest, a, b) for a, b in zip(xs, xs[1:], strict=False)]
        heads = [s for s in segs if s.line in lines[:t]]
        for k, x in enumerate(found, start=1):
            lo, hi = extents[k - 1], extents[k]
            if lo is None or hi is None or any(lo[1] < y < hi[0] for y in [*inner, *added]):
                continue  # already a boundary in this gap
            crossing = [s for s in heads if s.x0 < x < s.x1]
            if crossing and all(_centred(s, extents, k) or _on_table(s, table) for s in crossing):
                added.append(x)
    return sorted([*inner, *added])


def _on_table(seg: Segment, table: tuple[float, float] | None) -> bool:
    """Is ``seg`` centred on the table whose sides are ``table`` (within ``CENTRED`` of its width)?"""
    return table is not None and abs((seg.x0 + seg.x1) / 2 - (table[0] + table[1]) / 2) <= CENTRED * (table[1] - table[0])


def _beside_labels(inner: list[float], pieces: Pieces, segs: Sequence[Segment], x0: float, x1: float,
                   params: ColumnParams) -> list[float]:
    """The boundaries the lines under a table's first line leave that one piece of that line
    alone crosses, centred over the columns beside the boundary, with a sub-header on each side
    of it in the line under it and nothing there under the other heads: a group label set on
    one line with the labels beside it (tall header cells set at their top, Word's default),
    over its sub-headers ("Unit price" over "Net  Gross"). A short table lets no line cross a
    gap, so the label's own line hid it."""
    if not segs:
        return []
    top = min(s.line for s in segs)
    heads = [s for s in segs if s.line == top]
    below = [s.line for s in segs if s.line > top]
    if len(heads) < 2 or not below:
        return []
    under = min(below)  # the line under the first (once: not once a piece)
    subs = [s for s in segs if s.line == under]
    keep = pieces.line != top
    rest = Pieces(pieces.x0[keep], pieces.x1[keep], pieces.line[keep])
    n_rest = len(set(below))
    if n_rest < max(MIN_ROWS, params.min_rows):
        return []
    found = column_boundaries(rest, x0, x1, n_rest, params)
    xs = [x0, *found, x1]
    extents = [_extent(rest, a, b) for a, b in zip(xs, xs[1:], strict=False)]
    added = []
    for k, x in enumerate(found, start=1):
        lo, hi = extents[k - 1], extents[k]
        if lo is None or hi is None or any(lo[1] < y < hi[0] for y in inner):
            continue
        crossing = [s for s in heads if s.x0 < x < s.x1]
        if len(crossing) != 1 or not _centred(crossing[0], extents, k):
            continue
        # A sub-header on each side, and the line under holding nothing but the sub-headers:
        # no text under the heads beside the label (a body row is no sub-header line), which
        # may stand off the label's ends (set left in their cells: "Net" left of "Unit price").
        label = crossing[0]
        lo_x = max((s.x1 for s in heads if s.x1 <= label.x0), default=x0)
        hi_x = min((s.x0 for s in heads if s.x0 >= label.x1), default=x1)
        if any(s.x1 <= x for s in subs) and any(s.x0 >= x for s in subs) and \
                all(lo_x <= s.x0 and s.x1 <= hi_x for s in subs):
            added.append(x)
    return added


def banded_section_lines(lines: Sequence[Line], segs: Sequence[Segment], pieces: Pieces, rules: Sequence[Rule],
                         box: Rect, min_gap: float) -> frozenset[int]:
    """Indices of the lines that stand in a drawn band of their own, every line of it one
    run of text (its ``segs`` and ``pieces``, a justified line's stretched spaces bridged,
    parted by less than ``min_gap`` pt): between two horizontal rules or fill edges across ``box``
    (``GROUP_RULE`` of its width or more, three at least), a full-width section or note row,
    its text wrapped over as many lines as it needs ("Instant access accounts. Interest is
    calculated daily ..."). Such a row spans the table: its lines say nothing against the
    columns under it."""
    ys = sorted({round(r.pos, 1) for r in rules if r.orient == "h" and r.length >= GROUP_RULE * box.width})
    if len(ys) < MIN_ROWS:
        return frozenset()
    out: set[int] = set()
    for a, b in zip(ys, ys[1:], strict=False):
        band = [k for k, ln in enumerate(lines) if a < ln.bbox.cy < b]
        if band and all(_one_run(segs, pieces, k, min_gap) for k in band):
            out.update(band)
    return frozenset(out)


def _one_run(segs: Sequence[Segment], pieces: Pieces, line: int, min_gap: float) -> bool:
    """Do the segments and pieces of ``line`` together make one run, none parted from the
    text before it by ``min_gap`` pt or more?"""
    mine = pieces.line == line
    spans = sorted([(s.x0, s.x1) for s in segs if s.line == line]
                   + list(zip(pieces.x0[mine].tolist(), pieces.x1[mine].tolist(), strict=True)))
    if not spans:
        return False
    right = spans[0][1]
    for a, b in spans[1:]:
        if a - right >= min_gap:
            return False
        right = max(right, b)
    return True


def _extent(pieces: Pieces, a: float, b: float) -> tuple[float, float] | None:
    """Left and right edge of the text centred in [a, b), None when there is none."""
    inside = pieces.centred_in(a, b)
    return (float(inside.x0.min()), float(inside.x1.max())) if len(inside.x0) else None


def _centred(seg: Segment, extents: Sequence[tuple[float, float] | None], k: int) -> bool:
    """Is ``seg`` (crossing the boundary between columns ``k - 1`` and ``k``) centred over a
    run of columns holding those two and every column its text overlaps?"""
    hit = [j for j, e in enumerate(extents) if e is not None and e[0] < seg.x1 and e[1] > seg.x0]
    lo, hi = min([k - 1, *hit]), max([k, *hit])
    centre = (seg.x0 + seg.x1) / 2
    for first in range(lo, -1, -1):
        for last in range(hi, len(extents)):
            group = [e for e in extents[first:last + 1] if e is not None]
            left, right = group[0][0], group[-1][1]
            if abs(centre - (left + right) / 2) <= CENTRED * (right - left):
                return True
    return False


def at_group_rules(inner: list[float], rules: Sequence[Rule], segs: Sequence[Segment], lines: Sequence[Line],
                   box: Rect) -> list[float]:
    """``inner`` (text-gap column boundaries) with each moved to the end of a group label's
    underline (a horizontal rule under part of the header, ``GROUP_RULE`` of the width at most)
    that lies in the same white: no text crosses the rule's end, and only the line right under
    the rule (the group's sub-headers) has text between the two. A gap's boundary sits
    anywhere in its white, and a sub-header set flush left under the group ("수량" over
    right-aligned quantities) narrows the white to its right side; the rule says where the
    group, and so its first column, starts."""
    ends = group_rule_ends(rules, box)
    if not ends:
        return inner
    out = []
    for x in inner:
        moved = next((e for e, y in ends if e != x and _same_white(x, e, y, segs, lines)), x)
        out.append(moved)
    return sorted(set(out))


def group_rule_ends(rules: Sequence[Rule], box: Rect) -> list[tuple[float, float]]:
    """(x, y) of the ends inside ``box`` of its horizontal rules shorter than ``GROUP_RULE`` of its width."""
    return [(e, r.pos) for r in rules if r.orient == "h" and r.length < GROUP_RULE * box.width
            for e in (r.start, r.end) if box.x0 < e < box.x1]


def _same_white(x: float, e: float, y: float, segs: Sequence[Segment], lines: Sequence[Line]) -> bool:
    """Is the white at boundary ``x`` the white at ``e`` (the end of a rule at height ``y``, pt):
    no text crosses ``e``, text between them only on the first line under the rule?"""
    lo, hi = min(x, e), max(x, e)
    under = [k for k, ln in enumerate(lines) if ln.bbox.cy > y]
    first = min(under, key=lambda k: lines[k].bbox.cy) if under else -1
    for s in segs:
        if s.x0 < e < s.x1:
            return False
        if s.x0 < hi and s.x1 > lo and s.line != first:
            return False
    return first >= 0
