"""Typst documents: one ``#table`` per block in a style of ``layout.STYLES``, each cell
reporting where Typst placed it (a ``metadata`` at the start and end of its text, read back
with ``typst.query``).

Typst strokes each cell edge as its own line (``stroke``, ``table.hline``), fills cells with
rectangles (``fill``), repeats ``table.header`` on every page and writes tagged PDF.
A cell's box: its column's edges (the widths are given in points), its row's top the start
of the row's text less the inset (cells are top-aligned), its row's bottom the next row's top
or, for the last row on a page, the baseline of its lowest text plus the inset.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pymupdf

from ..styles.content import Tabular
from .layout import Spec, prose_for

INSET = 4.0
FONTS = '("DejaVu Sans", "WenQuanYi Micro Hei")'
HEAD = ("#1F4E79", "#404040", "#375623")
ZEBRA = ("#EEF3F8", "#F2F2F2", "#EAF1E4")
PRELUDE = f"""#set page(paper: "a4", margin: 56pt)
#set text(size: 9pt, font: {FONTS})
#set par(justify: false)
#set table.cell(breakable: false)
#let mark(id, lbl) = context [#metadata((id: id, page: here().page(), x: here().position().x.pt(), y: here().position().y.pt()))#lbl]
#let c(id, body) = [#mark(id, <cell>)#body#mark(id, <cellend>)]
"""


def q(text: str) -> str:
    """A Typst string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _style_args(spec: Spec, rng: random.Random) -> tuple[str, list[str]]:
    """(table arguments, the ``table.hline`` calls) that draw ``spec.style``."""
    hr, n, style = spec.table.header_rows, spec.table.n_rows, spec.style
    if style in ("grid", "spans", "beside", "continued"):
        return f"stroke: {rng.choice(('0.5pt', '0.4pt + gray', '0.75pt'))}", []
    if style in ("booktabs", "numbers", "caption"):
        lines = ["table.hline(y: 0, stroke: 1pt)", f"table.hline(y: {hr}, stroke: 0.5pt)",
                 f"table.hline(y: {n}, stroke: 1pt)"]
        if style == "numbers":
            lines.append(f"table.hline(y: {n - 1}, stroke: 0.5pt)")
        return "stroke: none", lines
    if style == "zebra":
        fill = rng.choice(ZEBRA)
        return f'stroke: none, fill: (x, y) => if y >= {hr} and calc.odd(y - {hr}) {{ rgb("{fill}") }}', []
    if style == "header_band":
        return (f'stroke: (x, y) => if y >= {hr} {{ (bottom: 0.4pt + luma(160)) }}, '
                f'fill: (x, y) => if y < {hr} {{ rgb("{rng.choice(HEAD)}") }}'), []
    if style == "wrapped":
        return "stroke: (x: none, y: 0.5pt)", []
    if style == "totals_box":
        return "stroke: none", []
    raise ValueError(style)


def table_markup(spec: Spec, tid: str, rng: random.Random) -> str:
    """The ``table(...)`` call (no leading ``#``) with every cell reporting its place."""
    args, lines = _style_args(spec, rng)
    cols = ", ".join(f"{w}pt" for w in spec.widths)
    aligns = ", ".join("right" if n else "left" for n in spec.numeric)
    cells: dict[int, list[str]] = {}
    for p in spec.table.placed(tid):
        body = f"c({q(p.id)}, {q(p.cell.text)})"
        if spec.style == "header_band" and p.r < spec.table.header_rows:
            body = f"text(white, weight: \"bold\", {body})"
        if p.cell.rs > 1 or p.cell.cs > 1:
            body = f"table.cell(rowspan: {p.cell.rs}, colspan: {p.cell.cs}, align: center, {body})"
        cells.setdefault(p.r, []).append(body)
    hr = spec.table.header_rows
    parts = [f"table.header({', '.join(x for r in range(hr) for x in cells[r])})"] if hr else []
    parts += [", ".join(cells[r]) for r in range(hr, spec.table.n_rows)] + lines
    return (f"table(columns: ({cols},), inset: {INSET}pt, align: ({aligns},), {args},\n  "
            + ",\n  ".join(parts) + ")")


