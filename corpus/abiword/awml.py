"""AbiWord's own document format (AWML, ``.abw``) for a list of ``ATable``: a heading (or a
short paragraph) over each table, prose around some, a two-column section for ``twocol``.

A table is ``<table props="table-column-props:...">`` of ``<cell>`` elements placed by their
attach edges (``left-attach``/``right-attach`` columns, ``top-attach``/``bot-attach`` rows:
spans are wider attachments); a cell's borders are its ``left-style``/``top-style``/... (0 none,
1 solid), its fill ``background-color`` with ``bg-style:1``. ``marked`` gives each cell a
background of its own colour (``fop.fo.colour``; head and zebra fills dropped, borders kept):
the build finds each cell's box by it; colour changes nothing in the layout.
"""

from __future__ import annotations

import random
from xml.sax.saxutils import escape, quoteattr

from ..fop.fo import colour
from ..html.tables import Placed
from ..styles.content import prose
from .tables import ATable

PAPER = {"a4": ("A4", 210.0, 297.0), "letter": ("Letter", 215.9, 279.4)}
HEAD = ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE abiword PUBLIC "-//ABISOURCE//DTD AWML 1.0 Strict//EN"'
        ' "http://www.abisource.com/awml.dtd">\n<abiword template="false" xmlns:fo="http://www.w3.org/1999/XSL/Format"'
        ' version="3.0.5" fileformat="1.1">\n<lists>\n<l id="1000" parentid="0" type="5" start-value="0"'
        ' list-delim="%L" list-decimal="NULL"/>\n</lists>\n')
BULLET = "• "  # how a bulleted item reads on the page (the truth's text)
COLUMN_BREAK = "<p><cbr/></p>\n"  # the user's column break: what follows starts the next column


def fill(g: ATable, p: Placed, mark: int) -> str:
    """The cell's background: its mark's colour, the head's, the zebra's on odd body rows, or ""."""
    if mark >= 0:
        return colour(mark)[1:]
    if p.r < g.table.header_rows:
        return g.look.head_bg
    return g.look.zebra if (p.r - g.table.header_rows) % 2 else ""


def sides(g: ATable, p: Placed) -> dict[str, int]:
    """Each side's line style (1 solid, 0 none) under the table's ``rules``."""
    rules, n = g.look.rules, len(g.table.rows)
    bottom = p.r + p.cell.rs
    if rules == "grid":
        return {"left": 1, "right": 1, "top": 1, "bot": 1}
    if rules == "rows":
        return {"left": 0, "right": 0, "top": 1, "bot": 1}
    if rules == "head":  # under the head, over the last row (a total)
        return {"left": 0, "right": 0, "top": int(p.r == n - 1), "bot": int(bottom == g.table.header_rows)}
    return {"left": 0, "right": 0, "top": 0, "bot": 0}


def run_props(g: ATable, p: Placed, marked: bool) -> str:
    """A cell paragraph's properties: font, size, alignment, weight, colour."""
    lk, head = g.look, p.r < g.table.header_rows
    total = lk.bold_total and p.r == len(g.table.rows) - 1
    align = "center" if head and p.c > 0 else (lk.align[p.c] if p.cell.cs == 1 else "left")
    props = [f"font-family:{lk.font}", f"font-size:{lk.size:g}pt", f"text-align:{align}"]
    props += ["font-weight:bold"] if head or total else []
    props += [f"color:{lk.head_fg}"] if head and lk.head_fg and not marked else []
    return "; ".join(props)


def paragraphs(g: ATable, p: Placed, marked: bool) -> str:
    """The cell's paragraphs: one per line of its text; a bulleted cell's lines list items."""
    props = run_props(g, p, marked)
    lines = p.cell.text.split("\n")
    if (p.r, p.c) not in g.look.bullets:
        return "".join(f"<p props={quoteattr(props)}>{escape(x)}</p>" for x in lines)
    item = props + "; list-style:Bullet List; margin-left:0.22in; text-indent:-0.16in; field-font:Symbol"
    return "".join(f'<p style="Bullet List" listid="1000" level="1" props={quoteattr(item)}>'
                   f'<field type="list_label"/><c>\t</c>{escape(x.removeprefix(BULLET))}</p>' for x in lines)


