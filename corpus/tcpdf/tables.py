"""The TCPDF corpus's styles: what each table holds (an English report, a Korean tender's price
schedule, a Chinese annual report's statement), its structure (the truth's cells, spans
included) and how TCPDF draws it (``Look``).

Two ways TCPDF's users set tables, both met in reports, invoices and tenders:

- ``writeHTML`` of an HTML table (``html_*``): ``border="1"`` and ``cellpadding``, a head row
  with ``bgcolor``, ``colspan``/``rowspan`` group heads, zebra rows, a ``<thead>`` TCPDF
  repeats on each page the table runs onto;
- ``Cell()``/``MultiCell()`` grids drawn cell by cell (``cell_*``): per-cell borders
  (``LTRB``; ``LR`` with a closing rule in TCPDF's own coloured-table example), zebra fills,
  rows of wrapped text whose height is their tallest cell's, a long table continued on the
  next page under a "(계속)" / "(续)" / "(continued)" line, its head drawn again or not; a totals
  block set to the right and a key-value block (bold labels on a fill).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..html.tables import Cell, HtmlTable
from ..styles.content import LANGS, Tabular, chinese, korean

STYLES = ("html_grid", "html_hrules", "html_spans", "html_zebra", "html_continued", "cell_grid", "cell_zebra", "cell_wrapped",
          "cell_continued", "totals", "keyvalue")
SHADES = ("EEEEEE", "DDDDDD", "E8EEF7", "F2F2F2", "DFE9D8")
DARK = ("333333", "1F3864", "800000", "5B5B5B", "003366")
FONTS = {"en": ("helvetica", "dejavusans", "times"), "ko": ("cid0kr", "hysmyeongjostdmedium"),
         "zh": ("cid0cs", "stsongstdlight")}
MORE = {"en": "(continued)", "ko": "(계속)", "zh": "(续)"}
GROUPS = {"en": ("Reported", "Restated"), "ko": ("계약", "산출"), "zh": ("本期", "上期")}
TOTALS = {"en": ("Net amount", "Discount", "VAT 20%", "Total due"), "ko": ("공급가액", "할인", "부가세", "합계 금액"),
          "zh": ("不含税金额", "折扣", "增值税", "价税合计")}
KEYS = {"en": ("Tender no.", "Agency", "Opening date", "Contact", "Deadline", "Budget"),
        "ko": ("공고번호", "수요기관", "개찰일시", "담당자", "입찰마감", "추정가격"),
        "zh": ("项目编号", "采购单位", "开标时间", "联系人", "截止日期", "预算金额")}


@dataclass
class Look:
    """How TCPDF draws a table. ``border`` 1 a line on every cell's sides (HTML ``border``,
    Cell ``LTRB``), 0 none; ``sides`` the Cell border string of body cells when not every side
    ("LR": verticals only, a rule closing the table); ``pad`` cell padding (points);
    ``head_bg``/``head_fg``/``zebra`` fills (RRGGBB, "" none); ``widths`` relative column
    widths; ``align`` each column's body alignment (L, R); ``width`` the table's share of the
    line (percent), set ``halign``; ``size`` the font size (points); ``font`` a TCPDF font
    name; ``bold_keys`` the first column bold; ``total_rule`` a rule over the last row;
    ``repeat`` a continued table's head set again on each page (``thead``, or drawn again)."""

    border: int = 1
    sides: str = ""
    pad: float = 3.0
    head_bg: str = ""
    head_fg: str = ""
    zebra: str = ""
    widths: list[float] = field(default_factory=list)
    align: list[str] = field(default_factory=list)
    width: int = 100
    halign: str = "L"
    size: float = 9.0
    font: str = "helvetica"
    bold_keys: bool = False
    total_rule: bool = False
    repeat: bool = True


