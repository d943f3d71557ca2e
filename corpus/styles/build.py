"""Build the styles corpus: tables in other PDF libraries' table styles (reportlab's platypus
``TableStyle``, fpdf2's ``FPDF.table()`` border layouts and fill modes), in English, Korean
(a tender's price schedule) and Chinese (an annual report's statement), with their truth
from the generator itself.

    python -m corpus.styles.build [--seed 29] [--per-style 7] [--out corpus/styles]

(or ``make corpus-styles``; needs reportlab and fpdf2, the ``dev`` extra, and the WenQuanYi
Micro Hei font of ``packaging/system-deps.sh``). A third producer family beside
``corpus/modern`` (LibreOffice) and ``corpus/html`` (PyMuPDF's Story). Steps:

1. a seeded generator writes each table's content (``content``) and structure (``tables``:
   header rows, spans), and a style from ``rl.STYLES`` or ``fp.STYLES``;
2. the library lays out documents of five blocks (heading, prose, unit line, table, note);
   each table records every cell's box as the library drew it;
3. the truth, as for ``corpus/html``: the structure as written, each cell's text the
   page's words inside its box (checked against the text written: the build stops on any
   difference), row and column boundaries between the cells' boxes;
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
from ..html.build import Laid, truth
from . import fp, rl
from .content import Tabular, make

STYLES = tuple(f"rl_{s}" for s in rl.STYLES) + fp.STYLES
HOW = {"rl": "reportlab platypus Table", "fpdf": "fpdf2 FPDF.table()"}


def _content(style: str, rng: random.Random) -> Tabular:
    """Content that fits its style: a table in a two-column frame is English or Chinese
    (a Korean tender's six columns do not fit half a page)."""
    wrap = style in ("rl_paragraphs", "rl_two_column", "fpdf_wrapped")
    while True:
        tab = make(rng, wrap)
        if style != "rl_two_column" or tab.lang != "ko":
            return tab


def compress(pdf: Path) -> None:
    """Streams deflated, unused objects dropped (both libraries subset their fonts already);
    no new file id, so a rebuild writes the same bytes."""
    doc = pymupdf.open(pdf)
    data = doc.tobytes(garbage=3, deflate=True, use_objstms=1, no_new_id=True)
    doc.close()
    pdf.write_bytes(data)


def words_in_cells(page: pymupdf.Page, laid: Laid) -> list[tuple]:
    """The page's words, also cut where a line's characters pass from one cell into the next:
    a right-aligned header and a left-aligned one 6 pt apart are one MuPDF word ("금액비고")."""
    boxes = list(laid.boxes.values())

    def cell(ch: dict) -> int:
        x0, y0, x1, y1 = ch["bbox"]
        return next((k for k, b in enumerate(boxes) if b.contains(pymupdf.Point((x0 + x1) / 2, (y0 + y1) / 2))), -1)

    out: list[tuple] = []
    for block in page.get_text("rawdict")["blocks"]:
        for line in block.get("lines", ()):
            chars = [ch for span in line["spans"] for ch in span["chars"]]
            word: list[dict] = []
            for ch in [*chars, None]:
                if ch is None or ch["c"].isspace() or (word and cell(ch) != cell(word[-1])):
                    if word:
                        out.append((min(c["bbox"][0] for c in word), min(c["bbox"][1] for c in word),
                                    max(c["bbox"][2] for c in word), max(c["bbox"][3] for c in word),
                                    "".join(c["c"] for c in word)))
                    word = [] if ch is None or ch["c"].isspace() else [ch]
                else:
                    word.append(ch)
    return out


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> DocumentAnnotation:
    producer = styles[0].split("_")[0]
    items = [(s.removeprefix("rl_"), _content(s, rng)) for s in styles]
    if producer == "rl":
        laid: list[Laid] = rl.build_pdf(pdf, items, rng)
    else:
        laid = fp.build_pdf(pdf, items, rng)
    compress(pdf)
    doc = pymupdf.open(pdf)
    pages = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(doc))
    tables = tuple(truth(lt, words_in_cells(doc[lt.page], lt), f"{pdf.name} {lt.tid}", HOW[producer]) for lt in laid)
    doc.close()
    return common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, pages, tables,
                                             notes=f"tables drawn by {HOW[producer]} (corpus.styles.build)"))


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` tables of each style, per library, into ``out``."""
    # A two-column block ends its document (the page template switches back after it).
    producers = [common.Producer(p, [s for s in STYLES if s.startswith(p + "_")], lambda s: s == "rl_two_column")
                 for p in ("rl", "fpdf")]
    return common.build(out, seed, per_style, producers, build_one)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 29, 7, Path(__file__).resolve().parent)


if __name__ == "__main__":
    sys.exit(main())
