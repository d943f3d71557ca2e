"""Build the TCPDF corpus: tables set by TCPDF, the PHP library behind a great many reports,
invoices and tenders, Korean and Chinese ones among them (its CJK fonts cid0kr, cid0cs,
hysmyeongjostdmedium, stsongstdlight: Adobe's CID fonts, not embedded).

    python -m corpus.tcpdf.build [--seed 26] [--per-style 4] [--out corpus/tcpdf]

(or ``make corpus-tcpdf``, which installs PHP and TCPDF from Debian first with
``packaging/tcpdf.sh``: build-only tools, never part of ``make setup``). Steps:

1. ``tables`` draws each table's content and structure in its style (``tables.STYLES``);
   ``spec`` writes the description ``TableMaker.php`` reads: an HTML table for ``writeHTML``
   or rows of cells for ``MultiCell``, each cell's borders, fills and alignment;
2. each document is set twice: once with each cell's background a colour of its own
   (``spec.fill``), once as drawn (the PDF kept); colour changes nothing in the layout;
3. each cell's box is the fill of its colour on each page (TCPDF paints a cell's background
   over the whole cell, padding included);
4. the truth is ``producers.layout.table_truth``'s: the structure as written, each cell's text
   the page's words inside its box (the build stops on any difference), one region per page
   of a continued table (its repeated head in each, the "(계속)" line outside).

TCPDF stamps a random file ID and XMP UUIDs into the PDF: the build writes ones of the same
length made from a digest of the rest, so a rebuilt corpus is the same bytes.
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
from ..fop.fo import mark_of
from ..html.build import _key
from ..producers.layout import Spec, table_truth
from ..styles.content import Tabular
from . import spec as described
from .tables import STYLES, TTable, spec

HERE = Path(__file__).resolve().parent
HOW = {"html": "TCPDF 6.6 writeHTML", "cell": "TCPDF 6.6 MultiCell"}
Boxes = dict[int, dict[tuple[int, int], pymupdf.Rect]]


def fixed(pdf: bytes) -> bytes:
    """``pdf`` with TCPDF's file ID and XMP UUIDs set to a digest of the rest (each the same
    length, so the cross-reference offsets still hold)."""
    uuid = re.compile(rb"uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
    ids = re.compile(rb"/ID \[ <([0-9a-f]{32})> <([0-9a-f]{32})> \]")
    digest = hashlib.md5(ids.sub(b"", uuid.sub(b"", pdf))).hexdigest().encode()
    pdf = uuid.sub(b"uuid:" + digest[:8] + b"-" + digest[8:12] + b"-" + digest[12:16] + b"-" + digest[16:20] + b"-"
                   + digest[20:32], pdf)
    return ids.sub(b"/ID [ <" + digest + b"> <" + digest + b"> ]", pdf)


def render(description: str) -> bytes:
    """The PDF TCPDF makes of ``description``."""
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "in.json").write_text(description, encoding="utf-8")
        run = subprocess.run(["php", str(HERE / "TableMaker.php"), str(d / "in.json"), str(d / "out.pdf")],
                             capture_output=True, text=True)
        if run.returncode or not (d / "out.pdf").exists():
            sys.exit(f"build: TCPDF failed: {(run.stdout + run.stderr)[:1500]}")
        return fixed((d / "out.pdf").read_bytes())


def painted(doc: pymupdf.Document) -> dict[int, list[tuple[int, pymupdf.Rect]]]:
    """Mark number -> each fill of its colour, with its page index."""
    out: dict[int, list[tuple[int, pymupdf.Rect]]] = defaultdict(list)
    for page in (doc[k] for k in range(doc.page_count)):
        for d in page.get_drawings():
            k = mark_of(d.get("fill"))
            if k >= 0:
                out[k].append((page.number, d["rect"]))
    return out


def boxes(g: TTable, marks: dict[int, list[tuple[int, pymupdf.Rect]]], first: int, kept: pymupdf.Document,
          lone_head: bool = False) -> Boxes:
    """The cell boxes of ``g`` per page (the rows set there). writeHTML paints parts of a row's
    fill on the page before or after the one holding it (and a head's twice when it moves
    the table on): a cell's box is each fill of its colour holding exactly its text in the
    kept PDF (its characters inside), a body cell's the tallest such, a head cell's on each page holding body cells.
    ``lone_head``: a head cell's on every page holding it, body cells there or not (AbiWord paints
    each fill once: a head left alone at a page's foot, the body on the next page, is the table's there)."""
    chars = {k: [(pymupdf.Point((c["bbox"][0] + c["bbox"][2]) / 2, (c["bbox"][1] + c["bbox"][3]) / 2), c["c"])
                 for b in kept[k].get_text("rawdict")["blocks"] for line in b.get("lines", ())
                 for span in line["spans"] for c in span["chars"]] for k in range(kept.page_count)}

    def holds(page: int, rect: pymupdf.Rect, text: str) -> bool:
        # characters, not words: MuPDF joins a label to the next cell's text when they touch
        return _key("".join(c for at, c in chars[page] if rect.contains(at))) == _key(text)

    out: Boxes = defaultdict(dict)
    placed = g.table.placed("")
    for head in (False, True):
        for k, p in enumerate(placed):
            if (p.r < g.table.header_rows) != head:
                continue
            found = [(page, r) for page, r in marks.get(first + k, []) if holds(page, r, p.cell.text)]
            if not found:
                sys.exit(f"build: {g.title}: no fill holds cell {p.r},{p.c} '{p.cell.text}': {marks.get(first + k)}")
            # an empty cell's text is in any sliver of its fill: a body cell takes the tallest
            chosen = found if head else [max(found, key=lambda f: (round(f[1].height, 1), f[0]))]
            for page, rect in chosen:
                if not head or page in out or lone_head:
                    out[page][p.r, p.c] = rect
    return dict(out)


def as_spec(g: TTable) -> Spec:
    return Spec(g.style, Tabular(g.lang, g.title, "", [], [], []), g.table, [])


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> DocumentAnnotation:
    """One document of ``styles`` and its annotation."""
    tables = [spec(s, rng) for s in styles]
    paper = rng.choice(("a4", "letter"))
    seed = random.Random(rng.random()).random()
    marked = pymupdf.open("pdf", render(described.document(tables, random.Random(seed), True, paper)))
    pdf.write_bytes(render(described.document(tables, random.Random(seed), False, paper)))
    found = painted(marked)
    firsts = [sum(len(t.table.placed("")) for t in tables[:k]) for k in range(len(tables))]
    with pymupdf.open(pdf) as d:
        boxed = [boxes(g, found, firsts[k], d) for k, g in enumerate(tables)]
        if d.page_count != marked.page_count:
            sys.exit(f"build: {pdf.name}: the marked and kept PDFs differ in pages")
        pages = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(d))
        anns = tuple(table_truth(d, as_spec(g), f"t{k + 1}", boxed[k], f"{pdf.name} t{k + 1}",
                                 f"{HOW[g.style.split('_')[0]] if '_' in g.style else HOW['cell']}, {g.look.font}")
                     for k, g in enumerate(tables))
    return common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, pages, anns,
                                             notes="tables set by TCPDF 6.6 (corpus.tcpdf.build)"))


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` tables of each style into ``out``."""
    return common.build(out, seed, per_style, [common.Producer("tc", list(STYLES))], build_one)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 26, 4, HERE)


if __name__ == "__main__":
    sys.exit(main())
