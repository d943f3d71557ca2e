"""Logical tables: the pieces of a table broken over pages, stacked into one ``Table``.

What every exporter and metric takes for a table continued over pages: the pieces' rows one
below the other, each continuation's repeated header rows left out, so the header reads once
and the rows run on. A detected document becomes a list of logical tables with
``logical_tables`` (pieces joined by the proposed continuations).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..types import Cell, PageResult, Rect, Table
from .continuation import Continuation


def stack(pieces: Sequence[Table], skip: Sequence[int] = (), columns: Sequence[Sequence[int]] = (),
          cut: Sequence[int] = (), ends: Sequence[Sequence[int]] = ()) -> Table:
    """``pieces`` (in order, at least one) as one table; ``skip[i]`` leading rows of piece i
    are left out (a continuation's repeated header; missing entries are 0), and ``cut[i]``
    trailing ones (a "continued" line taken into a piece under its rows).

    The first piece gives the title, header rows and columns, page and source; the last
    piece with a footnote gives the footnote, the first piece with a unit line its unit line
    (``unit_line_page`` says where); ``row_pages`` keeps each row's page. Cell boxes stay in their own pages'
    coordinates; ``bbox`` bounds them all and ``grid`` is None (it spans pages). A
    narrower piece leaves empty cells on the right, or, with ``columns[i]`` (the first piece's
    column of each of piece i's columns), empty cells in the columns it left blank; with ``ends[i]``
    too (the first piece's last column each covers), its cells span those columns (a "Total"
    over the label columns, carried over alone). Row roles run on ("data" for a piece
    without roles, when any piece has roles).
    """
    if len(pieces) == 1 and not (skip and skip[0]) and not (cut and cut[0]):
        return pieces[0]
    cells: list[Cell] = []
    roles: list[str] = []
    pages: list[int] = []
    offset = 0
    any_roles = any(p.row_roles for p in pieces)
    for i, piece in enumerate(pieces):
        drop = min(skip[i] if i < len(skip) else 0, piece.n_rows)
        end = max(drop, piece.n_rows - (cut[i] if i < len(cut) else 0))
        where = columns[i] if i < len(columns) and len(columns[i]) == piece.n_cols else range(piece.n_cols)
        last = ends[i] if i < len(ends) and len(ends[i]) == piece.n_cols else where
        for c in piece.cells:
            if c.r + c.rs <= drop or c.r >= end:
                continue
            top = max(c.r, drop)
            left = where[c.c]
            cells.append(dataclasses.replace(c, r=top - drop + offset, rs=min(c.r + c.rs, end) - top, c=left,
                                             cs=last[c.c + c.cs - 1] - left + 1))
        if any_roles:
            kept = list(piece.row_roles[drop:end]) if piece.row_roles else ["data"] * (end - drop)
            # A continuation's header rows were dropped; what follows them is body.
            roles += ["data" if i and r == "header" else r for r in kept]
        pages += [piece.row_page(r) for r in range(drop, end)]
        offset += end - drop
    n_cols = max([p.n_cols for p in pieces] + [x.c + x.cs for x in cells])
    covered = {(r, c) for x in cells for r in range(x.r, x.r + x.rs) for c in range(x.c, x.c + x.cs)}
    cells += [Cell(r, c) for r in range(offset) for c in range(n_cols) if (r, c) not in covered]
    cells.sort(key=lambda c: (c.r, c.c))
    first = pieces[0]
    footnote = next((p.footnote for p in reversed(pieces) if p.footnote.strip()), first.footnote)
    # The later pages rarely repeat the unit line: the first piece's (or the first found) holds for all.
    unit = next((p for p in pieces if p.unit_line.strip()), first)
    return Table(Rect.bounding([p.bbox for p in pieces]), offset, n_cols, tuple(cells), source=first.source,
                 confidence=min(p.confidence for p in pieces), header_rows=first.header_rows,
                 header_cols=first.header_cols, page=first.page, row_roles=tuple(roles), title=first.title,
                 footnote=footnote, grid=None, unit_line=unit.unit_line,
                 unit_line_page=(unit.unit_line_page or unit.page) if unit.unit_line else 0, row_pages=tuple(pages))


def chains(conts: Sequence[Continuation]) -> list[list[tuple[int, int, int]]]:
    """The proposed continuations as chains of (page, index, repeated header rows), the first
    piece's count 0; a piece no proposal touches is not listed."""
    nxt = {(c.prev_page, c.prev_index): c for c in conts if c.proposed}
    targets = {(c.next_page, c.next_index) for c in conts if c.proposed}
    out = []
    for start in sorted(k for k in nxt if k not in targets):
        chain = [(start[0], start[1], 0)]
        key = start
        while key in nxt:
            c = nxt[key]
            chain.append((c.next_page, c.next_index, c.repeated_header))
            key = (c.next_page, c.next_index)
        out.append(chain)
    return out


def logical_tables(results: Sequence[PageResult], conts: Sequence[Continuation],
                   tables: dict[tuple[int, int], Table] | None = None) -> list[Table]:
    """Every table of ``results`` in reading order, continuations stacked onto the table they
    continue. ``tables`` may replace a detected table by (page, index) (e.g. with row roles)."""
    def table(page: int, index: int) -> Table:
        if tables is not None and (page, index) in tables:
            return tables[(page, index)]
        return by_page[page].tables[index]

    by_page = {r.page: r for r in results}
    maps = {(c.next_page, c.next_index): c.columns for c in conts if c.proposed and c.columns}
    spans = {(c.next_page, c.next_index): c.column_ends for c in conts if c.proposed and c.column_ends}
    cuts = {(c.prev_page, c.prev_index): c.closing_marker for c in conts if c.proposed}
    joined = {(p, i): chain for chain in chains(conts) for p, i, _ in chain[:1]}
    inside = {(p, i) for chain in chains(conts) for p, i, _ in chain[1:]}
    out = []
    for res in sorted(results, key=lambda r: r.page):
        for i in range(len(res.tables)):
            key = (res.page, i)
            if key in inside:
                continue
            chain = joined.get(key)
            if chain is None:
                out.append(table(*key))
            else:
                placed = _placed(chain, maps)
                out.append(stack([table(p, k) for p, k, _ in chain], [n for _, _, n in chain], placed,
                                 [cuts.get((p, k), 0) for p, k, _ in chain], _spanned(chain, spans, placed)))
    return out


def _placed(chain: Sequence[tuple[int, int, int]], maps: dict[tuple[int, int], tuple[int, ...]]) -> list[list[int]]:
    """For each piece of ``chain``, the first piece's column of each of its columns ([]: its
    own), each continuation's ``columns`` taken through the pieces before it."""
    out: list[list[int]] = [[]]
    for p, k, _ in chain[1:]:
        own = maps.get((p, k), ())
        out.append(_through(own, out[-1]) if own else list(out[-1]))  # none: the same columns as the piece before
    return out


def _spanned(chain: Sequence[tuple[int, int, int]], spans: dict[tuple[int, int], tuple[int, ...]],
             placed: Sequence[Sequence[int]]) -> list[list[int]]:
    """For each piece of ``chain``, the first piece's last column each of its columns covers
    ([]: each its own, as ``placed``): a continuation's ``column_ends`` (columns of the piece
    before it) taken through that piece's placing."""
    return [_through(spans.get((p, k), ()), placed[i - 1] if i else []) for i, (p, k, _) in enumerate(chain)]


def _through(own: Sequence[int], before: Sequence[int]) -> list[int]:
    """``own`` (columns of the piece before) as the first piece's: each through ``before``,
    the piece before's placing (a column past it, or with [] none, is its own)."""
    return [before[j] if j < len(before) else j for j in own]


__all__ = ["stack", "chains", "logical_tables"]
