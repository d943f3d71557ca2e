"""The HTML page dompdf sets: a letterhead, each table under its heading, the CSS of each cell.
``marked`` gives each cell a background of its own colour (``fop.fo.colour``; head, zebra and
section fills dropped, rules kept, nothing else on the page filled): the build finds each
cell's box by it. Colour changes nothing in the layout.
"""

from __future__ import annotations

import html
import random

from ..fop.fo import colour
from ..html.tables import Placed
from .tables import PTable

# CSS family -> (regular, bold) TrueType files (fonts-dejavu-core, fonts-lato, fonts-nanum, fonts-arphic-gbsn00lp) under /usr/share/fonts/truetype (the Chinese face
# has no bold: its regular stands in, as a web application's font-face would declare it)
FACES = {"DejaVu Sans": ("dejavu/DejaVuSans.ttf", "dejavu/DejaVuSans-Bold.ttf"),
         "Lato": ("lato/Lato-Regular.ttf", "lato/Lato-Bold.ttf"),
         "NanumGothic": ("nanum/NanumGothic.ttf", "nanum/NanumGothicBold.ttf"),
         "NanumMyeongjo": ("nanum/NanumMyeongjo.ttf", "nanum/NanumMyeongjoBold.ttf"),
         "AR PL SungtiL GB": ("arphic-gbsn00lp/gbsn00lp.ttf", "arphic-gbsn00lp/gbsn00lp.ttf")}
LETTERHEAD = {"en": ("Northwind Trading Ltd", "12 Harbour Street, Leeds LS1 4AB  |  VAT GB 123 4567 89"),
              "ko": ("한국조달서비스 주식회사", "서울특별시 강남구 테헤란로 123  |  사업자등록번호 123-45-67890"),
              "zh": ("上海华东实业股份有限公司", "上海市浦东新区世纪大道100号  |  统一社会信用代码 91310000"), }


def fill(g: PTable, p: Placed, mark: int) -> str:
    """The cell's background: its mark's colour, the head's, a section row's, the zebra's on
    odd body rows, or ""."""
    if mark >= 0:
        return colour(mark)
    lk, body = g.look, p.r - g.table.header_rows
    if body < 0:
        return lk.head_bg
    if p.cell.cs == g.table.n_cols and g.table.n_cols > 1:
        return lk.section_bg
    return lk.zebra if body % 2 else ""


def borders(g: PTable, p: Placed) -> list[str]:
    """The cell's rules in CSS (collapsed borders)."""
    lk, last = g.look, p.r + p.cell.rs == len(g.table.rows)
    line = f"0.5pt solid {lk.rule}"
    if lk.rules == "grid":
        return [f"border:{line}"]
    out = []
    if lk.rules == "lines":
        head = p.r < g.table.header_rows
        out += ["border-top:1pt solid #000000"] if p.r == 0 else []
        out += ["border-bottom:1pt solid #000000" if head or last else f"border-bottom:{line}"]
    if lk.total_rule and last:
        out.append("border-top:1pt solid #000000")
    return out


def cell_html(g: PTable, p: Placed, mark: int) -> str:
    lk, head = g.look, p.r < g.table.header_rows
    section = p.cell.cs == g.table.n_cols and g.table.n_cols > 1 and not head
    align = "center" if head and p.cell.cs > 1 else ("left" if head or section else lk.align[p.c])
    if head and not p.cell.cs > 1:
        align = lk.align[p.c]
    # the cell names its font itself: dompdf's cells do not take the table's in every case
    css = [f"font-family:'{lk.font}'", f"font-size:{lk.size:g}pt", f"padding:{lk.pad:g}pt", f"text-align:{align}",
           *borders(g, p)]
    bg = fill(g, p, mark)
    css += [f"background-color:{bg}"] if bg else []
    css += [f"color:{lk.head_fg}"] if head and lk.head_fg else []
    bold = head or section or (lk.bold_keys and p.c == 0) or (lk.total_rule and p.r == len(g.table.rows) - 1)
    css += ["font-weight:bold"] if bold else ["font-weight:normal"]
    total = sum(lk.widths)
    width = 100.0 * sum(lk.widths[p.c:p.c + p.cell.cs]) / total
    attrs = f' colspan="{p.cell.cs}"' if p.cell.cs > 1 else ""
    attrs += f' rowspan="{p.cell.rs}"' if p.cell.rs > 1 else ""
    tag = "th" if head else "td"
    text = "<br/>".join(html.escape(x) for x in p.cell.text.split("\n"))
    return f'<{tag}{attrs} style="width:{width:.2f}%;{";".join(css)}">{text}</{tag}>'


def table_html(g: PTable, first: int, marked: bool) -> str:
    """The table: collapsed borders, its head in a ``thead`` when it repeats."""
    lk = g.look
    rows: list[list[str]] = [[] for _ in g.table.rows]
    for k, p in enumerate(g.table.placed("")):
        rows[p.r].append(cell_html(g, p, first + k if marked else -1))
    trs = ["<tr>" + "".join(r) + "</tr>" for r in rows]
    n = g.table.header_rows
    head = f"<thead>{''.join(trs[:n])}</thead>" if lk.repeat and n else ""
    body = trs[n:] if head else trs
    frame = "border:1pt solid #000000;" if lk.rules == "box" else ""
    place = "margin-left:auto;margin-right:0;" if lk.right else ""
    # a head of two rows is kept with its table (dompdf would part the rows of a rowspan)
    place += "page-break-inside:avoid;" if n > 1 else ""
    return (f'<table style="border-collapse:collapse;width:{lk.width}%;{place}{frame}'
            f'font-family:\'{lk.font}\';font-size:{lk.size:g}pt">{head}<tbody>{"".join(body)}</tbody></table>')


def faces() -> str:
    return "".join(f"@font-face{{font-family:'{name}';font-weight:{weight};"
                   f"src:url('/usr/share/fonts/truetype/{path}') format('truetype');}}"
                   for name, paths in FACES.items() for weight, path in zip(("normal", "bold"), paths, strict=True))


def document(tables: list[PTable], rng: random.Random, marked: bool) -> str:
    """The page of ``tables``, each under its heading, drawn from ``rng`` (the same draws with
    or without ``marked``, so both runs set the same pages)."""
    margin = rng.choice((28, 36, 42, 56))
    lang = tables[0].lang
    font = tables[0].look.font
    name, line = LETTERHEAD[lang]
    parts = [f'<div style="font-size:14pt;font-weight:bold">{name}</div>',
             f'<div style="font-size:8pt;margin-bottom:{rng.choice((10, 16, 24))}pt">{line}</div>']
    first = 0
    for g in tables:
        size = rng.choice((10, 11, 12))
        parts.append(f'<div style="font-family:\'{g.look.font}\';font-size:{size}pt;font-weight:bold;'
                     f'margin:{rng.choice((8, 12))}pt 0 {rng.choice((3, 4, 6))}pt 0">{html.escape(g.title)}</div>')
        parts.append(table_html(g, first, marked))
        first += len(g.table.placed(""))
    style = (f"{faces()}@page{{margin:{margin}pt}}body{{font-family:'{font}';font-size:9pt;color:#000000}}"
             "td,th{vertical-align:top}")
    return f'<!DOCTYPE html><html><head><meta charset="utf-8"/><style>{style}</style></head><body>{"".join(parts)}</body></html>'
