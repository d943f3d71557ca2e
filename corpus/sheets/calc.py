"""Sheets printed by LibreOffice Calc: CSV files opened and exported to PDF by ``soffice``
(its defaults: no gridlines printed, the sheet name as page header, "Page 1" as footer,
numbers right-aligned in the General format, text left-aligned and running into empty cells
beside it), with the truth found back on the page from the cells written.

    python -m corpus.sheets.calc [--seed 11] [--per-style 3] [--out DIR]

Needs ``soffice`` (``apt-get install libreoffice-calc-nogui``; test data only, never a
run-time need). Each block of a sheet is one truth table; its title (a cell running over the
empty ones beside it) is not a row of it. The build stops when a cell's text is not on the page
where its row is.
"""

from __future__ import annotations

import csv
import random
import shutil
import subprocess
import sys
import tempfile
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
from .build import HEADS, WORDS

STYLES = ("plain", "sparse", "stacked", "side_by_side", "overflow")


def _value(rng: random.Random) -> str:
    """A number as Calc's General format shows it (no trailing zero, no separators)."""
    if rng.random() < 0.5:
        return str(rng.randint(-999, 99999))
    v = round(rng.uniform(-500, 9999), 2)
    return f"{v:.2f}" if f"{v:.2f}"[-1] != "0" else f"{v:.1f}".rstrip("0").rstrip(".")


def _block(rng: random.Random, style: str) -> list[list[str]]:
    n_cols, n_rows = (3 if style == "side_by_side" else rng.randint(3, 6)), rng.randint(4, 12)  # one page wide
    rows = [[rng.choice(("Item", "Region", "Account"))] + rng.sample(HEADS, n_cols - 1)]
    empty = 0.35 if style == "sparse" else 0.05
    for _ in range(n_rows):
        label = " ".join(rng.sample(WORDS, 2)) if style == "overflow" and rng.random() < 0.5 else rng.choice(WORDS)
        cells = [label] + ["" if rng.random() < empty else _value(rng) for _ in range(n_cols - 1)]
        if len(label) > 9:
            cells[1] = ""  # the label runs into the empty cell beside it
        rows.append(cells)
    if rng.random() < 0.5:
        rows.append(["Total"] + [_value(rng) for _ in range(n_cols - 1)])
    return rows


def lay_out(style: str, rng: random.Random) -> tuple[list[list[str]], list[tuple[int, int, list[list[str]]]]]:
    """The sheet's cells and its blocks (first row, first column, rows)."""
    grid: dict[tuple[int, int], str] = {}
    blocks = []
    r = 0
    c0 = 0
    for _ in range(rng.randint(2, 3) if style == "stacked" else 2 if style == "side_by_side" else 1):
        rows = _block(rng, style)
        if rng.random() < 0.6:
            grid[(r, c0)] = rng.choice(("Sales by region", "Operating costs", "Budget vs actual", "Headcount"))
            top = r + 1
        else:
            top = r
        blocks.append((top, c0, rows))
        for i, row in enumerate(rows):
            for j, text in enumerate(row):
                if text:
                    grid[(top + i, c0 + j)] = text
        if style == "side_by_side":
            c0 += len(rows[0]) + 1
        else:
            r = top + len(rows) + rng.randint(1, 2)
    n_r = max(k[0] for k in grid) + 1
    n_c = max(k[1] for k in grid) + 1
    return [[grid.get((i, j), "") for j in range(n_c)] for i in range(n_r)], blocks


def _find(page: pymupdf.Page, top: int, c0: int, rows: list[list[str]], sheet: list[list[str]],
          label: str) -> dict[tuple[int, int], Rect]:
    """Each non-empty cell's glyph box, matched in reading order on its sheet row's line."""
    words = page.get_text("words")
    lines: dict[int, list] = {}
    for w in words:
        lines.setdefault(round(w[3]), []).append(w)
    keys = sorted(lines)
    ordered = [sorted(lines[k], key=lambda w: w[0]) for k in keys]
    # Sheet rows with text, top to bottom, are the page's lines under the header, in order.
    filled = [i for i, row in enumerate(sheet) if any(row)]
    body = ordered[1:1 + len(filled)]  # the first line is the page header (the sheet's name)
    out: dict[tuple[int, int], Rect] = {}
    for i, row in enumerate(rows):
        line = body[filled.index(top + i)]
        cells = [(j, t) for j, t in enumerate(sheet[top + i]) if t]
        k = 0
        for j, text in cells:
            got: list[str] = []
            box = Rect(1e9, 1e9, -1e9, -1e9)
            if k < len(line) and set(line[k][4]) == {"#"}:  # a number wider than its column: "###" printed
                text = sheet[top + i][j] = line[k][4]
                if c0 <= j < c0 + len(row):
                    row[j - c0] = text
            while k < len(line) and " ".join(got) != text:
                w = line[k]
                got.append(w[4])
                box = Rect(min(box.x0, w[0]), min(box.y0, w[1]), max(box.x1, w[2]), max(box.y1, w[3]))
                k += 1
            if " ".join(got) != text:
                sys.exit(f"calc: {label}: cell '{text}' not found on its line")
            if c0 <= j < c0 + len(row):
                out[(i, j - c0)] = box
    return out


