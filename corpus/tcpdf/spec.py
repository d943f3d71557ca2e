"""The description ``TableMaker.php`` reads (its header comment lists the items): a heading
and a table per ``TTable``, the table as HTML for ``writeHTML`` (``html_*`` styles) or as
rows of cells for ``MultiCell`` (the rest). ``marked`` gives each cell a background of its
own colour (``fop.fo.colour``; head, zebra and key fills dropped, borders kept): the build
finds each cell's box by it.
"""

from __future__ import annotations

import html
import json
import random
from typing import Any

from ..fop.fo import colour
from ..html.tables import Placed
from .tables import TTable

HEADS = {"en": ("Annual report 2025", "Northwind Holdings plc"), "ko": ("입찰 공고서", "조달청 전자조달시스템"),
         "zh": ("2025年年度报告", "上海华东实业股份有限公司")}
HEADED = 0.5  # share of documents under TCPDF's page head and foot
PAPER = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def fill(g: TTable, p: Placed, mark: int) -> str:
    """The cell's background: its mark's colour, the head's, the zebra's on odd body rows, the
    key column's, or ""."""
    if mark >= 0:
        return colour(mark)[1:].upper()
    lk = g.look
    if p.r < g.table.header_rows:
        return lk.head_bg
    if lk.bold_keys:
        return lk.zebra if p.c == 0 else ""
    return lk.zebra if (p.r - g.table.header_rows) % 2 else ""


def placed_rows(g: TTable, first: int, marked: bool) -> list[list[tuple[Placed, int]]]:
    """The table's cells row by row, each with its mark (-1 when not ``marked``)."""
    rows: list[list[tuple[Placed, int]]] = [[] for _ in g.table.rows]
    for k, p in enumerate(g.table.placed("")):
        rows[p.r].append((p, first + k if marked else -1))
    return rows


def align(g: TTable, p: Placed) -> str:
    if p.r < g.table.header_rows:
        return "C"
    return g.look.align[p.c] if p.cell.cs == 1 else "L"


def html_cell(g: TTable, p: Placed, mark: int, percents: list[float]) -> str:
    tag = "th" if p.r < g.table.header_rows else "td"
    attrs = [f'width="{sum(percents[p.c:p.c + p.cell.cs]):.2f}%"', f'align="{ {"L": "left", "R": "right", "C": "center"}[align(g, p)]}"']
    bg = fill(g, p, mark)
    attrs += [f'bgcolor="#{bg}"'] if bg else []
    attrs += [f'colspan="{p.cell.cs}"'] if p.cell.cs > 1 else []
    attrs += [f'rowspan="{p.cell.rs}"'] if p.cell.rs > 1 else []
    attrs += [f'style="{css_rules(g, p)}"'] if g.style == "html_hrules" and css_rules(g, p) else []
    text = "<br />".join(html.escape(x) for x in p.cell.text.split("\n"))
    if tag == "th" and g.look.head_fg:
        text = f'<font color="#{g.look.head_fg}">{text}</font>'
    return f"<{tag} {' '.join(attrs)}>{text}</{tag}>"


def as_html(g: TTable, first: int, marked: bool) -> str:
    """The table for ``writeHTML``: ``border``/``cellpadding`` attributes, a ``thead`` TCPDF
    repeats on each page, cell widths in percent of the table (the writer keeps a table not
    continued on one page)."""
    lk = g.look
    total = sum(lk.widths)
    percents = [100.0 * w / total for w in lk.widths]
    rows = ["<tr>" + "".join(html_cell(g, p, m, percents) for p, m in row) + "</tr>" for row in placed_rows(g, first, marked)]
    head, body = rows[:g.table.header_rows], rows[g.table.header_rows:]
    if not lk.repeat or not g.style.endswith("continued"):
        head, body = [], rows  # a thead's copy outlives the writer's rollback: head set twice
    return (f'<table border="{lk.border}" cellpadding="{lk.pad:g}" cellspacing="0" width="{lk.width}%">'
            + (f"<thead>{''.join(head)}</thead>" if head else "") + "".join(body) + "</table>")


def css_rules(g: TTable, p: Placed) -> str:
    """An ``hrules`` cell's CSS: a rule over and under the head, under the last row."""
    last, head = len(g.table.rows) - 1, p.r < g.table.header_rows
    sides = (["border-top:1px solid #000000"] if p.r == 0 else []) + \
        (["border-bottom:0.5px solid #000000"] if head or p.r + p.cell.rs - 1 == last else [])
    return ";".join(sides)


def border(g: TTable, p: Placed) -> str:
    """The cell's TCPDF border letters: all four, the sides only (body of an ``LR`` table), or
    none; a rule over the last row when the table closes on a total."""
    lk, head = g.look, p.r < g.table.header_rows
    sides = "LTRB" if lk.border and (head or not lk.sides) else (lk.sides if lk.border else "")
    if lk.total_rule and p.r == len(g.table.rows) - 1 and "T" not in sides:
        sides += "T"
    return sides


def grid_cell(g: TTable, p: Placed, mark: int) -> dict[str, Any]:
    head = p.r < g.table.header_rows
    return {"text": p.cell.text, "cs": p.cell.cs, "border": border(g, p), "align": align(g, p),
            "bold": head or (g.look.bold_keys and p.c == 0) or (g.look.total_rule and p.r == len(g.table.rows) - 1),
            "fill": fill(g, p, mark), "fg": g.look.head_fg if head else ""}


def as_grid(g: TTable, first: int, marked: bool, line: float) -> dict[str, Any]:
    lk = g.look
    width = line * lk.width / 100
    rows = [[grid_cell(g, p, m) for p, m in row] for row in placed_rows(g, first, marked)]
    return {"kind": "grid", "x": line - width if lk.halign == "R" else 0.0,
            "widths": [width * w / sum(lk.widths) for w in lk.widths], "head": rows[:g.table.header_rows],
            "rows": rows[g.table.header_rows:], "pad": lk.pad, "font": lk.font, "size": lk.size,
            "more": g.more if g.style.endswith("continued") else "", "repeat": lk.repeat, "close": lk.sides == "LR" and lk.border == 1}


def document(tables: list[TTable], rng: random.Random, marked: bool, paper: str) -> str:
    """The description of a document of ``tables``, each under its heading, drawn from ``rng``
    (the same draws with or without ``marked``, so both runs set the same pages)."""
    w, h = PAPER[paper]
    margin = rng.choice((36, 42, 56))
    items: list[dict[str, Any]] = []
    first = 0
    for g in tables:
        items.append({"kind": "para", "text": g.title, "font": g.look.font, "size": rng.choice((11, 12)),
                      "after": rng.choice((4, 6, 8))})
        after = rng.choice((12, 14, 18))
        if g.style.startswith("html"):
            items.append({"kind": "html", "html": as_html(g, first, marked), "font": g.look.font, "size": g.look.size,
                          "keep": True, "after": after})
        else:
            items.append(as_grid(g, first, marked, w - 2 * margin) | {"after": after})
        first += len(g.table.placed(""))
    out: dict[str, Any] = {"page": [w, h], "margin": margin, "items": items}
    if rng.random() < HEADED:
        lang = tables[0].lang
        out["header"] = {"title": HEADS[lang][0], "string": HEADS[lang][1], "font": tables[0].look.font}
    return json.dumps(out, ensure_ascii=False)
