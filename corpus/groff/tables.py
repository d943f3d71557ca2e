"""The groff corpus's styles: what each table holds, its structure (the truth's cells,
spans included) and how ``tbl`` is told to draw it (``Look``: frame, rules, column keys).

Styles are the ways Unix documents set tables with ``tbl``: a ``box`` round the table with a
rule under its head, ``allbox`` (every cell ruled), ``doublebox`` with a double rule under the
head and ``|`` between every column, no rules at all (``plain``), horizontal rules only
(``rules``: over and under the head, over the total, a double one under it), ``|`` between
columns and no frame (``vrules``), a title and group heads spanning columns over a head
spanning rows (``spans``), a stub column whose labels span rows (``stub_spans``), text blocks
``T{ T}`` that wrap inside their row (``textblocks``), and a ledger over pages under its
header repeated by ``.TS H``/``.TH`` (``continued``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..html.tables import Cell, HtmlTable
from . import content
from .content import Content

STYLES = ("box", "allbox", "doublebox", "plain", "rules", "vrules", "spans", "stub_spans", "textblocks",
          "continued")
TABS = ("@", "#", "~", "\t")


@dataclass
class Look:
    """How ``tbl`` draws a table: ``frame`` ("", box, allbox, doublebox), ``bar`` the columns
    followed by a vertical rule, ``rules`` the rule lines (``_`` or ``=``) after each row index
    (-1: over the first row), ``keys`` each column's body key letter (l, c, r, n),
    ``width`` the text-block column's width (inches, 0: none), the head's font."""

    frame: str = ""
    tab: str = "@"
    bar: set[int] = field(default_factory=set)
    rules: dict[int, str] = field(default_factory=dict)
    keys: list[str] = field(default_factory=list)
    width: dict[int, float] = field(default_factory=dict)
    head_font: str = "B"
    centre: bool = True
    expand: bool = False
    size: int = 10
    repeat: bool = False  # .TS H with .TH after the head


@dataclass
class GTable:
    """One table: its structure (the truth's) and its look; ``title`` goes in the heading."""

    style: str
    title: str
    table: HtmlTable
    look: Look
    blocks: set[tuple[int, int]] = field(default_factory=set)  # (row, column) set as T{ T}


def keys_for(c: Content, rng: random.Random) -> list[str]:
    """``n`` (aligned on the point) or ``r`` for numbers, ``l`` (sometimes ``c``) for texts."""
    num = rng.choice("nnr")
    return [num if is_num else ("l" if k == 0 or rng.random() < 0.8 else "c") for k, is_num in enumerate(c.numeric)]


def plain_rows(c: Content) -> list[list[Cell]]:
    return [[Cell(h, th=True) for h in c.head]] + [[Cell(x) for x in row] for row in c.body]


def base(style: str, c: Content, rng: random.Random, frame: str = "") -> GTable:
    look = Look(frame=frame, tab=rng.choice(TABS), keys=keys_for(c, rng), head_font=rng.choice(("B", "B", "I", "")),
                centre=rng.random() < 0.7, expand=rng.random() < 0.2, size=rng.choice((8, 9, 10, 10, 11)))
    return GTable(style, c.title, HtmlTable(style, "", plain_rows(c), pad=0.0), look)


def ruled(g: GTable, c: Content, rng: random.Random) -> GTable:
    """A rule under the head (``=`` or ``_``), one over the total."""
    g.look.rules[0] = rng.choice("_=")
    if c.total and rng.random() < 0.7:
        g.look.rules[len(c.body) - 1] = "_"
    return g


def spans(c: Content, rng: random.Random) -> GTable:
    """A title over every column, group heads over the numbers, the stub's head over both."""
    n = len(c.head)
    # Two groups of two columns or more, or one over every number: a group of one column is a
    # two-line head, the same on the page as a wrapped one, and the truth could not tell them.
    cut = rng.randint(3, n - 2) if n >= 5 else n
    groups = [(rng.choice(("Actual", "Reported", "Group")), 1, cut)] + \
             ([(rng.choice(("Budget", "Restated", "Company")), cut, n)] if cut < n else [])
    head = [[Cell(c.title, th=True, cs=n)],
            [Cell(c.head[0], th=True, rs=2)] + [Cell(g, th=True, cs=b - a) for g, a, b in groups],
            [Cell(h, th=True) for h in c.head[1:]]]
    g = base("spans", c, rng, rng.choice(("box", "allbox", "doublebox")))
    g.table = HtmlTable("spans", "", head + [[Cell(x) for x in row] for row in c.body], pad=0.0, header_rows=3)
    g.look.rules[2] = "_"
    g.look.bar = {0} if rng.random() < 0.5 else set()
    return g


def stub_spans(c: Content, rng: random.Random) -> GTable:
    """A region column whose names span two or three rows of items."""
    rows, k = [[Cell("Region", th=True)] + [Cell(h, th=True) for h in c.head]], 0
    for region in rng.sample(content.REGIONS, len(content.REGIONS)):
        if k >= len(c.body):
            break
        rs = min(rng.randint(2, 3), len(c.body) - k)
        for i in range(rs):
            lead = [Cell(region, rs=rs)] if i == 0 else []
            rows.append(lead + [Cell(x) for x in c.body[k + i]])
        k += rs
    g = base("stub_spans", c, rng, rng.choice(("box", "allbox")))
    g.table = HtmlTable("stub_spans", "", rows, pad=0.0)
    g.look.keys = ["l", *g.look.keys]
    g.look.rules[0] = "_"
    g.look.bar = {0}
    return g


def textblocks(rng: random.Random) -> GTable:
    """A work plan whose task texts are ``T{ T}`` blocks of a set width, wrapping in their row."""
    c = content.work_plan(rng, rng.randint(3, 6))
    g = base("textblocks", c, rng, rng.choice(("box", "allbox", "allbox", "")))
    g.look.keys = ["r", "l", "l", "l", "l"]
    g.look.width = {c.wrap: rng.choice((2.0, 2.4, 2.8))}
    g.blocks = {(r + 1, c.wrap) for r in range(len(c.body))}
    if g.look.frame != "allbox":
        g.look.rules = {r: "_" for r in range(len(c.body))} if rng.random() < 0.5 else {0: "_"}
    return g


def continued(rng: random.Random) -> GTable:
    """A ledger of 45 to 70 postings, its head repeated on each page (``.TS H`` / ``.TH``)."""
    c = content.ledger(rng, rng.randint(45, 70))
    g = base("continued", c, rng, rng.choice(("box", "", "allbox")))
    g.look.repeat, g.look.centre, g.look.size = True, True, rng.choice((9, 10))
    if g.look.frame != "allbox":
        g.look.rules[0] = "_"
    return g


def spec(style: str, rng: random.Random) -> GTable:
    """A table of ``style`` with content drawn from ``rng``."""
    if style == "textblocks":
        return textblocks(rng)
    if style == "continued":
        return continued(rng)
    c = content.statement(rng, rng.randint(4, 8)) if style in ("spans", "stub_spans", "rules") \
        else content.make(rng)
    if style == "spans":
        return spans(c, rng)
    if style == "stub_spans":
        return stub_spans(c, rng)
    frame = {"box": "box", "allbox": "allbox", "doublebox": "doublebox"}.get(style, "")
    g = base(style, c, rng, frame)
    if style == "doublebox":
        g.look.rules[0], g.look.bar = "=", set(range(len(c.head) - 1))
    elif style == "box":
        ruled(g, c, rng)
    elif style == "rules":
        ruled(g, c, rng).look.rules.update({-1: "_", 0: "_", len(c.body): "="})
    elif style == "vrules":
        g.look.bar, g.look.rules[0] = set(range(len(c.head) - 1)), "_"
    elif style == "plain":
        g.look.head_font = rng.choice(("B", "I"))
    return g