def truth(boxes: dict[tuple[int, int], Rect], rows: list[list[str]], tid: str, style: str) -> AnnTable:
    n_rows, n_cols = len(rows), len(rows[0])
    cells = tuple(AnnCell(r, c, 1, 1, rows[r][c], bbox=round_rect(boxes[(r, c)]) if (r, c) in boxes else None)
                  for r in range(n_rows) for c in range(n_cols))
    col_x = [[b for (r, c), b in boxes.items() if c == k] for k in range(n_cols)]
    row_y = [[b for (r, c), b in boxes.items() if r == k] for k in range(n_rows)]
    xs = [min(b.x0 for b in col_x[0]) - 1]
    for c in range(1, n_cols):
        left = max(b.x1 for k in range(c) for b in col_x[k] if col_x[k])
        right = min((b.x0 for k in range(c, n_cols) for b in col_x[k]), default=left + 2)
        xs.append(max(xs[-1] + 0.5, (left + right) / 2))
    xs.append(max(max(b.x1 for b in boxes.values()) + 1, xs[-1] + 0.5))
    ys = [min(b.y0 for b in row_y[0]) - 1]
    ys += [(max(b.y1 for b in row_y[r - 1]) + min(b.y0 for b in row_y[r])) / 2 for r in range(1, n_rows)]
    ys.append(max(b.y1 for b in row_y[-1]) + 1)
    bbox = round_rect(Rect(xs[0], ys[0], xs[-1], ys[-1]))
    xt = (bbox.x0, *(round(v, 3) for v in xs[1:-1]), bbox.x1)
    yt = (bbox.y0, *(round(v, 3) for v in ys[1:-1]), bbox.y1)
    region = Region(1, bbox, xt, yt, cells, suggest_row_roles(rows, 1))
    return AnnTable(tid, (region,), header_rows=1, verified=True, source="manual",
                    notes=f"LibreOffice Calc CSV export; style {style}")


def build(out: Path, seed: int, per_style: int) -> int:
    rng = random.Random(seed)
    pdf_dir, golden = common.fresh(out)
    work = Path(tempfile.mkdtemp())
    made = {}
    for k in range(per_style * len(STYLES)):
        style = STYLES[k % len(STYLES)]
        sheet, blocks = lay_out(style, random.Random(rng.random()))
        name = f"calc-{k + 1:03d}"
        with open(work / f"{name}.csv", "w", newline="") as f:
            csv.writer(f).writerows(sheet)
        made[name] = (style, sheet, blocks)
    subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(pdf_dir),
                    *sorted(str(p) for p in work.glob("*.csv"))], check=True, capture_output=True)
    shutil.rmtree(work)
    styles: common.StyleMap = {}
    total = 0
    for name, (style, sheet, blocks) in made.items():
        pdf = pdf_dir / f"{name}.pdf"
        doc = pymupdf.open(pdf)
        if doc.page_count != 1:
            sys.exit(f"calc: {name}: {doc.page_count} pages")
        page = doc[0]
        tables = tuple(truth(_find(page, top, c0, rows, sheet, name), rows, f"t{i + 1}", style)
                       for i, (top, c0, rows) in enumerate(blocks))
        info = (PageInfo(1, page.rect.width, page.rect.height),)
        doc.close()
        ann = common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, info, tables,
                                                notes="sheets exported by LibreOffice Calc (corpus.sheets.calc)"))
        add_to_golden_set(golden, ann, pdf)
        styles[pdf.name] = {t.id: {"style": style, "detail": "calc"} for t in tables}
        total += len(tables)
    return common.finish(out, styles, seed, total)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 11, 3, Path(__file__).resolve().parent / "calc")


if __name__ == "__main__":
    raise SystemExit(main())
