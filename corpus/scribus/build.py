"""Build the Scribus corpus: brochure and rate-sheet pages set by Scribus 1.5.8, the free
desktop-publishing program (the kind of page InDesign users make): several tables a page,
running headers and footers over rules, a dark title band, prose in one or two columns
between tables, a bar chart beside a table, two tables in the page's two columns.

    python -m corpus.scribus.build [--seed 27] [--per-style 4] [--out corpus/scribus]

(or ``make corpus-scribus``, which installs Scribus and Xvfb from Debian first with
``packaging/scribus.sh``: build-only tools, never part of ``make setup``). Steps:

1. ``tables`` draws each table's content and structure in its style; ``draw`` sizes its
   grid (widths from the texts' widths in the document's font, heights from the lines each
   cell wraps to) and turns it into what a DTP user places: a text frame per cell,
   rectangles, line objects, or a Scribus table (``createTable``) for ``native``;
2. ``lay_out`` flows the blocks (heading, prose, table, table and chart, two tables) down
   pages between a running header and footer;
3. ``maker.py`` runs in Scribus under Xvfb, places every object, exports the PDF and
   reports each native table's position, column widths and row heights as Scribus has them;
4. the truth is ``producers.layout.table_truth``'s: the structure as written, each cell's
   box its frame's grid cell (for ``native`` Scribus's own geometry), each cell's text the
   page's words inside its box (the build stops on any difference).

Scribus stamps the time and a file ID into the PDF: the build writes a fixed date and an ID
made from a digest of the rest, so a rebuilt corpus is the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pymupdf

from inspector.annotation.io import sha256_of
from inspector.annotation.model import DocumentAnnotation, PageInfo

from .. import common
from ..producers.layout import Spec, table_truth
from ..styles.content import Tabular, prose
from . import draw
from .tables import STYLES, Look, Obj, STable, spec, wrap

HERE = Path(__file__).resolve().parent
PAGE = (595.0, 842.0)
MARGIN, TOP, BOTTOM, GAP = 42.0, 52.0, 790.0, 18.0
COLOURS = {"Dark": [(31, 56, 100), (46, 92, 58), (80, 30, 60), (51, 51, 51)],
           "Tint": [(232, 238, 247), (242, 242, 242), (223, 233, 216), (250, 240, 225)],
           "Mid": [(200, 200, 200), (190, 205, 225), (215, 215, 200)]}
Boxes = dict[int, dict[tuple[int, int], pymupdf.Rect]]


def frame(x: float, y: float, w: float, words: str, look: Look, cols: int = 1, bold: bool = False,
          size: float = 0, color: str = "Black") -> tuple[Obj, float]:
    """A text frame of ``words`` at ``(x, y)``, ``w`` wide in ``cols`` columns, and its height."""
    s = size or look.size
    lead = round(s * 1.25, 2)
    font = look.bold if bold else look.font
    col_w = (w - 12 * (cols - 1)) / cols
    lines = wrap(words, col_w - 4, font, s)
    h = (lines // cols + 2) * lead if cols > 1 else lines * lead + 3
    return {"k": "text", "x": x, "y": y, "w": w, "h": h, "text": words, "font": font, "size": s, "lead": lead,
            "cols": cols, "color": color}, h


def running(page: int, look: Look, org: str, title: str) -> list[Obj]:
    """The running header and footer: texts over and under rules."""
    w = PAGE[0] - 2 * MARGIN
    small = look.size - 1
    out = [frame(MARGIN, 24, w / 2, org, look, bold=True, size=small)[0],
           frame(MARGIN + w / 2, 24, w / 2, title, look, size=small)[0] | {"align": "r"},
           draw.hline(MARGIN, PAGE[0] - MARGIN, 38, 0.5),
           draw.hline(MARGIN, PAGE[0] - MARGIN, 804, 0.5),
           frame(MARGIN, 808, w / 2, "Prices include VAT and may change", look, size=small)[0],
           frame(MARGIN + w / 2, 808, w / 2, f"Page {page}", look, size=small)[0] | {"align": "r"}]
    return out


def block(tables: list[STable], look: Look, rng: random.Random, y: float) -> tuple[list[Obj], float]:
    """A style's heading, maybe prose, and its table(s) from ``y``: the objects and the height."""
    w, half = PAGE[0] - 2 * MARGIN, (PAGE[0] - 2 * MARGIN - GAP) / 2
    if tables[0].style == "panel":
        return panel(tables[0], look, rng, y)
    head, hh = frame(MARGIN, y, w, tables[0].title, look, bold=True, size=look.size + 4, color="Dark")
    out, y0 = [head], y
    y += hh + 4
    if rng.random() < 0.6:
        text, ph = frame(MARGIN, y, w, prose(rng, "en", rng.randint(2, 5)), look, cols=rng.choice((1, 2)))
        out.append(text)
        y += ph + 6
    style = tables[0].style
    if style == "twocol":
        for k, t in enumerate(tables):
            draw.size(t, look, half)
            t.x, t.y = MARGIN + k * (half + GAP), y
        bottom = max(sum(t.heights) for t in tables)
    elif style == "chart":
        t = tables[0]
        while True:
            try:
                draw.size(t, look, half)
                break
            except ValueError:  # too wide beside a chart: the last column goes
                t.table.rows = [row[:-1] for row in t.table.rows]
                t.numeric = t.numeric[:-1]
        left = rng.random() < 0.5
        t.x, t.y = (MARGIN if left else MARGIN + half + GAP), y
        ch = max(sum(t.heights), 120.0)
        out += draw.chart(MARGIN + half + GAP if left else MARGIN, y, half, ch, look, rng, "Revenue by year")
        bottom = ch
    else:
        t = tables[0]
        try:  # a narrow table in one column when it fits there
            draw.size(t, look, half if style != "wrapped" and rng.random() < 0.3 else w)
        except ValueError:
            draw.size(t, look, w)
        t.x, t.y = MARGIN, y
        bottom = sum(t.heights)
    for t in tables:
        out += draw.objects(t, look, rng)
    return out, y + bottom - y0


