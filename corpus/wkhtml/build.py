"""Build the wkhtmltopdf corpus: the tables report services print through wkhtmltopdf 0.12.6
(Qt 5.15 WebKit, Qt's PDF engine): invoices with a totals block, statements over pages,
timesheets, Bootstrap tables, key-value blocks, Korean and Chinese schedules.

    python -m corpus.wkhtml.build [--seed 28] [--per-style 5] [--out corpus/wkhtml]

(or ``make corpus-wkhtml``, which installs wkhtmltopdf from Debian first with
``packaging/wkhtml.sh``: a build-only tool, never part of ``make setup``). Steps:

1. ``tables`` draws each table's content, structure and CSS in its style (``tables.STYLES``);
   ``page`` writes the HTML page (a title, headings, prose, the tables);
2. each page is printed twice with the same options (paper, margins, WebKit's "smart
   shrinking" or a fixed zoom): once with each cell's background a colour of its own, once as
   drawn (the PDF kept); colour changes nothing in the layout;
3. each cell's box is the fill of its colour (WebKit paints a cell's background over its whole
   border box), cut to the page's content area (the white rectangle Qt paints first on each
   page: a row cut at a page's foot has the rest of its background drawn above the next
   page's top margin, clipped), holding exactly the cell's text in the kept PDF, a body
   cell's the tallest (Debian's unpatched build repeats no ``thead``); a row cut over a page
   break goes where its fills are tallest, and one whose cells WebKit set on two pages (the
   label pushed over the break, the amount kept) is no row of one page: the document is drawn
   again (``CutRow``, told);
4. the truth is ``producers.layout.table_truth``'s: the structure as written, each cell's text
   the page's words inside its box (the build stops on any difference), one region per page.

Qt stamps the time of the run as the PDF's creation date (the build writes a fixed one of the
same length) and writes the fonts in its hash tables' order, random per run unless
``QT_HASH_SEED`` is set (the build sets it): a rebuilt corpus is the same bytes.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import pymupdf

from inspector.annotation.model import DocumentAnnotation

from .. import common, marked
from . import page
from .tables import STYLES, WTable, spec

HERE = Path(__file__).resolve().parent
DATE = re.compile(rb"/CreationDate \(D:\d{14}Z\)")
WHEN = b"/CreationDate (D:20260101000000Z)"
TRIES = 5  # drawings of one document at most (a row cut between two pages: ``CutRow``)
HOW = "wkhtmltopdf 0.12.6 (Qt 5.15 WebKit)"


def options(rng: random.Random) -> list[str]:
    """Paper, margins (mm) and scaling: WebKit's smart shrinking (the default) or a zoom."""
    out = ["-q", "--encoding", "utf-8", "-s", rng.choice(("A4", "Letter"))]
    for side in "TBLR":
        out += [f"-{side}", f"{rng.choice((10, 12, 15, 20))}mm"]
    if rng.random() < 0.5:
        out += ["--disable-smart-shrinking", "--zoom", rng.choice(("0.75", "0.8", "1.0"))]
    elif rng.random() < 0.3:
        out += ["--zoom", "1.25"]
    return out


def render(document: str, opts: list[str]) -> bytes:
    """The PDF wkhtmltopdf makes of ``document`` with ``opts``, its creation date fixed."""
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "in.html").write_text(document, encoding="utf-8")
        run = subprocess.run(["wkhtmltopdf", *opts, str(d / "in.html"), str(d / "out.pdf")],
                             capture_output=True, text=True, env={"HOME": tmp, "PATH": "/usr/bin:/bin",
                                                                  "XDG_RUNTIME_DIR": tmp, "QT_HASH_SEED": "0"})
        if run.returncode or not (d / "out.pdf").exists():
            sys.exit(f"build: wkhtmltopdf failed: {(run.stdout + run.stderr)[:1500]}")
        return DATE.sub(WHEN, (d / "out.pdf").read_bytes())


