"""A ``Tabular`` as a structure (the truth): cells with spans on a slot grid, reusing the
HTML corpus's ``HtmlTable`` (its ``placed()`` places spans the way every producer here does).
"""

from __future__ import annotations

from ..html.tables import Cell, HtmlTable
from .content import Tabular

GROUP = {"en": "Fiscal year", "ko": "가격 내역", "zh": "金额"}


def structure(t: Tabular, style: str, detail: str, grouped: bool = False) -> HtmlTable:
    """The table's cells; ``grouped``: two header rows, the number columns under one spanning
    group cell, every other header spanning both rows (the number columns are contiguous)."""
    rows: list[list[Cell]] = []
    if grouped:
        first = t.numeric.index(True)
        n_num = sum(t.numeric)
        head = t.head[0]
        top = [Cell(h, th=True, rs=2) for h in head[:first]] + [Cell(GROUP[t.lang], th=True, cs=n_num)]
        top += [Cell(h, th=True, rs=2) for h in head[first + n_num:]]
        rows = [top, [Cell(h, th=True) for h in head[first:first + n_num]]]
    else:
        rows = [[Cell(h, th=True) for h in row] for row in t.head]
    rows += [[Cell(x) for x in row] for row in t.body]
    return HtmlTable(style, detail, rows, pad=0.0, header_rows=2 if grouped else len(t.head))


def grid(table: HtmlTable) -> list[list[str]]:
    """Every slot's text, "" where a span covers it (the form both libraries take)."""
    out = [["" for _ in range(table.n_cols)] for _ in range(table.n_rows)]
    for p in table.placed(""):
        out[p.r][p.c] = p.cell.text
    return out
