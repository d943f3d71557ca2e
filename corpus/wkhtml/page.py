"""The HTML page a report service hands wkhtmltopdf: a letterhead, each table under its
heading with a line of prose, the head rows in a ``thead`` shown as ``table-header-group`` and
rows asked to stay whole (``page-break-inside: avoid``), as templates ask. Debian's wkhtmltopdf
is built on an unpatched Qt: it repeats no head, ignores the request and cuts a row at the
page's foot, drawing the rest of its background above the next page's top margin (clipped).

``marked`` pages paint each cell's background a colour of its own (``fo.colour`` of its
mark: the document's cells numbered in order); colour changes nothing in the layout.
"""

from __future__ import annotations

import random
from html import escape

from ..fop.fo import colour
from ..styles.content import prose
from .tables import FONTS, WTable


def _cell(tag: str, text: str, css: str, spans: str) -> str:
    body = "<br/>".join(escape(line) for line in text.split("\n"))
    return f'<{tag}{spans}{f" style={chr(34)}{css}{chr(34)}" if css else ""}>{body}</{tag}>'


def table_html(g: WTable, tid: str, first: int, marked: bool) -> str:
    """``g`` as an HTML table ``#tid``; its cells' marks run from ``first``."""
    rows: dict[int, list[str]] = {}
    for k, p in enumerate(g.table.placed("")):
        css = f"text-align:{g.align[p.c]}" if p.c < len(g.align) and g.align[p.c] else ""
        if marked:
            css += f";background:{colour(first + k)}"
        spans = (f' colspan="{p.cell.cs}"' if p.cell.cs > 1 else "") + (f' rowspan="{p.cell.rs}"' if p.cell.rs > 1 else "")
        rows.setdefault(p.r, []).append(_cell("th" if p.cell.th else "td", p.cell.text, css.lstrip(";"), spans))
    heads = g.table.header_rows
    out = [f'<table id="{tid}">']
    if heads:
        out.append("<thead>" + "".join(f"<tr>{''.join(rows[r])}</tr>" for r in range(heads)) + "</thead>")
    out.append("<tbody>" + "".join(f"<tr>{''.join(rows[r])}</tr>" for r in range(heads, g.table.n_rows)) + "</tbody>")
    return "".join(out) + "</table>"


def document(tables: list[WTable], rng: random.Random, marked: bool) -> str:
    """The page holding ``tables`` (the same for a marked and a kept setting with one seed)."""
    font = rng.choice(FONTS)
    size = rng.choice((9, 10, 11, 12))
    css = [f"body {{ font-family: {font}, 'WenQuanYi Micro Hei'; font-size: {size}pt; color: #222 }}",
           "h1 { font-size: 20pt; margin: 0 0 4px } h2 { font-size: 13pt; margin: 18px 0 6px }",
           "thead { display: table-header-group } tr { page-break-inside: avoid }", "p { margin: 4px 0 8px }"]
    body = [f"<h1>{escape(rng.choice(('Invoice', 'Statement', 'Report', 'Summary')))}</h1>",
            f"<p>{escape(prose(rng, 'en', 1))}</p>"]
    first = 0
    for k, g in enumerate(tables):
        tid = f"t{k + 1}"
        css.append(g.css.replace("{t}", f"#{tid}"))
        if g.title:
            body.append(f"<h2>{escape(g.title)}</h2>")
            if rng.random() < 0.5:
                body.append(f"<p>{escape(prose(rng, g.lang, 1))}</p>")
        body.append(table_html(g, tid, first, marked))
        first += len(g.table.placed(""))
    body.append(f"<p>{escape(prose(rng, 'en', 2))}</p>")
    return ('<!DOCTYPE html><html><head><meta charset="utf-8"><style>' + "\n".join(css) + "</style></head><body>"
            + "\n".join(body) + "</body></html>")

