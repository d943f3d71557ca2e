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
from pathlib import Path

from inspector.annotation.model import DocumentAnnotation

from .. import common, marked
from . import page
from .tables import STYLES, spec

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


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> DocumentAnnotation:
    """One document of ``styles`` and its annotation."""
    tables = [spec(s, rng) for s in styles]
    paper = rng.choice(("a4", "letter"))
    seed = random.Random(rng.random()).random()
    # dompdf repeats a ``thead`` on each page, and leaves a head without one alone at the foot
    # of a page when the first body row does not fit: that head is printed there, so it is
    # truth there (``lone_head``); it does not split a row of one line.
    with marked.printed(pdf, lambda mark: render(page.document(tables, random.Random(seed), mark), paper)) as (
            marking, d):
        found = marked.painted(marking)
        boxed = [marked.boxes(g, found, first, d, lone_head=True) for g, first in marked.firsts(tables)]
        anns = marked.truths(pdf, d, [(marked.as_spec(g, g.lang), b, f"dompdf 2.0 {g.style} ({g.look.rules}), {g.look.font}")
                                      for g, b in zip(tables, boxed, strict=True)])
        return marked.annotation(pdf, d, anns, "tables set by dompdf 2.0 (corpus.php.build)")


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` tables of each style into ``out``."""
    return common.build(out, seed, per_style, [common.Producer("dp", list(STYLES))], build_one)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 28, 6, HERE)


if __name__ == "__main__":
    raise SystemExit(main())
