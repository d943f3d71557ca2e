"""The iText corpus's styles: what each table holds, its structure (the truth's cells, spans
included) and how PdfPTable draws it (``Look``: each cell's borders, backgrounds, padding,
alignment, the header rows repeated at a page break).

Styles are the ways iText's users (bank statements, invoices, reports from Java back ends) set
tables: ``grid`` (every cell boxed, a light head), ``hrules`` (a rule over and under the head,
one over the total and one closing the table, nothing else), ``borderless`` (no line at all, a
bold head), ``darkhead`` (a dark head with white text over a light grey grid or no lines),
``zebra`` (rows on alternating fills), ``spans`` (a title and group heads spanning columns, the
stub's head spanning two rows), ``stub_spans`` (region labels spanning rows), ``wrapped`` (task
texts wrapping in a proportional column), ``negatives`` (right-aligned amounts, negatives in
parentheses, a bold total under a rule), ``continued`` (a ledger over pages, ``setHeaderRows``
repeating its head), ``keyvalue`` (an invoice header: the seller's address beside a small
key-value table, both cells of an outer borderless layout table), ``totals`` (a boxed totals
block set to the right) and ``invoice`` (goods in a grid, Subtotal / VAT / Total rows whose
label spans the columns left of the amount; some goods with a second line).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..fop import content
from ..fop.content import Content
from ..groff.content import REGIONS
from ..html.tables import Cell, HtmlTable

STYLES = ("grid", "hrules", "borderless", "darkhead", "zebra", "spans", "stub_spans", "wrapped", "negatives",
          "continued", "keyvalue", "totals", "invoice")
SHADES = ("EEEEEE", "DDDDDD", "E8EEF7", "F2F2F2", "DFE9D8")
DARK = ("333333", "1F3864", "2E5C3A", "5B5B5B", "003366")
LINES = ("000000", "808080", "444444", "BFBFBF")
SELLERS = ("Northwind Supplies Ltd\\n12 Harbour Road\\nBristol BS1 4QA", "Acme Office GmbH\\nHauptstrasse 7\\n10115 Berlin",
           "Blue Ridge Services\\n400 Main Street\\nDenver CO 80202", "Kestrel Trading\\n5 Mill Lane\\nLeeds LS1 2AB")


@dataclass
class Look:
    """How PdfPTable draws a table. Widths in points: ``grid`` every cell's four borders,
    ``frame`` the table's outer edges, ``rules`` a rule under row r (-1: over the table);
    ``line`` their colour; ``head_bg``/``head_fg``/``zebra`` fills (RRGGBB, "" none); ``pad``
    each cell's padding; ``align`` each column's body alignment (L, R); ``widths`` relative
    column widths; ``percent`` of the line, the table set ``halign``; ``bold_rows`` set bold;
    ``nest`` the seller's address set beside the table in an outer layout table."""

    grid: float = 0.0
    frame: float = 0.0
    rules: dict[int, float] = field(default_factory=dict)
    line: str = "000000"
    head_bg: str = ""
    head_fg: str = ""
    zebra: str = ""
    pad: float = 2.0
    align: list[str] = field(default_factory=list)
    widths: list[float] = field(default_factory=list)
    percent: int = 100
    halign: str = "C"
    size: float = 9.0
    keep: bool = False
    bold_rows: set[int] = field(default_factory=set)
    nest: str = ""


@dataclass
class ITable:
    """One table: its structure (the truth's) and its look; ``title`` goes in the heading."""

    style: str
    title: str
    table: HtmlTable
    look: Look


def widths_for(c: Content, rng: random.Random) -> list[float]:
    """The label (and any wrapping) column wider than the numbers, none under a sixth of its
    longest word's letters (iText breaks a word too long for its column inside it, and the
    truth compares words)."""
    def longest(k: int) -> int:
        return max(len(w) for row in [c.head, *c.body] for w in (row[k].split() or [""]))
    return [max(rng.choice((2.0, 2.5, 3.0)) if k in (c.wrap, 0) else rng.choice((1.0, 1.0, 1.2)), longest(k) / 6)
            for k in range(len(c.head))]


