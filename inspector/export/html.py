"""HTML tables: ``<thead>`` for header rows, ``<tbody>``, ``rowspan``/``colspan`` kept.

Text is escaped (``& < > " '``) and line breaks become ``<br>``. Header cells are
``<th scope="col">``; header-column cells in the body are ``<th scope="row">``. Row roles
are kept: a "section" row starts a new ``<tbody>`` and its label is a
``<th scope="rowgroup">``; total, subtotal, note and repeated header rows get
``<tr class="total">`` (and so on), a repeated header's cells ``<th scope="col">``.
Cells flagged ``low_confidence`` get ``class="low-confidence"`` so a reader can see which
ones to check.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.types import Cell, Table
from .grid import SlotGrid, cell_lines, closed_header_rows, row_role, slot_grid
from .units import caption_unit


@dataclass(frozen=True)
class HtmlOptions:
    """``caption``: the title and the table's unit line ("单位：万元", found beside the table;
    ``<span class="unit">``) as ``<caption>``, and the footnote as a ``<tfoot>`` row.
    ``indent``: spaces per nesting level (0 puts each row on one line without indentation).
    """

    caption: bool = True
    indent: int = 2


def escape(text: str) -> str:
    """Cell text as HTML: trimmed, escaped, line breaks as ``<br>``."""
    text = cell_lines(text)
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


def _row(grid: SlotGrid, r: int, kind: str, n_head_cols: int, row_limit: int) -> str:
    """Row ``r`` as ``<tr>``; ``kind`` is "head" (in ``<thead>``) or the row's role."""
    parts: list[str] = []
    for c in range(grid.n_cols):
        cell = grid.at(r, c)
        if cell is None:
            parts.append("<th></th>" if kind == "head" else "<td></td>")
        elif grid.is_origin(r, c):
            if kind in ("head", "header"):
                parts.append(_cell(cell, "th", "col", grid, row_limit))
            elif kind == "section" and cell.text.strip():
                parts.append(_cell(cell, "th", "rowgroup", grid, row_limit))
            elif c < n_head_cols:
                parts.append(_cell(cell, "th", "row", grid, row_limit))
            else:
                parts.append(_cell(cell, "td", "", grid, row_limit))
    cls = f' class="{kind}"' if kind not in ("head", "data") else ""
    return f"<tr{cls}>" + "".join(parts) + "</tr>"


def _crossed(grid: SlotGrid, r: int) -> bool:
    """A cell spans from row ``r - 1`` into row ``r`` (a row group cannot start at ``r``)."""
    return any(grid.at(r, c) is not None and grid.at(r, c) is grid.at(r - 1, c) for c in range(grid.n_cols))


def _body_groups(table: Table, grid: SlotGrid, n_head: int) -> list[range]:
    """Body rows cut into ``<tbody>`` groups: a new one at each section row (unless a cell
    spans across that place)."""
    starts = [n_head] + [r for r in range(n_head + 1, grid.n_rows)
                         if row_role(table, r, n_head) == "section" and not _crossed(grid, r)]
    ends = [*starts[1:], grid.n_rows]
    return [range(a, b) for a, b in zip(starts, ends, strict=True) if b > a]


def _lines(table: Table, options: HtmlOptions) -> list[tuple[int, str]]:
    """(depth, line) pairs of the ``<table>`` element."""
    grid = slot_grid(table)
    n_head = closed_header_rows(grid, min(max(0, table.header_rows), grid.n_rows))
    n_head_cols = min(max(0, table.header_cols), grid.n_cols)
    out: list[tuple[int, str]] = [(0, "<table>")]
    unit = caption_unit(table) if options.caption else ""
    if options.caption and (table.title.strip() or unit):
        parts = [escape(table.title)] if table.title.strip() else []
        parts += [f'<span class="unit">{escape(unit)}</span>'] if unit else []
        out.append((1, f"<caption>{'<br>'.join(parts)}</caption>"))
    if n_head:
        out.append((1, "<thead>"))
        out += [(2, _row(grid, r, "head", n_head_cols, n_head)) for r in range(n_head)]
        out.append((1, "</thead>"))
    for rows in _body_groups(table, grid, n_head):
        out.append((1, "<tbody>"))
        out += [(2, _row(grid, r, row_role(table, r, n_head), n_head_cols, rows.stop)) for r in rows]
        out.append((1, "</tbody>"))
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
tr.total td, tr.subtotal td, tr.total th, tr.subtotal th {{ font-weight: bold; }}
tr.total {{ border-top: 2px solid #444; }}
tr.section th {{ text-align: left; background: #eef0f6; }}
tr.note td {{ font-style: italic; color: #555; }}
caption {{ caption-side: top; text-align: left; font-weight: bold; padding: 4px 0; }}
caption .unit {{ font-weight: normal; font-size: smaller; }}
</style>
</head>
<body>
{body}</body>
</html>
"""


def dumps_tables(tables: Sequence[Table], options: HtmlOptions = HtmlOptions(), title: str = "Tables") -> str:
    """A complete UTF-8 HTML page with a heading per table naming its page."""
    body = "".join(f"<h2>Table {i} (page {t.page})</h2>\n{dumps(t, options)}" for i, t in enumerate(tables, 1))
    return _PAGE.format(title=html.escape(cell_lines(title)), body=body)
