"""A table's head too short to be detected: the last lines of a page read in the columns of the
table that opens the next page (a document-level step, pure, no I/O; ``tails``' mirror).

A producer that keeps a header row with at least one body row (or sets the header alone) at
the foot of a page leaves a block of one to ``MAX_HEAD_ROWS`` rows there: too few for page
detection to see columns (``tables.min_aligned_rows``). Where the first table of the next page
starts at the top of its text area and the page ends (running footers, page numbers and
"continued" markers aside) with lines of that table's body type whose words stand inside its
columns, parted by more than a word space (``leftrows``), those lines become a table of the next
piece's columns, appended to the page's tables and named in its notes (``HEAD_NOTE``). The head
must read as one: its first row the next piece's header set again, or words where that piece's
body has numbers (a header over amount columns) with the rows under it numbers there too; its
unit line or caption over it (in body type, in one column) is its title, not its first row. It is
kept only when ``continuation`` then proposes the next piece as its continuation: a heading,
caption or prose between them, or different columns, are judged there as for any pair. Lines
right under a table of the page are that table's rows left out, not a head.

Coordinates are points; only upright pages are read.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..params import ContinuationParams
from ..types import PageResult, Rect, Table
from .headrow import kind, label_pairs, numeric_columns, repeated_rows
from .leftrows import first_row, marker_line, row_columns
from .markers import captioned
from .pieces import Piece, piece
from .tails import Setting, adopted_index, columns_table, group_rows, keep_linked, page_setting, row_lines
from .textlines import Line, Margins
from .titling import unit_over

HEAD_NOTE = "continued head"  # starts the page note naming an adopted head (``head_index`` reads it)
MAX_HEAD_ROWS = 3  # rows: a head is what page detection cannot see alone (a header and a row or two)


def head_index(res: PageResult) -> set[int]:
    """Indices (0-based) into ``res.tables`` of the heads adopted on the page."""
    return adopted_index(res, HEAD_NOTE)


def adopt_heads(results: Sequence[PageResult], params: ContinuationParams | None = None,
                setting: Setting | None = None) -> list[PageResult]:
    """``results`` with each page's undetected head (see the module) appended to its tables,
    when the continuation step links the next page's first table to it. ``setting``: the
    pages' ``page_setting``, when the caller has it already (``link_pages`` passes the one it
    built before the tails: a kept tail changes neither running tables nor margins)."""
    from .continuation import find_continuations

    params = params or ContinuationParams()
    if not params.heads or not params.enabled:
        return list(results)
    by_page = {r.page: r for r in results}
    margins, area = setting or page_setting(by_page)
    out = dict(by_page)
    for page in sorted(by_page):
        res, nxt = by_page[page], by_page.get(page + 1)
        b = _first_piece(nxt, margins) if nxt is not None else None
        if b is None or any(t.grid is not None and t.grid.turn for t in res.tables):
            continue
        bottom = area.get(res.height, (0.0, res.height))[1]
        head = _head(res, b, margins, bottom, params)
        if head is not None:
            k = len(res.tables) + 1
            out[page] = dataclasses.replace(res, tables=(*res.tables, head), notes=(
                *res.notes, f"{HEAD_NOTE}: table {k}, {head.n_rows} row{'s' * (head.n_rows > 1)} at the foot of the "
                f"page read in the columns of page {page + 1}'s first table (too few rows to be detected alone)"))
    if out == by_page:
        return list(results)
    linked = {(c.prev_page, c.prev_index) for c in find_continuations(list(out.values()), params) if c.proposed}
    return keep_linked(results, by_page, out, linked)


def _first_piece(res: PageResult, margins: Margins) -> Piece | None:
    """The highest table of an upright page that is no running table (``margins``), as a piece."""
    if not res.tables or any(t.grid is not None and t.grid.turn for t in res.tables):
        return None
    ks = [k for k in range(len(res.tables)) if not margins.running_table(res.page, k)]
    return piece(res, min(ks, key=lambda k: res.tables[k].bbox.y0)) if ks else None


def _head(res: PageResult, b: Piece, margins: Margins, bottom: float, p: ContinuationParams) -> Table | None:
    """The lines ending ``res`` that read as rows of ``b`` (a first row with words in two of its
    columns), as a table of ``b``'s columns; None when there are none or they read as no head."""
    if b.size <= 0:
        return None
    floor = max((t.bbox.y1 for k, t in enumerate(res.tables) if not margins.running_table(res.page, k)),
                default=float("-inf"))
    took: list[tuple[Line, tuple[int, ...], set[int]]] = []
    parted = False  # a line of none of ``b``'s rows (a heading) parts them from the table over them
    for ln, ids in reversed(row_lines(res, margins.running_boxes(res.page))):
        if ln.box.y0 < floor - 1:
            break
        if margins.is_margin(res.page, ln) or (not took and marker_line(ln, b)):
            continue  # a page footer, or a "continued" line under the head
        if took and (unit_over(ln, b) or captioned(ln.text)):
            # The head's title block (its unit line, its caption) parts it from what is above,
            # as a heading does: no row of it, though its words stand in one column.
            parted = True
            break
        cols = row_columns(ln, b)
        above = took[-1][0].box.y0 - ln.box.y1 if took else bottom - ln.box.y1
        if cols is None or above > p.edge_rows * b.row_h:
            parted = cols is None
            break
        took.append((ln, ids, cols))
    took.reverse()
    pairs = label_pairs(b.table.rows_text(), b.table.n_cols, b.table.header_rows)
    while pairs and took and len(took[0][2]) < 2:
        took.pop(0)  # the title over a block of pairs, in its label column: no row of it
        parted = True
    if not took or len(first_row([t[0] for t in took], [t[2] for t in took]) | _opening(took)) < 2:
        return None
    if took[0][0].box.y0 - floor <= p.edge_rows * b.row_h and not parted:
        return None  # rows the table right over them left out: ``judging`` reads them as its rows
    rows = group_rows(took)
    if len(rows) > MAX_HEAD_ROWS:
        return None  # a block this long is page detection's to find (or to have refused)
    table = columns_table(res, b, rows)
    if pairs:  # a block of label/value pairs has no header: its head is its first pairs
        return table if label_pairs(table.rows_text(), table.n_cols) else None
    return dataclasses.replace(table, header_rows=1) if _reads_as_head(b, table) else None


