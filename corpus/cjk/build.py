"""Build the CJK corpus: Korean tenders' bills of quantities (a dense ruled grid, a header of
three levels of merged cells, work labels spanning rows, (계속) on the next page) and Chinese
annual reports' statements (三线表 with a 本期/上期 header, 附注, indented 其中： rows,
bracketed negatives, 续表/（续） on the next page under a running header rule), each table
continued over two or three pages, drawn by three producers; truth from where each producer
put the cells.

    python -m corpus.cjk.build [--seed 31] [--per-style 3] [--out corpus/cjk]

Producers: reportlab with its CID fonts (``rl``), fpdf2 with WenQuanYi Micro Hei (``fpdf``),
PyMuPDF's Story with the same font (``story``). Needs reportlab, fpdf2 and the font of
``packaging/system-deps.sh``. One table per style and document, two tables a document; the
truth of a table is one region per page, a repeated header in each (as ``corpus/producers``).
"""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import pymupdf

from inspector.annotation.goldenset import add_to_golden_set
from inspector.annotation.io import sha256_of
from inspector.annotation.model import AnnTable, DocumentAnnotation, PageInfo

from .. import common
from ..html.build import Laid, truth
from ..html.build import compress as subset
from ..styles.build import compress, words_in_cells
from . import fp, rl, story
from .content import KO_AGENCY, ZH_COMPANY, Sheet, chinese, korean

KINDS = ("tender", "annual")
PRODUCERS = {"rl": (rl, "reportlab platypus Table, CID font"), "fpdf": (fp, "fpdf2 FPDF.table(), WenQuanYi"),
             "story": (story, "PyMuPDF Story HTML table, WenQuanYi")}
STYLES = tuple(f"{p}_{k}" for p in PRODUCERS for k in KINDS)


def _sheet(kind: str, rng: random.Random, who: str) -> Sheet:
    return korean(rng, who) if kind == "tender" else chinese(rng, who)


def table_truth(doc: pymupdf.Document, laid: list[Laid], tid: str, label: str, how: str) -> AnnTable:
    """One region per piece (page), each from the page's words in the piece's cell boxes."""
    regions = []
    part = None
    for piece in laid:
        part = truth(piece, words_in_cells(doc[piece.page], piece), label, how)
        regions += part.regions
    assert part is not None
    head = laid[0].table.header_rows
    return dataclasses.replace(part, id=tid, regions=tuple(regions), header_rows=head)


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> DocumentAnnotation:
    producer = styles[0].split("_")[0]
    kind = styles[0].split("_")[1]
    module, how = PRODUCERS[producer]
    who = rng.choice(KO_AGENCY if kind == "tender" else ZH_COMPANY)
    sheets = [_sheet(s.split("_")[1], rng, who) for s in styles]
    laid = module.build_pdf(pdf, sheets, rng)
    (subset if producer == "story" else compress)(pdf)  # Story embeds whole fonts
    doc = pymupdf.open(pdf)
    pages = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(doc))
    tables = tuple(table_truth(doc, lp, f"t{k + 1}", f"{pdf.name} t{k + 1}", how) for k, lp in enumerate(laid))
    doc.close()
    return common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, pages, tables,
                                             notes=f"CJK tables drawn by {how} (corpus.cjk.build)"))


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` documents of two tables for each producer and kind."""
    rng = random.Random(seed)
    pdf_dir, golden = common.fresh(out)
    styles: common.StyleMap = {}
    total = 0
    for style in STYLES:
        for k in range(1, per_style + 1):
            pdf = pdf_dir / f"{style.replace('_', '-')}-{k:02d}.pdf"
            names = [style, style]
            ann = build_one(pdf, names, random.Random(rng.random()))
            add_to_golden_set(golden, ann, pdf)
            styles[pdf.name] = common.styles_of(ann.tables, names)
            total += len(ann.tables)
    return common.finish(out, styles, seed, total)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 31, 3, Path(__file__).resolve().parent)


if __name__ == "__main__":
    sys.exit(main())
