"""Write ``FTable``s as an XSL-FO document (a heading, prose, the table, prose), and the FOP
configuration that names the TrueType fonts it may use.

With ``marks`` every cell's background is a colour of its own (near black, one per cell),
every row background is dropped and every border is black: the build reads each cell's box
from the fills of a PDF set so, and keeps the PDF set without marks (colour changes nothing
in FOP's layout).
"""

from __future__ import annotations

import random
from pathlib import Path
from xml.sax.saxutils import escape

from ..html.tables import Placed
from .tables import FTable

FONTS = Path("/usr/share/fonts/truetype")
CJK_FONT = "WenQuanYi Micro Hei"
# Base-14 (FOP writes them unembedded) and TrueType (FOP embeds subsets as CID fonts).
FAMILIES = {"std": ("Helvetica", "Times", "Helvetica"), "ttf": ("DejaVu Sans", "DejaVu Serif", "DejaVu Sans")}
PROSE = ("The amounts below are stated in euros and include every adjustment agreed at the close.",
         "Payment is due within thirty days of the date of this document.",
         "Figures for the prior period have been restated where the definitions changed.",
         "Each line was checked against the delivery notes before it was included.",
         "Please quote the reference shown above with every payment you make.",
         "Items still open are reviewed again at the next meeting of the committee.")


def config() -> str:
    """FOP's configuration: DejaVu Sans and Serif (regular and bold) and WenQuanYi Micro Hei."""
    def font(path: str, name: str, weight: str, sub: str = "") -> str:
        extra = f' sub-font="{sub}"' if sub else ""
        return (f'<font kerning="yes" embed-url="file://{FONTS / path}"{extra}>'
                f'<font-triplet name="{name}" style="normal" weight="{weight}"/></font>')
    fonts = [font("dejavu/DejaVuSans.ttf", "DejaVu Sans", "normal"), font("dejavu/DejaVuSans-Bold.ttf", "DejaVu Sans", "bold"),
             font("dejavu/DejaVuSerif.ttf", "DejaVu Serif", "normal"),
             font("dejavu/DejaVuSerif-Bold.ttf", "DejaVu Serif", "bold"),
             font("wqy/wqy-microhei.ttc", CJK_FONT, "normal", CJK_FONT), font("wqy/wqy-microhei.ttc", CJK_FONT, "bold", CJK_FONT)]
    return ('<?xml version="1.0"?>\n<fop version="1.0"><renderers><renderer mime="application/pdf"><fonts>'
            + "".join(fonts) + "</fonts></renderer></renderers></fop>\n")


def colour(k: int) -> str:
    """Mark ``k``'s background, ``#RRGGBB``: each channel 1 to 250, distinct for 15 million cells."""
    return f"#{1 + k // (250 * 250) % 250:02x}{1 + k // 250 % 250:02x}{1 + k % 250:02x}"


def mark_of(fill: tuple[float, ...] | None) -> int:
    """The mark whose colour is ``fill`` (RGB 0..1, as PyMuPDF reads it), -1 for any other."""
    if not fill or len(fill) != 3:
        return -1
    r, g, b = (round(v * 255) for v in fill)
    if min(r, g, b) < 1 or max(r, g, b) > 250:
        return -1
    return ((r - 1) * 250 + g - 1) * 250 + b - 1


def border(width: float, colour_: str, side: str = "") -> str:
    if not width:
        return ""
    if not side:
        return f' border="{width}pt solid {colour_}"'
    # FO has no shorthand for one side: its width, style and colour each.
    return f' border-{side}-width="{width}pt" border-{side}-style="solid" border-{side}-color="{colour_}"'


def cell(g: FTable, p: Placed, mark: int, marks: bool) -> str:
    lk, head = g.look, p.r < g.table.header_rows
    line = "black" if marks else lk.line
    attrs = f' padding="{lk.pad}pt"' + border(lk.grid, line)
    last = p.r + p.cell.rs - 1
    if last in lk.rules:
        attrs += border(lk.rules[last], line, "after")
    if head and -1 in lk.rules and p.r == 0:
        attrs += border(lk.rules[-1], line, "before")
    if marks:
        attrs += f' background-color="{colour(mark)}"'
    elif head and lk.head_bg:
        attrs += f' background-color="{lk.head_bg}"'
    if p.cell.cs > 1:
        attrs += f' number-columns-spanned="{p.cell.cs}"'
    if p.cell.rs > 1:
        attrs += f' number-rows-spanned="{p.cell.rs}"'
    align = "center" if head and p.c > 0 and lk.align[p.c] == "end" and g.table.header_rows > 1 else \
        lk.align[min(p.c + p.cell.cs - 1, len(lk.align) - 1)]
    text = escape(p.cell.text)
    weight = ' font-weight="bold"' if head and lk.head_bold else ""
    fg = f' color="{lk.head_fg}"' if head and lk.head_fg else ""
    return f'<fo:table-cell{attrs}><fo:block text-align="{align}"{weight}{fg}>{text}</fo:block></fo:table-cell>'


