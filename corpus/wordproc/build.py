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

import sys
from collections.abc import Callable
from pathlib import Path

import docx
from docx.document import Document
from docx.oxml import OxmlElement
from docx.shared import Cm, Pt

from .. import common
from ..modern.build import build_docx_set
from ..modern.content import Content
from ..modern.styles import Made, heading, keep_together, note
from .styles import STYLES, loosen

Builders = dict[str, Callable[[Document, Content], list[Made]]]
PER_DOC = 5
LOOSE = 0.5  # the share of tables left with Word's own paragraph spacing (``styles.loosen``)
BULLET_GLYPHS = "\uf0b7\u2022"  # Word's list bullet (Symbol font) as the tags give it


def write_docx(path: Path, styles: list[str], c: Content, table: Builders = STYLES) -> list[Made]:
    """A Word file with the tables of ``styles`` (builders of ``table``), each after a title
    (a Heading 2 right above it, or a bold line and sometimes a note)."""
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
        out = table[name](doc, c)
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
    return build_docx_set(out, seed, lambda rng: common.plan(rng, list(STYLES), per_style, PER_DOC),
                          write_docx, "wordproc", BULLET_GLYPHS)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 5, 4, Path(__file__).resolve().parent)


if __name__ == "__main__":
    sys.exit(main())
