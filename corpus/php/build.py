"""Build the PHP corpus: tables as web applications print them with dompdf (Debian's
php-dompdf 2.0, CPDF back end), the PHP HTML-to-PDF engine behind a great many invoices, bank
statements and reports; Korean and Chinese ones set in TrueType CJK fonts it subsets.

    python -m corpus.php.build [--seed 28] [--per-style 6] [--out corpus/php]

(or ``make corpus-php``, which installs PHP, dompdf and the fonts from Debian first with
``packaging/php.sh``: build-only tools, never part of ``make setup``). Steps:

1. ``tables`` draws each table's content, structure and look in its style;
   ``page`` writes the HTML page of a document's tables under a letterhead;
2. each document is set twice: once with each cell's background a colour of its own
   (``page.fill``), once as drawn (the PDF kept); colour changes nothing in the layout;
3. each cell's box is the fill of its colour on each page (dompdf paints a cell's background
   over its padding box, up to the collapsed border's middle);
4. the truth is ``producers.layout.table_truth``'s: the structure as written, each cell's text
   the page's words inside its box (the build stops on any difference), one region per page
   of a continued statement, the head dompdf repeats in each.

dompdf stamps the time into the PDF's dates and file ID: the build writes fixed dates and an ID
made from a digest of the rest, so a rebuilt corpus is the same bytes.
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
from ..html.build import _key
from ..producers.layout import Spec, table_truth
from ..styles.content import Tabular
from ..tcpdf.build import Boxes, painted
from . import page
from .tables import STYLES, PTable, spec

HERE = Path(__file__).resolve().parent
FONTS = Path(tempfile.gettempdir()) / "corpus-php-fonts"  # dompdf's font metrics cache


def fixed(pdf: bytes) -> bytes:
    """``pdf`` with dompdf's dates set to 2026-01-01 and its file ID to a digest of the rest
    (each the same length, so the cross-reference offsets still hold)."""
    dates = re.compile(rb"\(D:\d{14}\+00'00'\)")
    ids = re.compile(rb"/ID\[<([0-9a-f]{32})><([0-9a-f]{32})>\]")
    pdf = dates.sub(b"(D:20260101000000+00'00')", pdf)
    digest = hashlib.md5(ids.sub(b"", pdf)).hexdigest().encode()
    return ids.sub(b"/ID[<" + digest + b"><" + digest + b">]", pdf)


def render(markup: str, paper: str) -> bytes:
    """The PDF dompdf makes of ``markup`` on ``paper``."""
    FONTS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "in.html").write_text(markup, encoding="utf-8")
        run = subprocess.run(["php", str(HERE / "Maker.php"), str(d / "in.html"), str(d / "out.pdf"), paper, str(FONTS)],
                             capture_output=True, text=True)
        if run.returncode or not (d / "out.pdf").exists():
            sys.exit(f"build: dompdf failed: {(run.stdout + run.stderr)[:1500]}")
        return fixed((d / "out.pdf").read_bytes())


def boxes(g: PTable, marks: dict[int, list[tuple[int, pymupdf.Rect]]], first: int, kept: pymupdf.Document) -> Boxes:
    """The cell boxes of ``g`` per page: each fill of the cell's colour holding exactly its text
    in the kept PDF (its characters' centres inside). A head cell's on every page it is set on
    (dompdf repeats a ``thead`` on each page, and leaves a head without one alone at the foot of
    a page when the first body row does not fit: that head is printed there, so it is truth
    there); a body cell's the tallest such (dompdf does not split a row of one line)."""
    chars = {k: [(pymupdf.Point((c["bbox"][0] + c["bbox"][2]) / 2, (c["bbox"][1] + c["bbox"][3]) / 2), c["c"])
                 for b in kept[k].get_text("rawdict")["blocks"] for line in b.get("lines", ())
                 for span in line["spans"] for c in span["chars"]] for k in range(kept.page_count)}

    def holds(page: int, rect: pymupdf.Rect, text: str) -> bool:
        return _key("".join(c for at, c in chars[page] if rect.contains(at))) == _key(text)

    out: Boxes = defaultdict(dict)
    for k, p in enumerate(g.table.placed("")):
        found = [(page, r) for page, r in marks.get(first + k, []) if holds(page, r, p.cell.text)]
        if not found:
            sys.exit(f"build: {g.title}: no fill holds cell {p.r},{p.c} '{p.cell.text}': {marks.get(first + k)}")
        head = p.r < g.table.header_rows
        for at, rect in found if head else [max(found, key=lambda f: (round(f[1].height, 1), f[0]))]:
            out[at][p.r, p.c] = rect
    return dict(out)


def as_spec(g: PTable) -> Spec:
    return Spec(g.style, Tabular(g.lang, g.title, "", [], [], []), g.table, [])


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> DocumentAnnotation:
    """One document of ``styles`` and its annotation."""
    tables = [spec(s, rng) for s in styles]
    paper = rng.choice(("a4", "letter"))
    seed = random.Random(rng.random()).random()
    marked = pymupdf.open("pdf", render(page.document(tables, random.Random(seed), True), paper))
    pdf.write_bytes(render(page.document(tables, random.Random(seed), False), paper))
    found = painted(marked)
    firsts = [sum(len(t.table.placed("")) for t in tables[:k]) for k in range(len(tables))]
    with pymupdf.open(pdf) as d:
        if d.page_count != marked.page_count:
            sys.exit(f"build: {pdf.name}: the marked and kept PDFs differ in pages")
        boxed = [boxes(g, found, firsts[k], d) for k, g in enumerate(tables)]
        pages = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(d))
        anns = tuple(table_truth(d, as_spec(g), f"t{k + 1}", boxed[k], f"{pdf.name} t{k + 1}",
                                 f"dompdf 2.0 {g.style} ({g.look.rules}), {g.look.font}")
                     for k, g in enumerate(tables))
    return common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, pages, anns,
                                             notes="tables set by dompdf 2.0 (corpus.php.build)"))


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` tables of each style into ``out``."""
    return common.build(out, seed, per_style, [common.Producer("dp", list(STYLES))], build_one)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 28, 6, HERE)


if __name__ == "__main__":
    raise SystemExit(main())
