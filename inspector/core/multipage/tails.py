"""A table's tail too short to be detected: the first rows of the next page read in the
columns of the table that ends the page before (a document-level step, pure, no I/O).

Page detection needs a few rows to see columns; a borderless table broken a row or two before
its end leaves those rows at the top of the next page as plain lines. Where the last table of
a page ends at the foot of its text area and the next page opens (running headers, page
numbers and "continued" markers aside) with lines of that table's body type whose words stand
inside its columns, parted from each other by more than a word space (``leftrows``; a unit
line set again over them, "(단위: 천원)" flush right in the last column, is no row), those
lines become a table of the first piece's columns, appended to the next page's tables and
named in its notes (``TAIL_NOTE``). A tail is kept only when ``continuation`` then proposes
it as the first piece's continuation; a heading, caption or prose over it, a header row of
its own or a first piece that closes are judged there as for any pair. Where the first
piece's body has numbers or dates, the tail must have them in those columns too. Lines right
over a table of the page are that table's rows left out (``judging`` reads them so), unless a
line of none of its rows parts them from it (a heading; also one repeated at the same place on
another page, which elsewhere reads as a running header: under a tail's rows none stands), and more
than ``MAX_TAIL_ROWS`` rows are page detection's to find: neither is a tail.

Coordinates are points; only upright pieces (no table turned sideways) are read.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..geometry import Frame
from ..params import ContinuationParams
from ..structure.cells import assemble
from ..types import Grid, PageResult, Rect, Table
from .headrow import kind, label_pairs, numeric_columns, repeated_rows
from .leftrows import first_row, marker_line, row_columns
from .pieces import Piece, piece
from .runningtables import running_boxes
from .textlines import Line, Margins, in_running, page_lines, text_area
from .titling import unit_over

TAIL_NOTE = "continued tail"  # starts the page note naming an adopted tail (``tail_index`` reads it)
WRAP_GAP = 0.4  # font sizes: a line in one column this close under the row above wraps that row's cell
MAX_TAIL_ROWS = 3  # rows: a tail is what page detection cannot see alone (a row or two, a repeated header)


def tail_index(res: PageResult) -> set[int]:
    """Indices (0-based) into ``res.tables`` of the tails adopted on the page."""
    return adopted_index(res, TAIL_NOTE)


def adopted_index(res: PageResult, note: str) -> set[int]:
    """Indices (0-based) into ``res.tables`` of the tables a note starting ``note`` names
    (``"<note>: table K, ..."``, K 1-based): the adopted tails' or heads'."""
    return {int(n.split()[3].rstrip(",")) - 1 for n in res.notes if n.startswith(note + ": table ")}


Setting = tuple[Margins, dict[float, tuple[float, float]]]  # the pages' margins and text areas (``page_setting``)


def page_setting(by_page: dict[int, PageResult]) -> Setting:
    """The pages' margins (their running headers and footers) and text areas, as tails and
    heads read them. A running header or footer laid out as a table (``runningtables``) is
    furniture here as for continuations: no piece, no table next to an adopted one, its lines
    no adopted rows."""
    running = running_boxes(by_page)
    lines = {p: page_lines(r, Frame(0, r.width, r.height), tuple(running.get(p, {}).values()))
             for p, r in by_page.items()}
    margins = Margins(lines, {p: r.height for p, r in by_page.items()}, running)
    return margins, text_area(by_page, margins)


def keep_linked(results: Sequence[PageResult], by_page: dict[int, PageResult], out: dict[int, PageResult],
                linked: set[tuple[int, int]]) -> list[PageResult]:
    """``results`` as ``out`` has them where the table ``out`` appended to a page (its last) is
    in ``linked`` ((page, index) pairs the continuation step proposes), else as ``by_page``:
    a table not linked after all leaves its lines plain text."""
    for p, res in out.items():
        if res is not by_page[p] and (p, len(res.tables) - 1) not in linked:
            out[p] = by_page[p]
    return [out[r.page] for r in results]


def adopt_tails(results: Sequence[PageResult], params: ContinuationParams | None = None,
                setting: Setting | None = None) -> list[PageResult]:
    """``results`` with each page's undetected tail (see the module) appended to its tables,
    when the continuation step links it to the previous page's last table. Callers go
    through ``linking.link_pages``, which finds the continuations over what this returns.
    ``setting``: ``page_setting`` of ``results``, when the caller has it already."""
    from .continuation import find_continuations

    params = params or ContinuationParams()
    if not params.tails or not params.enabled:
        return list(results)
    by_page = {r.page: r for r in results}
    margins, area = setting or page_setting(by_page)
    out = dict(by_page)
    for page in sorted(by_page):
        nxt = by_page.get(page + 1)
        if nxt is None:
            continue
        a = _last_piece(by_page[page], margins)
        top = area.get(nxt.height, (0.0, nxt.height))[0]
        tail = _tail(nxt, a, margins, top, params) if a is not None else None
        if tail is not None:
            k = len(nxt.tables) + 1
            out[nxt.page] = dataclasses.replace(nxt, tables=(*nxt.tables, tail), notes=(
                *nxt.notes, f"{TAIL_NOTE}: table {k}, {tail.n_rows} row{'s' * (tail.n_rows > 1)} at the top of the "
                f"page read in the columns of page {page}'s last table (too few rows to be detected alone)"))
    if out == by_page:
        return list(results)
    linked = {(c.next_page, c.next_index) for c in find_continuations(list(out.values()), params) if c.proposed}
    return keep_linked(results, by_page, out, linked)


def _last_piece(res: PageResult, margins: Margins) -> Piece | None:
    """The lowest table of an upright page that is no running table (``margins``), as a piece."""
    if not res.tables or any(t.grid is not None and t.grid.turn for t in res.tables):
        return None
    ks = [k for k in range(len(res.tables)) if not margins.running_table(res.page, k)]
    return piece(res, max(ks, key=lambda k: res.tables[k].bbox.y1)) if ks else None


def row_lines(res: PageResult, running: Sequence[Rect]) -> list[tuple[Line, tuple[int, ...]]]:
    """The page's text lines (upright) with their word indices, top down; a line inside one of
    the ``running`` tables' boxes is furniture (as ``page_lines`` marks it)."""
    out = []
    for row in res.rows:
        ids = tuple(i for i in row.word_ids if 0 <= i < len(res.words))
        if ids:
            ws = [res.words[i] for i in ids]
            held = in_running(row.bbox, running)
            out.append((Line(" ".join(w.text for w in ws), row.bbox, all(w.bold for w in ws), held,
                             tuple((w.bbox.x0, w.bbox.x1) for w in ws), max(w.font_size for w in ws)), ids))
    return sorted(out, key=lambda x: x[0].box.y0)


