"""What both producers' builders share: the styles, each table's content and column widths,
and the truth of a table laid out over one or more pages from where the producer put its
cells (row/column slots -> box per page).

Styles are the ones documents from these producers use; each names what is drawn, and the
builders (``typ`` for Typst, ``wp`` for WeasyPrint) draw it their own way.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

import pymupdf

from inspector.annotation.model import AnnTable

from ..html.build import Laid, truth
from ..html.tables import Cell, HtmlTable
from ..styles.build import words_in_cells
from ..styles.content import Tabular, chinese, english, korean, make, prose
from ..styles.tables import structure

STYLES = ("grid", "booktabs", "zebra", "header_band", "wrapped", "spans", "numbers", "totals_box",
          "beside", "caption", "continued")
HOW = {"ty": "Typst", "wp": "WeasyPrint"}
ALL = tuple(f"{p}_{s}" for p in HOW for s in STYLES)  # the corpus's style names: producer_style
WIDTH = 483.0  # A4 less two 56 pt margins
REGIONS = ("华东", "华北", "华南", "西部")
TOTALS = {"en": ("Subtotal", "VAT (20%)", "Total"), "ko": ("공급가액", "부가세", "합계"), "zh": ("小计", "税额", "合计")}


@dataclass
class Spec:
    """One table to draw: its style, content, structure and column widths (points)."""

    style: str
    tab: Tabular
    table: HtmlTable
    widths: list[float]

    @property
    def numeric(self) -> list[bool]:
        return self.tab.numeric


def totals_box(rng: random.Random) -> Tabular:
    """A two-column block of Subtotal / VAT / Total and their amounts, no header."""
    lang = rng.choice(("en", "ko", "zh"))
    net = rng.randint(2_000, 900_000)
    vat = net // 10 if lang != "en" else net // 5
    amounts = [f"{v:,}" for v in (net, vat, net + vat)]
    if lang == "en":
        amounts = [f"{rng.choice(('$', '€', '£'))}{a}" for a in amounts]
    body = [[label, a] for label, a in zip(TOTALS[lang], amounts, strict=True)]
    return Tabular(lang, {"en": "Amount due", "ko": "청구 금액", "zh": "应付金额"}[lang], "", [], body, [False, True], {2})


def content(style: str, rng: random.Random) -> Tabular:
    """The table's content for ``style``: number columns in English for ``numbers``, a long
    table for ``continued``, a Subtotal/VAT/Total block for ``totals_box``."""
    if style == "totals_box":
        return totals_box(rng)
    if style == "numbers":
        return english(rng, rng.randint(5, 9))
    if style == "continued":
        lang = rng.choice(("en", "ko", "zh"))
        n = rng.randint(38, 52)
        tab = {"en": english, "ko": korean, "zh": chinese}[lang](rng, n)
        base = tab.body[:-1]
        if len(base) < n:  # the item lists are short: repeat them by lot or by region
            tag = {"en": lambda k: f", lot {k}", "ko": lambda k: f" {k}차", "zh": lambda k: f"（{REGIONS[k % 4]}）"}[lang]
            tab.body = [[f"{row[0]}{tag(k // len(base) + 1)}", *row[1:]]
                        for k, row in enumerate(base * (n // len(base) + 1))][:n] + [tab.body[-1]]
            tab.totals = {len(tab.body) - 1}
        return tab
    tab = make(rng, wrap=style == "wrapped")
    while style == "beside" and tab.lang == "ko":  # six columns do not fit beside a paragraph
        tab = make(rng)
    return tab


def _least(tab: Tabular, c: int) -> float:
    """The narrowest a column can be (points at 9 pt, with 5 pt padding a side): its longest
    number or word does not wrap (a number standing out of a narrow column would overlap the
    next cell's text)."""
    texts = [row[c] for row in tab.head + tab.body if c < len(row)]
    words = [w for t in texts for w in (t.split() if not tab.numeric[c] else [t])]
    em = max((sum(1.0 if ord(ch) > 0x2E80 else 0.64 for ch in w) for w in words), default=1.0)
    return em * 9.0 + 12.0


def widths(tab: Tabular, style: str, rng: random.Random) -> list[float]:
    """Column widths (points): the label column wider, Korean and Chinese as their texts need,
    no column narrower than its longest number or word."""
    share = {"en": [2.0] + [1.0] * (tab.n_cols - 1), "ko": [1.4, 1.8, 0.6, 1.1, 1.2, 1.1],
             "zh": [2.0, 0.7, 1.3, 1.3]}[tab.lang] if tab.n_cols > 2 else [1.3, 1.0]
    if style == "totals_box":
        total = rng.uniform(170, 220)
    elif style == "beside":
        total = WIDTH * 0.56
    elif style == "wrapped":
        total = WIDTH * rng.uniform(0.6, 0.75)
    else:
        total = WIDTH * rng.choice((0.75, 0.85, 1.0))
    out = [max(total * s / sum(share), _least(tab, c)) for c, s in enumerate(share)]
    return [round(w, 2) for w in out]

def prose_for(tab: Tabular, rng: random.Random, n: int = 0) -> str:
    """One to ``n`` (default 2) sentences of prose in the table's language."""
    return prose(rng, tab.lang, n or rng.randint(1, 2))


def spec(style: str, rng: random.Random) -> Spec:
    tab = content(style, rng)
    table = structure(tab, style, tab.lang, grouped=style == "spans")
    if style == "totals_box":
        table = HtmlTable(style, tab.lang, [[Cell(x) for x in row] for row in tab.body], pad=0.0, header_rows=0)
    return Spec(style, tab, table, widths(tab, style, rng))


def table_truth(doc: pymupdf.Document, spec: Spec, tid: str, boxes: dict[int, dict[tuple[int, int], pymupdf.Rect]],
                label: str, how: str) -> AnnTable:
    """The table's annotation from its cells' boxes per page (page index -> (row, column) ->
    box): one region per page, a repeated header in each page's region."""
    regions = []
    for page in sorted(boxes):
        slots = boxes[page]
        rows = sorted({r for r, _ in slots})
        sub = HtmlTable(spec.table.style, spec.table.detail, [spec.table.rows[r] for r in rows], pad=0.0,
                        header_rows=sum(r < spec.table.header_rows for r in rows))
        laid = Laid(sub, tid, page)
        for p in sub.placed(tid):
            laid.boxes[p.id] = slots[rows[p.r], p.c]
        part = truth(laid, words_in_cells(doc[page], laid), label, how)
        regions += part.regions
    return dataclasses.replace(part, regions=tuple(regions), header_rows=spec.table.header_rows)
