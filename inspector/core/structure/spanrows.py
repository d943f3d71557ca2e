"""Rows that are one cell across a table (a bold section label or a note in a band of its
own) and totals labels spanning the columns before their amounts.

A table that rules its rows (or shades them) and draws no column rule through a row holding
only a section label or a note gives that row one cell the table's width, as a shaded
section band does (``sections.section_rows``): the text names or annotates the rows around
it and belongs to no column. A totals row ("합 계", "Total") whose label is centred over the
empty columns before its amounts, no column rule through them, has one label cell over those
columns (a tender merges them). Read by ``spans.grid_spans``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..multipage.markers import NOTE
from ..numbers import is_number
from ..totals import totals_label
from ..types import Grid, Word
from .columns import Line, line_cols
from .region import FULL, HALF, RegionEvidence
from .sectionrows import row_pitch, section_at_pitch
from .sections import WIDE, bold_label_rows
from .wordslots import WordSlots

RUN_GAP = 1.0  # font sizes: a gap between two words of one label, at most (a word space; "합 계" spaced)


def banded_label_rows(grid: Grid, ev: RegionEvidence, slots: WordSlots) -> list[int]:
    """Bold label rows (``sections.bold_label_rows``) that are a row of the table's own across
    it, no column rule through them: a band of their own (a rule or a fill's edge drawn the full
    width over and under them), or set at the padded rows' own pitch (``sectionrows``: a table
    library pads its cells, a section cell too). A bold label between rows the table neither
    divides nor pads is left a label in the first column (a statistics table's "Actual" over its
    years, under the header's rule only, its rows at their type's leading)."""
    xs, ys = grid.xs, grid.ys
    rows = [r for r in bold_label_rows(grid, ev.words, slots)
            if all(ev.covered("v", x, ys[r], ys[r + 1]) < HALF for x in xs[1:-1])]
    if not rows:
        return []
    cols = [line_cols(ln, ev.words, xs) for ln in ev.lines]
    pitch = row_pitch(ev.lines, cols, ev.words)
    first: dict[int, int] = {}  # grid row -> its first text line
    for k, r in enumerate(slots.line_rows):
        first.setdefault(r, k)
    return [r for r in rows if all(_band_edge(ev, y, xs[0], xs[-1]) for y in (ys[r], ys[r + 1]))
            or r in first and section_at_pitch(ev.lines, cols, ev.words, first[r], pitch)]


def _band_edge(ev: RegionEvidence, y: float, x0: float, x1: float) -> bool:
    """Is a boundary drawn at ``y`` from ``x0`` to ``x1`` (pt): a rule the whole way, or the top
    or bottom edge of a fill across ``sections.WIDE`` of that width (a zebra's band)?"""
    if ev.covered("h", y, x0, x1) >= FULL:
        return True
    return any(min(b.x1, x1) - max(b.x0, x0) >= WIDE * (x1 - x0) and min(abs(b.y0 - y), abs(b.y1 - y)) <= ev.snap
               for b in (f.bbox for f in ev.fills))


def note_rows(grid: Grid, ev: RegionEvidence, slots: WordSlots, one_piece: Collection[int]) -> list[int]:
    """Body rows holding only a note or section text in a band of their own: ruled (or a fill's
    edge) the table's full width over and under, no column rule through them, every line one
    piece (``one_piece``) and the text reaching over a column boundary ("Prices below exclude
    VAT ..." across a price list) or opening as a note does ("Note: ...", "注：...",
    ``markers.NOTE``). Another label alone inside the first column may be a row whose values
    are blank: left as it is (bold, ``banded_label_rows`` reads it)."""
    xs, ys = grid.xs, grid.ys
    if grid.n_cols < 2:
        return []
    out = []
    for r in sorted(one_piece):
        if r == 0 or not any((r, c) in slots.occupied for c in range(grid.n_cols)):
            continue
        if any(ev.covered("v", x, ys[r], ys[r + 1]) >= HALF for x in xs[1:-1]):
            continue
        lines = [ln for ln, k in zip(ev.lines, slots.line_rows, strict=True) if k == r]
        if (_reaches_over(grid, ev, lines) or _a_note(ev, lines)) and all(_band_edge(ev, y, xs[0], xs[-1]) for y in (ys[r], ys[r + 1])):
            out.append(r)
    return out


def _a_note(ev: RegionEvidence, lines: Sequence[Line]) -> bool:
    """Does a row's first text line (of its ``lines``) open as a note ("Note: ...", "※ ...")?"""
    return bool(lines) and bool(NOTE.match(" ".join(ev.words[i].text for i in lines[0].word_ids)))


def _reaches_over(grid: Grid, ev: RegionEvidence, lines: Sequence[Line]) -> bool:
    """Does one of a row's text ``lines`` run over one of the grid's inner column boundaries?"""
    return any(any(ln.bbox.x0 < x - ev.snap and ln.bbox.x1 > x + ev.snap for x in grid.xs[1:-1]) for ln in lines)


def totals_spans(grid: Grid, ev: RegionEvidence, slots: WordSlots) -> list[tuple[int, int]]:
    """(row, last column) of each body row whose label is a totals label
    (``totals.totals_label``) centred over the columns before the row's first amount (a cell
    of numbers), those columns empty but for it (one run of text): the label's cell spans columns 0 to the last of them ("합 계" centred
    over a tender's first five columns, beside its two sums). A label centred across empty
    columns is a merged cell's; one set at its column's left edge may be its own column's (the
    generated corpora's totals rows, borderless or ruled by rows only, leave 300 such labels
    unmerged and none merged), so it stays there. Only in a table that draws no column rule
    between its columns in any row: where it draws them (its header band alone, InDesign's
    habit), one left out says nothing of a merge, and a fully ruled table's merged cell is
    read from its drawing (``undrawn.undrawn_joins``)."""
    xs, nc = grid.xs, grid.n_cols
    if nc < 3 or _column_rule_drawn(grid, ev):
        return []
    out = []
    for r in range(1, grid.n_rows):
        held = [c for c in range(nc) if (r, c) in slots.occupied]
        if len(held) < 2:
            continue
        cells = slots.row_cells(r)
        amount = next((c for c in held if all(is_number(w.text) for w in cells[c])), None)
        label = [c for c in held if amount is not None and c < amount]
        if amount is None or not label or label != list(range(label[0], label[-1] + 1)):
            continue
        words = [w for c in label for w in cells[c]]
        if not totals_label(" ".join(w.text for w in words)) or not _one_run(words):
            continue  # "Total" beside "CHF 2": a label and another cell, no label centred over both
        mid, height = (words[0].bbox.x0 + words[-1].bbox.x1) / 2, words[0].bbox.height
        if amount > 1 and abs(mid - (xs[0] + xs[amount]) / 2) <= height:
            out.append((r, amount - 1))
    return out


def _column_rule_drawn(grid: Grid, ev: RegionEvidence) -> bool:
    """Is one of the grid's inner column boundaries drawn down half a row or more in some row?
    Only the boundaries with a vertical rule near them are measured (most grids have none),
    unless a row has no height (``covered`` calls an empty span drawn)."""
    ys, inner = grid.ys, grid.xs[1:-1]
    if all(a < b for a, b in zip(ys, ys[1:], strict=False)):
        inner = tuple(x for x in inner if ev.rules.near("v", x, ev.snap))
    return any(ev.covered("v", x, ys[r], ys[r + 1]) >= HALF for x in inner for r in range(grid.n_rows))


def _one_run(words: Sequence[Word]) -> bool:
    """Are ``words`` (left to right) one run of text: no gap between two of them wider than
    ``RUN_GAP`` font sizes ("합 계", "Grand total")?"""
    return all(b.bbox.x0 - a.bbox.x1 <= RUN_GAP * max(a.font_size, b.font_size) for a, b in zip(words, words[1:], strict=False))

