"""Build the FOP corpus: XSL-FO tables typeset by Apache FOP, the Java formatter behind many
invoices, statements and reports made by XSLT, in two font set-ups with their own text habits:
the base-14 fonts (Helvetica, Times: not embedded, one byte a glyph) and TrueType fonts
(DejaVu, WenQuanYi Micro Hei: embedded subsets, two-byte CID glyphs).

    python -m corpus.fop.build [--seed 24] [--per-style 2] [--out corpus/fop]

(or ``make corpus-fop``, which installs FOP and its Java runtime from Debian first with
``packaging/fop.sh``: build-only tools, never part of ``make setup``). Steps:

1. ``tables`` draws each table's content and structure in its style (``tables.STYLES``), ``fo``
   writes the XSL-FO: the border model, borders, rules, backgrounds, spans, keeps, the header
   rows in ``fo:table-header`` (FOP repeats it on each page a table runs onto);
2. FOP sets the document twice: once with each cell's background a colour of its own
   (``fo.colour``, borders black, row backgrounds dropped), once as written (the PDF kept);
   colour changes nothing in the layout;
3. ``boxes`` reads the marked PDF: each cell's box is the fill of its colour on each page
   (FOP paints a cell's background over its padding box, inside its borders);
4. the truth is ``producers.layout.table_truth``'s: the structure as written, each cell's text
   the page's words inside its box (the build stops on any difference), one region per page
   of a continued table (its repeated head in each).

FOP stamps the time into the PDF (its dates and file ID): the build writes fixed ones of the
same length in place, so a rebuilt corpus is the same bytes.
"""

from __future__ import annotations

import hashlib
import random
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import pymupdf

from inspector.annotation.io import sha256_of
from inspector.annotation.model import DocumentAnnotation, PageInfo

from .. import common
from ..producers.layout import Spec, table_truth
from ..styles.content import Tabular
from . import fo
from .tables import STYLES, FTable, spec

HOW = {"std": "Apache FOP, base-14 fonts", "ttf": "Apache FOP, embedded TrueType fonts"}
Boxes = dict[int, dict[tuple[int, int], pymupdf.Rect]]


def fixed(pdf: bytes) -> bytes:
    """``pdf`` with FOP's time stamps set to 2026-01-01 and its ID to a digest of the rest
    (each the same length, so the cross-reference offsets still hold)."""
    pdf = re.sub(rb"D:\d{14}Z", b"D:20260101000000Z", pdf)
    pdf = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", b"2026-01-01T00:00:00Z", pdf)
    ids = re.search(rb"/ID \[<([0-9A-F]{32})> <([0-9A-F]{32})>\]", pdf)
    if ids:
        digest = hashlib.md5(pdf.replace(ids.group(0), b"")).hexdigest().upper().encode()
        pdf = pdf.replace(ids.group(0), b"/ID [<" + digest + b"> <" + digest + b">]")
    return pdf


def render(source: str) -> bytes:
    """The PDF FOP makes of the FO ``source``."""
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "in.fo").write_text(source, encoding="utf-8")
        (d / "fop.xconf").write_text(fo.config(), encoding="utf-8")
        run = subprocess.run(["fop", "-q", "-c", str(d / "fop.xconf"), "-fo", str(d / "in.fo"), "-pdf",
                              str(d / "out.pdf")], capture_output=True, text=True)
        if run.returncode:
            sys.exit(f"build: FOP failed: {run.stderr[:1500]}")
        return fixed((d / "out.pdf").read_bytes())


def fills(doc: pymupdf.Document) -> dict[int, dict[int, pymupdf.Rect]]:
    """Mark number -> page index -> the union of the fills of its colour there."""
    out: dict[int, dict[int, pymupdf.Rect]] = defaultdict(dict)
    for page in (doc[k] for k in range(doc.page_count)):
        for d in page.get_drawings():
            k = fo.mark_of(d.get("fill"))
            if k >= 0:
                have = out[k].get(page.number)
                out[k][page.number] = d["rect"] if have is None else have | d["rect"]
    return out


def boxes(g: FTable, marks: dict[int, dict[int, pymupdf.Rect]], first: int) -> Boxes:
    """The cell boxes of ``g`` per page (the rows set there)."""
    out: Boxes = defaultdict(dict)
    for k, p in enumerate(g.table.placed("")):
        for page, rect in marks.get(first + k, {}).items():
            out[page][p.r, p.c] = rect
    return dict(out)


def as_spec(g: FTable) -> Spec:
    return Spec(g.style, Tabular("en", g.title, "", [], [], []), g.table, [])


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> DocumentAnnotation:
    """One document of ``styles`` (all of one font set-up) and its annotation."""
    fonts = styles[0].split("_")[0]
    tables = [spec(s.split("_", 1)[1], rng) for s in styles]
    paper = rng.choice(("a4", "letter"))
    seed = random.Random(rng.random()).random()
    marked = pymupdf.open("pdf", render(fo.document(tables, random.Random(seed), True, fonts, paper)))
    pdf.write_bytes(render(fo.document(tables, random.Random(seed), False, fonts, paper)))
    found = fills(marked)
    firsts = [sum(len(t.table.placed("")) for t in tables[:k]) for k in range(len(tables))]
    with pymupdf.open(pdf) as d:
        if d.page_count != marked.page_count:
            sys.exit(f"build: {pdf.name}: the marked and kept PDFs differ in pages")
        pages = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(d))
        anns = tuple(table_truth(d, as_spec(g), f"t{k + 1}", boxes(g, found, firsts[k]), f"{pdf.name} t{k + 1}",
                                 HOW[fonts]) for k, g in enumerate(tables))
    return common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, pages, anns,
                                             notes=f"tables set by {HOW[fonts]} (corpus.fop.build)"))


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` tables of each style, per font set-up, into ``out``."""
    producers = [common.Producer(p, [f"{p}_{s}" for s in STYLES]) for p in HOW]
    return common.build(out, seed, per_style, producers, build_one)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 24, 2, Path(__file__).resolve().parent)


if __name__ == "__main__":
    sys.exit(main())
