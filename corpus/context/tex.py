"""ConTeXt source for a list of ``CTable``: a heading and maybe prose over each table, the
table as a natural table (``\\bTABLE``) or an extreme table (``\\startxtable``), each cell's
frame sides, background, colour, weight and alignment its own keys (``\\bTD[...]`` or
``\\startxcell[...]``), a long table split over pages with its head repeated.

``marked`` gives each cell a background of its own colour (``fop.fo.colour``; head, section
and zebra fills dropped, frames kept): the build finds each cell's box by it; colour changes
nothing in the layout.
"""

from __future__ import annotations

import random

from ..fop.fo import colour
from ..html.tables import Placed
from ..styles.content import prose
from .tables import CTable

PAPER = {"A4": (595.28, 841.89), "letter": (612.0, 792.0)}
# ConTeXt's typefaces whose fonts Debian installs with it: DejaVu (fonts-dejavu) and Latin Modern
# (fonts-lmodern); its TeX Gyre typescripts (termes, heros, pagella) find no OpenType files there
FACES = (("dejavu", "ss"), ("dejavu", "rm"), ("modern", "rm"), ("modern", "ss"))
ESCAPE = {"\\": r"\letterbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#", "%": r"\%",
          "_": r"\_", "^": r"\letterhat{}", "~": r"\lettertilde{}"}
# Korean in NanumGothic, Chinese in AR PL SungtiL GB, by file: ConTeXt's font-name database
# keeps only one of a TrueType collection's fonts (WenQuanYi Micro Hei or its Mono, as it comes)
CJK = ("\\definefontfamily[ko][ss][NanumGothic][tf=file:NanumGothic.ttf,bf=file:NanumGothicBold.ttf]",
       "\\definefontfamily[zh][rm][AR PL SungtiL GB][tf=file:gbsn00lp.ttf,bf=file:gbsn00lp.ttf]")
KEYS = {"natural": ("nc", "nr", "style"), "xtable": ("nx", "ny", "foregroundstyle")}


def esc(text: str) -> str:
    return "".join(ESCAPE.get(ch, ch) for ch in text)


class Colours:
    """The document's named colours, ``\\definecolor`` lines for each hex value used."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def name(self, hexa: str) -> str:
        return self.names.setdefault(hexa.upper(), f"c{len(self.names)}")

    def defined(self) -> str:
        return "".join(f"\\definecolor[{n}][h={h}]\n" for h, n in self.names.items())


def fill(t: CTable, p: Placed, mark: int) -> str:
    """The cell's background (RRGGBB): its mark's colour, else the head's, a section row's tint
    or the zebra's on odd body rows, or ""."""
    g = t.g
    if mark >= 0:
        return colour(mark)[1:]
    if p.r < g.table.header_rows:
        return g.look.head_bg
    if p.cell.cs == len(g.look.widths) and t.section_bg:
        return t.section_bg
    return g.look.zebra if (p.r - g.table.header_rows) % 2 else ""


def frames(t: CTable, p: Placed) -> list[str]:
    """The cell's frame keys under the table's ``rules`` (the table's own frame is off)."""
    g = t.g
    rules, n = g.look.rules, len(g.table.rows)
    if rules == "grid":
        return ["frame=on"]
    if rules == "rows":
        return ["topframe=on", "bottomframe=on"]
    if rules == "head":  # under the head, over the last row (a total)
        return (["bottomframe=on"] if p.r + p.cell.rs == g.table.header_rows else []) + (["topframe=on"] if p.r == n - 1 else [])
    return []


def keys(t: CTable, p: Placed, mark: int, colours: Colours) -> str:
    """The cell's ``[...]`` keys: span, width, frames, fill, colour, weight, alignment."""
    g, lk = t.g, t.g.look
    span, rspan, style = KEYS[t.kind]
    head = p.r < g.table.header_rows
    out = [f"{span}={p.cell.cs}"] if p.cell.cs > 1 else [f"width={lk.widths[p.c]:.1f}pt"]
    out += [f"{rspan}={p.cell.rs}"] if p.cell.rs > 1 else []
    out += frames(t, p)
    bg = fill(t, p, mark)
    out += [f"background=color,backgroundcolor={colours.name(bg)}"] if bg else []
    out += [f"foregroundcolor={colours.name(lk.head_fg)}"] if head and lk.head_fg and mark < 0 else []
    section = p.cell.cs == len(lk.widths) and not head
    bold = head or section or (lk.bold_total and p.r == len(g.table.rows) - 1) or (g.style == "keyvalue" and p.c == 0)
    out += [f"{style}=bold"] if bold else []
    align = "middle" if head and p.c > 0 and p.cell.cs == 1 else (lk.align[p.c] if p.cell.cs == 1 else "left")
    out += [f"align={'flushright' if align == 'right' else 'middle' if align == 'middle' else 'flushleft'}"]
    return ",".join(out)


