"""Build the word-processor corpus: ruled tables as Word documents draw them, exported to
tagged PDF by LibreOffice, with their truth read back from the tags.

    python -m corpus.wordproc.build [--seed 5] [--per-style 4] [--out corpus/wordproc]

(or ``make corpus-wordproc``; needs ``soffice``, the ``corpus`` extra's python-docx and the
WenQuanYi Micro Hei font). A development set for ruled tables we did not tune on: full
grids, rules between rows only, an outer border only, dark header bands, banded rows,
gridSpan and vMerge, bullet lists and several paragraphs in a cell, empty cells, narrow
wrapped columns, two tables with only an empty paragraph between them, a table in a
two-column section, a ruled table crossing a page, rate sheets, Korean and Chinese
(``styles.STYLES``). The conversion, the truth check and the compression are
``corpus.modern.build``'s; the build stops when the tags do not give back what Word was given.
"""

from __future__ import annotations

import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

import docx
from docx.oxml import OxmlElement
from docx.shared import Cm, Pt

from inspector.annotation.goldenset import add_to_golden_set
from inspector.annotation.tagged import read_tagged

from .. import common
from ..modern.build import convert, docx_texts, post_process, truth_mismatches
from ..modern.content import Content
from ..modern.styles import Made, heading, keep_together, note
from .styles import STYLES, loosen

PER_DOC = 5
LOOSE = 0.5  # the share of tables left with Word's own paragraph spacing (``styles.loosen``)
BULLET_GLYPHS = "\uf0b7\u2022"  # Word's list bullet (Symbol font) as the tags give it


def write_docx(path: Path, styles: list[str], c: Content) -> list[Made]:
    """A Word file with the tables of ``styles``, each after a title (a Heading 2 right above
    it, or a bold line and sometimes a note)."""
    doc = docx.Document()
    sec = doc.sections[0]
    sec.page_width, sec.page_height = Cm(21), Cm(29.7)
    sec.left_margin = sec.right_margin = Cm(c.rng.choice((1.8, 2.0, 2.5)))
    sec.top_margin = sec.bottom_margin = Cm(2)
    doc.styles["Normal"].font.size = Pt(c.rng.choice((9, 9.5, 10)))
    doc.add_heading(f"{c.rng.choice(('Price list', 'Rate sheet', 'Product guide', 'Annual report'))} "
                    f"{c.rng.randint(2019, 2025)}", 1)
    made: list[Made] = []
    for name in styles:
        if c.rng.random() < 0.4:
            doc.add_heading(c.title(), 2).paragraph_format.space_after = Pt(0)
        else:
            heading(doc, f"{c.title()} ({c.rng.randint(1, 99)})")
            if c.rng.random() < 0.4:
                note(doc, f"{c.phrase()}.", 9)
        out = STYLES[name](doc, c)
        for t, m in zip(doc.tables[-len(out):], out, strict=True):
            if c.rng.random() < LOOSE:
                m.detail += f"; {loosen(t, c)}"
            if name != "long_grid":
                keep_together(t)
            for row in t.rows:  # a row broken over two pages has no truth the tags can give
                row._tr.get_or_add_trPr().append(OxmlElement("w:cantSplit"))
        made += out
        if c.rng.random() < 0.5:
            note(doc, f"Source: {c.phrase().lower()}.")
        doc.add_paragraph().paragraph_format.space_after = Pt(4)
    doc.save(str(path))
    return made


def build(out: Path, seed: int, per_style: int) -> int:
    rng = random.Random(seed)
    pdf_dir, golden = common.fresh(out)
    styles: common.StyleMap = {}
    made_by_doc: dict[str, list[Made]] = {}
    expected: dict[str, list[Counter[str]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, group in enumerate(common.plan(rng, list(STYLES), per_style, PER_DOC)):
            path = Path(tmp) / f"wordproc-{i + 1:03d}.docx"
            made_by_doc[path.stem] = write_docx(path, group, Content(random.Random(rng.random())))
            expected[path.stem] = docx_texts(path)
            paths.append(path)
        convert(paths, pdf_dir)
    total = 0
    for stem, made in made_by_doc.items():
        pdf = pdf_dir / f"{stem}.pdf"
        post_process(pdf, made, random.Random(f"{seed}-{stem}"))
        result = read_tagged(pdf)
        tables = result.annotation.tables
        if len(tables) != len(made):
            sys.exit(f"build: {pdf.name}: {len(made)} tables written but {len(tables)} read from the tags")
        wrong = truth_mismatches(expected[stem], list(tables), BULLET_GLYPHS)
        if wrong:
            sys.exit(f"build: {pdf.name}: the tags do not give back what Word was given: {wrong[0]}")
        add_to_golden_set(golden, result.annotation, pdf)
        styles[pdf.name] = {t.id: {"style": m.style, "detail": m.detail} for t, m in zip(tables, made, strict=True)}
        total += len(tables)
    return common.finish(out, styles, seed, total)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 5, 4, Path(__file__).resolve().parent)


if __name__ == "__main__":
    sys.exit(main())
