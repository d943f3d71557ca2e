"""Build the producers corpus: tables typeset by Typst and by WeasyPrint (HTML and CSS) in the
styles documents from these producers use, in English, Korean and Chinese, with their truth
from the producer's own layout.

    python -m corpus.producers.build [--seed 31] [--per-style 6] [--out corpus/producers]

(or ``make corpus-producers``; needs the ``corpus`` extra's typst and weasyprint, Pango for
WeasyPrint, and the WenQuanYi Micro Hei font of ``packaging/system-deps.sh``). Two more
producer families beside ``corpus/styles`` (reportlab, fpdf2). Steps:

1. a seeded generator writes each table's content and structure (``layout.spec``) for a
   style of ``layout.STYLES``;
2. Typst (``typ``) or WeasyPrint (``wp``) lays out documents of five blocks (heading, prose,
   unit line, table, a note or caption) and reports where every cell went, on every page;
3. the truth as for ``corpus/styles`` (``layout.table_truth``): the structure as written, each
   cell's text the page's words inside its box (the build stops on any difference), one
   region per page of a continued table;
4. ``OUT/golden`` (a golden set) and ``OUT/styles.json`` (the style of each table).
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
from pathlib import Path

import pymupdf

from inspector.annotation.goldenset import add_to_golden_set
from inspector.annotation.io import sha256_of
from inspector.annotation.model import DocumentAnnotation, PageInfo
from inspector.evaluation.styles import write_styles

from ..styles.build import compress
from . import layout, typ, wp

PER_DOC = 5
PRODUCERS = {"ty": typ, "wp": wp}
STYLES = layout.ALL


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> DocumentAnnotation:
    """One document of ``styles`` (all of one producer) and its annotation."""
    producer = styles[0].split("_")[0]
    specs = [layout.spec(s.split("_", 1)[1], rng) for s in styles]
    boxes = PRODUCERS[producer].build_pdf(pdf, specs, rng)
    compress(pdf)
    how = layout.HOW[producer]
    with pymupdf.open(pdf) as doc:
        pages = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(doc))
        tables = tuple(layout.table_truth(doc, s, f"t{k + 1}", boxes[f"t{k + 1}"], f"{pdf.name} t{k + 1}", how)
                       for k, s in enumerate(specs))
    ann = DocumentAnnotation(sha256_of(pdf), pdf.name, pages, tables,
                             notes=f"tables typeset by {how} (corpus.producers.build)")
    problems = ann.problems()
    if problems:
        sys.exit(f"build: {pdf.name}: {problems[0]}")
    return ann


def build(out: Path, seed: int, per_style: int) -> int:
    rng = random.Random(seed)
    pdf_dir, golden = out / "pdfs", out / "golden"
    for d in (pdf_dir, golden):
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
    styles: dict[str, dict[str, dict[str, str]]] = {}
    total = 0
    for producer in PRODUCERS:
        names = [s for s in STYLES if s.startswith(producer + "_") for _ in range(per_style)]
        rng.shuffle(names)
        for i in range(0, len(names), PER_DOC):
            chunk = names[i:i + PER_DOC]
            pdf = pdf_dir / f"{producer}-{i // PER_DOC + 1:03d}.pdf"
            ann = build_one(pdf, chunk, random.Random(rng.random()))
            add_to_golden_set(golden, ann, pdf)
            styles[pdf.name] = {t.id: {"style": n, "detail": t.notes.split(": ", 1)[-1]}
                                for t, n in zip(ann.tables, chunk, strict=True)}
            total += len(ann.tables)
    write_styles(out / "styles.json", styles, seed)
    print(f"built {len(styles)} PDFs with {total} tables in {out}")
    return total


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seed", type=int, default=31)
    p.add_argument("--per-style", type=int, default=6, help="tables per style and producer (default 6)")
    p.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = p.parse_args(argv)
    build(args.out, args.seed, args.per_style)
    return 0


if __name__ == "__main__":
    sys.exit(main())
