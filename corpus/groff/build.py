"""Build the groff corpus: tables set by ``tbl``, the Unix table preprocessor, in an ``-ms``
document, printed by two real producers with their own drawing habits: gropdf
(``groff -t -Tpdf``) and grops through Ghostscript (``groff -t -Tps | ps2pdf``).

    python -m corpus.groff.build [--seed 23] [--per-style 2] [--out corpus/groff]

(or ``make corpus-groff``, which installs groff and Ghostscript from Debian first with
``packaging/groff.sh``: build-only tools, never part of ``make setup``). Steps:

1. ``tables`` draws each table's content and structure in its style (``tables.STYLES``), ``tbl``
   writes the source: tbl options, one format line per row, rule lines, ``T{ T}`` blocks,
   ``.TS H``/``.TH`` for a table over pages; per table a numbered heading and prose round it;
2. groff sets the document twice: once with each cell's text in a near-black colour of its
   own (``tbl.colour``), once without (the PDF kept); colour changes nothing in the layout;
3. ``boxes`` reads the marked PDF: each cell's glyphs by colour, per page; a column's edges
   the middle of the gutters between the columns' glyphs, a row's the middle between rows,
   the outer edges the glyphs grown to the frame and rules drawn round them;
4. the truth is ``producers.layout.table_truth``'s: the structure as written, each cell's
   text the page's words inside its box (the build stops on any difference), one region per
   page of a continued table (its repeated head in each); the text kept is the text written
   (``as_written``: the page's words hold spaces Ghostscript set inside kerned words).
"""

from __future__ import annotations

import dataclasses
import os
import random
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pymupdf

from inspector.annotation.model import AnnTable, DocumentAnnotation

from .. import common, marked
from ..html.build import _key
from . import tbl
from .tables import STYLES, GTable, spec

HOW = {"pdf": "groff tbl, gropdf (groff -t -Tpdf)", "ps": "groff tbl, grops and Ghostscript (groff -t -Tps | ps2pdf)"}
# A fixed date: gropdf and Ghostscript stamp the build time otherwise.
ENV = {**os.environ, "SOURCE_DATE_EPOCH": "1767225600", "GS_OPTIONS": ""}
REACH = 8.0  # points round a table's glyphs within which its frame and rules are drawn


def render(source: str, producer: str, paper: str) -> bytes:
    """The PDF groff makes of ``source`` by ``producer`` on ``paper`` (a4 or letter)."""
    args = ["groff", "-ms", "-t", f"-dpaper={paper}", f"-P-p{paper}"]
    if producer == "pdf":
        return subprocess.run([*args, "-Tpdf"], input=source.encode(), capture_output=True, check=True, env=ENV).stdout
    ps = subprocess.run([*args, "-Tps"], input=source.encode(), capture_output=True, check=True, env=ENV).stdout
    return subprocess.run(["ps2pdf", f"-sPAPERSIZE={paper}", "-dAutoRotatePages=/None", "-", "-"], input=ps,
                          capture_output=True, check=True, env=ENV).stdout


def glyphs(doc: pymupdf.Document) -> dict[int, dict[int, list[pymupdf.Rect]]]:
    """Mark number -> page index -> its glyph boxes (spans of a mark's colour)."""
    out: dict[int, dict[int, list[pymupdf.Rect]]] = defaultdict(lambda: defaultdict(list))
    for page in (doc[k] for k in range(doc.page_count)):
        for block in page.get_text("rawdict")["blocks"]:
            for line in block.get("lines", ()):
                for span in line["spans"]:
                    k = tbl.mark_of(span["color"])
                    if k >= 0:
                        out[k][page.number] += [pymupdf.Rect(ch["bbox"]) for ch in span["chars"] if not ch["c"].isspace()]
    return out


def cuts(lo: dict[int, float], hi: dict[int, float], n: int) -> list[float]:
    """n+1 edges: the middle of each gap between slot k's end and slot k+1's start."""
    return [lo[0]] + [(hi[k] + lo[k + 1]) / 2 for k in range(n - 1)] + [hi[n - 1]]