def table(t: CTable, first: int, marked: bool, colours: Colours) -> str:
    """The table's source; its cells' marks count from ``first``."""
    g = t.g
    placed = g.table.placed("")
    rows: list[list[str]] = [[] for _ in g.table.rows]
    for k, p in enumerate(placed):
        kk = keys(t, p, first + k if marked else -1, colours)
        if t.kind == "natural":
            rows[p.r].append(f"\\bTD[{kk}] {esc(p.cell.text)} \\eTD")
        else:
            rows[p.r].append(f"\\startxcell[{kk}] {esc(p.cell.text)} \\stopxcell")
    row = ("\\bTR {} \\eTR" if t.kind == "natural" else "\\startxrow {} \\stopxrow")
    lines = [row.format(" ".join(cells)) for cells in rows]
    h = g.table.header_rows
    head, body = "\n".join(lines[:h]), "\n".join(lines[h:])
    if t.kind == "natural":
        split = "[split=repeat]" if g.look.repeat else ""
        parts = [f"\\setupTABLE[frame=off,offset={t.offset:g}pt]", f"\\bTABLE{split}"]
        parts += [f"\\bTABLEhead\n{head}\n\\eTABLEhead"] if h else []
        parts += [f"\\bTABLEbody\n{body}\n\\eTABLEbody", "\\eTABLE"]
    else:
        split = "split=repeat,header=repeat," if g.look.repeat else ""
        parts = [f"\\startxtable[{split}frame=off,offset={t.offset:g}pt]"]
        parts += [f"\\startxtablehead\n{head}\n\\stopxtablehead"] if h else []
        parts += [f"\\startxtablebody\n{body}\n\\stopxtablebody", "\\stopxtable"]
    return "\n".join(parts)


def document(tables: list[CTable], rng: random.Random, marked: bool, paper: str, margin: float, face: tuple[str, str],
             org: str) -> str:
    """The whole ConTeXt file."""
    width = PAPER[paper][0] - 2 * margin
    colours = Colours()
    body, first = [], 0
    for t in tables:
        cjk = t.g.lang != "en"
        face_of = {"ko": "ko,ss", "zh": "zh,rm"}.get(t.g.lang, "")
        font = f"\\switchtobodyfont[{face_of},{t.g.look.size:g}pt]" if cjk else f"\\switchtobodyfont[{t.g.look.size:g}pt]"
        title = f"{{\\switchtobodyfont[{face_of}]{t.g.title}}}" if cjk else esc(t.g.title)
        body.append(f"\\subject{{{title}}}")
        if rng.random() < 0.5:
            # a blank under the paragraph: with none ConTeXt sets a table's first row over the paragraph's last line
            body.append(esc(prose(rng, "en", rng.randint(1, 3))) + "\\par\\blank[small]")
        body += ["\\start", font, table(t, first, marked, colours), "\\stop", "\\blank[medium]"]
        first += len(t.g.table.placed(""))
    pre = [f"\\setuppapersize[{paper}]",
           f"\\setuplayout[backspace={margin:g}pt,width={width:.1f}pt,topspace=36pt,header=20pt,footer=20pt,height=middle]",
           f"\\setupbodyfont[{face[0]},{face[1]},10pt]",
           *CJK,
           "\\setuplanguage[en][lefthyphenmin=99,righthyphenmin=99]",
           f"\\setupheadertexts[{esc(org)}][Annual report 2026]",
           "\\setupfootertexts[Page \\pagenumber]",
           colours.defined(), "\\starttext"]
    return "\n".join(pre + body + ["\\stoptext", ""])