def _opening(took: Sequence[tuple[Line, tuple[int, ...], set[int]]]) -> set[int]:
    """The columns of the lines chained to the first one, each overlapping the row so far (as
    ``tails.group_rows`` joins them): a two-row header whose labels are set in the middle of
    both rows ("Item" level with neither "Amount" over its years nor the years) is one row."""
    box, cols = took[0][0].box, set(took[0][2])
    for ln, _, c in took[1:]:
        if ln.box.y0 >= box.y1 - 1:
            break
        box, cols = Rect.bounding([box, ln.box]), cols | c
    return cols


def _reads_as_head(b: Piece, head: Table) -> bool:
    """Does ``head`` read as the head of ``b``'s table? Its first row a header: repeated as
    ``b``'s first row, or words where ``b``'s body has numbers while ``b`` starts with body rows
    (numbers there: a ``b`` opening with a header of other words is another table); its rows
    under that numbers where ``b``'s body has them (at least one), never words; and words in
    every column that each of ``b``'s body rows fills (a block over fewer columns is no head of them)."""
    nums = numeric_columns(b)
    rows = head.rows_text()
    full = _always_filled(b)
    # A header may leave its label column's head blank; a body row leaves no column blank that
    # every body row of ``b`` fills.
    if any(not rows[0][c].strip() for c in full - {0}) or any(not r[c].strip() for r in rows[1:] for c in full):
        return False
    if repeated_rows(head, b.table) < 1:
        first = b.table.rows_text()[0] if b.table.n_rows else []
        opens_body = any(kind(first[c]) == "num" for c in nums if c < len(first)) \
            and not any(kind(first[c]) == "text" for c in nums if c < len(first))
        if not opens_body or not any(kind(rows[0][c]) == "text" for c in nums if c < len(rows[0])):
            return False
    body = [kind(r[c]) for r in rows[1:] for c in nums if c < len(r)]
    return "text" not in body and ("num" in body or not nums or len(rows) == 1)


def _always_filled(b: Piece) -> set[int]:
    """Columns of ``b`` that every body row (below its header rows) fills, when it has two body
    rows or more."""
    rows = b.table.rows_text()[b.table.header_rows:]
    if len(rows) < 2:
        return set()
    return {c for c in range(b.table.n_cols) if all(c < len(r) and r[c].strip() for r in rows)}


__all__ = ["HEAD_NOTE", "adopt_heads", "head_index"]
