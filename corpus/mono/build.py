"""Build the line-printer corpus: reports whose tables are only columns of characters aligned by
spaces (ledgers, bank statements, ``ls -l`` listings, database clients' results, fixed-width
record dumps), printed from
plain text by three producers with their own habits:

- ``en``: GNU enscript (Courier, PostScript) through Ghostscript's ps2pdf;
- ``a2``: GNU a2ps (Courier, one page a sheet, no borders) through ps2pdf: its encoding shows
  each ``-`` as U+2212 MINUS SIGN;
- ``mu``: PyMuPDF's ``insert_text`` with the base-14 Courier, one text run a line.

    python -m corpus.mono.build [--seed 25] [--per-style 2] [--out corpus/mono]

(or ``make corpus-mono``, which installs enscript and a2ps from Debian first with
``packaging/mono.sh``: build-only tools, never part of ``make setup``). paps (0.6.7 here) draws
its glyphs as outlines, no text: it is not a producer of this corpus.

Steps: ``content`` sets each report as text (the report header on each page, heads, rows of
``-``/``=`` under them, a totals line) and records where each cell sits (line, character
columns); the producer prints it; the truth reads the PDF's characters back, matches them one by
one to the text's non-blank characters (the build stops on any difference), and takes each
cell's box from its field's columns and its line's glyphs. The rows of ``-``/``=`` (and ``+``)
are rules, not rows, and the ``|`` columns no text of a cell; the report header, a prompt, a row
count and the trailer are not part of the table. A table continued
over pages has one region per page, its heads repeated in each.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from statistics import median

import pymupdf

from inspector.annotation.goldenset import add_to_golden_set
from inspector.annotation.icdar import content_bounds, round_rect
from inspector.annotation.io import sha256_of
from inspector.annotation.model import AnnTable, DocumentAnnotation, PageInfo
from inspector.annotation.region import AnnCell, Region
from inspector.annotation.roles import suggest_row_roles
from inspector.core.types import Rect

from .. import common
from .content import STYLES, Report, report

HOW = {"en": "GNU enscript + ps2pdf", "a2": "GNU a2ps + ps2pdf", "mu": "PyMuPDF insert_text, Courier"}
PER_DOC = 2
Glyph = tuple[str, str, pymupdf.Rect]  # the character read back, as shown, its box
# What the producers' fonts show for a character of the text: a2ps's '-' is U+2212, enscript's "'" U+2019.
SHOWN = {"\u2212": "-", "\u2019": "'"}


def fixed(pdf: bytes) -> bytes:
    """``pdf`` with Ghostscript's time stamps and ID fixed (same lengths), so a rebuild is the same bytes."""
    pdf = re.sub(rb"D:\d{14}[-+Z][0-9']*", lambda m: b"D:20260101000000" + b"Z" * (len(m.group(0)) - 16), pdf)
    pdf = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[-+Z][0-9:]*",
                 lambda m: b"2026-01-01T00:00:00" + b"Z" * (len(m.group(0)) - 19), pdf)
    pdf = re.sub(rb"uuid:[0-9a-f-]{36}", b"uuid:00000000-0000-0000-0000-000000000000", pdf)
    return re.sub(rb"/ID \[\s*<[0-9a-fA-F]+>\s*<[0-9a-fA-F]+>\s*\]",
                  lambda m: re.sub(rb"[0-9a-fA-F](?=[0-9a-fA-F]*>)", b"0", m.group(0)), pdf)


def run(cmd: list[str]) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"build: {cmd[0]} failed: {done.stderr[:800]}")


def render(prod: str, text: str, paper: str, size: float) -> bytes:
    """The PDF ``prod`` prints of ``text`` (pages parted by form feeds)."""
    if prod == "mu":
        return mupdf(text, paper, size)
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "in.txt").write_text(text, encoding="latin-1")
        media = {"a4": "A4", "letter": "Letter"}[paper]
        if prod == "en":
            run(["enscript", "-B", "-q", "-f", f"Courier{size:g}", f"-M{media}", "-o", str(d / "out.ps"), str(d / "in.txt")])
        else:
            run(["a2ps", "-q", "-1", "-B", "--borders=no", "--portrait", f"--medium={media}", "-l", "100",
                 "-o", str(d / "out.ps"), str(d / "in.txt")])
        run(["ps2pdf", f"-sPAPERSIZE={paper}", str(d / "out.ps"), str(d / "out.pdf")])
        return fixed((d / "out.pdf").read_bytes())


def mupdf(text: str, paper: str, size: float) -> bytes:
    """Each line one ``insert_text`` run in Courier ``size`` pt, ``size`` * 1.15 apart."""
    doc = pymupdf.open()
    w, h = pymupdf.paper_size(paper)
    for page_text in text.split("\f"):
        page = doc.new_page(width=w, height=h)
        for k, line in enumerate(page_text.split("\n")):
            if line.strip():
                page.insert_text((36, 48 + k * size * 1.15), line, fontname="cour", fontsize=size)
    doc.set_metadata({"producer": "PyMuPDF", "creationDate": "D:20260101000000Z", "modDate": "D:20260101000000Z"})
    return doc.tobytes(garbage=3, deflate=True, no_new_id=True)


def page_lines(page: pymupdf.Page) -> list[list[Glyph]]:
    """The page's non-blank characters in lines (by baseline), left to right, read back
    through ``SHOWN``."""
    by_y: dict[float, list[Glyph]] = {}
    for b in page.get_text("rawdict")["blocks"]:
        for ln in b.get("lines", []):
            for sp in ln["spans"]:
                for ch in sp["chars"]:
                    c = SHOWN.get(ch["c"], ch["c"])
                    if c.strip():
                        key = next((y for y in by_y if abs(y - ch["origin"][1]) < 1.0), ch["origin"][1])
                        by_y.setdefault(key, []).append((c, ch["c"], pymupdf.Rect(ch["bbox"])))
    return [sorted(by_y[y], key=lambda g: g[2].x0) for y in sorted(by_y)]