def page_boxes(g: GTable, marks: dict, page: pymupdf.Page, first: int) -> dict[tuple[int, int], pymupdf.Rect]:
    """The cell boxes of ``g`` on ``page`` (rows present there), grown to the rules round them."""
    placed = g.table.placed("")
    left: dict[int, float] = {}
    right: dict[int, float] = {}
    top: dict[int, float] = {}
    bottom: dict[int, float] = {}
    present = set()
    for k, p in enumerate(placed):
        rects = marks.get(first + k, {}).get(page.number)
        if not rects:
            continue
        present.add(p.r)
        box = pymupdf.Rect(rects[0])
        for rc in rects[1:]:
            box |= rc
        if p.cell.cs == 1:
            left[p.c], right[p.c] = min(left.get(p.c, box.x0), box.x0), max(right.get(p.c, box.x1), box.x1)
        if p.cell.rs == 1:
            top[p.r], bottom[p.r] = min(top.get(p.r, box.y0), box.y0), max(bottom.get(p.r, box.y1), box.y1)
    rows = sorted(present)
    xs = cuts(left, right, g.table.n_cols)
    ys_of = dict(zip(rows, cuts({i: top[r] for i, r in enumerate(rows)}, {i: bottom[r] for i, r in enumerate(rows)},
                                len(rows))[:-1], strict=True))
    frame = outer(page, pymupdf.Rect(xs[0], top[rows[0]], xs[-1], bottom[rows[-1]]))
    xs[0], xs[-1] = frame.x0, frame.x1
    ys_of[rows[0]] = frame.y0
    out = {}
    for p in placed:
        if p.r not in present:
            continue
        last = max(r for r in range(p.r, p.r + p.cell.rs) if r in present)
        nxt = rows.index(last) + 1
        y1 = ys_of[rows[nxt]] if nxt < len(rows) else frame.y1
        out[p.r, p.c] = pymupdf.Rect(xs[p.c], ys_of[p.r], xs[p.c + p.cell.cs], y1)
    return out


def outer(page: pymupdf.Page, text: pymupdf.Rect) -> pymupdf.Rect:
    """``text`` grown to the lines drawn within ``REACH`` of it (frame, rules)."""
    near = pymupdf.Rect(text.x0 - REACH, text.y0 - REACH, text.x1 + REACH, text.y1 + REACH)
    out = pymupdf.Rect(text)
    for d in page.get_drawings():
        r = d["rect"]
        if r.intersects(near) and near.contains(r.tl) and near.contains(r.br):
            out |= r
    return out


def boxes(g: GTable, marks: dict, doc: pymupdf.Document, first: int) -> marked.Boxes:
    pages = sorted({pg for k in range(len(g.table.placed(""))) for pg in marks.get(first + k, {})})
    return {pg: page_boxes(g, marks, doc[pg], first) for pg in pages}


def as_written(t: AnnTable, g: GTable) -> AnnTable:
    """``t`` with each cell's text as written in the source: Ghostscript sets a kerned pair of
    grops's as two strings with a space glyph between them, which the next glyph overlaps
    ("Sur vey"); the page's words, read as they stand, would keep that space. The build has
    checked the texts equal but for whitespace."""
    written = {_key(p.cell.text): p.cell.text for p in g.table.placed("")}
    regions = tuple(dataclasses.replace(r, cells=tuple(dataclasses.replace(c, text=written[_key(c.text)]) if c.text
                                                       else c for c in r.cells)) for r in t.regions)
    return dataclasses.replace(t, regions=regions)


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> DocumentAnnotation:
    """One document of ``styles`` (all of one producer) and its annotation."""
    producer = styles[0].split("_")[0]
    tables = [spec(s.split("_", 1)[1], rng) for s in styles]
    paper = rng.choice(("a4", "letter"))
    doc_rng = random.Random(rng.random())
    seed = doc_rng.random()
    with marked.printed(pdf, lambda mark: render(tbl.document(tables, random.Random(seed), mark), producer, paper)) as (
            marking, d):
        found = glyphs(marking)
        anns = marked.truths(pdf, d, [(marked.as_spec(g, "en"), boxes(g, found, marking, first), HOW[producer])
                                      for g, first in marked.firsts(tables)])
        return marked.annotation(pdf, d, [as_written(t, g) for t, g in zip(anns, tables, strict=True)],
                                 f"tables set by {HOW[producer]} (corpus.groff.build)")


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` tables of each style, per producer, into ``out``."""
    producers = [common.Producer(p, [f"{p}_{s}" for s in STYLES]) for p in HOW]
    return common.build(out, seed, per_style, producers, build_one)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 23, 2, Path(__file__).resolve().parent)


if __name__ == "__main__":
    sys.exit(main())