@dataclass
class TTable:
    """One table: its style, language, structure (the truth's), look and the heading over it."""

    style: str
    lang: str
    title: str
    table: HtmlTable
    look: Look

    @property
    def more(self) -> str:
        """The line over a continued table's part on the next page."""
        return f"{self.title} {MORE[self.lang]}"


def widths_for(tab: Tabular, rng: random.Random, whole: bool = False) -> list[float]:
    """Label and text columns wider than numbers; none narrower than its longest word needs
    (TCPDF breaks a word too long for its column inside it, and the truth compares words), or
    its longest text when ``whole`` (a continued table's rows: TCPDF would split a row of
    wrapped text over a page break, no cell of its own on either page)."""
    def longest(k: int) -> float:
        return max(sum(2.0 if ord(ch) > 0x2E80 else 1.0 for ch in w)
                   for row in [*tab.head, *tab.body] for w in ([row[k]] if whole else row[k].split() or [""]))
    return [max(rng.choice((2.0, 2.5, 3.0)) if not num else rng.choice((1.0, 1.2)), longest(k) / (3.5 if whole else 7))
            for k, num in enumerate(tab.numeric)]


def content(rng: random.Random, rows: int, wrap: bool = False) -> Tabular:
    lang = rng.choice(tuple(LANGS))
    return LANGS[lang](rng, rows, wrap)


def base(style: str, tab: Tabular, rng: random.Random, rows: list[list[Cell]] | None = None,
         header_rows: int = 1) -> TTable:
    # TCPDF's CID fonts have no middle dot: it drops it, and the truth compares words.
    tab.body = [[x.replace("·", "/") for x in row] for row in tab.body]
    rows = rows or [[Cell(h, th=True) for h in tab.head[0]]] + [[Cell(x) for x in row] for row in tab.body]
    look = Look(pad=rng.choice((2.0, 3.0, 4.0)), size=rng.choice((8.0, 9.0, 10.0)), font=rng.choice(FONTS[tab.lang]),
                align=["R" if num else "L" for num in tab.numeric],
                widths=widths_for(tab, rng, style.endswith("continued")),
                width=rng.choice((100, 100, 90)))
    return TTable(style, tab.lang, tab.title, HtmlTable(style, tab.lang, rows, pad=0.0, header_rows=header_rows), look)


def long_content(rng: random.Random) -> Tabular:
    """A Korean schedule or Chinese statement of 40 to 60 rows (a pool's rows drawn again
    under new numbers), one total row last."""
    make, pool = rng.choice(((korean, 15), (chinese, 20)))
    want, body = rng.randint(40, 60), list[list[str]]()
    first = make(rng, pool)
    while len(body) < want:
        part = make(rng, pool)
        body += part.body[:-1]
    body = [[f"{k + 1}. {row[0]}", *row[1:]] for k, row in enumerate(body[:want])]
    return Tabular(first.lang, first.title, first.unit, first.head, body + [first.body[-1]], first.numeric,
                   {want}, first.note)


def spans(rng: random.Random) -> TTable:
    """The stub's head spanning two rows, two group heads spanning the numbers below them."""
    tab = rng.choice((chinese, LANGS["en"]))(rng, rng.randint(4, 8))
    head, n = tab.head[0], tab.n_cols
    cut = 1 + (n - 1 + 1) // 2
    names = GROUPS[tab.lang]
    rows = [[Cell(head[0], th=True, rs=2), Cell(names[0], th=True, cs=cut - 1)]
            + ([Cell(names[1], th=True, cs=n - cut)] if cut < n else []),
            [Cell(h, th=True) for h in head[1:]]]
    g = base("html_spans", tab, rng, rows + [[Cell(x) for x in row] for row in tab.body], header_rows=2)
    g.look.head_bg = rng.choice(("", *SHADES))
    return g