def panel(t: STable, look: Look, rng: random.Random, y: float) -> tuple[list[Obj], float]:
    """A tinted panel with an outline holding a heading, the table and a note under it."""
    inset, w = 10.0, PAGE[0] - 2 * MARGIN
    head, hh = frame(MARGIN + inset, y + inset, w - 2 * inset, t.title, look, bold=True, size=look.size + 3,
                     color="Dark")
    draw.size(t, look, w - 2 * inset)
    t.x, t.y = MARGIN + inset, y + inset + hh + 6
    note, nh = frame(MARGIN + inset, t.y + sum(t.heights) + 5, w - 2 * inset,
                     rng.choice(("Rates per room and night, breakfast included.", "All prices in euro, tax included.",
                                 "Subject to availability; minimum stay two nights.")), look, size=look.size - 0.5)
    height = t.y + sum(t.heights) + 5 + nh + inset - y
    box = draw.band(MARGIN, MARGIN + w, y, y + height, look.tint) | {"line": "Dark", "lw": 0.75}
    return [box, head, *draw.objects(t, look, rng), note], height


def lay_out(group: list[list[STable]], look: Look, rng: random.Random, org: str, title: str) -> list[list[Obj]]:
    """Pages of objects: each style's block below the last, a new page when it does not fit."""
    pages: list[list[Obj]] = [[]]
    y = TOP
    w = PAGE[0] - 2 * MARGIN
    pages[0] += [draw.band(MARGIN, MARGIN + w, y, y + 34, look.dark),
                 frame(MARGIN + 10, y + 8, w - 20, title, look, bold=True, size=15, color="White")[0]]
    y += 34 + GAP
    for tables in group:
        objs, h = block(tables, look, random.Random(rng.random()), y)
        if y + h > BOTTOM:
            pages.append([])
            y = TOP
            objs, h = block(tables, look, random.Random(rng.random()), y)
        for t in tables:
            t.page = len(pages) - 1
        pages[-1] += objs
        y += h + GAP + rng.choice((0, 6, 12))
    for k, page in enumerate(pages):
        page[:0] = running(k + 1, look, org, title)
    return pages


