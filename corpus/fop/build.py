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
3. ``marked.united_boxes`` reads the marked PDF: each cell's box is the fill of its colour on each page
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
from pathlib import Path

from inspector.annotation.model import DocumentAnnotation

from .. import common, marked
from . import fo
from .tables import STYLES, spec

HOW = {"std": "Apache FOP, base-14 fonts", "ttf": "Apache FOP, embedded TrueType fonts"}


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


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> DocumentAnnotation:
    """One document of ``styles`` (all of one font set-up) and its annotation."""
    fonts = styles[0].split("_")[0]
    tables = [spec(s.split("_", 1)[1], rng) for s in styles]
    paper = rng.choice(("a4", "letter"))
    seed = random.Random(rng.random()).random()
    with marked.printed(pdf, lambda mark: render(fo.document(tables, random.Random(seed), mark, fonts, paper))) as (
            marking, d):
        found = marked.united(marking)
        anns = marked.truths(pdf, d, [(marked.as_spec(g, "en"), marked.united_boxes(g, found, first), HOW[fonts])
                                      for g, first in marked.firsts(tables)])
        return marked.annotation(pdf, d, anns, f"tables set by {HOW[fonts]} (corpus.fop.build)")


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` tables of each style, per font set-up, into ``out``."""
    producers = [common.Producer(p, [f"{p}_{s}" for s in STYLES]) for p in HOW]
    return common.build(out, seed, per_style, producers, build_one)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 24, 2, Path(__file__).resolve().parent)


if __name__ == "__main__":
    sys.exit(main())
