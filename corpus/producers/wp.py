"""WeasyPrint documents: HTML and CSS tables in a style of ``layout.STYLES``; each cell's box
is read from WeasyPrint's own layout (its box tree, one ``TableCellBox`` per cell and page:
a ``thead`` repeated on a new page is there again).

WeasyPrint draws CSS borders (``border-collapse``) as lines per cell edge, backgrounds as
filled rectangles under them, and repeats a table's ``thead`` on each page it continues on.
"""

from __future__ import annotations

import html
import random
from pathlib import Path

import pymupdf

from .layout import Spec, prose_for
from .typ import caption

PX = 0.75  # points per CSS pixel
HEAD = ("#1F4E79", "#404040", "#375623")
ZEBRA = ("#EEF3F8", "#F2F2F2", "#EAF1E4")
PAGE = """@page { size: A4; margin: 56pt }
body { font-family: "DejaVu Sans", "WenQuanYi Micro Hei", sans-serif; font-size: 9pt }
h3 { font-size: 11.5pt; margin: 14pt 0 4pt } p { margin: 0 0 4pt } .unit { text-align: right; font-size: 8pt }
.note { font-size: 7.5pt } .cap { font-size: 8.5pt; font-style: italic; margin-top: 3pt }
table { border-collapse: collapse; table-layout: fixed } td, th { padding: 3pt 5pt; vertical-align: top }
th { font-weight: bold } .num { text-align: right } tr { page-break-inside: avoid }
.beside { display: flex; gap: 16pt; page-break-inside: avoid } .beside p { flex: 1 }
"""


def _css(spec: Spec, tid: str, rng: random.Random) -> str:
    """The CSS that draws ``spec.style`` on table ``#tid``."""
    t = f"#{tid}"
    style = spec.style
    if style in ("grid", "spans", "beside", "continued"):
        return f"{t} td, {t} th {{ border: {rng.choice(('0.5pt solid #000', '0.75pt solid #444', '1px solid #999'))} }}"
    if style in ("booktabs", "numbers", "caption"):
        out = f"{t} {{ border-top: 1.2pt solid #000; border-bottom: 1.2pt solid #000 }} {t} thead th {{ border-bottom: 0.6pt solid #000 }}"
        if style == "numbers":
            out += f" {t} tbody tr:last-child td {{ border-top: 0.6pt solid #000; font-weight: bold }}"
        return out
    if style == "zebra":
        return f"{t} tbody tr:nth-child(even) {{ background: {rng.choice(ZEBRA)} }}"
    if style == "header_band":
        return (f"{t} thead th {{ background: {rng.choice(HEAD)}; color: #fff }} "
                f"{t} tbody td {{ border-bottom: 0.5pt solid #aaa }}")
    if style == "wrapped":
        return f"{t} tr {{ border-top: 0.6pt solid #000; border-bottom: 0.6pt solid #000 }}"
    if style == "totals_box":
        return f"{t} {{ margin-left: auto; page-break-inside: avoid }} {t} td {{ padding: 2pt 6pt }} {t} tr:last-child td {{ font-weight: bold }}"
    raise ValueError(style)


def table_html(spec: Spec, tid: str) -> str:
    """The table with a ``data-c`` on every cell (its table and slot: ``tid,r,c``)."""
    cols = "".join(f'<col style="width:{w}pt">' for w in spec.widths)
    hr = spec.table.header_rows
    rows: dict[int, list[str]] = {}
    for p in spec.table.placed(tid):
        tag = "th" if p.r < hr else "td"
        cls = ' class="num"' if spec.numeric[p.c] and p.cell.cs == 1 else ""
        span = (f' colspan="{p.cell.cs}"' if p.cell.cs > 1 else "") + (f' rowspan="{p.cell.rs}"' if p.cell.rs > 1 else "")
        align = ' style="text-align:center"' if p.cell.cs > 1 or p.cell.rs > 1 else ""
        rows.setdefault(p.r, []).append(f'<{tag} data-c="{tid},{p.r},{p.c}"{cls}{span}{align}>{html.escape(p.cell.text)}</{tag}>')
    width = sum(spec.widths)
    out = [f'<table id="{tid}" style="width:{width:.2f}pt"><colgroup>{cols}</colgroup>']
    if hr:
        out.append("<thead>" + "".join(f"<tr>{''.join(rows[r])}</tr>" for r in range(hr)) + "</thead>")
    out.append("<tbody>" + "".join(f"<tr>{''.join(rows[r])}</tr>" for r in range(hr, spec.table.n_rows)) + "</tbody>")
    return "".join(out) + "</table>"


def block_html(spec: Spec, tid: str, rng: random.Random, note: bool) -> tuple[str, str]:
    """(the block's HTML, its table's CSS)."""
    tab = spec.tab
    e = html.escape
    out = [f"<h3>{e(tab.title)}</h3><p>{e(prose_for(tab, rng))}</p>"]
    if tab.unit:
        out.append(f'<p class="unit">{e(tab.unit)}</p>')
    table = table_html(spec, tid)
    if spec.style == "beside":
        out.append(f'<div class="beside">{table}<p>{e(prose_for(tab, rng, 4))}</p></div>')
    else:
        out.append(table)
    if spec.style == "caption":
        out.append(f'<p class="cap">{e(caption(tab, tid))}</p>')
    elif note:
        out.append(f'<p class="note">{e(tab.note)}</p>')
    return "".join(out), _css(spec, tid, rng)


def _cells(box: object, page: int, out: list[tuple[int, object]]) -> None:
    el = getattr(box, "element", None)
    if type(box).__name__ == "TableCellBox" and el is not None and el.get("data-c"):
        out.append((page, box))
    for child in getattr(box, "children", None) or ():
        _cells(child, page, out)


def build_pdf(pdf: Path, specs: list[Spec], rng: random.Random,
              tagged: bool = False) -> dict[str, dict[int, dict[tuple[int, int], pymupdf.Rect]]]:
    """Write ``pdf`` (``tagged``: with WeasyPrint's structure tree); each table's cell boxes
    per page index (table id -> page -> slot -> box)."""
    blocks = [block_html(s, f"t{k + 1}", random.Random(rng.random()), rng.random() < 0.5) for k, s in enumerate(specs)]
    css = PAGE + "\n".join(c for _, c in blocks)
    import weasyprint  # here, not at the top: a Typst-only build (or test) needs no WeasyPrint

    doc = weasyprint.HTML(string=f"<html><head><style>{css}</style></head><body>"
                          + "".join(b for b, _ in blocks) + "</body></html>").render()
    found: list[tuple[int, object]] = []
    for i, page in enumerate(doc.pages):
        _cells(page._page_box, i, found)
    out: dict[str, dict[int, dict[tuple[int, int], pymupdf.Rect]]] = {}
    for page, box in found:
        el = box.element  # type: ignore[attr-defined]
        tid, r, c = el.get("data-c").split(",")
        x, y = box.border_box_x() * PX, box.border_box_y() * PX  # type: ignore[attr-defined]
        w, h = box.border_width() * PX, box.border_height() * PX  # type: ignore[attr-defined]
        out.setdefault(tid, {}).setdefault(page, {})[int(r), int(c)] = pymupdf.Rect(x, y, x + w, y + h)
    doc.write_pdf(str(pdf), pdf_tags=tagged)
    return out
