"""Placing a tagged table's cells on a grid, and mending the tag faults real files have.

Input is rows of tagged cells in file order (``TagCell``: spans from ``/RowSpan`` and
``/ColSpan``, the content box of its glyphs). Cells are placed as HTML places them (each
cell in the next slot its row leaves free, spans reserving slots below and to the right).
Then, each reported in ``fixes``:

- a row whose cells were tagged out of their left-to-right order (Excel) is put in the
  order its glyphs stand in;
- first rows holding one cell (unspanned, or spanning every column) whose glyphs stand
  over the whole table (from its first column, or centred) are a section title tagged as
  rows: they become the table's title, one line each (the lines after the first only
  when unspanned and no one-cell row stands among the body: else a section heading); trailing rows of that kind that read as notes (a
  source, a legend, a sentence) become its footnote;
- cells tagged into a row on another page, under a column the row already fills, become
  rows of their own, in reading order;
- a row with slots left free whose glyphs sit under other columns than the HTML placement
  gives them (a merged cell tagged only in its first row: the next rows shift left) is
  re-placed by glyph position, and the cell above each freed slot is stretched down over it;
- slots nobody covers after that are missing empty cells: empty cells are added.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..core.types import Rect


@dataclass(frozen=True)
class TagCell:
    """A tagged cell: text, ``box`` of its glyphs (None when empty), spans, TH or not,
    ``page`` (0-based, -1 when it has no glyphs) and the ``/Width``, ``/Height`` layout
    attributes (0 when absent; in the file's own unit, only their ratios are used)."""

    text: str
    box: Rect | None
    rs: int = 1
    cs: int = 1
    th: bool = False
    page: int = -1
    w: float = 0.0
    h: float = 0.0
    moved: bool = False  # taken out of a row on another page (its row's other cells are untagged, not merged)


@dataclass(frozen=True)
class Placed:
    r: int
    c: int
    cell: TagCell


@dataclass(frozen=True)
class GridResult:
    placed: tuple[Placed, ...]
    n_rows: int
    n_cols: int
    title: str
    dropped_rows: int  # leading rows removed (a title)
    footnote: str = ""  # trailing rows removed (notes), one line each


def place(rows: list[list[TagCell]], label: str, fixes: list[str]) -> GridResult:
    """The cells on a grid with the faults above mended (see the module docstring)."""
    rows, moved = _split_foreign_cells(rows)
    if moved:
        fixes.append(f"{label}: {moved} cell(s) were tagged into a row on another page, under a column the row "
                     f"already fills; made rows of their own, in reading order")
    rows, shuffled = _in_visual_order(rows)
    if shuffled:
        fixes.append(f"{label}: {shuffled} row(s) had their cells tagged out of their left-to-right order "
                     f"(Excel); ordered by glyph position")
    titles: list[str] = []
    while len(rows) >= 2 and _note_row(rows[0], _html_place(rows[1:])[1]) and max(len(r) for r in rows[1:]) >= 2 \
            and _over_all(rows[0][0].box, rows[1:]) and (not titles or _title_line(rows[0], rows[1:])):
        titles.append(rows[0][0].text.strip())
        rows = rows[1:]
    title, dropped = "\n".join(titles), len(titles)
    if titles:
        fixes.append(f"{label}: its first {'row' if dropped == 1 else f'{dropped} rows'} "
                     f"'{' '.join(title.split())[:40]}' {'is' if dropped == 1 else 'are'} one cell over all columns: "
                     f"a title tagged as {'a row' if dropped == 1 else 'rows'}; made the table's title")
    notes: list[str] = []
    while len(rows) >= 2 and _note_row(rows[-1], _html_place(rows[:-1])[1]) and max(len(r) for r in rows[:-1]) >= 2 \
            and NOTE.match(rows[-1][0].text):
        notes.insert(0, rows[-1][0].text.strip())
        rows = rows[:-1]
    if notes:
        fixes.append(f"{label}: its last {len(notes)} row(s) ('{' '.join(notes[0].split())[:30]}'...) are one cell over all columns: "
                     f"notes tagged as rows; made the table's footnote")
    placed, n_cols = _html_place(rows)
    n_rows = max((p.r + p.cell.rs for p in placed), default=0)
    placed = _replace_shifted(placed, n_rows, n_cols, label, fixes)
    missing = n_rows * n_cols - sum(1 for _ in _slots(placed))
    if missing:
        fixes.append(f"{label}: {missing} grid slot(s) had no tagged cell; empty cells added")
    return GridResult(tuple(placed), n_rows, n_cols, title, dropped, "\n".join(notes))


def _split_foreign_cells(rows: list[list[TagCell]]) -> tuple[list[list[TagCell]], int]:
    """Rows with the cells tagged into them from another page taken out (a cell wholly on
    another page than the row's first, under the same column as a cell the row keeps: Word
    and Acrobat tag the rows after a page break into the row before it). Each becomes a row
    of its own, placed among the rows by page and height. Returns the rows and how many moved."""
    out: list[list[TagCell]] = []
    extra: list[tuple[int, list[TagCell]]] = []  # (index of the row it came from, its row)
    for row in rows:
        first = next((c.page for c in row if c.page >= 0), -1)
        keep = [c for c in row if c.page in (first, -1) or c.box is None]
        foreign = [c for c in row if c not in keep and any(_same_column(c.box, k.box) for k in keep)]
        if not foreign or any(c.rs > 1 for c in row):
            out.append(row)
            continue
        out.append([c for c in row if c not in foreign])
        extra += [(len(out) - 1, [replace(c, moved=True)]) for c in foreign]
    for origin, row in sorted(extra, key=lambda e: _row_key(e[1]) or (0, 0.0), reverse=True):
        key = _row_key(row)
        at = next((i for i in range(origin + 1, len(out)) if (k := _row_key(out[i])) and key and k > key), len(out))
        out.insert(at, row)
    return out, len(extra)


def _title_line(row: list[TagCell], rest: list[list[TagCell]]) -> bool:
    """Whether a one-cell row under a title row is one more line of the title (Excel tags a
    report's title, subtitle and note as rows of one unspanned cell each), not the first
    section's heading: a heading spans the columns (InDesign, Word), or one-cell rows stand
    among the body too (sections)."""
    n_cols = _html_place(rest)[1]
    return row[0].cs == 1 and not any(_note_row(r, n_cols) for r in rest[1:])


def _in_visual_order(rows: list[list[TagCell]]) -> tuple[list[list[TagCell]], int]:
    """Rows whose cells were tagged out of their left-to-right order put in it (Excel tags a
    row's cells in the order they were typed, not as they stand). Only a row whose cells all
    have glyphs on one page, one row high and apart side by side, is reordered: there the
    glyphs say the order without doubt. Returns the rows and how many were reordered."""
    out: list[list[TagCell]] = []
    changed = 0
    for row in rows:
        boxes = [c.box for c in row]
        ordered = sorted(row, key=lambda c: c.box.x0 if c.box else 0.0)
        apart = all(a.box and b.box and a.box.x1 <= b.box.x0 + 0.5 for a, b in zip(ordered, ordered[1:], strict=False))
        if None in boxes or len({c.page for c in row}) > 1 or any(c.rs > 1 for c in row) or not apart \
                or ordered == row:
            out.append(row)
            continue
        out.append(ordered)
        changed += 1
    return out, changed


def _same_column(a: Rect | None, b: Rect | None) -> bool:
    return a is not None and b is not None and min(a.x1, b.x1) - max(a.x0, b.x0) > 0.5 * min(a.width, b.width)


def _row_key(row: list[TagCell]) -> tuple[int, float] | None:
    """(page, top) of the row's glyphs; None when it has none."""
    boxes = [(c.page, c.box.y0) for c in row if c.box is not None and c.page >= 0]
    return min(boxes) if boxes else None


# A note under a table: a source, a legend, a footnote mark, or a sentence; a short heading
# (InDesign tags the next table's section title as the last row) is not one.
NOTE = re.compile(r"\s*(sources?\b|notes?\b|[*\u2020\u2021\u2013\u2014\d-]|\(?[a-z]\)|\S.{39})", re.I | re.S)


def _over_all(box: Rect | None, rows: list[list[TagCell]]) -> bool:
    """Whether a one-cell first row's glyphs stand over the whole table: starting over its
    first column, or centred on it. A header over the right columns only, tagged as the
    row's one cell (PowerPoint), is no title."""
    firsts = [r[0].box for r in rows if r and r[0].box is not None]
    every = [c.box for r in rows for c in r if c.box is not None]
    if box is None or not firsts:
        return True
    table = Rect.bounding(every)
    return box.x0 <= max(b.x1 for b in firsts) or abs(box.cx - table.cx) < 0.1 * table.width


def _note_row(row: list[TagCell], n_cols: int) -> bool:
    """One cell with text over all ``n_cols`` (>= 2) columns of the other rows (unspanned, as
    LibreOffice writes it, or spanned, as InDesign does): no column structure, so a title or note."""
    return n_cols >= 2 and len(row) == 1 and row[0].rs == 1 and row[0].cs in (1, n_cols) and bool(row[0].text.strip())


def _slots(placed: list[Placed]):
    for p in placed:
        for r in range(p.r, p.r + p.cell.rs):
            for c in range(p.c, p.c + p.cell.cs):
                yield r, c


def _html_place(rows: list[list[TagCell]]) -> tuple[list[Placed], int]:
    taken: set[tuple[int, int]] = set()
    out: list[Placed] = []
    for r, row in enumerate(rows):
        c = 0
        for cell in row:
            while (r, c) in taken:
                c += 1
            rs = max(1, min(cell.rs, len(rows) - r))  # a span past the last row is cut
            cell = replace(cell, rs=rs, cs=max(1, cell.cs))
            out.append(Placed(r, c, cell))
            taken.update((r + i, c + j) for i in range(rs) for j in range(cell.cs))
            c += cell.cs
    n_cols = max((c + 1 for _, c in taken), default=0)
    return out, n_cols


def _columns(placed: list[Placed], n_rows: int, n_cols: int) -> list[tuple[float, float] | None]:
    """x extent of each column's single-column content in rows that fill every slot."""
    full = {r for r in range(n_rows)
            if sum(p.cell.cs for p in placed if p.r <= r < p.r + p.cell.rs) == n_cols}
    out: list[tuple[float, float] | None] = []
    for c in range(n_cols):
        boxes = [p.cell.box for p in placed if p.c == c and p.cell.cs == 1 and p.r in full and p.cell.box]
        out.append((min(b.x0 for b in boxes), max(b.x1 for b in boxes)) if boxes else None)
    return out


def _best_column(box: Rect, cols: list[tuple[float, float] | None], free: list[int]) -> int | None:
    best, score = None, 0.0
    for c in free:
        ext = cols[c]
        if ext is None:
            continue
        overlap = min(box.x1, ext[1]) - max(box.x0, ext[0])
        gap = -abs(box.cx - (ext[0] + ext[1]) / 2)
        s = overlap if overlap > 0 else gap / 1000
        if best is None or s > score:
            best, score = c, s
    return best


def _replace_shifted(placed: list[Placed], n_rows: int, n_cols: int, label: str,
                     fixes: list[str]) -> list[Placed]:
    cols = _columns(placed, n_rows, n_cols)
    out = list(placed)
    for r in range(n_rows):
        row = [p for p in out if p.r == r]
        taken = {s for p in out if p.r != r for s in _slots([p]) if s[0] == r}
        if len(taken) + sum(p.cell.cs for p in row) >= n_cols or not row:
            continue
        moved = _by_position(row, cols, [c for c in range(n_cols) if (r, c) not in taken])
        if moved is None or [p.c for p in moved] == [p.c for p in row]:
            continue
        out = [p for p in out if p.r != r] + moved
        stretched = 0 if all(p.cell.moved for p in moved) else _stretch_above(out, r, n_cols)
        fixes.append(f"{label}: row {r + 1} was tagged {n_cols - len(taken) - sum(p.cell.cs for p in row)} "
                     f"cell(s) short and its text sits further right: re-placed by glyph position"
                     + (f"; {stretched} merged cell(s) above stretched down over the freed slots" if stretched else ""))
        if stretched:
            out = _apply_stretch(out, r, n_cols)
    return sorted(out, key=lambda p: (p.r, p.c))


def _by_position(row: list[Placed], cols: list[tuple[float, float] | None], free: list[int]) -> list[Placed] | None:
    """The row's cells in the free slots their glyphs sit over, in order; None when that
    does not give a consistent placement (then the HTML placement stays)."""
    out: list[Placed] = []
    last = -1
    for p in row:
        avail = [c for c in free if c > last and all(c + j in free for j in range(p.cell.cs))]
        c = _best_column(p.cell.box, cols, avail) if p.cell.box else (avail[0] if avail else None)
        if c is None:
            return None
        out.append(Placed(p.r, c, p.cell))
        last = c + p.cell.cs - 1
    return out


def _stretch_targets(placed: list[Placed], r: int, n_cols: int) -> list[tuple[int, Placed]]:
    slots = set(_slots(placed))
    out = []
    for c in range(n_cols):
        if (r, c) in slots:
            continue
        above = next((p for p in placed if p.c == c and p.r + p.cell.rs == r and p.cell.text.strip()), None)
        if above is not None and all((r, c + j) not in slots for j in range(above.cell.cs)):
            out.append((c, above))
    return out


def _stretch_above(placed: list[Placed], r: int, n_cols: int) -> int:
    return len(_stretch_targets(placed, r, n_cols))


def _apply_stretch(placed: list[Placed], r: int, n_cols: int) -> list[Placed]:
    grow = {id(p) for _, p in _stretch_targets(placed, r, n_cols)}
    return [replace(p, cell=replace(p.cell, rs=p.cell.rs + 1)) if id(p) in grow else p for p in placed]
