"""A row whose top border is left out: the column rules above end inside a ruled band.

Word draws each cell's borders itself. A full-width row under a table's columns (a form's
"Please book: [ ] 20' [ ] 40' ..." line, a note row) whose top border is set to none leaves no
rule between it and the row above, yet the column rules of the row above end where that row
ends, all at one height inside the band the horizontal rules make. That common end is a row
boundary (``column_ends``), and the row under it, drawing none of the grid's column rules, is
one cell across the table (``open_rows``): its line runs under the columns, not in them.

The same holds over some columns only: a tax table's header draws the rules between "Single",
"Qualifying widow(er)" and "Married filing separately" down to a line's height over the band's
bottom rule, and "Your tax is—" stands under their ends, centred across the three, while the
rules either side of the three ("But less than" | "Single", the side) run on down the band.
The ends are a row boundary within those rules (the span), the row under them one cell across
the span, and the columns outside it, drawing no rule there, one cell down both rows.

Measured from the drawn rules: in a band between two consecutive row rules, the inner vertical
rules that enter it from its top and end at one height (within ``snap``) a line's height or
more above the band's bottom, ``MIN_ENDS`` or more of them; the span is bounded by the nearest
vertical running on past that height (or the table's side) either side of them, and no
vertical inside it runs on; the text in the span has words wholly above that height and wholly
under it, none across it. Parameter ``tables.column_ends``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..types import Grid, Rule
from .region import HALF, RegionEvidence

# Why no user would change this: one column rule ending early is a drawing's slip (a rule a
# point short) or one box's divider; two or more ending together, none running on, are a row's
# bottom.
MIN_ENDS = 2  # inner column rules that must end together
OVERSHOOT = 0.25  # of a word's height: its box may reach this far past the ends and be wholly on its side
COLUMN_ENDS = ("the column rules above all end here, inside the band their row rules make, text above and "
               "under: a row whose top border is left out (Word's full-width row under a table's columns), "
               "one cell across the table when it draws none of them")
SPAN_ENDS = ("the column rules of the columns from x = {x0:.1f} to {x1:.1f} pt end here, inside the band their row "
             "rules make, the rules either side running on, text above and under: a line under their ends (a "
             "label under the heads it groups), one cell across those columns; the columns beside them one cell "
             "down both rows")

Ends = Mapping[float, tuple[float, float]]  # a row boundary where column rules end -> the span (x0, x1) it parts


def column_ends(ev: RegionEvidence, xs: Sequence[float], ys: Sequence[float]) -> dict[float, tuple[float, float]]:
    """Heights (pt) inside the bands of ``ys`` where the inner column rules entering a band
    from its top end together over a span of columns (x0, x1) (the whole table, or between two
    rules running on), text in the span wholly above and wholly under: boundaries of rows whose
    top border is left out, each with its span. Empty unless ``tables.column_ends``."""
    if not ev.params.tables.column_ends:
        return {}
    inner = [r for r in ev.cand.rules if r.orient == "v" and xs[0] + ev.snap < r.pos < xs[-1] - ev.snap]
    out: dict[float, tuple[float, float]] = {}
    for top, bottom in zip(ys, ys[1:], strict=False):
        inside = [ln for ln in ev.lines if top <= ln.bbox.cy < bottom]
        if len(inside) < 2:
            continue
        height = min(ln.bbox.height for ln in inside)
        entering = [v for v in inner if v.start <= top + ev.snap and v.end > top + height]
        for end in sorted({v.end for v in entering if v.end <= bottom - height}):
            span = _span(ev, [v for v in entering if abs(v.end - end) <= ev.snap], inner, end, (xs[0], xs[-1]))
            ids = [i for ln in inside for i in ln.word_ids]
            if span is not None and end not in out and _text_parted(ev, ids, span, end):
                out[end] = span
    return out


def _span(ev: RegionEvidence, ending: Sequence[Rule], inner: Sequence[Rule], end: float,
          sides: tuple[float, float]) -> tuple[float, float] | None:
    """The columns (x0, x1) the ``ending`` rules part: between the nearest rules running on past
    ``end`` either side (or the ``sides``), none running on between; None for fewer than
    ``MIN_ENDS`` rules."""
    if len(ending) < MIN_ENDS:
        return None
    on = [v.pos for v in inner if v.start < end - ev.snap and v.end > end + ev.snap]
    lo, hi = min(v.pos for v in ending), max(v.pos for v in ending)
    x0 = max([x for x in on if x < lo], default=sides[0])
    x1 = min([x for x in on if x > hi], default=sides[1])
    return None if any(x0 < x < x1 for x in on) else (x0, x1)


def _text_parted(ev: RegionEvidence, ids: Sequence[int], span: tuple[float, float], end: float) -> bool:
    """Do the words ``ids`` within ``span`` stand above ``end`` and under it, none across? A word
    box reaching ``OVERSHOOT`` of its height past ``end`` is still on its side (a font's box is
    taller than its letters: a descender's room)."""
    boxes = [ev.words[i].bbox for i in ids if span[0] < ev.words[i].bbox.cx < span[1]]
    return (any(b.cy < end for b in boxes) and any(b.cy > end for b in boxes)
            and not any(b.y0 + OVERSHOOT * b.height < end < b.y1 - OVERSHOOT * b.height for b in boxes))


def open_rows(grid: Grid, ev: RegionEvidence, ends: Ends) -> list[tuple[int, int, int]]:
    """(row, first column, last column) of each row of ``grid`` starting at one of ``ends``
    (``column_ends``) that draws none of its column rules within the end's span (none down half
    its height): one cell across the span's columns."""
    ys, xs = grid.ys, grid.xs
    out = []
    for r in range(grid.n_rows):
        if ys[r] not in ends:
            continue
        c0, c1 = span_columns(grid, ends[ys[r]], ev.snap)
        if c1 > c0 and all(ev.covered("v", x, ys[r], ys[r + 1]) < HALF for x in xs[c0 + 1:c1 + 1]):
            out.append((r, c0, c1))
    return out


def span_columns(grid: Grid, span: tuple[float, float], snap: float) -> tuple[int, int]:
    """The first and last column of ``grid`` lying within ``span`` (x0, x1)."""
    cols = [c for c in range(grid.n_cols) if grid.xs[c] >= span[0] - snap and grid.xs[c + 1] <= span[1] + snap]
    return (cols[0], cols[-1]) if cols else (0, -1)


def beside_spans(grid: Grid, ev: RegionEvidence, ends: Ends) -> list[tuple[int, int]]:
    """(row, column) slots to join to the slot under them: beside a partial end's span (``ends``),
    the columns outside it, where no row rule is drawn at the end, are one cell down both rows."""
    ys, xs = grid.ys, grid.xs
    out: list[tuple[int, int]] = []
    for r in range(1, grid.n_rows):
        span = ends.get(ys[r])
        if span is None:
            continue
        c0, c1 = span_columns(grid, span, ev.snap)
        out.extend((r - 1, c) for c in range(grid.n_cols)
                   if not c0 <= c <= c1 and ev.covered("h", ys[r], xs[c], xs[c + 1]) < HALF)
    return out
