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
from pathlib import Path

from inspector.annotation.model import DocumentAnnotation

from .. import common, marked
from . import spec as described
from .tables import STYLES, TTable, spec

HERE = Path(__file__).resolve().parent
HOW = {"html": "TCPDF 6.6 writeHTML", "cell": "TCPDF 6.6 MultiCell"}


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


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> DocumentAnnotation:
    """One document of ``styles`` and its annotation."""
    tables = [spec(s, rng) for s in styles]
    paper = rng.choice(("a4", "letter"))
    seed = random.Random(rng.random()).random()
    with marked.printed(pdf, lambda mark: render(described.document(tables, random.Random(seed), mark, paper))) as (
            marking, d):
        found = marked.painted(marking)
        boxed = [marked.boxes(g, found, first, d) for g, first in marked.firsts(tables)]
        anns = marked.truths(pdf, d, [(marked.as_spec(g, g.lang), b, how(g))
                                      for g, b in zip(tables, boxed, strict=True)])
        return marked.annotation(pdf, d, anns, "tables set by TCPDF 6.6 (corpus.tcpdf.build)")


def how(g: TTable) -> str:
    """How ``g`` was set: TCPDF's writeHTML or its MultiCell grid, and the font."""
    return f"{HOW[g.style.split('_')[0]] if '_' in g.style else HOW['cell']}, {g.look.font}"


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` tables of each style into ``out``."""
    return common.build(out, seed, per_style, [common.Producer("tc", list(STYLES))], build_one)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 26, 4, HERE)


if __name__ == "__main__":
    sys.exit(main())
