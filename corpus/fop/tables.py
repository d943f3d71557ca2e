"""The FOP corpus's styles: what each table holds, its structure (the truth's cells, spans
included) and how the XSL-FO draws it (``Look``: border model, borders, rules, backgrounds,
padding, alignment, keeps).

Styles are the ways FOP documents (invoices, statements, reports made by XSLT) set tables:
``invoice`` (every cell ruled, collapsed borders, a shaded head, numbers right-aligned,
Subtotal / VAT / Total rows whose label spans the columns left of the amount), ``separate``
(the separate border model: each cell its own box, ``border-separation`` apart), ``zebra``
(no borders, rows on alternating backgrounds under a dark head), ``rules`` (a rule over and
under the head, one over the total, one closing the table), ``spans`` (a title and group heads
spanning columns, the stub's head spanning two rows), ``stub_spans`` (region labels spanning
rows), ``wrapped`` (task texts wrapping in a proportional column), ``continued`` (a ledger over
pages, its ``table-header`` repeated at each break), ``footer`` (a ledger whose total row is a
``table-footer``, repeated at the foot of each page), ``keep`` (an invoice kept on one page,
``keep-together``), ``framed`` (a frame round the table, wide padding, one rule under the
head), ``plain`` (no borders, a bold head) and ``cjk`` (a Chinese or Japanese invoice).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..groff.content import REGIONS
from ..html.tables import Cell, HtmlTable
from . import content
from .content import Content

STYLES = ("invoice", "separate", "zebra", "rules", "spans", "stub_spans", "wrapped", "continued", "footer", "keep",
          "framed", "plain", "cjk")
SHADES = ("#eeeeee", "#dddddd", "#e8eef7", "#f2f2f2", "#dfe9d8")
DARK = ("#333333", "#1f3864", "#2e5c3a", "#5b5b5b")
LINES = ("black", "#808080", "#444444")


@dataclass
class Look:
    """How the FO draws a table. Widths in points: ``grid`` every cell's border, ``frame`` the
    table's, ``rules`` a rule under row r (-1: over the table); ``spacing`` the separate
    model's gap (``collapse`` false); ``pad`` each cell's padding; ``align`` each column's
    body alignment; ``shares`` proportional column widths; ``width`` percent of the line."""

    collapse: bool = True
    spacing: float = 0.0
    grid: float = 0.0
    frame: float = 0.0
    rules: dict[int, float] = field(default_factory=dict)
    line: str = "black"
    head_bg: str = ""
    head_fg: str = ""
    head_bold: bool = True
    zebra: str = ""
    pad: float = 2.0
    align: list[str] = field(default_factory=list)
    shares: list[float] = field(default_factory=list)
    width: int = 100
    footer_rows: int = 0  # trailing rows set in fo:table-footer (FOP repeats it at each break)
    size: float = 9.0
    keep: bool = False
    cjk: bool = False


@dataclass
class FTable:
    """One table: its structure (the truth's) and its look; ``title`` goes in the heading."""

    style: str
    title: str
    table: HtmlTable
    look: Look


def shares_for(c: Content, rng: random.Random) -> list[float]:
    """The label (and any wrapping) column wider than the numbers, and no column's share under
    a sixth of its longest word's letters: FOP hyphenates nothing and lets a word too long for
    its column run over into the next, where the truth could not say whose it is."""
    def longest(k: int) -> int:
        return max(len(w) for row in [c.head, *c.body] for w in (row[k].split() or [""]))
    return [max(rng.choice((2.0, 2.5, 3.0)) if k == c.wrap or k == 0 else rng.choice((1.0, 1.0, 1.2)), longest(k) / 6)
            for k in range(len(c.head))]


def base(style: str, c: Content, rng: random.Random, rows: list[list[Cell]] | None = None,
         header_rows: int = 1) -> FTable:
    rows = rows or [[Cell(h, th=True) for h in c.head]] + [[Cell(x) for x in row] for row in c.body]
    look = Look(pad=rng.choice((1.5, 2.0, 3.0, 4.0)), line=rng.choice(LINES), size=rng.choice((8.0, 9.0, 10.0)),
                align=["end" if num else "start" for num in c.numeric], shares=shares_for(c, rng),
                width=rng.choice((100, 100, 90, 80)))
    return FTable(style, c.title, HtmlTable(style, "", rows, pad=0.0, header_rows=header_rows), look)


def with_totals(c: Content) -> list[list[Cell]]:
    """An invoice's rows: goods, then each total's label spanning every column but the amount."""
    n = len(c.head)
    goods = [row for row in c.body if row[1]]
    totals = [row for row in c.body if not row[1]]
    return [[Cell(h, th=True) for h in c.head]] + [[Cell(x) for x in row] for row in goods] + \
        [[Cell(row[0], cs=n - 1), Cell(row[-1])] for row in totals]


def invoice(rng: random.Random, style: str, lang: str = "en") -> FTable:
    c = content.invoice(rng, rng.randint(3, 8), lang)
    g = base(style, c, rng, with_totals(c))
    g.look.grid, g.look.head_bg = rng.choice((0.5, 0.5, 1.0)), rng.choice(SHADES)
    g.look.cjk = lang != "en"
    return g


def spans(rng: random.Random) -> FTable:
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


def stub_spans(rng: random.Random) -> FTable:
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
    g.look.align, g.look.shares = ["start", *g.look.align], [1.5, *g.look.shares]
    g.look.grid, g.look.keep = rng.choice((0.5, 1.0)), True
    return g


def continued(rng: random.Random) -> FTable:
    """A ledger of 45 to 70 postings, its ``table-header`` repeated on each page."""
    g = base("continued", content.ledger(rng, rng.randint(45, 70)), rng)
    if rng.random() < 0.5:
        g.look.zebra, g.look.head_bg = rng.choice(SHADES), rng.choice(SHADES)
    else:
        g.look.rules = {-1: 1.0, 0: 0.5}
        g.look.frame = rng.choice((0.0, 0.5))
    return g


def footer(rng: random.Random) -> FTable:
    """A ledger over pages whose total row is the ``table-footer``, set under the rows of every page."""
    c = content.ledger(rng, rng.randint(45, 70))
    total = ["Total", "", "", content.amount(rng, 2)]
    g = base("footer", c, rng, [[Cell(h, th=True) for h in c.head]] + [[Cell(x) for x in row] for row in c.body]
             + [[Cell(total[0], cs=3), Cell(total[3])]])
    g.look.footer_rows, g.look.head_bg = 1, rng.choice(("", *SHADES))
    g.look.rules = {0: 0.5, len(c.body): 0.5} | ({-1: 1.0} if rng.random() < 0.5 else {})
    g.look.grid = rng.choice((0.0, 0.0, 0.5))
    return g


def spec(style: str, rng: random.Random) -> FTable:
    """A table of ``style`` with content drawn from ``rng``."""
    if style in ("invoice", "keep", "cjk"):
        g = invoice(rng, style, rng.choice(("zh", "ja")) if style == "cjk" else "en")
        g.look.keep = style == "keep"
        return g
    if style == "spans":
        return spans(rng)
    if style == "stub_spans":
        return stub_spans(rng)
    if style == "continued":
        return continued(rng)
    if style == "footer":
        return footer(rng)
    c = {"separate": lambda: content.statement_of_account(rng, rng.randint(4, 10)),
         "wrapped": lambda: content.work_plan(rng, rng.randint(3, 6)),
         "rules": lambda: content.statement(rng, rng.randint(4, 8))}.get(
        style, lambda: rng.choice((content.statement, content.measurements))(rng, rng.randint(4, 9)))()
    g = base(style, c, rng)
    lk = g.look
    if style == "separate":
        lk.collapse, lk.spacing, lk.grid = False, rng.choice((1.0, 2.0, 3.0)), 0.5
        lk.head_bg = rng.choice(("", *SHADES))
    elif style == "zebra":
        lk.zebra, lk.head_bg, lk.head_fg = rng.choice(SHADES), rng.choice(DARK), "white"
    elif style == "rules":
        lk.rules = {-1: 1.0, 0: 0.5, len(c.body) - 1: 0.5, len(c.body): 1.0}
    elif style == "wrapped":
        lk.grid = rng.choice((0.5, 0.0))
        lk.rules = {} if lk.grid else {0: 0.5}
        lk.shares = [max(a, b) for a, b in zip((0.5, 4.0, 1.3, 1.0, 1.1), (0, 0, *lk.shares[2:]), strict=True)]
    elif style == "framed":
        lk.frame, lk.pad, lk.rules = rng.choice((0.5, 1.0, 1.5)), rng.choice((4.0, 5.0, 6.0)), {0: 0.5}
    elif style == "plain":
        lk.pad = rng.choice((1.0, 2.0, 3.0))
    return g
