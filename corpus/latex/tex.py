"""LaTeX sources: one table per block in a style of ``STYLES``, every cell and every column
edge writing its position to the ``.aux`` (``marks`` reads them back).

Each cell's text is wrapped in ``\\TC{id}{text}``: a ``\\pdfsavepos`` before and after the
text writes ``\\TIpos{id:s|e}{page}{x}{y}{strut height}{strut depth}`` at shipout (x, y in
scaled points from the page's lower left; the strut is the row's, ``\\arraystretch``
included). Each column edge is an ``!{\\TK{tid|k}}`` (or ``@{...}`` at an outer edge with
no padding) in the preamble, so every row writes where its columns start and end; siunitx
``S`` cells (numbers only, no room for a macro) take their box from those edges and their
row's other cells.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from ..html.tables import Cell, HtmlTable
from ..producers.layout import Spec, content, totals_box
from ..styles.content import Tabular, english
from ..styles.tables import structure

# The styles of the one-column article (pdfTeX), and of the two-column article.
ARTICLE = ("booktabs", "groups", "grid", "spans", "wrapped", "siunitx", "longtable", "zebra", "notes",
           "keyvalue", "caption_below")
TWOCOL = ("column", "wide")
T1 = "\\usepackage[T1]{fontenc}"
FONTS = {"lmodern": T1 + "\\usepackage{lmodern}", "palatino": T1 + "\\usepackage{mathpazo}"}  # (Times fakes its €)
LUA_FONTS = {"latin-modern": "\\usepackage{fontspec}", "dejavu": "\\usepackage{fontspec}\\setmainfont{DejaVu Serif}"}
LUA = ("booktabs", "groups", "grid", "siunitx", "longtable", "zebra")  # the second engine: LuaLaTeX, OpenType fonts
ESCAPE = {"&": "\\&", "%": "\\%", "$": "\\$", "#": "\\#", "_": "\\_", "{": "\\{", "}": "\\}",
          "~": "\\textasciitilde{}", "^": "\\textasciicircum{}", "\\": "\\textbackslash{}"}
PRELUDE = r"""\documentclass[10pt,a4paper%s]{article}
\usepackage[margin=%s]{geometry}
%s
\usepackage{array,booktabs,multirow,tabularx,longtable,threeparttable,siunitx}
\usepackage[table]{xcolor}
\sisetup{group-separator={,},group-minimum-digits=4,bracket-negative-numbers,input-decimal-markers={.},input-ignore={,}}
\hyphenpenalty=10000 \exhyphenpenalty=10000
\ifdefined\pdfgentounicode\input{glyphtounicode}\pdfgentounicode=1\fi
\makeatletter
\ifdefined\pdfsavepos\else\let\pdfsavepos\savepos\let\pdflastxpos\lastxpos\let\pdflastypos\lastypos\fi
\def\TIpos#1#2#3#4#5#6{}
\newcommand\TIm[1]{\pdfsavepos\edef\TI@w{\write\@auxout{\string\TIpos{#1}{\noexpand\thepage}%%
  {\noexpand\the\pdflastxpos}{\noexpand\the\pdflastypos}{\the\dimexpr\arraystretch\ht\strutbox\relax}%%
  {\the\dimexpr\arraystretch\dp\strutbox\relax}}}\TI@w}
\newcommand\TC[2]{\leavevmode\TIm{#1:s}#2\TIm{#1:e}}
\newcommand\TK[1]{\TIm{#1}}
\makeatother
\begin{document}
"""


def esc(text: str) -> str:
    """``text`` as LaTeX source (UTF-8 kept: T1 and the kernel's inputenc map € and £)."""
    return "".join(ESCAPE.get(ch, ch) for ch in text)


@dataclass
class Look:
    """How a table is drawn: per column its preamble type, the n+1 column edges ("" plain,
    "|" ruled, "@" flush: no padding), the environment and the rules."""

    cols: list[str]
    edges: list[str]
    env: str = "tabular"
    top: str = "\\toprule"
    mid: str = "\\midrule"
    bottom: str = "\\bottomrule"
    between: str = ""  # after every body row
    before_total: str = ""
    stretch: float = 1.0
    size: str = ""


def narrow(tab: Tabular, k: int) -> Tabular:
    """``tab`` cut to its label column and ``k`` number columns (a table in a text column)."""
    keep = list(range(min(tab.n_cols, k + 1)))
    return Tabular(tab.lang, tab.title, tab.unit, [[r[c] for c in keep] for r in tab.head],
                   [[r[c] for c in keep] for r in tab.body], [tab.numeric[c] for c in keep], tab.totals, tab.note)


def make_spec(style: str, rng: random.Random) -> Spec:
    """The table's content and structure for ``style`` (English: pdfTeX's fonts have no CJK)."""
    if style == "keyvalue":
        tab = totals_box(rng)
        while tab.lang != "en":
            tab = totals_box(rng)
        table = HtmlTable(style, "", [[Cell(x) for x in row] for row in tab.body], pad=0.0, header_rows=0)
        return Spec(style, tab, table, [])
    if style == "longtable":
        tab = content("continued", rng)
        while tab.lang != "en":
            tab = content("continued", rng)
    else:
        tab = english(rng, rng.randint(4, 10), wrap=style == "wrapped")
    if style == "column":
        tab = narrow(tab, rng.randint(2, 3))
    table = structure(tab, style, "", grouped=style in ("groups", "spans"))
    if style == "notes":  # a note mark after two labels (its letter part of the cell's text)
        for r in rng.sample(range(len(tab.body) - 1), 2):
            label = table.rows[table.header_rows + r][0]
            table.rows[table.header_rows + r][0] = dataclasses.replace(label, text=label.text + "a", css="tnote")
    return Spec(style, tab, table, [])


def look(spec: Spec, rng: random.Random) -> Look:
    """The preamble and rules of ``spec.style``."""
    n, style = spec.tab.n_cols, spec.style
    num = ["r" if x else "l" for x in spec.numeric]
    if style in ("grid", "spans"):
        return Look(num, ["|"] * (n + 1), top="\\hline", mid="\\hline", bottom="\\hline",
                    between=rng.choice(("\\hline", "")), stretch=rng.choice((1.0, 1.2)))
    if style == "wrapped":
        first = rng.choice((">{\\raggedright\\arraybackslash}X", f"p{{{rng.uniform(3.5, 5.0):.1f}cm}}"))
        env = "tabularx" if "X" in first else "tabular"
        return Look([first] + num[1:], ["@"] + [""] * (n - 1) + ["@"], env=env,
                    between=rng.choice(("\\midrule", "\\addlinespace", "")))
    if style == "siunitx":
        return Look(num[:1] + [siunitx_col(spec.tab, c) for c in range(1, n)], [""] * (n + 1),
                    before_total="\\midrule")
    if style == "longtable":
        return Look(num, rng.choice((["@"] + [""] * (n - 1) + ["@"], ["|"] * (n + 1))), env="longtable",
                    size=rng.choice(("", "\\small")))
    if style == "zebra":
        return Look(num, [""] * (n + 1), top="", mid="", bottom="", stretch=rng.choice((1.2, 1.4)))
    if style == "keyvalue":
        return Look(["l", "r"], ["@", "", "@"], top="", mid="", bottom="", size=rng.choice(("", "\\small")))
    if style in ("column", "wide"):
        return Look(num, ["@"] + [""] * (n - 1) + ["@"], size=rng.choice(("\\small", "\\footnotesize")))
    before = "\\midrule" if rng.random() < 0.5 else ""
    return Look(num, rng.choice((["@"] + [""] * (n - 1) + ["@"], [""] * (n + 1))), before_total=before,
                size=rng.choice(("", "\\small")))


def siunitx_col(tab: Tabular, c: int) -> str:
    """An ``S`` column for a column of plain or decimal numbers, else ``r`` (a currency or a
    percentage is not a number siunitx reads, and it prints a negative zero "(0.00)" as 0.00)."""
    texts = [row[c] for row in tab.body]
    if any(ch in t for t in texts for ch in "%$€£C") or any(t.startswith("(") and not t.strip("(0.,)") for t in texts):
        return "r"
    digits = max(len(t.strip("()").split(".")[0].replace(",", "")) for t in texts)
    decimals = max((len(t.strip("()").split(".")[1]) if "." in t else 0) for t in texts)
    return f"S[table-format=-{digits}.{decimals}]" if decimals else f"S[table-format=-{digits}]"


def preamble(lk: Look, tid: str) -> str:
    """The column preamble with a position mark at every column edge."""
    out = []
    for k, edge in enumerate(lk.edges):
        mark = f"\\TK{{{tid}|{k}}}"
        out.append(f"@{{{mark}}}" if edge == "@" else f"!{{\\vline{mark}}}" if edge == "|" else f"!{{{mark}}}")
        if k < len(lk.cols):
            out.append(lk.cols[k])
    return "".join(out)


def cell_tex(cell: Cell, pid: str, col: str, lk: Look, c: int) -> str:
    """One cell: its text marked; a number in an ``S`` column bare (siunitx parses it), a
    header or a text there braced."""
    text = esc(cell.text[:-1]) + "\\tnote{a}" if cell.css == "tnote" else esc(cell.text)
    if col.startswith("S") and not cell.th and cell.cs == 1:
        v = cell.text.replace(",", "")
        return "-" + v[1:-1] if v.startswith("(") else v
    body = f"\\TC{{{pid}}}{{{text}}}"
    if col.startswith("S"):
        body = "{" + body + "}"
    if cell.rs > 1:
        body = f"\\multirow{{{cell.rs}}}{{*}}{{{body}}}"
    if cell.cs > 1:
        right = "|" if lk.edges[c + cell.cs] == "|" else ""
        left = "|" if c == 0 and lk.edges[0] == "|" else ""
        body = f"\\multicolumn{{{cell.cs}}}{{{left}c{right}}}{{{body}}}"
    return body


def rows_tex(spec: Spec, lk: Look, tid: str) -> list[str]:
    """The table's rows (``\\\\``-ended) with their rules: a group label underlined over its
    columns (``\\cmidrule`` under booktabs, ``\\cline`` between ``\\hline``\\ s)."""
    by_row: dict[int, list] = {}
    for p in spec.table.placed(tid):
        by_row.setdefault(p.r, []).append(p)
    hr, n = spec.table.header_rows, spec.tab.n_cols
    covered = {(p.r + i, p.c) for p in spec.table.placed(tid) for i in range(1, p.cell.rs)}
    out = []
    for r in range(spec.table.n_rows):
        cells = {p.c: p for p in by_row.get(r, [])}
        parts, c = [], 0
        while c < n:
            if c in cells:
                p = cells[c]
                parts.append(cell_tex(p.cell, p.id, lk.cols[c], lk, c))
                c += p.cell.cs
            else:
                assert (r, c) in covered, (r, c)
                parts.append("")
                c += 1
        line = " & ".join(parts) + " \\\\"
        groups = [p for p in by_row.get(r, []) if p.cell.cs > 1]
        if r + 1 < hr and groups:
            rule = "\\cmidrule(lr)" if lk.top == "\\toprule" else "\\cline"
            line += " " + " ".join(f"{rule}{{{p.c + 1}-{p.c + p.cell.cs}}}" for p in groups)
        elif r + 1 == hr:
            line += " " + lk.mid
        elif r + 1 < spec.table.n_rows:
            total = (r + 1 - hr) in spec.tab.totals
            line += " " + (lk.before_total if total and lk.before_total else lk.between)
        out.append(line.rstrip())
    return out


def table_tex(spec: Spec, lk: Look, tid: str, rng: random.Random) -> str:
    """The tabular (tabularx, longtable) itself, rules included; a longtable with its caption,
    its header repeated on every page and a "continued" line at the foot of each page but the last."""
    pre = preamble(lk, tid)
    rows = rows_tex(spec, lk, tid)
    hr = spec.table.header_rows
    head, body = rows[:hr], rows[hr:]
    top = [lk.top] if lk.top else []
    bottom = [lk.bottom] if lk.bottom else []
    if lk.env == "longtable":
        n = spec.tab.n_cols
        title = esc(spec.tab.title)
        return "\n".join([f"\\begin{{longtable}}{{{pre}}}", f"\\caption{{{title} ({esc(spec.tab.unit)})}}\\\\",
                          *top, *head, "\\endfirsthead", f"\\caption[]{{{title} (continued)}}\\\\", *top, *head,
                          "\\endhead", f"\\multicolumn{{{n}}}{{r}}{{\\emph{{Continued on next page}}}}\\\\",
                          "\\endfoot", *bottom, "\\endlastfoot", *body, "\\end{longtable}"])
    begin = f"\\begin{{tabularx}}{{\\linewidth}}{{{pre}}}" if lk.env == "tabularx" else f"\\begin{{tabular}}{{{pre}}}"
    if spec.style == "zebra" and rng.random() < 0.5:
        head = [f"\\rowcolor{{{rng.choice(('gray!30', 'blue!15', 'teal!20'))}}}" + head[0]] + head[1:]
    return "\n".join([begin, *top, *head, *body, *bottom, f"\\end{{{lk.env}}}"])
