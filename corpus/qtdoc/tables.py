"""The styles of the QTextDocument corpus as data: each table's structure (a ``HtmlTable``,
the truth) and how Qt is to draw it, either as Qt's HTML subset (``<table border cellspacing
cellpadding>``, ``bgcolor``, ``align``, ``thead``) or through the cursor API with a
``QTextTableFormat`` (border width, style and brush, collapse, per-cell borders).

No Qt here: ``qtwrite`` turns a ``QtSpec`` into a ``QTextTable``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape

from ..html.tables import Cell, HtmlTable, Placed
from ..mpl.content import Sci
from . import content

STYLES = ("grid", "spaced", "collapse", "plain", "band", "zebra", "spans", "wrapped", "api_border", "rules",
          "two_line", "continued")
BORDER_STYLES = ("solid", "dashed", "dotted", "double", "groove", "ridge", "inset", "outset")
DARK = ("#1f3864", "#2e4057", "#444444", "#0b5394", "#7f0000")
LIGHT = ("#eef2f7", "#f2f2f2", "#e8f0e8", "#fff7e0", "#e6e6fa")


@dataclass
class Api:
    """A ``QTextTableFormat`` to build: outer border (points) and its style and colour, cell
    spacing and padding, collapsed borders, and per-cell rules (booktabs) instead of a grid."""

    border: float
    style: str
    color: str
    spacing: float
    padding: float
    collapse: bool
    rules: bool = False
    widths: list[float] = field(default_factory=list)  # column widths in percent, [] = automatic


@dataclass
class QtSpec:
    """One table for Qt: its structure, which columns hold numbers, which cells are bold or
    filled (slot -> colour) and either its HTML or its cursor-API format."""

    table: HtmlTable
    numeric: list[bool]
    html: str = ""
    api: Api | None = None
    fills: dict[tuple[int, int], str] = field(default_factory=dict)
    repeat_header: bool = False


def structure(sci: Sci, style: str, rng: random.Random) -> HtmlTable:
    """The cells: header rows of ``th``, body rows; ``spans`` adds a group row over the
    header and a series column whose cells span runs of body rows; ``two_line`` puts a
    second paragraph under each label."""
    head = [[Cell(t, th=True) for t in row] for row in sci.head]
    body = [[Cell(t) for t in row] for row in sci.body]
    if style == "two_line":
        body = [[Cell(f"{row[0].text}\n{rng.choice(content.DETAIL)}"), *row[1:]] for row in body]
    if style == "spans":
        n = sci.n_cols - 1
        head = [[Cell(sci.head[0][0], th=True, rs=2), Cell(rng.choice(("Figures", "Values", "Readings")), th=True,
                                                               cs=n)], [Cell(t, th=True) for t in sci.head[0][1:]]]
        head[0].insert(0, Cell("Series", th=True, rs=2))
        out, k, series = [], 0, 0
        while k < len(body):
            run = min(rng.randint(2, 3), len(body) - k)
            for j in range(run):
                out.append(([Cell(f"Series {chr(65 + series)}", rs=run)] if j == 0 else []) + body[k + j])
            k, series = k + run, series + 1
        body = out
    return HtmlTable(style, "", head + body, pad=0.0, header_rows=len(head))


def numeric_of(table: HtmlTable, sci: Sci, style: str) -> list[bool]:
    return [False, *sci.numeric] if style == "spans" else list(sci.numeric)


def html(table: HtmlTable, numeric: list[bool], attrs: str, fills: dict[tuple[int, int], str],
         repeat: bool, white: Callable[[Placed], bool] = lambda p: False) -> str:
    """Qt's HTML subset for ``table``: numbers right-aligned, ``fills`` as ``bgcolor``, a
    ``thead`` when the header repeats on every page."""
    rows: dict[int, list[Placed]] = {}
    for p in table.placed("t"):
        rows.setdefault(p.r, []).append(p)
    out = [f"<table {attrs}>"]
    for r in range(table.n_rows):
        if repeat and r == 0:
            out.append("<thead>")
        out.append("<tr>")
        for p in rows.get(r, []):
            tag = "th" if p.cell.th else "td"
            a = ' align="right"' if numeric[p.c] and not p.cell.th and p.cell.cs == 1 else ""
            a += f' rowspan="{p.cell.rs}"' if p.cell.rs > 1 else ""
            a += f' colspan="{p.cell.cs}"' if p.cell.cs > 1 else ""
            a += f' bgcolor="{fills[p.r, p.c]}"' if (p.r, p.c) in fills else ""
            text = "<br/>".join(escape(t) for t in p.cell.text.split("\n"))
            if "\n" in p.cell.text and not p.cell.th:  # a label over a smaller second paragraph
                first, second = p.cell.text.split("\n", 1)
                text = f"<p>{escape(first)}</p><p><small>{escape(second)}</small></p>"
            if white(p):
                text = f'<font color="white">{text}</font>'
            out.append(f"<{tag}{a}>{text}</{tag}>")
        out.append("</tr>")
        if repeat and r == table.header_rows - 1:
            out.append("</thead>")
    out.append("</table>")
    return "".join(out)


def _table_attrs(style: str, rng: random.Random) -> str:
    pad = rng.choice((2, 3, 4, 5, 6))
    width = rng.choice(("", ' width="100%"', ' width="90%"', ' width="75%"'))
    align = rng.choice(("", ' align="center"'))
    if style == "grid":
        return f'border="1" cellspacing="0" cellpadding="{pad}"{width}{align}'
    if style == "spaced":
        css = f'border-style:{rng.choice(BORDER_STYLES)}; border-color:{rng.choice(DARK)}'
        return (f'border="{rng.choice((1, 1.5, 2))}" cellspacing="{rng.choice((2, 3, 4))}" cellpadding="{pad}"'
                f'{width}{align} style="{css}"')
    if style in ("collapse", "spans", "two_line", "wrapped"):
        color = rng.choice(("#000000", "#808080", *DARK))
        css = f"border-collapse:collapse; border-style:solid; border-color:{color}"
        return f'border="{rng.choice((1, 1, 2))}" cellspacing="0" cellpadding="{pad}"{width}{align} style="{css}"'
    return f'border="0" cellspacing="{rng.choice((0, 2))}" cellpadding="{pad}"{width}{align}'


def _fills(table: HtmlTable, style: str, rng: random.Random) -> tuple[dict[tuple[int, int], str], bool]:
    """Cell colours of ``band`` (a dark header, white text, zebra or plain body) and ``zebra``
    (light every other body row), and whether the header's text is white."""
    fills: dict[tuple[int, int], str] = {}
    light = rng.choice(LIGHT)
    slots = [(p.r, p.c, p.cell.th) for p in table.placed("t")]
    if style == "band":
        dark, zebra = rng.choice(DARK), rng.random() < 0.5
        for r, c, th in slots:
            if th:
                fills[r, c] = dark
            elif zebra and (r - table.header_rows) % 2 == 1:
                fills[r, c] = light
        return fills, True
    if style == "zebra":
        for r, c, th in slots:
            if not th and (r - table.header_rows) % 2 == 0:
                fills[r, c] = light
    if style == "spans" and rng.random() < 0.5:
        fills.update({(r, c): light for r, c, th in slots if th})
    return fills, False