def block_markup(spec: Spec, tid: str, rng: random.Random, note: bool) -> str:
    """Heading, prose, unit line, the table (beside a paragraph for ``beside``), a note or a caption."""
    tab = spec.tab
    out = [f"#text(size: 11.5pt, weight: \"bold\", {q(tab.title)})\n\n", f"#par({q(prose_for(tab, rng))})\n"]
    if tab.unit:
        out.append(f"#align(right, text(size: 8pt, {q(tab.unit)}))\n")
    table = table_markup(spec, tid, rng)
    if spec.style == "beside":
        out.append(f"#block(breakable: false, grid(columns: ({sum(spec.widths):.2f}pt, 1fr), column-gutter: 16pt,\n"
                   f"  {table},\n  par({q(prose_for(tab, rng, 4))})))\n")
    elif spec.style == "totals_box":
        out.append(f"#block(breakable: false, align(right, {table}))\n")  # a box is kept whole
    else:
        out.append(f"#{table}\n")
    if spec.style == "caption":
        out.append(f"#text(size: 8.5pt, style: \"italic\", {q(caption(tab, tid))})\n")
    elif note:
        out.append(f"#text(size: 7.5pt, {q(tab.note)})\n")
    return "".join(out) + "#v(10pt)\n"


def caption(tab: Tabular, tid: str) -> str:
    return {"en": f"Table {tid[1:]}: {tab.title}", "ko": f"표 {tid[1:]}. {tab.title}",
            "zh": f"表{tid[1:]}：{tab.title}"}[tab.lang]


def build_pdf(pdf: Path, specs: list[Spec], rng: random.Random) -> dict[str, dict[int, dict[tuple[int, int], pymupdf.Rect]]]:
    """Write ``pdf``; each table's cell boxes per page index (table id -> page -> slot -> box)."""
    src = pdf.with_suffix(".typ")
    blocks = [block_markup(s, f"t{k + 1}", random.Random(rng.random()), rng.random() < 0.5)
              for k, s in enumerate(specs)]
    src.write_text(PRELUDE + "\n".join(blocks), encoding="utf-8")
    import typst  # here, not at the top: a WeasyPrint-only build (or test) needs no Typst

    try:
        typst.compile(str(src), output=str(pdf))
        starts = json.loads(typst.query(str(src), "<cell>", field="value"))
        ends = json.loads(typst.query(str(src), "<cellend>", field="value"))
    finally:
        src.unlink()
    return {f"t{k + 1}": boxes(s, f"t{k + 1}", starts, ends) for k, s in enumerate(specs)}


def boxes(spec: Spec, tid: str, starts: list[dict], ends: list[dict]) -> dict[int, dict[tuple[int, int], pymupdf.Rect]]:
    """The cells' boxes per page from their texts' start and end positions."""
    slot = {p.id: p for p in spec.table.placed(tid)}
    per_page: dict[int, dict[str, tuple[dict, dict]]] = {}
    mine_s = [s for s in starts if s["id"] in slot]
    mine_e = [e for e in ends if e["id"] in slot]
    for s, e in zip(mine_s, mine_e, strict=True):
        if s["page"] != e["page"]:
            raise ValueError(f"cell {s['id']} is cut by a page break")
        per_page.setdefault(s["page"] - 1, {})[s["id"]] = (s, e)
    out = {}
    for page, found in per_page.items():
        rows = sorted({slot[i].r for i in found})
        top = {r: min(s["y"] for i, (s, _) in found.items() if slot[i].r == r) - INSET for r in rows}
        bottom = {}
        for k, r in enumerate(rows):
            if k + 1 < len(rows):
                bottom[r] = top[rows[k + 1]]
            else:
                bottom[r] = max(e["y"] for i, (_, e) in found.items() if slot[i].r == r and slot[i].cell.rs == 1) + INSET
        # The first column's body cells are left-aligned: their text starts at the cell's inset.
        x0 = min(s["x"] for i, (s, _) in found.items()
                 if slot[i].c == 0 and slot[i].r >= spec.table.header_rows) - INSET
        xs = [x0]
        for w in spec.widths:
            xs.append(xs[-1] + w)
        out[page] = {}
        for i in found:
            p = slot[i]
            last = max(r for r in rows if r < p.r + p.cell.rs)
            out[page][p.r, p.c] = pymupdf.Rect(xs[p.c], top[p.r], xs[p.c + p.cell.cs], bottom[last])
    return out
