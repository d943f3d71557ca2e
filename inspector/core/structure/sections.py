"""Full-width shaded section rows: rows of the table that span all its columns.

A row whose text sits in one column only and which a fill covers across the table's
width is a section row ("Complete", "Extra") when that fill's colour is not the colour of
the table's ordinary rows (a zebra band under a row with one value filled in is no
section). It becomes one cell spanning every column.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..types import Fill, Grid, Rect, Word
from .columns import Line, Segment
from .wordslots import WordSlots

WIDE = 0.9  # a section fill covers this share of the table's width
INDENT = 0.5  # x the type size: a row's label starting this far right of the label over it is indented under it


def row_fills(grid: Grid, fills: Sequence[Fill]) -> list[Fill | None]:
    """For each row, the fill covering it across the table (its centre line inside), or None."""
    width = grid.xs[-1] - grid.xs[0]
    out: list[Fill | None] = []
    for r in range(grid.n_rows):
        cy = (grid.ys[r] + grid.ys[r + 1]) / 2
        hit = None
        for f in fills:
            b = f.bbox
            if b.y0 <= cy <= b.y1 and min(b.x1, grid.xs[-1]) - max(b.x0, grid.xs[0]) >= WIDE * width \
                    and b.height <= 1.5 * (grid.ys[r + 1] - grid.ys[r]) + 2:
                hit = f
        out.append(hit)
    return out


def section_rows(grid: Grid, fills: Sequence[Fill], occupied: set[tuple[int, int]],
                 one_piece: Collection[int] = ()) -> list[int]:
    """Rows (after the first) that are shaded section rows spanning all columns: their text
    in one column, or in one piece (``one_piece``: a label longer than its column)."""
    if grid.n_cols < 2 or not fills:
        return []
    shade = row_fills(grid, fills)
    cols = [{c for (r, c) in occupied if r == row} for row in range(grid.n_rows)]
    single = [len(cols[r]) == 1 or (r in one_piece and len(cols[r]) > 0) for r in range(grid.n_rows)]
    rgb = [f.rgb if f is not None else None for f in shade]
    ordinary = {rgb[r] for r in range(1, grid.n_rows) if rgb[r] is not None and not single[r]}
    return [r for r in range(1, grid.n_rows) if single[r] and rgb[r] is not None and rgb[r] not in ordinary]


def section_lines(lines: Sequence[Line], segs: Sequence[Segment], fills: Sequence[Fill], box: Rect) -> set[int]:
    """Lines in one piece on a fill across ``box``'s width that holds only them: section
    labels, which run over column gaps and say nothing about the columns (indices into
    ``lines``)."""
    pieces = [0] * len(lines)
    for s in segs:
        pieces[s.line] += 1
    wide = [f.bbox for f in fills if min(f.bbox.x1, box.x1) - max(f.bbox.x0, box.x0) >= WIDE * box.width]
    out = set()
    for k, ln in enumerate(lines):
        b = ln.bbox
        if pieces[k] == 1 and any(f.y0 - 1 <= b.cy <= f.y1 + 1 and f.height <= 2 * b.height + 4 for f in wide):
            out.add(k)
    return out


def bold_label_rows(grid: Grid, words: Sequence[Word], slots: WordSlots) -> list[int]:
    """Rows (after the first, before the last) that are section rows by their type: their only
    text in the first column, all of it bold, while most rows filling two or more columns set
    their first-column label in regular type ("Continuing operations" in bold over "Africa",
    "Incidents"), and the row under it starts its label where this one starts. Such a row names
    the rows under it; a row holding a label alone in the labels' own type is a row with its
    values left blank, and a label over labels indented under it (``INDENT``) heads a stub's
    hierarchy inside the first column."""
    if grid.n_cols < 2 or grid.n_rows < 3:
        return []
    # A section row's label is bold: with no bold word in a row between the first and the
    # last there is none (the same answer, without sorting every word into its slot).
    if not any(0 < r < grid.n_rows - 1 for i, r in zip(slots.ids, slots.rows, strict=True) if words[i].bold):
        return []
    cols: dict[int, set[int]] = {}
    first: dict[int, list[Word]] = {}  # row -> its first-column words
    for i, r, c in zip(slots.ids, slots.rows, slots.cols, strict=True):
        w = words[i]
        cols.setdefault(r, set()).add(c)
        if c == 0:
            first.setdefault(r, []).append(w)
    full = [r for r in range(1, grid.n_rows) if len(cols.get(r, ())) >= 2 and first.get(r)]
    if sum(not all(w.bold for w in first[r]) for r in full) * 2 <= len(full):
        return []
    return [r for r in range(1, grid.n_rows - 1) if cols.get(r) == {0} and (r, 0) in slots.occupied
            and all(w.bold for w in first[r]) and not _indented_under(first[r], first.get(r + 1, []))]


def _indented_under(label: Sequence[Word], below: Sequence[Word]) -> bool:
    """Do the words ``below`` start right of ``label``'s start by ``INDENT`` of its type size?"""
    if not below:
        return False
    size = max(w.font_size for w in label) or max(w.bbox.height for w in label)
    return min(w.bbox.x0 for w in below) - min(w.bbox.x0 for w in label) > INDENT * size