def visible(doc: pymupdf.Document) -> marked.Marks:
    """``painted(doc)``, each fill cut to its page's content area: the first fill Qt draws on a
    page, white over the page less its margins (the build stops if a page has none)."""
    areas = []
    for sheet in (doc[k] for k in range(doc.page_count)):
        first = next(iter(sheet.get_drawings()), None)
        if not first or first.get("fill") != (1.0, 1.0, 1.0):
            sys.exit(f"build: page {sheet.number + 1} has no white content area first")
        areas.append(first["rect"])
    out: marked.Marks = {}
    for mark, fills in marked.painted(doc).items():
        cut = [(k, r & areas[k]) for k, r in fills]
        out[mark] = [(k, r) for k, r in cut if not r.is_empty]
    return out


class CutRow(Exception):
    """A row whose cells WebKit set on two pages (one cell's line pushed over the break, the
    next cell's kept): a row of no one page."""


def boxes(g: WTable, marks: marked.Marks, first: int, kept: pymupdf.Document) -> marked.Boxes:
    """The cell boxes of ``g`` per page: each fill of a cell's colour holding exactly its text
    in the kept PDF (its characters inside); a row cut by a page break has its text on both
    pages (the glyphs are clipped, not dropped): the row goes where its fills are tallest,
    all its cells on one page. Head rows go on each page holding body rows."""
    chars = marked.centres(kept)
    found: dict[tuple[int, int], list[tuple[int, pymupdf.Rect]]] = {}
    for k, p in enumerate(g.table.placed("")):
        found[p.r, p.c] = marked.holding(chars, marks.get(first + k, []), p.cell.text)
        if not found[p.r, p.c]:
            sys.exit(f"build: {g.title}: no fill holds cell {p.r},{p.c} '{p.cell.text}'")
    out: marked.Boxes = defaultdict(dict)
    for r in range(g.table.header_rows, g.table.n_rows):
        cells = {slot: f for slot, f in found.items() if slot[0] == r}
        pages = set.intersection(*({page for page, _ in f} for f in cells.values()))
        if not pages:  # WebKit cut the row between its cells' lines: no one truth (``build`` draws again)
            raise CutRow(f"{g.title or g.style}: row {r}'s cells hold their text on no one page")
        best = max(pages, key=lambda pg: (round(sum(max(x.height for q, x in f if q == pg) for f in cells.values()), 1), -pg))
        for slot, f in cells.items():
            out[best][slot] = max((x for q, x in f if q == best), key=lambda x: x.height)
    for slot, f in found.items():
        if slot[0] < g.table.header_rows:
            for page, rect in f:
                if page in out:
                    out[page][slot] = rect
    return dict(out)


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> tuple[DocumentAnnotation, list[str]]:
    """One document of ``styles``, its annotation and each table's style (``invoice`` sets two)."""
    tables = [t for s in styles for t in spec(s, rng)]
    opts = options(rng)
    seed = random.Random(rng.random()).random()
    how = f"{HOW}, {' '.join(o for o in opts if o.startswith('--') and o != '--encoding')}".rstrip(", ")
    with marked.printed(pdf, lambda mark: render(page.document(tables, random.Random(seed), mark), opts)) as (
            marking, d):
        found = visible(marking)
        boxed = [boxes(g, found, first, d) for g, first in marked.firsts(tables)]
        anns = marked.truths(pdf, d, [(marked.as_spec(g, g.lang), b, how)
                                      for g, b in zip(tables, boxed, strict=True)])
        ann = marked.annotation(pdf, d, anns, "tables printed by wkhtmltopdf 0.12.6 (corpus.wkhtml.build)")
    return ann, [t.style for t in tables]


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` tables of each style into ``out`` (``invoice`` adds its totals)."""
    rng = random.Random(seed)
    pdf_dir, golden = common.fresh(out)
    styles: common.StyleMap = {}
    total = 0
    for k, group in enumerate(common.plan(rng, STYLES, per_style, 3), 1):
        pdf = pdf_dir / f"wk-{k:03d}.pdf"
        for _ in range(TRIES):
            try:
                ann, names = build_one(pdf, group, random.Random(rng.random()))
                break
            except CutRow as e:  # drawn again with other content and options, told
                print(f"{pdf.name}: {e}; drawn again")
        else:
            sys.exit(f"build: {pdf.name}: a row cut over two pages in {TRIES} tries")
        common.add_to_golden_set(golden, ann, pdf)
        styles[pdf.name] = common.styles_of(ann.tables, names)
        total += len(ann.tables)
    return common.finish(out, styles, seed, total)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 28, 5, HERE)


if __name__ == "__main__":
    sys.exit(main())
