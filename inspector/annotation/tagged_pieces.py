"""One table tagged as one ``Table`` element per page: WeasyPrint ends the element where a
page ends and starts a new one (its ``THead`` repeated) on the next page, so the tags show
two tables where the reader sees one continued table.

Two imported tables are one table's pieces when their elements are neighbours under one
parent (nothing tagged between them: no heading, no paragraph), the second starts on the
page after the first ends, both have the same columns, and the second either repeats the
first's header rows (same texts) or has none while the first has some. The pieces become
one table with a region per page; a repeated header keeps the role "header" in its region
(``model.stacked_core_table`` drops it when the pieces are stacked).
"""

from __future__ import annotations

import dataclasses

from ..core.reading.tags import TagNode
from .model import AnnTable, Region


def _head_texts(region: Region, n: int) -> list[list[str]]:
    return [["".join(c.text.split()) for c in region.cells if c.r == r] for r in range(n)]


def _pieces(a: tuple[TagNode, AnnTable], b: tuple[TagNode, AnnTable]) -> bool:
    (na, ta), (nb, tb) = a, b
    last, first = ta.regions[-1], tb.regions[0]
    if na.path[:-1] != nb.path[:-1] or nb.path[-1] != na.path[-1] + 1:
        return False
    if first.page != last.page + 1 or first.n_cols != last.n_cols:
        return False
    if tb.header_rows == 0:
        return ta.header_rows > 0
    return tb.header_rows == ta.header_rows and \
        _head_texts(first, tb.header_rows) == _head_texts(ta.regions[0], ta.header_rows)


def _joined(ta: AnnTable, tb: AnnTable) -> AnnTable:
    first = tb.regions[0]
    roles = ("header",) * tb.header_rows + tuple(first.row_roles[tb.header_rows:])
    regions = (*ta.regions, dataclasses.replace(first, row_roles=roles), *tb.regions[1:])
    return dataclasses.replace(ta, regions=regions)


def join_pieces(found: list[tuple[TagNode, AnnTable]], file_name: str, fixes: list[str]) -> list[AnnTable]:
    """The imported tables (each with its element, in document order) with each table's
    per-page pieces joined, ids renumbered ``t1``, ``t2``...; each join reported in ``fixes``."""
    out: list[tuple[TagNode, AnnTable]] = []
    for node, table in found:
        if out and _pieces(out[-1], (node, table)):
            prev_node, prev = out[-1]
            fixes.append(f"{file_name}: tagged tables {prev.id} and {table.id} are one table's pieces on pages "
                         f"{prev.regions[-1].page} and {table.regions[0].page} (neighbour elements, same columns, "
                         f"the header repeated or none); joined")
            # The joined table ends where its last piece ends: the next piece follows that element.
            out[-1] = (node, _joined(prev, table))
        else:
            out.append((node, table))
    return [dataclasses.replace(t, id=f"t{k + 1}") for k, (_, t) in enumerate(out)]
