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

import random
import sys
from pathlib import Path

import pymupdf

from inspector.annotation.io import sha256_of
from inspector.annotation.model import DocumentAnnotation, PageInfo

from .. import common
from ..styles.build import compress
from . import layout, typ, wp

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
    return common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, pages, tables,
                                             notes=f"tables typeset by {how} (corpus.producers.build)"))


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` tables of each style, per producer, into ``out``."""
    producers = [common.Producer(p, [s for s in STYLES if s.startswith(p + "_")]) for p in PRODUCERS]
    return common.build(out, seed, per_style, producers, build_one)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 31, 6, Path(__file__).resolve().parent)


if __name__ == "__main__":
    sys.exit(main())