def _tail(nxt: PageResult, a: Piece, margins: Margins, top: float, p: ContinuationParams) -> Table | None:
    """The lines opening ``nxt`` that read as rows of ``a`` (at least one row with words in
    two of its columns), as a table of ``a``'s columns; None when there are none."""
    if a.size <= 0:
        return None
    first_table = min((t.bbox.y0 for k, t in enumerate(nxt.tables) if not margins.running_table(nxt.page, k)),
                      default=float("inf"))
    took: list[tuple[Line, tuple[int, ...], set[int]]] = []
    parted = False  # a line of none of ``a``'s rows (a heading) ends them over the table under them
    for ln, ids in row_lines(nxt, margins.running_boxes(nxt.page)):
        if ln.box.y1 > first_table + 1:
            break
        if took and not ln.furniture and margins.is_margin(nxt.page, ln) and row_columns(ln, a) is None:
            # Under the tail's rows no running header stands: a line read as one (its text at
            # the same place on another page: two tables under one title) is a heading here
            parted = True
            break
        if margins.is_margin(nxt.page, ln) or (not took and (marker_line(ln, a) or unit_over(ln, a))):
            continue  # furniture, or a "continued" line or the table's unit line set again over the tail
        cols = row_columns(ln, a)
        below = ln.box.y0 - took[-1][0].box.y1 if took else ln.box.y0 - top
        if cols is None or below > p.edge_rows * a.row_h:
            parted = cols is None
            break
        took.append((ln, ids, cols))
    if not took or len(first_row([t[0] for t in took], [t[2] for t in took])) < 2:
        return None
    if first_table - took[-1][0].box.y1 <= p.edge_rows * a.row_h and not parted:
        return None  # rows the table right under them left out: ``judging`` reads them as its rows
    rows = group_rows(took)
    if len(rows) > MAX_TAIL_ROWS:
        return None  # a block this long is page detection's to find (or to have refused)
    table = columns_table(nxt, a, rows)
    return table if _kinds_agree(a, table) else None


def _kinds_agree(a: Piece, tail: Table) -> bool:
    """Below the rows repeating ``a``'s header (at least one row left), where ``a``'s body has
    numbers or dates the tail has them too (or nothing), at least once: the rows go on in
    kind, not only in place. A block of label/value pairs (``label_pairs``) goes on in pairs:
    each label names its own kind of value."""
    head = repeated_rows(a.table, tail)
    if head >= tail.n_rows:
        return False
    if label_pairs(a.table.rows_text(), a.table.n_cols, a.table.header_rows):
        return label_pairs(tail.rows_text(), tail.n_cols)
    nums = numeric_columns(a)
    cells = [kind(c.text) for c in tail.cells if c.c in nums and c.r >= head]
    return not nums or ("num" in cells and "text" not in cells)


def group_rows(took: Sequence[tuple[Line, tuple[int, ...], set[int]]]) -> list[tuple[Rect, list[int]]]:
    """The lines grouped into rows: a line beside the row above, or in one column right under
    it (a wrapped cell), joins it; (box, word indices) of each row."""
    rows: list[tuple[Rect, list[int]]] = []
    for ln, ids, cols in took:
        if rows:
            box, got = rows[-1]
            beside = ln.box.y0 < box.y1 - 1
            wraps = len(cols) == 1 and ln.box.y0 - box.y1 < WRAP_GAP * ln.size
            if beside or wraps:
                rows[-1] = (Rect.bounding([box, ln.box]), got + list(ids))
                continue
        rows.append((ln.box, list(ids)))
    return rows


def columns_table(res: PageResult, a: Piece, rows: Sequence[tuple[Rect, list[int]]]) -> Table:
    """A table of ``a``'s columns (widened to the rows' words) over ``rows``."""
    x0 = min(a.xs[0], *(b.x0 for b, _ in rows))
    x1 = max(a.xs[-1], *(b.x1 for b, _ in rows))
    xs = (x0, *a.xs[1:-1], x1)
    ys = [rows[0][0].y0]
    ys += [(r.y1 + s.y0) / 2 for (r, _), (s, _) in zip(rows, rows[1:], strict=False)]
    ys.append(rows[-1][0].y1)
    grid = Grid(Rect(x0, ys[0], x1, ys[-1]), xs, tuple(ys), "aligned", page_w=res.width, page_h=res.height)
    ids = sorted(i for _, got in rows for i in got)
    return assemble(grid, res.words, ids, res.low_confidence, 0, res.page)


__all__ = ["Setting", "TAIL_NOTE", "adopt_tails", "tail_index", "adopted_index", "page_setting", "keep_linked", "row_lines",
           "group_rows", "columns_table"]
