"""Write a ``GTable`` as ``tbl`` source (options, one format line per row, the data with its
rule lines and ``T{ T}`` blocks), and the ``-ms`` document round the tables.

With ``marks`` every cell's text is set in a colour of its own (``\\m[name]``, near black,
one per cell); the build reads the colours back from a PDF set so, and the PDF it keeps is
set without them (colour changes nothing in groff's layout).
"""

from __future__ import annotations

import random
import string

from ..html.tables import Placed
from .tables import GTable

FAMILIES = ("T", "H", "P", "N")  # Times, Helvetica, Palatino, New Century Schoolbook
PROSE = ("The figures below are unaudited and rounded to the nearest unit.",
         "Comparative figures have been restated where the definitions changed.",
         "Segment results are reported before group eliminations.",
         "The board reviews these indicators every quarter.",
         "Each entry was checked against the source records before it was included.",
         "Items marked as open are reviewed again at the next meeting of the committee.")


def colour_name(k: int) -> str:
    """A name of letters only for mark ``k``: ``tbl`` aligns numbers on their last digit or
    point, and a digit in the escape would move it."""
    out = ""
    k += 1
    while k:
        k, d = divmod(k - 1, 26)
        out = string.ascii_lowercase[d] + out
    return "mk" + out


def colour(k: int) -> tuple[int, int, int]:
    """Mark ``k``'s colour, 8-bit RGB: distinct for up to 64 000 cells."""
    return 1 + k // (250 * 250) % 250, 1 + k // 250 % 250, 1 + k % 250


def mark_of(rgb: int) -> int:
    """The mark whose colour is ``rgb`` (0xRRGGBB), -1 for black and any colour not a mark's."""
    r, g, b = rgb >> 16, (rgb >> 8) & 255, rgb & 255
    if min(r, g, b) < 1 or max(r, g, b) > 250:
        return -1
    return ((r - 1) * 250 + g - 1) * 250 + b - 1


def colour_defs(n: int) -> str:
    return "".join(f".defcolor {colour_name(k)} rgb #{r:02x}{g:02x}{b:02x}\n"
                   for k in range(n) for r, g, b in [colour(k)])


def slots(g: GTable) -> dict[tuple[int, int], tuple[str, Placed]]:
    """Each (row, column) slot: ``("", cell)`` at a cell's top left, ``"s"`` where its span
    goes right, ``"^"`` where it goes down."""
    out: dict[tuple[int, int], tuple[str, Placed]] = {}
    for p in g.table.placed(""):
        for i in range(p.cell.rs):
            for j in range(p.cell.cs):
                out[p.r + i, p.c + j] = ("" if i == j == 0 else "s" if i == 0 else "^", p)
    return out


def key(g: GTable, r: int, c: int, kind: str) -> str:
    if kind:
        return kind
    lk = g.look
    head = r < g.table.header_rows
    letter = ("c" + lk.head_font) if head else lk.keys[c]
    if g.table.header_rows == 3 and r == 1 and c == 0:
        letter += "t" if lk.frame else ""  # the stub's head set at the top of its two rows
    width = lk.width.get(c)
    return letter + (f"w({width}i)" if width and not head else "")


def format_lines(g: GTable, where: dict) -> list[str]:
    lines = []
    for r in range(g.table.n_rows):
        parts = []
        for c in range(g.table.n_cols):
            parts.append(key(g, r, c, where[r, c][0]))
            if c in g.look.bar and c < g.table.n_cols - 1 and where[r, c + 1][0] != "s":
                parts.append("|")
        lines.append(" ".join(parts))
    return lines


def entry(g: GTable, where: dict, ids: dict[str, int], r: int, c: int, marks: bool) -> str:
    kind, p = where[r, c]
    if kind:
        return ""
    text = p.cell.text
    if marks:
        text = f"\\m[{colour_name(ids[p.id])}]{text}\\m[]"
    return f"T{{\n{text}\nT}}" if (r, c) in g.blocks else text


def source(g: GTable, marks: bool, first_mark: int = 0) -> str:
    """``g`` as a ``.TS`` ... ``.TE`` block; marks numbered from ``first_mark`` in cell order."""
    lk, where = g.look, slots(g)
    ids = {p.id: first_mark + k for k, p in enumerate(g.table.placed(""))}
    opts = [o for o, on in (("center", lk.centre), ("expand", lk.expand)) if on] + ([lk.frame] if lk.frame else [])
    tab = "tab(\t)" if lk.tab == "\t" else f"tab({lk.tab})"
    out = [f".ps {lk.size}", f".vs {lk.size + 2}", ".TS H" if lk.repeat else ".TS", " ".join([*opts, tab]) + ";"]
    fmt = format_lines(g, where)
    out += [*fmt[:-1], fmt[-1] + "."]
    if -1 in lk.rules:
        out.append(lk.rules[-1])
    for r in range(g.table.n_rows):
        # A column an entry spans into takes no entry of its own (tbl would set it in the next).
        row = [entry(g, where, ids, r, c, marks) for c in range(g.table.n_cols) if where[r, c][0] != "s"]
        out.append(lk.tab.join(row).rstrip(lk.tab))
        if r in lk.rules:
            out.append(lk.rules[r])
        if lk.repeat and r == g.table.header_rows - 1:
            out.append(".TH")
    return "\n".join([*out, ".TE", ".ps", ".vs"]) + "\n"


def document(tables: list[GTable], rng: random.Random, marks: bool) -> str:
    """An ``-ms`` document: per table a numbered heading, prose, the table, prose. Words
    are not hyphenated (the truth compares a cell's text with the words on the page)."""
    n = sum(len(g.table.placed("")) for g in tables)
    out = [colour_defs(n) if marks else "", f".nr PS {rng.choice((10, 11, 12))}\n",
           f".fam {rng.choice(FAMILIES)}\n", ".nr HY 0\n.nh\n", ".TL\n", rng.choice(("Annual report", "Site review", "Laboratory notes",
                                                                  "Quarterly figures")) + "\n", ".LP\n"]
    first = 0
    for g in tables:
        out += [".NH\n", g.title + "\n", ".PP\n", " ".join(rng.sample(PROSE, rng.randint(1, 3))) + "\n"]
        out.append(source(g, marks, first))
        first += len(g.table.placed(""))
        if rng.random() < 0.7:
            out += [".PP\n", " ".join(rng.sample(PROSE, rng.randint(1, 2))) + "\n"]
    return "".join(out)