def fixed(pdf: bytes) -> bytes:
    """``pdf`` with Scribus's dates set to one day and its file ID to a digest of the rest."""
    pdf = re.sub(rb"\(D:\d{14}[^)]*\)", lambda m: b"(D:20260101000000Z" + b" " * (len(m[0]) - 19) + b")", pdf)
    ids = re.compile(rb"/ID \[<([0-9A-Fa-f]{32})><([0-9A-Fa-f]{32})>\]")
    digest = hashlib.md5(ids.sub(b"", pdf)).hexdigest().upper().encode()
    return ids.sub(b"/ID [<" + digest + b"><" + digest + b">]", pdf)


def render(description: dict[str, Any]) -> tuple[bytes, list[dict[str, Any]]]:
    """The PDF Scribus makes of ``description`` and its native tables' geometry."""
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "in.json").write_text(json.dumps(description), encoding="utf-8")
        run = subprocess.run(["xvfb-run", "-a", "scribus", "-g", "-ns", "-py", str(HERE / "maker.py"),
                              str(d / "in.json"), str(d / "out.pdf"), str(d / "cells.json")],
                             capture_output=True, text=True, timeout=300)
        if run.returncode or not (d / "out.pdf").exists():
            sys.exit(f"build: Scribus failed: {run.stderr[-1500:]}")
        return fixed((d / "out.pdf").read_bytes()), json.loads((d / "cells.json").read_text(encoding="utf-8"))


def native_boxes(found: dict[str, Any], t: STable) -> dict[tuple[int, int], pymupdf.Rect]:
    """A native table's cell boxes from the geometry Scribus reported."""
    t.x, t.y, t.widths, t.heights = found["x"], found["y"], found["widths"], found["heights"]
    return draw.cell_boxes(t)


def document(styles: list[str], rng: random.Random) -> tuple[dict[str, Any], list[STable]]:
    look = Look(rng.choice(("DejaVu Sans Book", "DejaVu Sans Condensed")), "", rng.choice((7.5, 8.0, 8.5)))
    look.bold = look.font.replace(" Book", "") + " Bold"
    group = [spec(s, rng) for s in styles]
    org = rng.choice(("Hotel Seeblick", "Alpine Lodge Group", "Northwind Supplies", "Harbour View Resort"))
    pages = lay_out(group, look, rng, org, rng.choice(("Rates and services 2026", "Price list 2026",
                                                       "Product brochure", "Tariff sheet")))
    tables = [t for ts in group for t in ts]
    for k, t in enumerate(tables):  # a native table's objects carry its id: the maker reports it by id
        for o in pages[t.page]:
            if o["k"] == "table" and o["tid"] == "" and (o["x"], o["y"]) == (t.x, t.y):
                o["tid"] = f"t{k + 1}"
    colours = {name: list(rng.choice(choices)) for name, choices in COLOURS.items()}
    return {"page": PAGE, "colours": colours, "pages": pages}, tables


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> tuple[DocumentAnnotation, list[str]]:
    """One document of ``styles``, its annotation and each table's style."""
    description, tables = document(styles, rng)
    made, natives = render(description)
    pdf.write_bytes(made)
    by_id = {n["tid"]: n for n in natives}
    with pymupdf.open(pdf) as d:
        pages = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(d))
        anns = []
        for k, t in enumerate(tables):
            tid = f"t{k + 1}"
            boxes = native_boxes(by_id[tid], t) if t.style == "native" else draw.cell_boxes(t)
            tab = Tabular("en", t.title, "", [], [], [])
            anns.append(table_truth(d, Spec(t.style, tab, t.table, []), tid, {t.page: boxes},
                                    f"{pdf.name} {tid}", "Scribus 1.5.8"))
    ann = common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, pages, tuple(anns),
                                            notes="brochure and rate-sheet pages set by Scribus (corpus.scribus.build)"))
    return ann, [t.style for t in tables]


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` documents' worth of each style into ``out`` (``twocol`` makes two)."""
    return common.build_named(out, seed, per_style, [common.Producer("sc", STYLES)], build_one)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 27, 4, HERE)


if __name__ == "__main__":
    sys.exit(main())
