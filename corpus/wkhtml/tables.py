"""The wkhtmltopdf corpus's styles: the tables report services print through wkhtmltopdf
(Rails wicked_pdf, Django/PHP/Node invoice and statement templates), each style one habit:

- ``invoice``: line items under a dark head band, rules between rows only, amounts right;
- ``totals``: the invoice's Subtotal / Tax / Total block, borderless, a rule over the total,
  right of the page under the items (a second table, set right after them);
- ``statement``: an account statement of 40 to 70 zebra rows over pages, the head repeated on
  each page (``thead`` as ``table-header-group``), a rule under the head only;
- ``timesheet``: a week's hours, narrow day columns, every cell ruled, small type;
- ``bootstrap``: ``table table-striped table-bordered`` (Bootstrap 3's CSS);
- ``keyvalue``: a borderless block of bold labels and values, two pairs a row;
- ``cjk``: a Korean price schedule or a Chinese statement in WenQuanYi Micro Hei, ruled.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..html.tables import Cell, HtmlTable
from ..styles.content import chinese, korean

STYLES = ("invoice", "statement", "timesheet", "bootstrap", "keyvalue", "cjk")
FONTS = ('"DejaVu Sans"', '"Helvetica Neue", Helvetica, Arial, sans-serif', '"Nimbus Sans"', '"DejaVu Serif"',
         'Lato, sans-serif')
ITEMS = ("Consulting services", "Hosting (monthly)", "Support contract", "Licence renewal", "Onboarding workshop",
         "Data migration", "SSL certificate", "Domain registration", "Custom report", "API usage overage",
         "Training session", "Travel expenses", "Design review", "Security audit")
PAYEES = ("ACME Corp", "Northwind Traders", "Globex Ltd", "Initech", "Umbrella Supplies", "Stark Industries",
          "Wayne Logistics", "Hooli Cloud", "Vandelay Imports", "Soylent Foods")
TASKS = ("Development", "Code review", "Meetings", "Support", "Testing", "Documentation", "Deployment", "Planning")
PEOPLE = ("A. Smith", "B. Jones", "C. Brown", "D. Garcia", "E. Martin", "F. Müller", "G. Rossi", "H. Kim")
DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


@dataclass
class WTable:
    """One table to print: its style, language, heading (``title``, "" none), structure
    (the truth's cells) and CSS (``css`` rules for ``#TID``, ``{t}`` standing for it)."""

    style: str
    lang: str
    title: str
    table: HtmlTable
    css: str
    align: tuple[str, ...] = ()  # each column's text-align ("" left)


def money(rng: random.Random, lo: float, hi: float, cur: str = "$") -> str:
    return f"{cur}{rng.uniform(lo, hi):,.2f}"


def _rows(head: list[str], body: list[list[str]], th_first: bool = False) -> list[list[Cell]]:
    out = [[Cell(h, th=True) for h in head]] if head else []
    return out + [[Cell(x, th=th_first and c == 0) for c, x in enumerate(r)] for r in body]


def invoice(rng: random.Random) -> list[WTable]:
    """Line items and the totals block after them."""
    cur = rng.choice(("$", "€", "£", ""))
    n = rng.randint(3, 9)
    body, net = [], 0.0
    for k, item in enumerate(rng.sample(ITEMS, n)):
        qty, price = rng.randint(1, 40), rng.uniform(5, 900)
        net += qty * price
        body.append([str(k + 1), item, str(qty), f"{cur}{price:,.2f}", f"{cur}{qty * price:,.2f}"])
    head = ["#", "Description", "Qty", "Unit price", "Amount"]
    if rng.random() < 0.4:  # no numbering column
        head, body = head[1:], [r[1:] for r in body]
    band = rng.choice(("#343a40", "#2c3e50", "#1f4e79", "#555"))
    items = WTable("invoice", "en", "Invoice " + f"INV-{rng.randint(1000, 9999)}", HtmlTable("invoice", "en", _rows(head, body)),
                   f"{{t}} {{ border-collapse: collapse; width: 100% }} {{t}} th {{ background: {band}; color: #fff;"
                   f" text-align: left; padding: 6px 8px }} {{t}} td {{ padding: 6px 8px; border-bottom: 1px solid"
                   f" {rng.choice(('#ddd', '#eee', '#ccc'))} }}", ("",) * (len(head) - 3) + ("right",) * 3)
    rate = rng.choice((0.05, 0.1, 0.2))
    labels = [["Subtotal", f"{cur}{net:,.2f}"], [f"Tax ({rate:.0%})", f"{cur}{net * rate:,.2f}"]]
    if rng.random() < 0.5:
        labels.append(["Discount", f"-{cur}{net * 0.03:,.2f}"])
    labels.append(["Total due", f"{cur}{net * (1 + rate):,.2f}"])
    rows = [[Cell(a, th=k == len(labels) - 1), Cell(b)] for k, (a, b) in enumerate(labels)]
    width = rng.choice(("40%", "45%", "300px", "35%"))
    totals = WTable("totals", "en", "", HtmlTable("totals", "en", rows, header_rows=0),
                    f"{{t}} {{ border-collapse: collapse; width: {width}; margin-left: auto; margin-top: 8px }}"
                    f" {{t}} td, {{t}} th {{ padding: 4px 8px; text-align: left }} {{t}} tr:last-child td,"
                    f" {{t}} tr:last-child th {{ border-top: 2px solid #333; font-weight: bold }}", ("", "right"))
    return [items, totals]


def statement(rng: random.Random) -> WTable:
    """An account statement long enough for two or three pages."""
    n = rng.randint(40, 70)
    bal = rng.uniform(500, 9000)
    body = []
    for k in range(n):
        amount = rng.uniform(3, 1500)
        debit = rng.random() < 0.7
        bal += -amount if debit else amount
        body.append([f"2026-{1 + k * 12 // n:02d}-{1 + k * 7 % 28:02d}", rng.choice(PAYEES) + rng.choice(("", " payment", " refund")),
                     f"TX{rng.randint(100000, 999999)}", f"{amount:,.2f}" if debit else "",
                     "" if debit else f"{amount:,.2f}", f"{bal:,.2f}"])
    zebra = rng.choice(("#f2f2f2", "#f9f9f9", "#eef3f8", "rgba(0,0,0,.05)"))
    table = HtmlTable("statement", "en", _rows(["Date", "Description", "Reference", "Debit", "Credit", "Balance"], body))
    return WTable("statement", "en", "Account statement", table,
                  f"{{t}} {{ border-collapse: collapse; width: 100% }} {{t}} th {{ text-align: left; padding: 5px 6px;"
                  f" border-bottom: 2px solid #333 }} {{t}} td {{ padding: 4px 6px }}"
                  f" {{t}} tbody tr:nth-child(even) {{ background: {zebra} }}", ("", "", "", "right", "right", "right"))


def timesheet(rng: random.Random) -> WTable:
    """A week's hours per person and task: narrow day columns and a total."""
    body = []
    for person in rng.sample(PEOPLE, rng.randint(4, 8)):
        hours = [rng.choice(("", "", "4", "6", "7.5", "8", "8", "8.5")) if d < 5 else rng.choice(("", "", "", "2", "4"))
                 for d in range(7)]
        total = sum(float(h) for h in hours if h)
        body.append([person, rng.choice(TASKS)] + hours + [f"{total:g}"])
    table = HtmlTable("timesheet", "en", _rows(["Employee", "Task", *DAYS, "Total"], body))
    line = rng.choice(("1px solid #000", "1px solid #999", "0.5px solid #333"))
    return WTable("timesheet", "en", f"Timesheet week {rng.randint(1, 52)}", table,
                  f"{{t}} {{ border-collapse: collapse; width: {rng.choice(('100%', '90%', 'auto'))}; font-size:"
                  f" {rng.choice(('8pt', '9pt', '7.5pt'))} }} {{t}} td, {{t}} th {{ border: {line}; padding: 2px 4px }}"
                  f" {{t}} th {{ background: #e9ecef }}", ("", "") + ("center",) * 8)


def bootstrap(rng: random.Random) -> WTable:
    """Bootstrap 3's ``table table-striped table-bordered``: #ddd borders, 8px padding, a
    2px rule under the head, #f9f9f9 odd rows."""
    n = rng.randint(4, 12)
    cols = rng.randint(3, 5)
    head = ["Product", "SKU", "Stock", "Price", "Updated"][:cols]
    body = [[rng.choice(ITEMS), f"SKU-{rng.randint(100, 999)}", str(rng.randint(0, 500)), money(rng, 1, 400),
             f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/2026"][:cols] for _ in range(n)]
    return WTable("bootstrap", "en", rng.choice(("Price list", "Inventory", "Products")),
                  HtmlTable("bootstrap", "en", _rows(head, body)),
                  "{t} { width: 100%; max-width: 100%; border-collapse: collapse; border: 1px solid #ddd }"
                  " {t} th, {t} td { padding: 8px; line-height: 1.42857143; border: 1px solid #ddd; vertical-align: top }"
                  " {t} thead th { border-bottom-width: 2px; vertical-align: bottom; text-align: left }"
                  " {t} tbody tr:nth-of-type(odd) { background-color: #f9f9f9 }", ("",) * cols)


def keyvalue(rng: random.Random) -> WTable:
    """Bold labels and their values, one or two pairs a row, nothing drawn."""
    pairs = [("Invoice no.", f"INV-{rng.randint(1000, 9999)}"), ("Date", f"{rng.randint(1, 28):02d} March 2026"),
             ("Due date", f"{rng.randint(1, 28):02d} April 2026"), ("Customer", rng.choice(PAYEES)),
             ("Account", f"{rng.randint(10000000, 99999999)}"), ("Payment terms", rng.choice(("Net 30", "Net 15", "On receipt"))),
             ("PO number", f"PO-{rng.randint(100, 999)}"), ("Currency", rng.choice(("USD", "EUR", "GBP")))]
    pairs = pairs[:rng.choice((4, 6, 8))]
    two = rng.random() < 0.6
    per = 2 if two else 1
    rows = [[Cell(x, th=j % 2 == 0) for p in pairs[i:i + per] for j, x in enumerate(p)] for i in range(0, len(pairs), per)]
    return WTable("keyvalue", "en", "", HtmlTable("keyvalue", "en", rows, header_rows=0),
                  f"{{t}} {{ border-collapse: collapse; width: {rng.choice(('100%', '70%', 'auto'))}; margin-top: 14px }}"
                  f" {{t}} th {{ text-align: left; padding: 3px 12px 3px 0; font-weight: bold }} {{t}} td {{ padding: 3px 24px 3px 0 }}")


def cjk(rng: random.Random) -> WTable:
    """A Korean price schedule or a Chinese statement, ruled, head shaded or not."""
    tab = (korean if rng.random() < 0.5 else chinese)(rng, rng.randint(5, 10))
    rows = _rows(tab.head[0], tab.body)
    shade = rng.choice(("#f2f2f2", "#dde6f0", ""))
    line = rng.choice(("1px solid #000", "1px solid #888"))
    css = (f"{{t}} {{ border-collapse: collapse; width: 100%; font-family: 'WenQuanYi Micro Hei' }}"
           f" {{t}} td, {{t}} th {{ border: {line}; padding: 4px 6px }}")
    if shade:
        css += f" {{t}} th {{ background: {shade} }}"
    return WTable("cjk", tab.lang, tab.title, HtmlTable("cjk", tab.lang, rows), css,
                  tuple("right" if num else "" for num in tab.numeric))


def spec(style: str, rng: random.Random) -> list[WTable]:
    """The tables of ``style`` (``invoice`` makes the items and their totals)."""
    if style == "invoice":
        return invoice(rng)
    return [{"statement": statement, "timesheet": timesheet, "bootstrap": bootstrap, "keyvalue": keyvalue,
             "cjk": cjk}[style](rng)]
