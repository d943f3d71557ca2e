"""The Prawn corpus's styles: what each table holds, its structure (the truth's cells, spans
included) and how a Rails app's PDF code sets it with prawn-table: ``make_table``'s options
(``header: true`` repeating the head on each page, ``row_colors``, ``column_widths``,
``width``, ``position``, ``cell_style``) and the lines users write after making it
(``t.row(0).font_style = :bold``, ``t.columns(1..-1).align = :right``), kept as ``ops``
(``table_maker.rb`` runs them as written).

Styles: ``grid`` (prawn-table's default: every cell boxed, a bold head, maybe shaded),
``borderless`` (``cell_style: {borders: []}``, a bold head), ``hrules`` (only horizontal
borders: a rule under each row, a heavier one under the head), ``zebra`` (``row_colors``,
a dark head in white, no lines or a light grid), ``widths`` (``column_widths`` given, task
texts wrapping over lines, lines set with ``\\n`` in a cell), ``spans`` (a title and group
heads spanning columns, the stub's head spanning two rows), ``stub_spans`` (region labels
spanning rows), ``negatives`` (amounts right-aligned, negatives in parentheses, a bold total
over a rule), ``continued`` (a ledger over pages under ``header: true``), ``invoice`` (goods in
a grid, then Subtotal / VAT / Total whose labels span the columns left of the amount),
``totals`` (a borderless block to the right, the total bold over a rule), ``keyvalue`` (bold
labels beside values, no lines), ``side`` (two small tables side by side, each in a bounding
box) and ``beside`` (a table in a column, prose in the other).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..fop import content
from ..fop.content import Content
from ..groff.content import REGIONS
from ..html.tables import Cell, HtmlTable

STYLES = ("grid", "borderless", "hrules", "zebra", "widths", "spans", "stub_spans", "negatives", "continued",
          "invoice", "totals", "keyvalue", "side", "beside")
SHADES = ("EEEEEE", "DDDDDD", "E8EEF7", "F2F2F2", "DFE9D8", "F5F5F5")
DARK = ("333333", "1F3864", "2E5C3A", "444444", "003366")
LINES = ("000000", "808080", "CCCCCC", "444444")
RIGHT = ":right"
Op = list[Any]  # [selector, [args], attribute, value]


@dataclass
class PTable:
    """One table: its structure (the truth's), ``make_table``'s options, the ``ops`` users
    write after making it, ``box`` the width (points) of the bounding box it is set in
    (``side``, ``beside``; 0 for none); ``title`` goes in the heading."""

    style: str
    title: str
    table: HtmlTable
    opts: dict[str, Any] = field(default_factory=dict)
    ops: list[Op] = field(default_factory=list)
    box: float = 0.0


def cell_style(rng: random.Random, **more: Any) -> dict[str, Any]:
    """The ``cell_style`` users pass: a smaller size, their own padding (Prawn's default is 5
    points a side at 12 points)."""
    pad = rng.choice((5, [3, 5], [4, 6], [2, 4]))
    return {"size": rng.choice((8, 9, 10)), "padding": pad} | more


def rows_of(c: Content) -> list[list[Cell]]:
    return [[Cell(h, th=True) for h in c.head]] + [[Cell(x) for x in row] for row in c.body]


def numbers_right(c: Content) -> list[Op]:
    """``t.columns(k).align = :right`` for each column of numbers."""
    return [["columns", [k], "align", RIGHT] for k, num in enumerate(c.numeric) if num]


def base(style: str, c: Content, rng: random.Random, rows: list[list[Cell]] | None = None,
         header_rows: int = 1) -> PTable:
    """A table of ``c``: the head bold, the numbers right-aligned, set to the line's width or
    to its content's."""
    opts: dict[str, Any] = {"cell_style": cell_style(rng)}
    if rng.random() < 0.5:
        opts["width"] = rng.choice((483.0, 450.0, 400.0))
    ops = [["row", [0], "font_style", ":bold"]] + numbers_right(c)
    return PTable(style, c.title, HtmlTable(style, "", rows or rows_of(c), pad=0.0, header_rows=header_rows),
                  opts, ops)


def head_fill(t: PTable, bg: str, fg: str = "") -> None:
    """``t.row(0).background_color = bg`` (and the head's text colour)."""
    t.ops.append(["row", [0], "background_color", bg])
    if fg:
        t.ops.append(["row", [0], "text_color", fg])


def statement(rng: random.Random) -> Content:
    return rng.choice((content.statement, content.measurements))(rng, rng.randint(4, 9))


def simple(style: str, rng: random.Random) -> PTable:
    """``grid``, ``borderless``, ``hrules``, ``zebra`` and ``negatives`` tables."""
    c = content.statement(rng, rng.randint(4, 9)) if style == "negatives" else statement(rng)
    t, cs, last = base(style, c, rng), None, len(c.body)
    cs = t.opts["cell_style"]
    if style == "grid":
        cs |= {"border_width": rng.choice((0.5, 1)), "border_color": rng.choice(LINES[:2])}
        if rng.random() < 0.5:
            head_fill(t, rng.choice(SHADES))
    elif style == "borderless":
        cs["borders"] = []
    elif style == "hrules":
        cs |= {"borders": [":bottom"], "border_width": 0.5, "border_color": rng.choice(LINES)}
        t.ops.append(["row", [0], "border_bottom_width", rng.choice((1, 1.5))])
    elif style == "zebra":
        t.opts["row_colors"] = [rng.choice(SHADES), "FFFFFF"]
        head_fill(t, rng.choice(DARK), "FFFFFF")
        cs |= {"borders": []} if rng.random() < 0.6 else {"border_width": 0.5, "border_color": "CCCCCC"}
    else:  # negatives: only a rule under the head and one over the total
        cs["borders"] = []
        t.ops += [["row", [0], "borders", [":bottom"]], ["row", [last], "borders", [":top"]],
                  ["row", [last], "font_style", ":bold"]]
    return t


def widths(rng: random.Random) -> PTable:
    """Given column widths: a task column wrapping, a second line in some owners' cells."""
    c = content.work_plan(rng, rng.randint(3, 6))
    rows = rows_of(c)
    for row in rows[1:]:
        if rng.random() < 0.35:
            row[2] = Cell(f"{row[2].text}\n{rng.choice(('Ops', 'Finance', 'IT', 'Facilities'))}")
    t = base("widths", c, rng, rows)
    t.opts.pop("width", None)
    t.opts["column_widths"] = [30, rng.choice((170, 200, 220)), 80, 60, 70]
    if rng.random() < 0.5:
        t.opts["cell_style"] |= {"borders": [":bottom"], "border_width": 0.5}
    return t


def spans(rng: random.Random) -> PTable:
    """A title over every column, group heads over the numbers, the stub's head over both."""
    c = content.statement(rng, rng.randint(4, 8))
    n = len(c.head)
    cut = rng.randint(2, n - 1) if n >= 4 else n
    groups = [("Actual", 1, cut)] + ([("Budget", cut, n)] if cut < n else [])
    head = [[Cell(c.title, th=True, cs=n)],
            [Cell(c.head[0], th=True, rs=2)] + [Cell(name, th=True, cs=b - a) for name, a, b in groups],
            [Cell(h, th=True) for h in c.head[1:]]]
    t = base("spans", c, rng, head + [[Cell(x) for x in row] for row in c.body], header_rows=3)
    head_ops: list[Op] = [["rows", [{"range": [0, 2]}], "font_style", ":bold"], ["row", [0], "align", ":center"],
                          ["row", [1], "align", ":center"]]
    t.ops = head_ops + [op for op in t.ops if op[0] == "columns"]
    t.ops += [["row", [2], "align", RIGHT]]
    return t


def stub_spans(rng: random.Random) -> PTable:
    """A region column whose names span two or three rows of items."""
    c = content.statement(rng, rng.randint(4, 8))
    rows, k = [[Cell("Region", th=True)] + [Cell(h, th=True) for h in c.head]], 0
    for region in rng.sample(REGIONS, len(REGIONS)):
        if k >= len(c.body):
            break
        rs = min(rng.randint(2, 3), len(c.body) - k)
        rows += [([Cell(region, rs=rs)] if i == 0 else []) + [Cell(x) for x in c.body[k + i]] for i in range(rs)]
        k += rs
    t = base("stub_spans", c, rng, rows)
    t.ops = [["row", [0], "font_style", ":bold"]] + [["columns", [k + 1], "align", RIGHT]
                                                      for k, num in enumerate(c.numeric) if num]
    return t


def continued(rng: random.Random) -> PTable:
    """A ledger of 45 to 70 postings under ``header: true``, zebra rows or a grid."""
    c = content.ledger(rng, rng.randint(45, 70))
    t = base("continued", c, rng)
    t.opts["header"] = True
    if rng.random() < 0.5:
        t.opts["row_colors"] = ["FFFFFF", rng.choice(SHADES)]
        t.opts["cell_style"]["borders"] = []
        head_fill(t, rng.choice(DARK), "FFFFFF")
    return t


def invoice(rng: random.Random) -> PTable:
    """Goods in a grid, the totals' labels spanning the columns left of the amount."""
    c = content.invoice(rng, rng.randint(3, 8))
    n = len(c.head)
    goods = [[Cell(x) for x in row] for row in c.body if row[1]]
    sums = [[Cell(row[0], cs=n - 1), Cell(row[-1])] for row in c.body if not row[1]]
    rows = [[Cell(h, th=True) for h in c.head]] + goods + sums
    t = base("invoice", c, rng, rows)
    last = len(rows) - 1
    t.ops += [["rows", [{"range": [last - 2, last]}], "align", RIGHT], ["row", [last], "font_style", ":bold"]]
    if rng.random() < 0.5:
        head_fill(t, rng.choice(SHADES))
    return t


def totals(rng: random.Random) -> PTable:
    """Subtotal, a discount in parentheses, VAT and the total due, set to the right."""
    net = rng.uniform(200, 20000)
    disc = net * rng.choice((0.02, 0.05, 0.1))
    vat = (net - disc) * 0.2
    vals = [("Subtotal", net), ("Discount", -disc), ("VAT (20%)", vat), ("Total", net - disc + vat)]
    rows = [[Cell(k), Cell(f"({-v:,.2f})" if v < 0 else f"{v:,.2f}")] for k, v in vals]
    t = PTable("totals", "Amount due", HtmlTable("totals", "", rows, pad=0.0, header_rows=0),
               {"position": RIGHT, "width": rng.choice((180, 200, 220)),
                "cell_style": cell_style(rng, borders=[])},
               [["column", [1], "align", RIGHT], ["row", [3], "font_style", ":bold"],
                ["row", [3], "borders", [":top"]], ["row", [3], "border_width", rng.choice((0.5, 1))]])
    return t


def keyvalue(rng: random.Random) -> PTable:
    """An invoice's details: bold labels beside their values, no lines."""
    pairs = [("Invoice no.", f"INV-{rng.randint(10000, 99999)}"), ("Date", f"{rng.randint(1, 28):02d}.03.2025"),
             ("Due date", f"{rng.randint(1, 28):02d}.04.2025"), ("Customer", f"C{rng.randint(100, 999)}"),
             ("Order ref.", f"PO {rng.randint(1000, 9999)}"), ("Terms", rng.choice(("30 days net", "Due on receipt")))]
    rows = [[Cell(k), Cell(v)] for k, v in pairs[:rng.randint(3, 6)]]
    return PTable("keyvalue", rng.choice(("Invoice", "Tax invoice")),
                  HtmlTable("keyvalue", "", rows, pad=0.0, header_rows=0),
                  {"cell_style": cell_style(rng, borders=[])} | ({"position": RIGHT} if rng.random() < 0.5 else {}),
                  [["column", [0], "font_style", ":bold"]])


def small(rng: random.Random, title: str) -> PTable:
    """A small table for ``side``: two or three columns, a bold head, grid or no lines."""
    c = content.statement(rng, rng.randint(3, 5))
    c = Content(c.title, c.head[:3], [row[:3] for row in c.body], c.numeric[:3], c.total)
    t = base("side", c, rng)
    t.opts.pop("width", None)
    t.title = title
    if rng.random() < 0.5:
        t.opts["cell_style"]["borders"] = [":bottom"]
    return t


def side(rng: random.Random) -> list[PTable]:
    left, right = small(rng, "This year"), small(rng, "Last year")
    left.box = right.box = 230.0
    return [left, right]


def beside(rng: random.Random) -> PTable:
    c = content.measurements(rng, rng.randint(3, 6))
    c = Content(c.title, c.head[:3], [row[:3] for row in c.body], c.numeric[:3])
    t = base("beside", c, rng)
    t.opts.pop("width", None)
    t.box = rng.choice((220.0, 250.0))
    return t


def spec(style: str, rng: random.Random) -> list[PTable]:
    """The tables of ``style`` (two for ``side``, one for any other) drawn from ``rng``."""
    made = {"widths": widths, "spans": spans, "stub_spans": stub_spans, "continued": continued,
            "invoice": invoice, "totals": totals, "keyvalue": keyvalue, "beside": beside}.get(style)
    if style == "side":
        return side(rng)
    return [made(rng) if made else simple(style, rng)]
