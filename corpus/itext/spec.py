"""The description ``TableMaker.java`` reads (its header comment lists the commands): one
command a line, fields tab-separated; each cell's borders, fills and font from its table's
``Look``. ``marked`` gives each cell a background of its own colour (``fop.colour``; row and
head fills dropped, borders kept): the build finds each cell's box by it.
"""

from __future__ import annotations

import random

from ..fop.fo import colour
from ..html.tables import Placed
from .tables import ITable, Look

PAPER = {"a4": (595.0, 842.0), "letter": (612.0, 792.0)}


def borders(lk: Look, p: Placed, nrows: int, ncols: int) -> list[float]:
    """Top, bottom, left, right widths of the cell ``p`` (points): the grid's, the frame's at
    the table's edges, a rule under its last row (over the table for row 0)."""
    last, right = p.r + p.cell.rs - 1, p.c + p.cell.cs
    top = max(lk.grid, lk.frame if p.r == 0 else 0.0, lk.rules.get(-1, 0.0) if p.r == 0 else 0.0)
    bottom = max(lk.grid, lk.frame if last == nrows - 1 else 0.0, lk.rules.get(last, 0.0))
    return [top, bottom, max(lk.grid, lk.frame if p.c == 0 else 0.0), max(lk.grid, lk.frame if right == ncols else 0.0)]


def fill(g: ITable, p: Placed, mark: int) -> str:
    """The cell's background: its mark's colour, the head's, the zebra's on odd body rows, or "-"."""
    if mark >= 0:
        return colour(mark)[1:].upper()
    head = p.r < g.table.header_rows
    if head and g.look.head_bg:
        return g.look.head_bg
    if not head and g.look.zebra and (p.r - g.table.header_rows) % 2:
        return g.look.zebra
    return "-"


def cell_line(g: ITable, p: Placed, mark: int, font: str) -> str:
    lk, ncols = g.look, len(g.look.widths)
    head = p.r < g.table.header_rows
    align = "C" if head and p.cell.cs > 1 else ("L" if head and p.c == 0 else lk.align[p.c] if p.cell.cs == 1 else "L")
    bold = head or p.r in lk.bold_rows or (g.style == "keyvalue" and p.c == 0)
    fg = lk.head_fg if head and lk.head_fg else "-"
    fields = ["cell", p.cell.rs, p.cell.cs, align, int(bold), lk.size, fg, fill(g, p, mark),
              *borders(lk, p, len(g.table.rows), ncols), lk.line, lk.pad, font, p.cell.text.replace("\n", "\\n")]
    return "\t".join(str(f) for f in fields)


def table_lines(g: ITable, first: int, marked: bool, font: str, rng: random.Random) -> list[str]:
    """The commands of one table, its cells' marks from ``first`` on (when ``marked``)."""
    lk = g.look
    out = ["\t".join(str(f) for f in ("table", len(lk.widths), lk.percent, lk.halign, g.table.header_rows,
                                      ",".join(f"{w:g}" for w in lk.widths), int(lk.keep), 4, rng.choice((12, 14, 18))))]
    out += [cell_line(g, p, first + k if marked else -1, font) for k, p in enumerate(g.table.placed(""))]
    out.append("end")
    if lk.nest:
        out = ["nest\t2\t1.2,1\t100", f"ncell\t{lk.size}\t{lk.nest}", *out, "endnest"]
    return out


def document(tables: list[ITable], rng: random.Random, marked: bool, font: str, paper: str) -> str:
    """The description of a document of ``tables``, each under its title, drawn from ``rng``
    (the same draws with or without ``marked``, so both runs set the same pages)."""
    w, h = PAPER[paper]
    lines = [f"doc\t{w}\t{h}\t{rng.choice((36, 48, 54, 72))}"]
    first = 0
    for g in tables:
        lines.append(f"para\t{rng.choice((11, 12))}\t1\t{rng.choice((4, 6, 8))}\t{g.title}")
        lines += table_lines(g, first, marked, font, rng)
        first += len(g.table.placed(""))
    return "\n".join(lines) + "\n"