def totals(rng: random.Random) -> TTable:
    """Net, a discount in parentheses, VAT and the total due in bold under a rule, to the right."""
    lang = rng.choice(tuple(LANGS))
    net = rng.randint(2_000, 900_000)
    disc = net * rng.choice((2, 5, 10)) // 100
    vat = (net - disc) // 10
    vals = (net, -disc, vat, net - disc + vat)
    rows = [[Cell(k), Cell(f"({-v:,})" if v < 0 else f"{v:,}")] for k, v in zip(TOTALS[lang], vals, strict=True)]
    look = Look(border=rng.choice((0, 1)), pad=rng.choice((2.0, 3.0)), size=rng.choice((9.0, 10.0)),
                font=rng.choice(FONTS[lang]), align=["L", "R"], widths=[1.4, 1.0], width=rng.choice((35, 40, 45)),
                halign="R", total_rule=True)
    title = {"en": "Amounts", "ko": "청구 금액", "zh": "应付金额"}[lang]
    return TTable("totals", lang, title, HtmlTable("totals", lang, rows, pad=0.0, header_rows=0), look)


def keyvalue(rng: random.Random) -> TTable:
    """A tender's particulars: bold labels on a fill beside their values, no head."""
    lang = rng.choice(tuple(LANGS))
    values = (f"{rng.randint(2025, 2026)}{rng.randint(10000, 99999)}-00", {"en": "City of Leeds", "ko": "조달청", "zh": "上海市财政局"}[lang],
              f"2026-0{rng.randint(1, 9)}-{rng.randint(10, 28)} 11:00", rng.choice({"en": ("J. Smith", "A. Patel"), "ko": ("홍길동", "김민수"), "zh": ("王明", "李华")}[lang]),
              f"2026-0{rng.randint(1, 9)}-{rng.randint(10, 28)}", f"{rng.randint(10, 900) * 100_000:,}")
    pairs = list(zip(KEYS[lang], values, strict=True))[:rng.randint(4, 6)]
    look = Look(border=1, pad=rng.choice((2.0, 3.0)), size=rng.choice((9.0, 10.0)), font=rng.choice(FONTS[lang]),
                align=["L", "L"], widths=[1.0, 2.0], width=rng.choice((60, 80, 100)), head_bg="",
                zebra="", bold_keys=True)
    title = {"en": "Particulars", "ko": "입찰 개요", "zh": "项目概况"}[lang]
    rows = [[Cell(k), Cell(v)] for k, v in pairs]
    g = TTable("keyvalue", lang, title, HtmlTable("keyvalue", lang, rows, pad=0.0, header_rows=0), look)
    g.look.zebra = rng.choice(SHADES)  # the label column's fill (TCPDF users shade the keys)
    return g


def spec(style: str, rng: random.Random) -> TTable:
    """A table of ``style`` with content drawn from ``rng``."""
    made = {"html_spans": spans, "totals": totals, "keyvalue": keyvalue}.get(style)
    if made:
        return made(rng)
    if style.endswith("continued"):
        tab = long_content(rng)
    else:
        tab = content(rng, rng.randint(4, 9), wrap=style == "cell_wrapped")
    g = base(style, tab, rng)
    lk = g.look
    lk.total_rule = bool(tab.totals)
    if style in ("html_grid", "cell_grid", "html_continued", "cell_wrapped"):
        lk.head_bg = rng.choice(("", *SHADES))
    elif style in ("html_zebra", "cell_zebra"):
        lk.zebra, lk.head_bg, lk.head_fg = rng.choice(SHADES), rng.choice(DARK), "FFFFFF"
        lk.border = rng.choice((0, 1)) if style == "html_zebra" else 1
        lk.sides = "LR" if style == "cell_zebra" else ""
    elif style == "cell_continued":
        lk.head_bg, lk.zebra = rng.choice(SHADES), rng.choice(("", *SHADES))
    elif style == "html_hrules":
        lk.border = 0
    if style.endswith("continued"):
        lk.repeat = rng.random() < 0.5
    if style == "cell_wrapped" and tab.lang == "ko":
        lk.widths[1] = max(lk.widths[1], 3.5)
    return g