def spec(style: str, rng: random.Random) -> tuple[Sci, QtSpec]:
    """The content and the Qt drawing of one table of ``style``."""
    if style == "continued":
        sci = content.long(rng, rng.randint(48, 64))
    else:
        sci = content.make(rng, rng.randint(4, 10))
    if style == "wrapped":  # text columns long enough to wrap in a narrow table
        sci = rng.choice((content.schedule, content.inventory))(rng, rng.randint(4, 9), True)
    table = structure(sci, style, rng)
    numeric = numeric_of(table, sci, style)
    if style in ("api_border", "rules"):
        return sci, QtSpec(table, numeric, api=_api(style, sci, rng))
    base = rng.choice(("grid", "collapse", "plain")) if style == "continued" else style
    fills, white = _fills(table, style, rng)
    attrs = _table_attrs(base, rng)
    if style == "wrapped":
        attrs = attrs.replace(' width="100%"', "").replace(' width="90%"', "") + f' width="{rng.randint(55, 70)}%"'
    repeat = style == "continued" and rng.random() < 0.75
    return sci, QtSpec(table, numeric, html(table, numeric, attrs, fills, repeat, lambda p: white and p.cell.th),
                       fills=fills, repeat_header=repeat)


def _api(style: str, sci: Sci, rng: random.Random) -> Api:
    pad = rng.choice((2.0, 3.0, 4.0, 6.0))
    widths: list[float] = []
    if rng.random() < 0.5:  # the label column wider, the rest shared
        first = rng.uniform(25, 40)
        widths = [first] + [(100 - first) / (sci.n_cols - 1)] * (sci.n_cols - 1)
    if style == "rules":
        return Api(0.0, "none", "#000000", 0.0, pad, True, rules=True, widths=widths)
    collapse = rng.random() < 0.5
    return Api(rng.choice((0.5, 1.0, 1.5, 2.0)), rng.choice(BORDER_STYLES), rng.choice(("#000000", *DARK)),
               0.0 if collapse else rng.choice((0.0, 1.0, 2.0, 3.0)), pad, collapse, widths=widths)
