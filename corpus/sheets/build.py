"""Build the spreadsheet corpus: sheets printed to PDF the way Excel and its kin print them,
drawn by three libraries (PyMuPDF, reportlab's canvas, fpdf2), with their truth from the
generator itself.

    python -m corpus.sheets.build [--seed 11] [--per-style 3] [--out DIR]

A development set for the Excel family, not a corpus we tune on: no gridlines (or gridlines
drawn per cell edge as hairlines or as thin filled rectangles), text overflowing into empty
neighbour cells, right-aligned numbers (thousands separators, negatives in parentheses,
percentages, an accounting currency sign at the cell's left edge), merged and centred titles,
several blocks of one sheet on a page (empty rows or an empty column between them), filled
header and total rows, a page header and footer, a print area scaled to fit (small type) and
sparse sheets. Each block is one truth table (its title is not a row of it); a cell's truth
text is what was written in it, its box the glyphs drawn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

import pymupdf

from inspector.annotation.goldenset import add_to_golden_set
from inspector.annotation.icdar import round_rect
from inspector.annotation.io import sha256_of
from inspector.annotation.model import AnnTable, DocumentAnnotation, PageInfo
from inspector.annotation.region import AnnCell, Region
from inspector.annotation.roles import suggest_row_roles
from inspector.core.types import Rect

from .. import common
from .draw import PAINTERS, Op

STYLES = ("plain", "gridlines", "edge_rects", "outer_box", "fills", "sparse", "side_by_side", "stacked",
          "accounting", "overflow", "scaled")
WORDS = ("North", "South", "East", "West", "Central", "Retail", "Wholesale", "Online", "Export", "Parts",
         "Service", "Labour", "Rent", "Travel", "Freight", "Licences", "Hardware", "Software", "Training",
         "Marketing", "Utilities", "Insurance", "Repairs", "Consulting", "Materials", "Payroll")
HEADS = ("Q1", "Q2", "Q3", "Q4", "Jan", "Feb", "Mar", "Apr", "Budget", "Actual", "Variance", "Var %",
         "2022", "2023", "2024", "Units", "Price", "Amount", "Share", "YTD")


@dataclass
class Block:
    """One table of a sheet: rows of cell texts, each cell's alignment ('l', 'r', 'c', or
    'a' for accounting: sign left, digits right), column widths (pt), header/total rows."""

    rows: list[list[str]]
    align: list[list[str]]
    widths: list[float]
    title: str = ""
    total: bool = False
    boxes: dict[tuple[int, int], Rect] = field(default_factory=dict)


def _number(rng: random.Random, kind: str) -> str:
    v = rng.uniform(-0.2, 1.0) * 10 ** rng.randint(1, 6)
    if kind == "pct":
        return f"{v / 10 ** 4:.1f}%"
    if kind == "int":
        return f"{int(v):,}"
    s = f"{abs(v):,.2f}"
    return (f"({s})" if rng.random() < 0.6 else f"-{s}") if v < 0 else s


def make_block(rng: random.Random, style: str, size: float) -> Block:
    n_cols, n_rows = rng.randint(3, 7), rng.randint(4, 14)
    kinds = [rng.choice(("int", "dec", "pct", "dec")) for _ in range(n_cols - 1)]
    heads = ["Item" if rng.random() < 0.5 else rng.choice(("Region", "Account", "Category"))]
    heads += rng.sample(HEADS, n_cols - 1)
    rows, align = [heads], [["l"] + ["c" if rng.random() < 0.5 else "r"] * (n_cols - 1)]
    sparse = 0.35 if style == "sparse" else 0.06
    acc = style == "accounting" or rng.random() < 0.15
    for _ in range(n_rows):
        label = " ".join(rng.sample(WORDS, 2 if style == "overflow" and rng.random() < 0.6 else 1))
        cells = [label] + ["" if rng.random() < sparse else _number(rng, k) for k in kinds]
        rows.append(cells)
        align.append(["l"] + ["a" if acc and k == "dec" else "r" for k in kinds])
    total = rng.random() < 0.6
    if total:
        rows.append(["Total"] + [_number(rng, "int") if k != "pct" else "" for k in kinds])
        align.append(list(align[-1]))
    w0 = max(pymupdf.get_text_length(r[0], "helv", size) for r in rows) + 8
    if style == "overflow":  # labels run into the empty cell beside: a narrow first column
        w0 = rng.uniform(30, 40) * size / 9
        for r in rows[1:]:
            if len(r[0]) * size * 0.5 > w0 - 4:
                r[1] = ""
    num_w = max(48.0, max(pymupdf.get_text_length(c, "helv", size) for r in rows for c in r[1:]) + 10)
    widths = [w0] + [num_w * rng.uniform(1.0, 1.3) for _ in kinds]
    title = rng.choice(("Sales by region", "Operating costs", "Budget vs actual", "Headcount", "Cash flow"))
    return Block(rows, align, widths, title if rng.random() < 0.7 else "", total)


@dataclass(frozen=True)
class Look:
    """How a sheet draws: type size (pt), row height (pt), borders, fills."""

    size: float
    row_h: float
    borders: str  # none | grid | rects | outer | header
    fill: bool


def look_for(style: str, rng: random.Random) -> Look:
    size = rng.uniform(5.5, 7.5) if style == "scaled" else rng.choice((8.0, 9.0, 10.0, 11.0))
    borders = {"gridlines": "grid", "edge_rects": "rects", "outer_box": "outer"}.get(
        style, rng.choice(("none", "none", "header", "grid")))
    return Look(size, size * rng.uniform(1.3, 1.6), borders, style == "fills" or rng.random() < 0.3)


def paint_block(b: Block, x: float, y: float, lk: Look, ops: list[Op]) -> float:
    """Draw ``b`` with its top-left corner at (x, y); the y under it."""
    if b.title:
        w = sum(b.widths)
        ops.append(Op("text", (x + w / 2, y + lk.row_h * 0.75, lk.size + 2), b.title, "c", True))
        y += lk.row_h  # a merged row of its own: the sheet's rows go on under it
    xs = [x]
    for w in b.widths:
        xs.append(xs[-1] + w)
    ys = [y + lk.row_h * i for i in range(len(b.rows) + 1)]
    last = len(b.rows) - 1
    for r, row in enumerate(b.rows):
        band = r == 0 or (b.total and r == last)
        if lk.fill and band:
            ops.append(Op("fill", (xs[0], ys[r], xs[-1], ys[r + 1]), "0.85" if r == 0 else "0.93"))
        for c, text in enumerate(row):
            if text:
                _cell_text(b, r, c, text, xs, ys, lk, band, ops)
    _borders(b, xs, ys, lk, ops)
    return ys[-1]


def _cell_text(b: Block, r: int, c: int, text: str, xs: list[float], ys: list[float], lk: Look, bold: bool,
               ops: list[Op]) -> None:
    pad, base = 2.5, ys[r + 1] - lk.row_h * 0.28
    font = "hebo" if bold else "helv"
    a = b.align[r][c]
    tw = pymupdf.get_text_length(text, font, lk.size)
    if a == "a":  # accounting: the sign at the left edge, the digits at the right
        ops.append(Op("text", (xs[c] + pad, base, lk.size), "$", "l", bold))
        ops.append(Op("text", (xs[c + 1] - pad, base, lk.size), text, "r", bold))
        b.boxes[(r, c)] = Rect(xs[c] + pad, base - lk.size * 0.8, xs[c + 1] - pad, base + lk.size * 0.2)
        b.rows[r][c] = "$ " + text
        return
    x0 = {"l": xs[c] + pad, "r": xs[c + 1] - pad - tw, "c": (xs[c] + xs[c + 1] - tw) / 2}[a]
    ops.append(Op("text", (x0, base, lk.size), text, "l", bold))
    b.boxes[(r, c)] = Rect(x0, base - lk.size * 0.8, x0 + tw, base + lk.size * 0.2)


def _borders(b: Block, xs: list[float], ys: list[float], lk: Look, ops: list[Op]) -> None:
    x0, x1, y0, y1 = xs[0], xs[-1], ys[0], ys[-1]
    if lk.borders in ("grid", "rects"):
        kind = "line" if lk.borders == "grid" else "rect"
        for r in range(len(ys) - 1):  # per cell edge, as Excel draws them
            for c in range(len(xs) - 1):
                ops.append(Op(kind, (xs[c], ys[r], xs[c + 1], ys[r]), ""))
                ops.append(Op(kind, (xs[c], ys[r], xs[c], ys[r + 1]), ""))
            ops.append(Op(kind, (xs[-1], ys[r], xs[-1], ys[r + 1]), ""))
        for c in range(len(xs) - 1):
            ops.append(Op(kind, (xs[c], y1, xs[c + 1], y1), ""))
    elif lk.borders == "outer":
        for seg in ((x0, y0, x1, y0), (x0, y1, x1, y1), (x0, y0, x0, y1), (x1, y0, x1, y1)):
            ops.append(Op("line", seg, ""))
        ops.append(Op("line", (x0, ys[1], x1, ys[1]), ""))
    elif lk.borders == "header":
        ops.append(Op("line", (x0, ys[1], x1, ys[1]), ""))
    if b.total and lk.borders in ("none", "header", "outer"):  # single rule over, double under
        ops.append(Op("line", (xs[1], ys[-2], x1, ys[-2]), ""))
        ops.append(Op("line", (xs[1], y1 - 1, x1, y1 - 1), ""))
        ops.append(Op("line", (xs[1], y1 + 0.5, x1, y1 + 0.5), ""))


def lay_out(style: str, rng: random.Random, page_w: float, page_h: float) -> tuple[list[Op], list[Block]]:
    """A page of one sheet: header and footer, the blocks of ``style`` placed on it."""
    lk = look_for(style, rng)
    left, top = 50.4, 54.0  # Excel's default margins: 0.7 in, 0.75 in
    ops = [Op("text", (page_w / 2, 30, 9), rng.choice(("Sheet1", "Summary", "Data")), "c", False),
           Op("text", (page_w / 2, page_h - 24, 9), "Page 1 of 1", "c", False)]
    blocks: list[Block] = []
    y, x = top, left
    n = rng.randint(2, 3) if style in ("side_by_side", "stacked") else rng.randint(1, 2)
    for k in range(n):
        b = make_block(rng, style, lk.size)
        while sum(b.widths) > page_w - 2 * left and len(b.widths) > 2:
            b.widths.pop()
            for row, al in zip(b.rows, b.align, strict=True):
                row.pop()
                al.pop()
        if style == "side_by_side" and k and x + sum(b.widths) < page_w - left:
            bottom = paint_block(b, x, top, lk, ops)
        else:
            if k:
                y += lk.row_h * rng.randint(1, 3)  # empty rows between blocks
                x = left
            if y + lk.row_h * (len(b.rows) + 2) > page_h - top:
                break
            bottom = paint_block(b, x, y, lk, ops)
        blocks.append(b)
        x += sum(b.widths) + rng.choice((12, 24, 48))  # an empty column
        y = max(y, bottom)
    return ops, blocks


def truth(b: Block, tid: str, style: str, how: str) -> AnnTable:
    n_rows, n_cols = len(b.rows), len(b.widths)
    cells = tuple(AnnCell(r, c, 1, 1, b.rows[r][c], bbox=round_rect(b.boxes[(r, c)]) if (r, c) in b.boxes else None)
                  for r in range(n_rows) for c in range(n_cols))
    boxes = list(b.boxes.values())
    xs, ys = [], []
    for c in range(n_cols):
        col = [b.boxes[(r, c)] for r in range(n_rows) if (r, c) in b.boxes]
        xs.append((min(x.x0 for x in col) if col else None, max(x.x1 for x in col) if col else None))
    for r in range(n_rows):
        row = [b.boxes[(r, c)] for c in range(n_cols) if (r, c) in b.boxes]
        ys.append((min(x.y0 for x in row), max(x.y1 for x in row)))
    bx = [min(x.x0 for x in boxes) - 1]
    for c in range(1, n_cols):
        prev = max(v[1] for v in xs[:c] if v[1] is not None)
        nxt = min((v[0] for v in xs[c:] if v[0] is not None), default=prev + 2)
        bx.append(max(bx[-1] + 0.5, (prev + nxt) / 2))
    bx.append(max(max(x.x1 for x in boxes) + 1, bx[-1] + 0.5))
    by = [ys[0][0] - 1] + [(ys[r - 1][1] + ys[r][0]) / 2 for r in range(1, n_rows)] + [ys[-1][1] + 1]
    bbox = round_rect(Rect(bx[0], by[0], bx[-1], by[-1]))
    xs_t, ys_t = tuple(round(v, 3) for v in bx), tuple(round(v, 3) for v in by)
    xs_t = (bbox.x0, *xs_t[1:-1], bbox.x1)
    ys_t = (bbox.y0, *ys_t[1:-1], bbox.y1)
    region = Region(1, bbox, xs_t, ys_t, cells, suggest_row_roles(b.rows, 1))
    return AnnTable(tid, (region,), header_rows=1, verified=True, source="manual", notes=f"{how}; style {style}")


def build_one(pdf: Path, style: str, rng: random.Random, painter: str) -> DocumentAnnotation:
    """One page of a sheet in ``style`` drawn by ``painter``, and its truth."""
    landscape = style in ("side_by_side",) or rng.random() < 0.3
    w, h = (842.0, 595.0) if landscape else (595.0, 842.0)
    ops, blocks = lay_out(style, rng, w, h)
    PAINTERS[painter](pdf, w, h, ops)
    tables = tuple(truth(b, f"t{i + 1}", style, painter) for i, b in enumerate(blocks))
    return common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, (PageInfo(1, w, h),), tables,
                                             notes=f"sheet drawn by {painter} (corpus.sheets.build)"))


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` pages of each style, per library, into ``out``."""
    rng = random.Random(seed)
    pdf_dir, golden = common.fresh(out)
    styles: common.StyleMap = {}
    total = 0
    for painter in PAINTERS:
        for k in range(per_style * len(STYLES)):
            style = STYLES[k % len(STYLES)]
            pdf = pdf_dir / f"{painter}-{k + 1:03d}.pdf"
            ann = build_one(pdf, style, random.Random(rng.random()), painter)
            add_to_golden_set(golden, ann, pdf)
            styles[pdf.name] = {t.id: {"style": style, "detail": painter} for t in ann.tables}
            total += len(ann.tables)
    return common.finish(out, styles, seed, total)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 11, 3, Path(__file__).resolve().parent)


if __name__ == "__main__":
    raise SystemExit(main())