def base(style: str, c: Content, rng: random.Random, rows: list[list[Cell]] | None = None,
         header_rows: int = 1) -> ITable:
    rows = rows or [[Cell(h, th=True) for h in c.head]] + [[Cell(x) for x in row] for row in c.body]
    look = Look(pad=rng.choice((2.0, 3.0, 4.0, 5.0)), line=rng.choice(LINES), size=rng.choice((8.0, 9.0, 10.0)),
                align=["R" if num else "L" for num in c.numeric], widths=widths_for(c, rng),
                percent=rng.choice((100, 100, 90, 80)))
    return ITable(style, c.title, HtmlTable(style, "", rows, pad=0.0, header_rows=header_rows), look)


def with_totals(c: Content, rng: random.Random) -> list[list[Cell]]:
    """An invoice's rows: goods (some with a second line), then each total's label spanning
    every column but the amount."""
    n = len(c.head)
    goods = [row for row in c.body if row[1]]
    totals = [row for row in c.body if not row[1]]
    lines = [[Cell(row[0] + (f"\n{rng.choice(('Ref.', 'Order', 'PO'))} {rng.randint(1000, 9999)}"
                             if rng.random() < 0.4 else ""))] + [Cell(x) for x in row[1:]] for row in goods]
    return [[Cell(h, th=True) for h in c.head]] + lines + [[Cell(row[0], cs=n - 1), Cell(row[-1])] for row in totals]


def invoice(rng: random.Random) -> ITable:
    c = content.invoice(rng, rng.randint(3, 8))
    g = base("invoice", c, rng, with_totals(c, rng))
    g.look.grid, g.look.head_bg, g.look.keep = rng.choice((0.5, 0.5, 1.0)), rng.choice(SHADES), True
    g.look.bold_rows = {len(g.table.rows) - 1}
    return g


def spans(rng: random.Random) -> ITable:
    """A title over every column, group heads over the numbers, the stub's head over both."""
    c = content.statement(rng, rng.randint(4, 8))
    n = len(c.head)
    cut = rng.randint(3, n - 2) if n >= 5 else n
    groups = [(rng.choice(("Actual", "Reported", "Group")), 1, cut)] + \
             ([(rng.choice(("Budget", "Restated", "Company")), cut, n)] if cut < n else [])
    head = [[Cell(c.title, th=True, cs=n)],
            [Cell(c.head[0], th=True, rs=2)] + [Cell(name, th=True, cs=b - a) for name, a, b in groups],
            [Cell(h, th=True) for h in c.head[1:]]]
    g = base("spans", c, rng, head + [[Cell(x) for x in row] for row in c.body], header_rows=3)
    g.look.grid, g.look.head_bg, g.look.keep = 0.5, rng.choice(("", *SHADES)), True
    return g


def stub_spans(rng: random.Random) -> ITable:
    """A region column whose names span two or three rows of items."""
    c = content.statement(rng, rng.randint(4, 8))
    rows, k = [[Cell("Region", th=True)] + [Cell(h, th=True) for h in c.head]], 0
    for region in rng.sample(REGIONS, len(REGIONS)):
        if k >= len(c.body):
            break
        rs = min(rng.randint(2, 3), len(c.body) - k)
        rows += [([Cell(region, rs=rs)] if i == 0 else []) + [Cell(x) for x in c.body[k + i]] for i in range(rs)]
        k += rs
    g = base("stub_spans", c, rng, rows)
    g.look.align, g.look.widths = ["L", *g.look.align], [1.5, *g.look.widths]
    g.look.grid, g.look.keep = rng.choice((0.5, 1.0)), True
    return g


def continued(rng: random.Random) -> ITable:
    """A ledger of 45 to 70 postings, its head repeated on each page (``setHeaderRows``)."""
    g = base("continued", content.ledger(rng, rng.randint(45, 70)), rng)
    if rng.random() < 0.5:
        g.look.zebra, g.look.head_bg = rng.choice(SHADES), rng.choice(SHADES)
    else:
        g.look.grid = rng.choice((0.0, 0.5))
        g.look.rules = {} if g.look.grid else {-1: 1.0, 0: 0.5}
    return g