def placed(page: pymupdf.Page, lines: list[str], label: str) -> dict[tuple[int, int], tuple[str, pymupdf.Rect]]:
    """(line, column) -> the character the page shows for the text's there and its box, for
    every non-blank one."""
    src = [(k, [(c, ch) for c, ch in enumerate(line) if ch.strip()]) for k, line in enumerate(lines) if line.strip()]
    got = page_lines(page)
    if len(src) != len(got):
        sys.exit(f"build: {label}: {len(got)} lines on the page, {len(src)} in the text")
    out = {}
    for (k, want), have in zip(src, got, strict=True):
        if [ch for _, ch in want] != [g[0] for g in have]:
            sys.exit(f"build: {label} line {k}: the page shows {''.join(g[0] for g in have)!r}")
        for (c, _), (_, shown, box) in zip(want, have, strict=True):
            out[k, c] = shown, box
    return out


def region(page: pymupdf.Page, rep: Report, p: int, label: str) -> Region:
    """The table's region on page ``p``: each cell's box its field's columns on its line."""
    shown = placed(page, rep.pages[p], label)
    at = {key: box for key, (_, box) in shown.items()}
    cols = sorted({c for _, c in at})
    xs0 = {c: median(b.x0 for (_, cc), b in at.items() if cc == c) for c in cols}
    pitch = (xs0[cols[-1]] - xs0[cols[0]]) / (cols[-1] - cols[0])  # pt a character
    left = median(x - c * pitch for c, x in xs0.items())
    cells, spans_x, spans_y, outer = [], [], [], pymupdf.Rect()
    for r, row in enumerate(rep.rows[p]):
        mine = [b for (k, _), b in at.items() if k == row[0].line]
        top, bottom = min(b.y0 for b in mine), max(b.y1 for b in mine)
        for c, cell in enumerate(row):
            glyphs = [b for (k, cc), b in at.items() if k == cell.line and cell.f0 <= cc < cell.f1]
            box = pymupdf.Rect(left + cell.f0 * pitch, top, left + cell.f1 * pitch, bottom)
            ink = pymupdf.Rect()
            for g in glyphs:
                ink |= g
            outer |= box | ink if glyphs else box
            bbox = round_rect(Rect(ink.x0, ink.y0, ink.x1, ink.y1)) if glyphs else None
            text = "".join(shown[cell.line, cc][0] if (cell.line, cc) in shown else " " for cc in range(cell.f0, cell.f1))
            cells.append(AnnCell(r, c, 1, 1, text.strip(), bbox=bbox))
            spans_x.append((c, c + 1, box.x0, box.x1))
            spans_y.append((r, r + 1, box.y0, box.y1))
    xs = content_bounds(spans_x, rep.n_cols, outer.x0, outer.x1)
    ys = content_bounds(spans_y, len(rep.rows[p]), outer.y0, outer.y1)
    texts = [[c.text for c in row] for row in rep.rows[p]]
    return Region(p + 1, round_rect(Rect(outer.x0, outer.y0, outer.x1, outer.y1)), xs, ys, tuple(cells),
                  suggest_row_roles(texts, rep.header_rows))


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> DocumentAnnotation:
    """One document: the reports of ``styles`` (all of one producer), each from a new page."""
    prod = styles[0].split("_")[0]
    reps = [report(s.split("_", 1)[1], rng) for s in styles]
    paper, size = rng.choice(("a4", "letter")), rng.choice((8.0, 9.0))
    pages = [pg for rep in reps for pg in rep.pages]
    pdf.write_bytes(render(prod, "\f".join("\n".join(pg) for pg in pages) + "\n", paper, size))
    tables, first = [], 0
    with pymupdf.open(pdf) as doc:
        if doc.page_count != len(pages):
            sys.exit(f"build: {pdf.name}: {doc.page_count} pages printed, {len(pages)} written")
        for k, rep in enumerate(reps):
            regs = [region(doc[first + p], rep, p, f"{pdf.name} page {first + p + 1}") for p in range(len(rep.pages))]
            regs = [Region(first + r.page, r.bbox, r.xs, r.ys, r.cells, r.row_roles) for r in regs]
            tables.append(AnnTable(f"t{k + 1}", tuple(regs), header_rows=rep.header_rows, verified=True,
                                   source="manual", notes=f"{HOW[prod]}; style {rep.style}: "))
            first += len(rep.pages)
        info = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(doc))
    return common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, info, tuple(tables),
                                             notes=f"reports printed by {HOW[prod]} (corpus.mono.build)"))


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` reports of each style, per producer, into ``out`` (two reports a document)."""
    rng = random.Random(seed)
    pdf_dir, golden = common.fresh(out)
    styles: common.StyleMap = {}
    total = 0
    for prod in HOW:
        for k, group in enumerate(common.plan(rng, [f"{prod}_{s}" for s in STYLES], per_style, PER_DOC), 1):
            pdf = pdf_dir / f"{prod}-{k:03d}.pdf"
            ann = build_one(pdf, group, random.Random(rng.random()))
            add_to_golden_set(golden, ann, pdf)
            styles[pdf.name] = common.styles_of(ann.tables, group)
            total += len(ann.tables)
    return common.finish(out, styles, seed, total)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 25, 2, Path(__file__).resolve().parent)


if __name__ == "__main__":
    sys.exit(main())