def table(g: FTable, marks: bool, first: int, family: str) -> str:
    """``g`` as an ``fo:table``; marks numbered from ``first`` in cell order."""
    lk = g.look
    by_row: dict[int, list[str]] = {}
    for k, p in enumerate(g.table.placed("")):
        by_row.setdefault(p.r, []).append(cell(g, p, first + k, marks))
    keep = ' keep-together.within-page="always"'
    rows = []
    for r in range(g.table.n_rows):
        shade = lk.zebra if lk.zebra and not marks and r >= g.table.header_rows and r % 2 == 0 else ""
        bg = f' background-color="{shade}"' if shade else ""
        rows.append(f"<fo:table-row{keep}{bg}>" + "".join(by_row.get(r, [])) + "</fo:table-row>")
    cut = len(rows) - lk.footer_rows
    head, body, foot = rows[:g.table.header_rows], rows[g.table.header_rows:cut], rows[cut:]
    model = 'border-collapse="collapse"' if lk.collapse else \
        f'border-collapse="separate" border-separation="{lk.spacing}pt"'
    attrs = f' {model} table-layout="fixed" width="{lk.width}%"' + border(lk.frame, "black" if marks else lk.line)
    attrs += keep if lk.keep else ""
    font = CJK_FONT if lk.cjk else family
    cols = "".join(f'<fo:table-column column-width="proportional-column-width({s})"/>' for s in lk.shares)
    return (f'<fo:block space-before="6pt" space-after="6pt" font-family="{font}" font-size="{lk.size}pt">'
            f"<fo:table{attrs}>{cols}"
            + (f"<fo:table-header>{''.join(head)}</fo:table-header>" if head else "")
            + (f"<fo:table-footer>{''.join(foot)}</fo:table-footer>" if foot else "")
            + f"<fo:table-body>{''.join(body)}</fo:table-body></fo:table></fo:block>")


def document(tables: list[FTable], rng: random.Random, marks: bool, fonts: str, paper: str) -> str:
    """An FO document of ``tables``, each under a numbered heading with prose round it."""
    family = rng.choice(FAMILIES[fonts])
    width, height = ("210mm", "297mm") if paper == "a4" else ("8.5in", "11in")
    margin = rng.choice(("15mm", "20mm", "25mm"))
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<fo:root xmlns:fo="http://www.w3.org/1999/XSL/Format">',
           f'<fo:layout-master-set><fo:simple-page-master master-name="page" page-width="{width}" '
           f'page-height="{height}" margin="{margin}"><fo:region-body/></fo:simple-page-master></fo:layout-master-set>',
           f'<fo:page-sequence master-reference="page"><fo:flow flow-name="xsl-region-body" font-family="{family}" '
           f'font-size="{rng.choice((10, 11))}pt">',
           f'<fo:block font-size="16pt" font-weight="bold" space-after="8pt">'
           f'{rng.choice(("Invoice summary", "Account report", "Quarterly figures", "Site review"))}</fo:block>']
    first = 0
    for k, g in enumerate(tables, 1):
        font = f' font-family="{CJK_FONT}"' if g.look.cjk else ""
        out.append(f'<fo:block font-weight="bold" space-before="10pt" keep-with-next.within-page="always"{font}>'
                   f"{k}. {escape(g.title)}</fo:block>")
        out.append(f'<fo:block space-before="4pt">{" ".join(rng.sample(PROSE, rng.randint(1, 3)))}</fo:block>')
        out.append(table(g, marks, first, family))
        first += len(g.table.placed(""))
        if rng.random() < 0.6:
            out.append(f"<fo:block>{' '.join(rng.sample(PROSE, rng.randint(1, 2)))}</fo:block>")
    return "\n".join([*out, "</fo:flow></fo:page-sequence></fo:root>\n"])
