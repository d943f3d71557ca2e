"""Build the LaTeX corpus: tables typeset by TeX in the styles papers, theses and reports
use (booktabs rules, ``\\hline`` grids with vertical rules, tabularx and ``p{}`` columns that
wrap, ``\\multicolumn`` group headers over ``\\cmidrule`` or ``\\cline`` with ``\\multirow``
labels, siunitx ``S`` columns, a longtable continued over pages under its repeated header,
colortbl zebra rows, threeparttable notes, key-value tabulars, captions above and below, a
table in one column of a two-column article or across both), with their truth from TeX's
own positions.

    python -m corpus.latex.build [--seed 37] [--per-style 6] [--out corpus/latex]

(or ``make corpus-latex``, which installs TeX Live from Debian first with
``packaging/texlive.sh``: a build-only tool, never part of ``make setup``; the app and the
tests need none of it). Steps:

1. the content generator and truth format of ``corpus/producers`` (``layout.Spec``,
   ``styles.content``): English tables (pdfTeX's Type 1 fonts hold no CJK);
2. ``tex`` writes each table in its style with a position mark around every cell's text and
   at every column edge (``\\pdfsavepos``, written to the ``.aux`` at shipout); ``doc``
   wraps them in an article (Latin Modern or Times, one or two columns); pdfLaTeX typesets
   it, rerun until longtable's widths settle;
3. ``marks`` turns the marks into cell boxes per page, and the truth is
   ``producers.layout.table_truth``'s: the structure as written, each cell's text the page's
   words inside its box (the build stops on any difference), one region per page of a
   continued table;
4. ``OUT/golden`` (a golden set) and ``OUT/styles.json`` (the style of each table:
   ``pdf_*`` one-column, ``tc_*`` two-column).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pymupdf

from inspector.annotation.io import sha256_of
from inspector.annotation.model import DocumentAnnotation, PageInfo

from .. import common
from ..producers.layout import table_truth
from ..styles.build import compress
from . import doc, marks, tex

PRODUCERS = {"pdf": tex.ARTICLE, "tc": tex.TWOCOL, "lua": tex.LUA}
STYLES = tuple(f"{p}_{s}" for p, styles in PRODUCERS.items() for s in styles)
HOW = {"pdf": "pdfTeX (LaTeX)", "tc": "pdfTeX (LaTeX, two columns)", "lua": "LuaTeX (LaTeX)"}


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> DocumentAnnotation:
    """One document of ``styles`` (all of one producer) and its annotation."""
    producer = styles[0].split("_")[0]
    lua = producer == "lua"
    specs = [tex.make_spec(s.split("_", 1)[1], rng) for s in styles]
    found = marks.compile_tex(doc.document(specs, rng, producer == "tc", lua), pdf, "lualatex" if lua else "pdflatex")
    compress(pdf)
    with pymupdf.open(pdf) as d:
        pages = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(d))
        tables = tuple(table_truth(d, s, f"t{k + 1}", marks.boxes(s, f"t{k + 1}", found), f"{pdf.name} t{k + 1}", HOW[producer])
                       for k, s in enumerate(specs))
    return common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, pages, tables,
                                             notes=f"tables typeset by {HOW[producer]} (corpus.latex.build)"))


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` tables of each style, per producer, into ``out``."""
    producers = [common.Producer(p, [f"{p}_{s}" for s in styles]) for p, styles in PRODUCERS.items()]
    return common.build(out, seed, per_style, producers, build_one)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 37, 6, Path(__file__).resolve().parent)


if __name__ == "__main__":
    sys.exit(main())
