"""HTML tables: ``<thead>`` for header rows, ``<tbody>``, ``rowspan``/``colspan`` kept.

Text is escaped (``& < > " '``) and line breaks become ``<br>``. Header-column cells in
the body are ``<th scope="row">``; cells flagged ``low_confidence`` get
``class="low-confidence"`` so a reader can see which ones to check.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.types import Cell, Table
from .grid import SlotGrid, closed_header_rows, slot_grid


@dataclass(frozen=True)
class HtmlOptions:
    """``caption``: the title as ``<caption>`` and the footnote as a ``<tfoot>`` row.
    ``indent``: spaces per nesting level (0 puts each row on one line without indentation).
    """

    caption: bool = True
    indent: int = 2


def escape(text: str) -> str:
    """Cell text as HTML: trimmed, escaped, line breaks as ``<br>``."""
    text = text.strip().replace("\r\n", "\n").replace("\r", "\n")
    return html.escape(text, quote=True).replace("\n", "<br>")


def _cell(cell: Cell, tag: str, scope: str, grid: SlotGrid, row_limit: int) -> str:
    attrs = f' scope="{scope}"' if scope else ""
    rs = min(max(1, cell.rs), row_limit - cell.r)
    cs = min(max(1, cell.cs), grid.n_cols - cell.c)
    if rs > 1:
        attrs += f' rowspan="{rs}"'
    if cs > 1:
        attrs += f' colspan="{cs}"'
    if cell.low_confidence:
        attrs += ' class="low-confidence"'
    return f"<{tag}{attrs}>{escape(cell.text)}</{tag}>"


def _row(grid: SlotGrid, r: int, in_head: bool, n_head_cols: int, row_limit: int) -> str:
    parts: list[str] = []
    for c in range(grid.n_cols):
        slot = grid.slots[r][c]
        if slot.cell is None:
            parts.append("<th></th>" if in_head else "<td></td>")
        elif slot.is_origin:
            if in_head:
                parts.append(_cell(slot.cell, "th", "col", grid, row_limit))
            elif c < n_head_cols:
                parts.append(_cell(slot.cell, "th", "row", grid, row_limit))
            else:
                parts.append(_cell(slot.cell, "td", "", grid, row_limit))
    return "<tr>" + "".join(parts) + "</tr>"


def _lines(table: Table, options: HtmlOptions) -> list[tuple[int, str]]:
    """(depth, line) pairs of the ``<table>`` element."""
    grid = slot_grid(table)
    n_head = closed_header_rows(grid, min(max(0, table.header_rows), grid.n_rows))
    n_head_cols = min(max(0, table.header_cols), grid.n_cols)
    out: list[tuple[int, str]] = [(0, "<table>")]
    if options.caption and table.title.strip():
        out.append((1, f"<caption>{escape(table.title)}</caption>"))
    groups = (("thead", range(0, n_head), n_head), ("tbody", range(n_head, grid.n_rows), grid.n_rows))
    for tag, rows, limit in groups:
        if len(rows):
            out.append((1, f"<{tag}>"))
            out += [(2, _row(grid, r, tag == "thead", n_head_cols, limit)) for r in rows]
            out.append((1, f"</{tag}>"))
    if options.caption and table.footnote.strip():
        span = f' colspan="{grid.n_cols}"' if grid.n_cols > 1 else ""
        out += [(1, "<tfoot>"), (2, f"<tr><td{span}>{escape(table.footnote)}</td></tr>"), (1, "</tfoot>")]
    out.append((0, "</table>"))
    return out


def dumps(table: Table, options: HtmlOptions = HtmlOptions()) -> str:
    """One ``<table>`` element (no surrounding document), ending in a newline."""
    pad = " " * max(0, options.indent)
    return "".join(f"{pad * depth}{line}\n" for depth, line in _lines(table, options))


_PAGE = """<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
table {{ border-collapse: collapse; margin-bottom: 2em; }}
th, td {{ border: 1px solid #999; padding: 2px 6px; vertical-align: top; }}
.low-confidence {{ background: #fff3c4; }}
</style>
</head>
<body>
{body}</body>
</html>
"""


def dumps_tables(tables: Sequence[Table], options: HtmlOptions = HtmlOptions(), title: str = "Tables") -> str:
    """A complete UTF-8 HTML page with a heading per table naming its page."""
    body = "".join(f"<h2>Table {i} (page {t.page})</h2>\n{dumps(t, options)}" for i, t in enumerate(tables, 1))
    return _PAGE.format(title=html.escape(title), body=body)
