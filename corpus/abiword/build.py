"""Build the AbiWord corpus: tables as word-processor users make them, set by AbiWord 3.0
(``abiword --to=pdf``, drawing through cairo 1.16): English reports, Korean tenders and
Chinese annual reports (WenQuanYi Micro Hei).

    python -m corpus.abiword.build [--seed 27] [--per-style 4] [--out corpus/abiword]

(or ``make corpus-abiword``, which installs AbiWord from Debian first with
``packaging/abiword.sh``: a build-only tool, never part of ``make setup``). Steps:

1. ``tables`` draws each table's content, structure and look in its style (``tables.STYLES``);
   ``awml`` writes the document in AbiWord's own format (``.abw``): headings, prose, tables of
   cells placed by their attach edges, a two-column section;
2. each document is set twice: once with each cell's background a colour of its own
   (``awml.fill``), once as drawn (the PDF kept); colour changes nothing in the layout;
3. each cell's box is the fill of its colour on each page (AbiWord paints a cell's background
   over the whole cell, padding included): the fill holding exactly the cell's text in the
   kept PDF, a body cell's the tallest such (a row cut by a page break leaves a sliver);
4. the truth is ``producers.layout.table_truth``'s: the structure as written, each cell's text
   the page's words inside its box (the build stops on any difference), one region per page
   of a continued table (AbiWord 3.0 repeats no head rows: the head is on the first page only,
   alone there when the page breaks right under it).

cairo stamps the time of the run as the PDF's creation date: the build writes a fixed one of
the same length, so a rebuilt corpus is the same bytes.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from inspector.annotation.model import DocumentAnnotation

from .. import common, marked
from . import awml
from .tables import STYLES, spec

HERE = Path(__file__).resolve().parent
DATE = re.compile(rb"/CreationDate \(D:\d{14}Z\)")
WHEN = b"/CreationDate (D:20260101000000Z)"
HOW = "AbiWord 3.0.5 (cairo 1.16)"


def render(document: str) -> bytes:
    """The PDF AbiWord makes of ``document`` (AWML), its creation date fixed."""
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "in.abw").write_text(document, encoding="utf-8")
        run = subprocess.run(["abiword", "--to=pdf", "-o", str(d / "out.pdf"), str(d / "in.abw")],
                             capture_output=True, text=True, env={"HOME": tmp, "PATH": "/usr/bin:/bin"})
        if run.returncode or not (d / "out.pdf").exists():
            sys.exit(f"build: AbiWord failed: {(run.stdout + run.stderr)[:1500]}")
        return DATE.sub(WHEN, (d / "out.pdf").read_bytes())


def line_width(paper: str, margins: tuple[float, ...]) -> float:
    """The text column's width (points)."""
    return awml.PAPER[paper][1] / 25.4 * 72 - margins[2] - margins[3]


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> tuple[DocumentAnnotation, list[str]]:
    """One document of ``styles``, its annotation and each table's style (``pair`` sets two)."""
    paper = rng.choice(("a4", "letter"))
    margins = tuple(float(rng.choice((54, 64, 72))) for _ in range(4))
    line = line_width(paper, margins)
    tables = [t for s in styles for t in spec(s, rng, (line - 21.6) / 2 if s == "twocol" else line)]
    seed = random.Random(rng.random()).random()
    with marked.printed(pdf, lambda mark: render(awml.document(tables, random.Random(seed), mark, paper, margins))) as (
            marking, d):
        found = marked.painted(marking)
        boxed = [marked.boxes(g, found, first, d, lone_head=True) for g, first in marked.firsts(tables)]
        anns = marked.truths(pdf, d, [(marked.as_spec(g, g.lang), b, f"{HOW}, {g.look.font}")
                                      for g, b in zip(tables, boxed, strict=True)])
        ann = marked.annotation(pdf, d, anns, "tables set by AbiWord 3.0 (corpus.abiword.build)")
    return ann, [t.style for t in tables]


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` tables of each style into ``out`` (``pair`` makes two)."""
    return common.build_named(out, seed, per_style, [common.Producer("aw", STYLES)], build_one)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 27, 4, HERE)


if __name__ == "__main__":
    sys.exit(main())
