"""The pdfmake half of ``corpus/jslibs``: tables in pdfmake's own table layouts (its default
grid, ``lightHorizontalLines``, ``noBorders``, ``headerLineOnly``) and in styles documents
made with it use (a filled header row, zebra rows from a ``fillColor`` function, spanning
cells, wrapped labels, a table continued over pages, a totals box), most in Korean or
Chinese (WenQuanYi Micro Hei), drawn by ``drawpm.js``."""

from __future__ import annotations

import random

from ..html.tables import Cell, HtmlTable
from ..modern.content import PLACES as EN_PLACES
from ..producers import layout
from ..styles.content import Tabular, chinese, english, korean
from ..styles.tables import structure

STYLES = ("grid", "light", "noborders", "headeronly", "header_fill", "zebra", "spans", "row_groups", "wrapped",
          "continued", "totals")
ALL = tuple(f"pm_{s}" for s in STYLES)
GROUP_WIDTH = 56.0  # points
LANGS = ("ko", "zh", "ko", "zh", "en")  # mostly Korean tenders and Chinese reports
MAKERS = {"en": english, "ko": korean, "zh": chinese}
WIDTHS = {"totals": "totals_box", "wrapped": "wrapped"}  # layout.widths's name for a style
GROUPS = {"en": ("Segment", "Division", "Region"), "ko": ("구분", "권역"), "zh": ("分部", "地区")}
PLACES = {"en": EN_PLACES, "ko": ("서울", "부산", "대구", "인천", "광주"),
          "zh": ("华东", "华北", "华南", "西部", "东北")}


def row_groups(tab: Tabular, rng: random.Random) -> HtmlTable:
    """A first column of group labels in the table's language, each spanning two to four body
    rows (``rowSpan``; autotable's tables too)."""
    tab.head = [[rng.choice(GROUPS[tab.lang])] + tab.head[0]]
    tab.numeric = [False] + tab.numeric
    rows: list[list[Cell]] = [[Cell(h, th=True) for h in tab.head[0]]]
    k, body = 0, tab.body
    while k < len(body):
        n = min(rng.randint(2, 4), len(body) - k)
        rows.append([Cell(rng.choice(PLACES[tab.lang]), rs=n)] + [Cell(x) for x in body[k]])
        rows += [[Cell(x) for x in row] for row in body[k + 1:k + n]]
        k += n
    return HtmlTable("row_groups", tab.lang, rows, pad=0.0, header_rows=1)


def spec(style: str, rng: random.Random) -> layout.Spec:
    """One table of ``style``: content in a language drawn from ``LANGS`` (a long table for
    ``continued``, a Subtotal/VAT/Total block for ``totals``), its structure and widths."""
    if style == "totals":
        tab = layout.totals_box(rng)
        table = HtmlTable(style, tab.lang, [[Cell(x) for x in row] for row in tab.body], pad=0.0, header_rows=0)
    else:
        tab = layout.content("continued", rng) if style == "continued" else \
            MAKERS[rng.choice(LANGS)](rng, rng.randint(4, 10), style == "wrapped")
        if style == "row_groups" and tab.lang == "ko":  # seven columns do not fit
            tab = MAKERS[rng.choice(("zh", "en"))](rng, rng.randint(4, 10))
        widths = layout.widths(tab, WIDTHS.get(style, style), rng)
        if style == "row_groups":  # the group column, taken from the others
            widths = [GROUP_WIDTH] + [round(w * (1 - GROUP_WIDTH / sum(widths)), 2) for w in widths]
            return layout.Spec(style, tab, row_groups(tab, rng), widths)
        return layout.Spec(style, tab, structure(tab, style, tab.lang, grouped=style == "spans"), widths)
    return layout.Spec(style, tab, table, layout.widths(tab, "totals_box", rng))
