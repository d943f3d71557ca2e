"""Build the iText corpus: PdfPTable tables set by iText, the Java library behind a great many
bank statements, invoices and reports, in its two lines still met: iText 5.5.13 and the old
LGPL iText 2.1.7 of many legacy systems (base-14 fonts, Helvetica or Times).

    python -m corpus.itext.build [--seed 25] [--per-style 2] [--out corpus/itext]

(or ``make corpus-itext``, which installs both libraries and a JDK from Debian first with
``packaging/itext.sh``: build-only tools, never part of ``make setup``). Steps:

1. ``tables`` draws each table's content and structure in its style (``tables.STYLES``);
   ``spec`` writes the description ``TableMaker.java`` reads: each cell's borders, fills,
   spans, alignment, the header rows ``setHeaderRows`` repeats on each page;
2. ``javac`` compiles ``TableMaker.java`` against each library (the iText 2.1.7 copy with its
   package and colour class renamed); each document is set twice: once with each cell's
   background a colour of its own (``spec.fill``), once as drawn (the PDF kept); colour
   changes nothing in the layout;
3. each cell's box is the fill of its colour on each page (PdfPCell paints its background
   over the whole cell, its borders drawn on top);
4. the truth is ``producers.layout.table_truth``'s: the structure as written, each cell's text
   the page's words inside its box (the build stops on any difference), one region per page
   of a continued table (its repeated head in each).

iText stamps the time and a random file ID into the PDF: the build writes fixed ones of the
same length in place, so a rebuilt corpus is the same bytes.
"""

from __future__ import annotations

import hashlib
import random
import re
import subprocess
import sys
import tempfile
from functools import partial
from pathlib import Path

from inspector.annotation.model import DocumentAnnotation

from .. import common, marked
from . import spec as described
from .tables import STYLES, spec

HERE = Path(__file__).resolve().parent
JARS = {"i5": "/usr/share/java/itext5.jar", "i2": "/usr/share/java/itext.jar"}
HOW = {"i5": "iText 5.5.13 PdfPTable", "i2": "iText 2.1.7 PdfPTable"}
FONTS = ("Helvetica", "Times-Roman")


def source(lib: str) -> str:
    """``TableMaker.java`` for ``lib``: as written for iText 5, renamed for iText 2.1.7."""
    text = (HERE / "TableMaker.java").read_text(encoding="utf-8")
    if lib == "i2":
        text = text.replace("com.itextpdf.text", "com.lowagie.text").replace("BaseColor", "java.awt.Color")
    return text


def compiled(lib: str, into: Path) -> Path:
    """The folder holding ``TableMaker.class`` compiled against ``lib``'s jar."""
    d = into / lib
    d.mkdir(parents=True, exist_ok=True)
    (d / "TableMaker.java").write_text(source(lib), encoding="utf-8")
    run = subprocess.run(["javac", "-cp", JARS[lib], "-d", str(d), str(d / "TableMaker.java")],
                         capture_output=True, text=True)
    if run.returncode:
        sys.exit(f"build: javac failed: {run.stderr[:1500]}")
    return d


def fixed(pdf: bytes) -> bytes:
    """``pdf`` with iText's time stamps set to 2026-01-01 and its ID to a digest of the rest
    (each the same length, so the cross-reference offsets still hold)."""
    pdf = re.sub(rb"D:\d{14}", b"D:20260101000000", pdf)
    ids = re.search(rb"/ID ?\[ ?<([0-9a-fA-F]{32})> ?<([0-9a-fA-F]{32})> ?\]", pdf)
    if ids:
        digest = hashlib.md5(pdf.replace(ids.group(0), b"")).hexdigest().encode()
        whole = ids.group(0)
        pdf = pdf.replace(whole, whole.replace(ids.group(1), digest).replace(ids.group(2), digest))
    return pdf


def render(classes: Path, lib: str, description: str) -> bytes:
    """The PDF iText (``lib``) makes of ``description``."""
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "in.txt").write_text(description, encoding="utf-8")
        run = subprocess.run(["java", "-Duser.timezone=UTC", "-cp", f"{JARS[lib]}:{classes}", "TableMaker",
                              str(d / "in.txt"), str(d / "out.pdf")], capture_output=True, text=True)
        if run.returncode:
            sys.exit(f"build: iText failed: {run.stderr[:1500]}")
        return fixed((d / "out.pdf").read_bytes())


def build_one(classes: dict[str, Path], pdf: Path, styles: list[str], rng: random.Random) -> DocumentAnnotation:
    """One document of ``styles`` (all of one library) and its annotation."""
    lib = styles[0].split("_")[0]
    tables = [spec(s.split("_", 1)[1], rng) for s in styles]
    paper, font = rng.choice(("a4", "letter")), rng.choice(FONTS)
    seed = random.Random(rng.random()).random()
    how = f"{HOW[lib]}, {font}"

    def render_lib(mark: bool) -> bytes:
        return render(classes[lib], lib, described.document(tables, random.Random(seed), mark, font, paper))

    with marked.printed(pdf, render_lib) as (marking, d):
        found = marked.united(marking)
        anns = marked.truths(pdf, d, [(marked.as_spec(g, "en"), marked.united_boxes(g, found, first), how)
                                      for g, first in marked.firsts(tables)])
        return marked.annotation(pdf, d, anns, f"tables set by {HOW[lib]} (corpus.itext.build)")


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` tables of each style, per library, into ``out``."""
    producers = [common.Producer(p, [f"{p}_{s}" for s in STYLES]) for p in HOW]
    with tempfile.TemporaryDirectory() as tmp:
        classes = {lib: compiled(lib, Path(tmp)) for lib in JARS}
        return common.build(out, seed, per_style, producers, partial(build_one, classes))


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 25, 2, HERE)


if __name__ == "__main__":
    sys.exit(main())