def cell(g: ATable, p: Placed, mark: int) -> str:
    props = [f"left-attach:{p.c}", f"right-attach:{p.c + p.cell.cs}", f"top-attach:{p.r}",
             f"bot-attach:{p.r + p.cell.rs}"]
    props += [f"{side}-style:{v}" for side, v in sides(g, p).items()]
    props += [f"{side}-color:000000" for side, v in sides(g, p).items() if v]
    bg = fill(g, p, mark)
    props += [f"background-color:{bg}", "bg-style:1"] if bg else []
    return f"<cell props={quoteattr('; '.join(props))}>{paragraphs(g, p, mark >= 0)}</cell>"


def table(g: ATable, first: int, marked: bool) -> str:
    """The table's AWML; its cells marked ``first``, ``first + 1``, ... when ``marked``."""
    cols = "".join(f"{w / 72:.3f}in/" for w in g.look.widths)
    cells = "\n".join(cell(g, p, first + k if marked else -1) for k, p in enumerate(g.table.placed("")))
    return (f'<table props="table-column-props:{cols}; table-line-type:1; table-line-thickness:0.5pt">\n'
            f"{cells}\n</table>\n")


def para(text: str, font: str, size: float, bold: bool = False, after: float = 6.0) -> str:
    props = f"font-family:{font}; font-size:{size:g}pt; margin-bottom:{after:g}pt" + ("; font-weight:bold" if bold else "")
    return f"<p props={quoteattr(props)}>{escape(text)}</p>\n"


def lead(g: ATable, rng: random.Random) -> str:
    """The line over the table: a bold heading, or a short plain paragraph (``pair``'s second)."""
    if g.lead == "para":
        return para(prose(rng, g.lang, 1), g.look.font, g.look.size + 1)
    return para(g.title, g.look.font, rng.choice((12.0, 13.0, 14.0)), True, rng.choice((4.0, 6.0, 8.0)))


def section(margins: tuple[float, ...], columns: int = 1) -> str:
    top, bottom, left, right = margins
    cols = f"; columns:{columns}; column-gap:0.3in" if columns > 1 else ""
    return (f'<section props="page-margin-top:{top:g}pt; page-margin-bottom:{bottom:g}pt; page-margin-left:{left:g}pt;'
            f' page-margin-right:{right:g}pt{cols}">\n')


def document(tables: list[ATable], rng: random.Random, marked: bool, paper: str, margins: tuple[float, ...]) -> str:
    """The AWML of a document of ``tables``, drawn from ``rng`` (the same draws with or without
    ``marked``, so both runs set the same pages). A ``twocol`` table sits in a section of two
    columns of its own, prose flowing around it."""
    name, w, h = PAPER[paper]
    out = [HEAD, f'<pagesize pagetype="{name}" orientation="portrait" width="{w:.6f}" height="{h:.6f}" units="mm"'
                 ' page-scale="1.000000"/>\n', section(margins)]
    first = 0
    for g in tables:
        two = g.style == "twocol"
        right = two and rng.random() < 0.5  # the table in the right column, prose in the left
        if two:
            out += ["</section>\n", section(margins, 2)]
            out += [para(prose(rng, g.lang, 3), g.look.font, 10.0) for _ in range(rng.randint(2, 4) if right else 0)]
            out += [COLUMN_BREAK] if right else []
        out += [lead(g, rng), table(g, first, marked)]
        text = prose(rng, g.lang, rng.randint(1, 3)) if g.style != "pair" else ""  # a pair: only the lead between
        out += [para(text, g.look.font, 10.0)] if text else []
        if two:
            out += [] if right else [COLUMN_BREAK]
            out += [para(prose(rng, g.lang, 4), g.look.font, 10.0) for _ in range(rng.randint(1, 3) if not right else 0)]
            out += ["</section>\n", section(margins)]
        first += len(g.table.placed(""))
    return "".join(out) + "</section>\n</abiword>\n"
