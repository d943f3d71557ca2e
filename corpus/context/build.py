"""Build the ConTeXt corpus: tables set by ConTeXt MkIV (LuaTeX 1.15, Debian's ``context``),
the TeX macro package whose tables draw their own frames: natural tables (``\\bTABLE``) and
extreme tables (``\\startxtable``) frame and fill each cell on its own, and split a long
table over pages with its head set again on each.

    python -m corpus.context.build [--seed 29] [--per-style 4] [--out corpus/context]

(or ``make corpus-context``, which installs ConTeXt from Debian first with
``packaging/context.sh``: a build-only tool, never part of ``make setup``). Steps:

1. ``tables`` draws each table's content, structure and look in its style (``tables.STYLES``);
   ``tex`` writes the ConTeXt file: a heading and maybe prose over each table, the table with
   each cell's frame sides, fill, colour, weight and alignment;
2. each document is set twice: once with each cell's background a colour of its own
   (``tex.fill``), once as drawn (the PDF kept); colour changes nothing in the layout;
3. each cell's box is the fill of its colour on each page (ConTeXt paints a cell's background
   over the whole cell, its offset included): the fill holding exactly the cell's text in the
   kept PDF (``marked.boxes``), a repeated head's on each page holding body cells;
4. the truth is ``producers.layout.table_truth``'s: the structure as written, each cell's text
   the page's words inside its box (the build stops on any difference), one region per page
   of a split table, its repeated head in each.

ConTeXt stamps the time of the run into the PDF (info, XMP, file ID): the build writes fixed
ones of the same length, so a rebuilt corpus is the same bytes.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pymupdf

from inspector.annotation.io import sha256_of
from inspector.annotation.model import DocumentAnnotation, PageInfo

from .. import common
from ..marked import boxes, painted
from ..producers.layout import Spec, table_truth
from ..styles.content import Tabular
from . import tex
from .tables import STYLES, CTable, spec

HERE = Path(__file__).resolve().parent
HOW = "ConTeXt MkIV 2021.03.05 (LuaTeX 1.15)"
FONTS = "/usr/share/fonts"  # OSFONTDIR: where ConTeXt finds NanumGothic and AR PL SungtiL GB
STAMPS = ((re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[-+]\d\d:\d\d"), b"2026-01-01T00:00:00-00:00"),
          (re.compile(rb"D:\d{14}[-+]\d\d'\d\d'"), b"D:20260101000000-00'00'"),
          (re.compile(rb"\d{4}-\d\d-\d\d \d\d:\d\d"), b"2026-01-01 00:00"))


def fixed(pdf: bytes) -> bytes:
    """``pdf`` with ConTeXt's run times set to one day, its XMP UUIDs and file ID to a digest of
    the rest (each the same length, so the cross-reference offsets still hold)."""
    for stamp, day in STAMPS:
        pdf = stamp.sub(day, pdf)
    uuid = re.compile(rb"uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
    ids = re.compile(rb"/ID \[ <([0-9A-F]{32})> <([0-9A-F]{32})> \]")
    digest = hashlib.md5(ids.sub(b"", uuid.sub(b"", pdf))).hexdigest().upper().encode()
    low = digest.lower()
    pdf = uuid.sub(b"uuid:" + low[:8] + b"-" + low[8:12] + b"-" + low[12:16] + b"-" + low[16:20] + b"-" + low[20:32], pdf)
    return ids.sub(b"/ID [ <" + digest + b"> <" + digest + b"> ]", pdf)


def render(source: str) -> bytes:
    """The PDF ConTeXt makes of ``source``."""
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "doc.tex").write_text(source, encoding="utf-8")
        env = {**os.environ, "OSFONTDIR": FONTS}
        run = subprocess.run(["context", "--batchmode", "--nodates", "--noconsole", "doc.tex"], cwd=d,
                             capture_output=True, text=True, env=env)
        if run.returncode or not (d / "doc.pdf").exists():
            log = (d / "doc.log").read_text(errors="replace") if (d / "doc.log").exists() else run.stdout
            sys.exit(f"build: ConTeXt failed: {log[-2500:]}")
        log = (d / "doc.log").read_text(errors="replace")
        missing = [line for line in log.splitlines()
                   if ": missing" in line or ("loading aborted" in line and "-math" not in line)]
        if missing:  # a glyph or a text font ConTeXt lacks is dropped from the page (no math is set)
            sys.exit(f"build: ConTeXt lacks a font or a character: {missing[0]}")
        return fixed((d / "doc.pdf").read_bytes())


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> tuple[DocumentAnnotation, list[str]]:
    """One document of ``styles``, its annotation and each table's style."""
    paper = rng.choice(tuple(tex.PAPER))
    margin = float(rng.choice((54, 64, 72)))
    face = rng.choice(tex.FACES)
    org = rng.choice(("Northwind Holdings plc", "Harbour View Resort", "Alpine Lodge Group", "Meridian Trust"))
    tables = [spec(s, rng, tex.PAPER[paper][0] - 2 * margin) for s in styles]
    seed = random.Random(rng.random()).random()
    marked = pymupdf.open("pdf", render(tex.document(tables, random.Random(seed), True, paper, margin, face, org)))
    pdf.write_bytes(render(tex.document(tables, random.Random(seed), False, paper, margin, face, org)))
    found = painted(marked)
    firsts = [sum(len(t.g.table.placed("")) for t in tables[:k]) for k in range(len(tables))]
    with pymupdf.open(pdf) as d:
        if d.page_count != marked.page_count:
            sys.exit(f"build: {pdf.name}: the marked and kept PDFs differ in pages")
        boxed = [boxes(t.g, found, firsts[k], d) for k, t in enumerate(tables)]  # type: ignore[arg-type]
        pages = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(d))
        anns = tuple(table_truth(d, as_spec(t), f"t{k + 1}", boxed[k], f"{pdf.name} t{k + 1}", f"{HOW}, {t.kind}")
                     for k, t in enumerate(tables))
    ann = common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, pages, anns,
                                            notes="tables set by ConTeXt MkIV (corpus.context.build)"))
    return ann, [t.g.style for t in tables]


def as_spec(t: CTable) -> Spec:
    return Spec(t.g.style, Tabular(t.g.lang, t.g.title, "", [], [], []), t.g.table, [])


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` tables of each style into ``out``."""
    subprocess.run(["mtxrun", "--script", "fonts", "--reload"], env={**os.environ, "OSFONTDIR": FONTS},
                   capture_output=True, check=True)  # ConTeXt's font names database, with the system's fonts
    rng = random.Random(seed)
    pdf_dir, golden = common.fresh(out)
    styles: common.StyleMap = {}
    total = 0
    for k, group in enumerate(common.plan(rng, STYLES, per_style), 1):
        pdf = pdf_dir / f"cx-{k:03d}.pdf"
        ann, names = build_one(pdf, group, random.Random(rng.random()))
        common.add_to_golden_set(golden, ann, pdf)
        styles[pdf.name] = common.styles_of(ann.tables, names)
        total += len(ann.tables)
    return common.finish(out, styles, seed, total)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 29, 4, HERE)


if __name__ == "__main__":
    sys.exit(main())
