"""The PHP corpus's styles: tables as web applications print them through dompdf (invoices,
bank statements, rate sheets, particulars, Korean and Chinese reports), what each holds (the
truth's cells, spans included) and how its HTML looks (``Look``).

- ``invoice``: numbered line items under a head with a rule above and below, a hairline under
  each item, the amounts right-aligned;
- ``totals``: the invoice's totals box, set to the right in a frame, the total due in bold
  under a rule;
- ``statement``: a bank statement of 40 to 70 transactions in zebra rows under a dark head
  the engine repeats (``<thead>``) on each page the table runs onto;
- ``ratesheet``: a dark header band in white letters, section rows spanning the table on a
  light shade, rates right-aligned, no vertical rules;
- ``keyvalue``: borderless label/value pairs (bold labels), as an invoice's or statement's
  particulars;
- ``spans``: a grid whose stub head spans two rows and two group heads span the columns below;
- ``cjk``: a Korean or Chinese report table (grid or zebra) set in a CJK TrueType font.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..html.tables import Cell, HtmlTable
from ..styles.content import LANGS, Tabular, chinese, korean
from ..tcpdf.tables import GROUPS, KEYS, TOTALS

STYLES = ("invoice", "totals", "statement", "ratesheet", "keyvalue", "spans", "cjk")
SHADES = ("#EEEEEE", "#F2F2F2", "#E8EEF7", "#DFE9D8", "#F5F5DC")
DARK = ("#333333", "#1F3864", "#800000", "#2E5E4E", "#003366")
RULES = ("#999999", "#CCCCCC", "#BBBBBB")
FONTS = {"en": ("Helvetica", "Times", "DejaVu Sans", "Lato"), "ko": ("NanumGothic", "NanumMyeongjo"),
         "zh": ("AR PL SungtiL GB",)}
ITEMS = ("Consulting services", "Website maintenance", "Annual licence", "Hosting (12 months)", "Support hours",
         "Training session", "Data migration", "Design revisions", "SSL certificate", "Domain renewal",
         "Printed brochures", "Shipping and handling", "Office chairs", "Laptop stand", "Toner cartridge")
PAYEES = ("CARD PURCHASE TESCO STORES", "DIRECT DEBIT BRITISH GAS", "TRANSFER TO SAVINGS", "SALARY ACME LTD",
          "ATM WITHDRAWAL", "STANDING ORDER RENT", "CARD PURCHASE AMAZON", "INTEREST PAID", "FEE MONTHLY ACCOUNT",
          "FASTER PAYMENT J SMITH", "CONTACTLESS PRET A MANGER", "CHEQUE DEPOSIT 000123")
SECTIONS = (("Standard rooms", ("Single", "Double", "Twin", "Triple")),
            ("Suites", ("Junior suite", "Executive suite", "Family suite")),
            ("Extras", ("Breakfast", "Parking", "Late check-out", "Extra bed")))


@dataclass
class Look:
    """How the table's HTML looks. ``rules`` "grid" (every cell framed), "lines" (a rule over
    and under the head, a hairline under each row), "box" (a frame round the table only) or
    "none"; ``pad`` cell padding (points); ``head_bg``/``head_fg``/``zebra``/``section_bg``
    fills (#RRGGBB, "" none); ``widths`` relative column widths; ``align`` each column's
    body alignment (left, right); ``width`` the table's share of the line (percent), set to
    the right when ``right``; ``size`` font size (points); ``font`` a CSS family;
    ``bold_keys`` the first column bold; ``total_rule`` a rule over the last row, bold;
    ``repeat`` the head in a ``<thead>`` (repeated on each page)."""

    rules: str = "grid"
    rule: str = "#999999"
    pad: float = 3.0
    head_bg: str = ""
    head_fg: str = ""
    zebra: str = ""
    section_bg: str = ""
    widths: list[float] = field(default_factory=list)
    align: list[str] = field(default_factory=list)
    width: int = 100
    right: bool = False
    size: float = 9.0
    font: str = "Helvetica"
    bold_keys: bool = False
    total_rule: bool = False
    repeat: bool = False


@dataclass
class PTable:
    """One table: its style, language, structure (the truth's), look and the heading over it."""

    style: str
    lang: str
    title: str
    table: HtmlTable
    look: Look


def money(rng: random.Random, lo: int, hi: int) -> int:
    """An amount in cents."""
    return rng.randint(lo, hi) * rng.choice((1, 5, 25, 100))


def fmt(cents: int) -> str:
    return f"{cents / 100:,.2f}"


def table(style: str, lang: str, title: str, rows: list[list[Cell]], look: Look, header_rows: int = 1) -> PTable:
    return PTable(style, lang, title, HtmlTable(style, lang, rows, pad=0.0, header_rows=header_rows), look)


def heads(texts: list[str]) -> list[Cell]:
    return [Cell(h, th=True) for h in texts]


def invoice(rng: random.Random) -> PTable:
    """Numbered line items: quantity, unit price, amount."""
    n = rng.randint(3, 12)
    rows = [heads(["#", "Description", "Qty", "Unit price", "Amount"])]
    for k, item in enumerate(rng.sample(ITEMS, n), 1):
        qty, unit = rng.randint(1, 40), money(rng, 100, 40_000)
        rows.append([Cell(str(k)), Cell(item), Cell(str(qty)), Cell(fmt(unit)), Cell(fmt(qty * unit))])
    look = Look(rules="lines", rule=rng.choice(RULES), pad=rng.choice((3.0, 4.0, 5.0)),
                head_bg=rng.choice(("", *SHADES)), widths=[0.4, 3.0, 0.6, 1.1, 1.2],
                align=["left", "left", "right", "right", "right"], font=rng.choice(FONTS["en"]))
    return table("invoice", "en", f"Invoice INV-{rng.randint(1000, 99999)}", rows, look)


def totals(rng: random.Random) -> PTable:
    """Net, a discount in parentheses, tax and the total due in bold under a rule, in a frame to the right."""
    lang = rng.choice(("en", "en", "ko", "zh"))
    net = rng.randint(2_000, 900_000)
    disc = net * rng.choice((0, 2, 5, 10)) // 100
    tax = (net - disc) // 10
    vals = [(TOTALS[lang][0], f"{net:,}"), (TOTALS[lang][1], f"({disc:,})"), (TOTALS[lang][2], f"{tax:,}"),
            (TOTALS[lang][3], f"{net - disc + tax:,}")]
    if not disc:
        vals.pop(1)
    look = Look(rules=rng.choice(("box", "none", "grid")), pad=rng.choice((2.0, 3.0, 4.0)), widths=[1.4, 1.0],
                align=["left", "right"], width=rng.choice((35, 40, 45)), right=True, total_rule=True,
                font=rng.choice(FONTS[lang]), zebra=rng.choice(("", "", *SHADES)))
    title = {"en": "Amount due", "ko": "청구 금액", "zh": "应付金额"}[lang]
    return table("totals", lang, title, [[Cell(k), Cell(v)] for k, v in vals], look, 0)


def statement(rng: random.Random) -> PTable:
    """Transactions with a running balance, long enough to run onto the next page."""
    bal, month = money(rng, 500_000, 5_000_000), rng.randint(1, 12)
    rows = [heads(["Date", "Description", "Paid out", "Paid in", "Balance"])]
    day = 1
    for _ in range(rng.randint(40, 70)):
        day += rng.choice((0, 0, 1, 2))
        amount = money(rng, 100, 50_000)
        out = rng.random() < 0.6
        bal += -amount if out else amount
        rows.append([Cell(f"{min(day, 28):02d}/{month:02d}/2026"), Cell(rng.choice(PAYEES)),
                     Cell(fmt(amount) if out else ""), Cell("" if out else fmt(amount)), Cell(fmt(bal))])
    look = Look(rules=rng.choice(("none", "none", "lines")), rule=rng.choice(RULES), pad=rng.choice((2.0, 3.0)),
                head_bg=rng.choice(DARK), head_fg="#FFFFFF", zebra=rng.choice(SHADES), widths=[1.0, 3.2, 1.0, 1.0, 1.1],
                align=["left", "left", "right", "right", "right"], size=rng.choice((8.0, 9.0)), repeat=True,
                font=rng.choice(FONTS["en"]))
    return table("statement", "en", "Account activity", rows, look)


def ratesheet(rng: random.Random) -> PTable:
    """Rates per season, a section row over each group."""
    seasons = rng.sample(["Low", "Mid", "High", "Peak", "Weekend"], rng.randint(2, 4))
    rows = [heads(["Room type", *[f"{s} season" for s in seasons]])]
    for name, kinds in rng.sample(SECTIONS, rng.randint(2, 3)):
        rows.append([Cell(name, cs=len(seasons) + 1)])
        rows += [[Cell(k), *[Cell(f"{rng.randint(40, 900)}.00") for _ in seasons]] for k in kinds]
    look = Look(rules=rng.choice(("none", "lines")), rule=rng.choice(RULES), pad=rng.choice((3.0, 4.0)),
                head_bg=rng.choice(DARK), head_fg="#FFFFFF", section_bg=rng.choice(SHADES),
                widths=[2.0] + [1.0] * len(seasons), align=["left"] + ["right"] * len(seasons),
                width=rng.choice((100, 80)), font=rng.choice(FONTS["en"]))
    return table("ratesheet", "en", "Rates 2026 (per night)", rows, look)


def keyvalue(rng: random.Random) -> PTable:
    """Particulars: bold labels beside their values, no rules."""
    lang = rng.choice(tuple(LANGS))
    values = (f"{rng.randint(2025, 2026)}{rng.randint(10000, 99999)}-00",
              {"en": "City of Leeds", "ko": "조달청", "zh": "上海市财政局"}[lang],
              f"2026-0{rng.randint(1, 9)}-{rng.randint(10, 28)} 11:00",
              rng.choice({"en": ("J. Smith", "A. Patel"), "ko": ("홍길동", "김민수"), "zh": ("王明", "李华")}[lang]),
              f"2026-0{rng.randint(1, 9)}-{rng.randint(10, 28)}", f"{rng.randint(10, 900) * 100_000:,}")
    pairs = list(zip(KEYS[lang], values, strict=True))[:rng.randint(3, 6)]
    look = Look(rules="none", pad=rng.choice((1.0, 2.0, 3.0)), widths=[1.0, 2.0], align=["left", "left"],
                width=rng.choice((50, 60, 80)), bold_keys=True, font=rng.choice(FONTS[lang]))
    title = {"en": "Particulars", "ko": "입찰 개요", "zh": "项目概况"}[lang]
    return table("keyvalue", lang, title, [[Cell(k), Cell(v)] for k, v in pairs], look, 0)


def widths_of(tab: Tabular, rng: random.Random) -> list[float]:
    """Label columns wider than numbers, none narrower than its longest word needs."""
    def longest(k: int) -> float:
        return max(sum(2.0 if ord(ch) > 0x2E80 else 1.0 for ch in w)
                   for row in [*tab.head, *tab.body] for w in row[k].split() or [""])
    return [max(rng.choice((2.0, 2.5)) if not num else 1.0, longest(k) / 7) for k, num in enumerate(tab.numeric)]


def core(text: str, font: str) -> str:
    """``text`` with its currency signs as ISO codes in a PDF core font: dompdf 2.0 measures the
    euro and pound signs of Helvetica and Times too narrow, and the text overruns its cell (the
    truth compares the words inside each cell's box)."""
    if font not in ("Helvetica", "Times"):
        return text
    return text.replace("€", "EUR ").replace("£", "GBP ").replace("¥", "JPY ")


def spans(rng: random.Random) -> PTable:
    """The stub's head spanning two rows, two group heads spanning the numbers below them."""
    tab = rng.choice((chinese, LANGS["en"]))(rng, rng.randint(4, 8))
    head, n = tab.head[0], tab.n_cols
    cut = 1 + n // 2
    names = GROUPS[tab.lang]
    rows = [[Cell(head[0], th=True, rs=2), Cell(names[0], th=True, cs=cut - 1)]
            + ([Cell(names[1], th=True, cs=n - cut)] if cut < n else []), heads(head[1:])]
    font = rng.choice(FONTS[tab.lang])
    rows += [[Cell(core(x, font)) for x in row] for row in tab.body]
    look = Look(rules="grid", rule=rng.choice(("#000000", *RULES)), pad=rng.choice((2.0, 3.0)),
                head_bg=rng.choice(("", *SHADES)), widths=widths_of(tab, rng),
                align=["right" if num else "left" for num in tab.numeric], font=font,
                total_rule=bool(tab.totals))
    return table("spans", tab.lang, tab.title, rows, look, 2)


def cjk(rng: random.Random) -> PTable:
    """A Korean or Chinese report table, framed or in zebra rows."""
    tab = rng.choice((korean, chinese))(rng, rng.randint(5, 12))
    rows = [heads(tab.head[0])] + [[Cell(x) for x in row] for row in tab.body]
    zebra = rng.random() < 0.5
    look = Look(rules="none" if zebra else "grid", rule=rng.choice(RULES), pad=rng.choice((2.0, 3.0, 4.0)),
                head_bg=rng.choice(DARK if zebra else ("", *SHADES)), head_fg="#FFFFFF" if zebra else "",
                zebra=rng.choice(SHADES) if zebra else "", widths=widths_of(tab, rng),
                align=["right" if num else "left" for num in tab.numeric], font=rng.choice(FONTS[tab.lang]),
                total_rule=bool(tab.totals), size=rng.choice((9.0, 10.0)))
    return table("cjk", tab.lang, tab.title, rows, look)


def spec(style: str, rng: random.Random) -> PTable:
    """A table of ``style`` with content drawn from ``rng``."""
    makers = {"invoice": invoice, "totals": totals, "statement": statement, "ratesheet": ratesheet,
              "keyvalue": keyvalue, "spans": spans, "cjk": cjk}
    return makers[style](rng)