def keyvalue(rng: random.Random) -> ITable:
    """An invoice header: labels and values, no head, beside the seller's address."""
    pairs = [("Invoice no.", f"INV-{rng.randint(10000, 99999)}"), ("Date", f"{rng.randint(1, 28):02d}.03.2025"),
             ("Due date", f"{rng.randint(1, 28):02d}.04.2025"), ("Customer", f"C{rng.randint(100, 999)}"),
             ("Order ref.", f"PO {rng.randint(1000, 9999)}"), ("Terms", rng.choice(("30 days net", "Due on receipt")))]
    pairs = pairs[:rng.randint(4, 6)]
    rows = [[Cell(k), Cell(v)] for k, v in pairs]
    g = ITable("keyvalue", rng.choice(("Invoice", "Tax invoice")), HtmlTable("keyvalue", "", rows, pad=0.0,
                                                                              header_rows=0),
               Look(pad=rng.choice((2.0, 3.0)), size=rng.choice((8.0, 9.0)), align=["L", rng.choice(("L", "R"))],
                    widths=[1.0, 1.2], line=rng.choice(LINES), nest=rng.choice(SELLERS)))
    g.look.grid = rng.choice((0.0, 0.0, 0.5))
    g.look.zebra = "" if g.look.grid else rng.choice(("", *SHADES))
    return g


def totals(rng: random.Random) -> ITable:
    """A totals block to the right: net, a discount in parentheses, VAT, the total due in bold
    under a rule, in a frame."""
    net = rng.uniform(200, 20000)
    disc = net * rng.choice((0.02, 0.05, 0.1))
    vat = (net - disc) * 0.2
    vals = [("Net amount", net), ("Discount", -disc), ("VAT 20%", vat), ("Total due", net - disc + vat)]
    rows = [[Cell(k), Cell(f"({-v:,.2f})" if v < 0 else f"{v:,.2f}")] for k, v in vals]
    g = ITable("totals", "Amounts", HtmlTable("totals", "", rows, pad=0.0, header_rows=0),
               Look(pad=rng.choice((3.0, 4.0)), size=rng.choice((9.0, 10.0)), align=["L", "R"], widths=[1.4, 1.0],
                    percent=rng.choice((35, 40, 45)), halign="R", line=rng.choice(LINES), keep=True,
                    frame=rng.choice((0.5, 1.0)), rules={2: 0.5}, bold_rows={3}))
    return g


def spec(style: str, rng: random.Random) -> ITable:
    """A table of ``style`` with content drawn from ``rng``."""
    made = {"invoice": invoice, "spans": spans, "stub_spans": stub_spans, "continued": continued,
            "keyvalue": keyvalue, "totals": totals}.get(style)
    if made:
        return made(rng)
    c = {"wrapped": lambda: content.work_plan(rng, rng.randint(3, 6)),
         "negatives": lambda: rng.choice((content.statement, lambda r, n: content.ledger(r, n + 4)))(rng, rng.randint(4, 9)),
         "hrules": lambda: content.statement(rng, rng.randint(4, 8))}.get(
        style, lambda: rng.choice((content.statement, content.measurements))(rng, rng.randint(4, 9)))()
    g = base(style, c, rng)
    lk, last = g.look, len(c.body)
    if style == "grid":
        lk.grid, lk.head_bg = rng.choice((0.5, 1.0)), rng.choice(("", *SHADES))
    elif style == "hrules":
        lk.rules = {-1: 1.0, 0: 0.5, last - 1: 0.5, last: 1.0}
    elif style == "darkhead":
        lk.head_bg, lk.head_fg = rng.choice(DARK), "FFFFFF"
        lk.grid, lk.line = rng.choice((0.0, 0.5)), "BFBFBF"
    elif style == "zebra":
        lk.zebra, lk.head_bg = rng.choice(SHADES), rng.choice(("", *DARK))
        lk.head_fg = "FFFFFF" if lk.head_bg else ""
    elif style == "wrapped":
        lk.grid = rng.choice((0.5, 0.0))
        lk.rules = {} if lk.grid else {0: 0.5}
        lk.widths = [max(a, b) for a, b in zip((0.5, 4.0, 1.3, 1.0, 1.1), (0, 0, *lk.widths[2:]), strict=True)]
    elif style == "negatives":
        lk.rules = {0: 0.5} | ({last - 1: 0.5} if c.total else {})
        lk.bold_rows = {last} if c.total else set()
    return g
