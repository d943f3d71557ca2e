"""Build the QTextDocument corpus: tables laid out by Qt's own text engine (QTextDocument,
its HTML subset and its cursor API) and printed through QPdfWriter, Qt's PDF engine (cell
borders as filled rectangles or paths, 3D border styles in two shades, text in Qt's own font
subsets), with their truth from where Qt's layout put each cell.

    python -m corpus.qtdoc.build [--seed 11] [--per-style 3] [--out corpus/qtdoc]

(or ``make corpus-qtdoc``; needs PySide6, which the app needs anyway; runs offscreen). A
producer no other corpus uses. Styles: ``border=1 cellspacing=0`` grids (``grid``), separated
borders in a CSS border style (``spaced``), ``border-collapse`` (``collapse``), no borders
(``plain``), a dark header band (``band``), light rows (``zebra``), a group header and a
series column that span (``spans``), a narrow table of wrapped text (``wrapped``), tables
made through ``QTextTableFormat`` with any border style (``api_border``) or booktabs rules
as cell borders (``rules``), labels over a second smaller paragraph (``two_line``), and a
long table over pages, its ``thead`` repeated or not (``continued``). Two to four tables a
document, each under a heading, prose and a caption; paper, margins, fonts, sizes and the
writer's resolution vary.
"""

from __future__ import annotations

import random
import sys
import uuid
from html import escape
from pathlib import Path

import pymupdf

from inspector.annotation.goldenset import add_to_golden_set
from inspector.annotation.io import sha256_of
from inspector.annotation.model import DocumentAnnotation, PageInfo

from .. import common
from ..producers.layout import Spec, table_truth
from ..styles.content import Tabular
from . import content
from .qtwrite import Page, Straddle, Writer
from .tables import STYLES, spec

FAMILIES = ("DejaVu Sans", "DejaVu Serif", "DejaVu Sans Condensed", "Bitstream Charter", "Utopia",
            "Latin Modern Roman", "Latin Modern Sans")
HOW = "Qt QTextDocument printed by QPdfWriter"


def page_of(rng: random.Random) -> Page:
    size = rng.choice(("A4", "A4", "Letter", "A5"))
    pt = rng.choice((8.0, 8.5, 9.0) if size == "A5" else (8.5, 9.0, 10.0, 11.0))
    return Page(size, rng.choice((36.0, 48.0, 56.0, 72.0)) * (0.7 if size == "A5" else 1.0),
                rng.choice((72, 300, 1200)), rng.choice(FAMILIES), pt)


def lead(k: int, title: str, rng: random.Random) -> str:
    """Heading, one or two paragraphs and the caption before table ``k``."""
    level = rng.choice((2, 3))
    out = f"<h{level}>{k + 1}. {escape(rng.choice(content.HEADINGS))}</h{level}>"
    out += "".join(f"<p>{escape(content.prose(rng, rng.randint(1, 3)))}</p>" for _ in range(rng.randint(1, 2)))
    align = rng.choice(("left", "center"))
    return out + f'<p align="{align}"><i>Table {k + 1}: {escape(title.lower())}.</i></p>'


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> DocumentAnnotation:
    """One document of ``styles`` and its annotation; drawn again (``rng`` goes on) while a
    cell runs over a page break."""
    for _ in range(20):
        try:
            return _one(pdf, styles, rng)
        except Straddle:
            continue
    sys.exit(f"build: {pdf.name}: a cell ran over a page break in 20 drawings")


def _one(pdf: Path, styles: list[str], rng: random.Random) -> DocumentAnnotation:
    page = page_of(rng)
    w = Writer(pdf, page, str(uuid.uuid5(uuid.NAMESPACE_URL, pdf.name)))
    w.html(f"<h1>{escape(rng.choice(('Progress report', 'Technical note', 'Annual review', 'Audit')))}</h1>"
           f"<p>{escape(content.prose(rng, 2))}</p>")
    specs = []
    for k, style in enumerate(styles):
        sci, qs = spec(style, rng)
        w.html(lead(k, sci.title, rng))
        w.table(qs)
        if rng.random() < 0.4:
            w.html(f"<p><small>Note: {escape(content.prose(rng, 1))}</small></p>")
        specs.append(qs)
    boxes = w.print()
    detail = f"{page.size}, {page.family} {page.pt:g} pt, margin {page.margin:g} pt, {page.res} dpi"
    with pymupdf.open(pdf) as d:
        pages = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(d))
        tables = []
        for k, (style, qs) in enumerate(zip(styles, specs, strict=True)):
            tid = f"t{k + 1}"
            qs.table.detail = detail
            sp = Spec(style, Tabular("en", "", "", [], [], qs.numeric), qs.table, [])
            tables.append(table_truth(d, sp, tid, boxes[k], f"{pdf.name} {tid}", HOW))
    return common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, pages, tuple(tables),
                                             notes="tables laid out by QTextDocument, printed by QPdfWriter "
                                                   "(corpus.qtdoc.build)"))


def build(out: Path, seed: int, per_style: int) -> int:
    """Documents of two to four tables each (the styles shuffled), ``qt-NNN.pdf``."""
    rng = random.Random(seed)
    pdf_dir, golden = common.fresh(out)
    names = [s for s in STYLES for _ in range(per_style)]
    rng.shuffle(names)
    styles: common.StyleMap = {}
    total, k = 0, 0
    while names:
        n = rng.randint(2, 4)
        group, names = names[:n], names[n:]
        k += 1
        pdf = pdf_dir / f"qt-{k:03d}.pdf"
        ann = build_one(pdf, group, random.Random(rng.random()))
        add_to_golden_set(golden, ann, pdf)
        styles[pdf.name] = common.styles_of(ann.tables, group)
        total += len(ann.tables)
    return common.finish(out, styles, seed, total)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__, build, seed=11, per_style=3, out=Path(__file__).parent)


if __name__ == "__main__":
    sys.exit(main())
