"""Build the Gnumeric corpus: spreadsheets printed to PDF by Gnumeric 1.12
(``ssconvert``, drawing through cairo 1.16): budgets, financial statements, price lists with
merged heads, printed gridlines, wide sheets split over pages and long ones with repeated
title rows, in English, Korean and Chinese.

    python -m corpus.gnumeric.build [--seed 28] [--per-style 4] [--out corpus/gnumeric]

(or ``make corpus-gnumeric``, which installs Gnumeric from Debian first with
``packaging/gnumeric.sh``: a build-only tool, never part of ``make setup``). Steps:

1. ``sheets`` draws each sheet's table in its style and writes it as an .xlsx workbook, which
   ``ssconvert`` turns into Gnumeric's own format, where the print titles are set (repeated
   title rows and columns: Gnumeric does not read them from an .xlsx);
2. each workbook is printed twice: once with every cell of the table filled in a colour of its
   own (``sheets.write(mark=True)``, head and zebra fills dropped; a fill changes nothing in
   the layout), once as made (the PDF kept);
3. Gnumeric paints each cell's background as one rectangle over the whole cell (a merged
   cell's over all its slots) and breaks pages between rows and columns only: a cell's box on
   a page is the fill of its colour there holding exactly its text in the kept PDF; repeated
   title rows and columns have one on each page;
4. the truth is one region per page: the rows and columns printed there (a wide sheet's
   columns on the next page with the repeated label column, a long sheet's rows with the
   repeated head), each cell's text the page's words inside its box (the build stops on any
   difference from the text written).

cairo stamps the time of the run as the PDF's creation date: the build writes a fixed one of
the same length, so a rebuilt corpus is the same bytes.
"""

from __future__ import annotations

import gzip
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pymupdf

from inspector.annotation.goldenset import add_to_golden_set
from inspector.annotation.model import AnnTable, DocumentAnnotation

from .. import common, marked
from ..html.build import Laid, truth
from ..html.tables import Cell, HtmlTable
from ..styles.build import words_in_cells
from .sheets import LANGS, MAKERS, STYLES, Sheet, print_setup, write

HERE = Path(__file__).resolve().parent
DATE = re.compile(rb"/CreationDate \(D:\d{14}Z\)")
WHEN = b"/CreationDate (D:20260101000000Z)"
HOW = "Gnumeric 1.12.55 ssconvert (cairo 1.16)"


def render(s: Sheet, seed: float, mark: bool) -> bytes:
    """The PDF ``ssconvert`` prints of the workbook of ``s``, its creation date fixed."""
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        top = write(s, d / "in.xlsx", random.Random(seed), mark)
        _ssconvert(d, "in.xlsx", "in.gnumeric")
        xml = gzip.decompress((d / "in.gnumeric").read_bytes()).decode("utf-8")
        (d / "set.gnumeric").write_bytes(gzip.compress(print_setup(xml, s, top).encode("utf-8"), mtime=0))
        _ssconvert(d, "set.gnumeric", "out.pdf", "--export-type=Gnumeric_pdf:pdf_assistant")
        return DATE.sub(WHEN, (d / "out.pdf").read_bytes())


def _ssconvert(d: Path, src: str, dst: str, *how: str) -> None:
    run = subprocess.run(["ssconvert", *how, str(d / src), str(d / dst)], capture_output=True, text=True,
                         env={"HOME": str(d), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})
    if run.returncode or not (d / dst).exists():
        sys.exit(f"build: ssconvert failed: {(run.stdout + run.stderr)[:1500]}")


def boxes(s: Sheet, marking: pymupdf.Document, kept: pymupdf.Document) -> marked.Boxes:
    """Each page's cell boxes: every fill of a cell's colour holding exactly its text (its
    characters' centres inside) in the kept PDF."""
    fills = marked.painted(marking)
    chars = marked.centres(kept)
    out: marked.Boxes = {}
    for k, p in enumerate(s.table.placed("")):
        found = marked.holding(chars, fills.get(k, []), p.cell.text)
        if not found:
            sys.exit(f"build: {s.title}: no fill holds cell {p.r},{p.c} '{p.cell.text}': {fills.get(k)}")
        for page, rect in found:
            out.setdefault(page, {})[p.r, p.c] = rect
    return out


def page_table(s: Sheet, slots: dict[tuple[int, int], pymupdf.Rect]) -> tuple[HtmlTable, list[int], list[int]]:
    """The part of ``s``'s table printed on one page (its rows and columns there) and the
    rows and columns of the whole it holds. A merged cell is printed whole or not at all."""
    rows, cols = sorted({r for r, _ in slots}), sorted({c for _, c in slots})
    sub = [[Cell(p.cell.text, rs=p.cell.rs, cs=p.cell.cs) for p in s.table.placed("") if p.r == r and (r, p.c) in slots]
           for r in rows]
    return HtmlTable(s.style, s.lang, sub, pad=0.0, header_rows=sum(r < s.table.header_rows for r in rows)), rows, cols


def sheet_truth(doc: pymupdf.Document, s: Sheet, found: marked.Boxes, label: str) -> AnnTable:
    """The table's annotation: one region per page it is printed on with body rows (a page
    holding only the repeated head, over the note under the table, has no piece of it)."""
    regions: list = []
    part = None
    for page in sorted(p for p in found if any(r >= s.table.header_rows for r, _ in found[p])):
        sub, rows, cols = page_table(s, found[page])
        laid = Laid(sub, "t1", page)
        for p in sub.placed("t1"):
            laid.boxes[p.id] = found[page][rows[p.r], cols[p.c]]
        part = truth(laid, words_in_cells(doc[page], laid), label, f"{HOW}; {s.lang}")
        regions += part.regions
    assert part is not None
    return AnnTable(part.id, tuple(regions), header_rows=s.table.header_rows, verified=True, source="manual",
                    notes=f"{HOW}; style {s.style}: {s.lang}")


def build_one(pdf: Path, style: str, rng: random.Random) -> DocumentAnnotation:
    """One sheet of ``style`` printed to ``pdf`` and its annotation."""
    s = MAKERS[style](rng, rng.choice(LANGS))
    s.furniture = rng.random() < 0.5
    seed = rng.random()
    with marked.printed(pdf, lambda mark: render(s, seed, mark)) as (marking, d):
        table = sheet_truth(d, s, boxes(s, marking, d), f"{pdf.name} {s.style}")
        return marked.annotation(pdf, d, (table,), "a sheet printed by Gnumeric's ssconvert (corpus.gnumeric.build)")


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` sheets of each style into ``out``, one sheet (one table) a PDF."""
    rng = random.Random(seed)
    pdf_dir, golden = common.fresh(out)
    styles: common.StyleMap = {}
    names = [s for s in STYLES for _ in range(per_style)]
    rng.shuffle(names)
    for k, style in enumerate(names, 1):
        pdf = pdf_dir / f"gn-{k:03d}.pdf"
        ann = build_one(pdf, style, random.Random(rng.random()))
        add_to_golden_set(golden, ann, pdf)
        styles[pdf.name] = {"t1": {"style": style, "detail": ann.tables[0].notes.rsplit(": ", 1)[-1]}}
    return common.finish(out, styles, seed, len(names))


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 28, 4, HERE)


if __name__ == "__main__":
    sys.exit(main())
