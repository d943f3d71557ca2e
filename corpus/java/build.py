"""Build the Java report-engine corpus: bank statements, ledgers, invoices and crosstabs set by
JasperReports 6.20.6 (the Java report engine enterprise systems print statements and invoices
with; its PDF exporter writes through OpenPDF 1.3.30), in English, Korean and Chinese.

    python -m corpus.java.build [--seed 28] [--per-style 5] [--out corpus/java]

(or ``make corpus-java``, which first fetches the engine's jars with ``packaging/java.sh``:
build-only, never part of ``make setup``). Steps:

1. ``kinds`` writes each report's design (JRXML: one boxed text field per cell, bands, groups,
   a crosstab) and its data rows (``reports`` holds the words and looks);
2. ``ReportMaker.java`` compiles, fills and exports every design with the engine and writes the
   print model's text elements: page, box, the ``ti.cell`` property naming the cell, the text;
3. the truth is ``producers.layout.table_truth``'s: each cell's box the engine's own box for
   its field (a column header repeated on each page gives that page's boxes), the structure
   from the cells' keys (row, column, column span), each cell's text the page's words inside
   its box (the build stops on any difference from the print model's text).

The exporter stamps the time and a file ID into the PDF and names each font subset with a
random tag: the build writes a fixed date, a tag made from the font's name and an ID made
from a digest of the rest, so a rebuilt corpus is the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import struct
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

import pymupdf

from inspector.annotation.goldenset import add_to_golden_set
from inspector.annotation.io import sha256_of
from inspector.annotation.model import DocumentAnnotation, PageInfo

from .. import common
from ..html.tables import Cell, HtmlTable
from ..producers.layout import Spec, table_truth
from ..scribus.build import fixed
from ..styles.content import Tabular
from .kinds import KINDS
from .reports import Report

HERE = Path(__file__).resolve().parent
LIBS = Path(os.environ.get("JASPER_LIBS", HERE.parents[1] / "build" / "java"))
LANGS = ("en", "en", "ko", "zh")
CJK_TTC = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
Printed = list[tuple[int, pymupdf.Rect, str, str]]  # page, box, ti.cell key, text


def first_face(ttc: bytes) -> bytes:
    """The first font of a TrueType collection as a font file of its own (the JVM loads no
    collection): its table directory, then its tables, each 4-byte aligned."""
    first = struct.unpack(">I", ttc[12:16])[0]
    n = struct.unpack(">H", ttc[first + 4:first + 6])[0]
    records = [struct.unpack(">4sIII", ttc[first + 12 + 16 * k:first + 28 + 16 * k]) for k in range(n)]
    head, body = bytearray(ttc[first:first + 12]), bytearray()
    start = 12 + 16 * n
    for tag, check, off, length in records:
        head += struct.pack(">4sIII", tag, check, start + len(body), length)
        body += ttc[off:off + length] + b"\0" * (-length % 4)
    return bytes(head + body)


def extension() -> Path:
    """The folder with the CJK face the engine's font extension (``engine/fonts.xml``) names."""
    ext = LIBS / "ext"
    ext.mkdir(parents=True, exist_ok=True)
    if not (ext / "wqy-microhei.ttf").exists():
        (ext / "wqy-microhei.ttf").write_bytes(first_face(CJK_TTC.read_bytes()))
    return ext


SUBSET = re.compile(rb"/([A-Z]{6})\+([A-Za-z0-9-]+)")


def steady(pdf: bytes) -> bytes:
    """``pdf`` with each font subset's tag made from its font's name (OpenPDF draws it at
    random; as long, so no offset moves), then ``scribus.build.fixed``'s date and file ID."""
    def tag(m: re.Match[bytes]) -> bytes:
        return b"/" + bytes(65 + x % 26 for x in hashlib.md5(m[2]).digest()[:6]) + b"+" + m[2]
    return fixed(SUBSET.sub(tag, pdf))


def render(reports: list[Report]) -> list[tuple[bytes, Printed]]:
    """Each report's PDF and its printed cells, from one run of the engine."""
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        for k, rep in enumerate(reports):
            (d / f"r{k:03d}.jrxml").write_text(rep.design, encoding="utf-8")
            (d / f"r{k:03d}.json").write_text(json.dumps({"rows": rep.rows}, ensure_ascii=False), encoding="utf-8")
        cp = os.pathsep.join((str(LIBS / "classes"), str(LIBS / "libs" / "*"), str(HERE / "engine"), str(extension())))
        run = subprocess.run(["java", "-Djava.awt.headless=true", "-Duser.language=en", "-Duser.country=US",
                              "-cp", cp, "ReportMaker", str(d)], capture_output=True, text=True, timeout=900)
        if run.returncode:
            sys.exit(f"build: JasperReports failed: {run.stderr[-3000:]}")
        out = []
        for k in range(len(reports)):
            printed: Printed = []
            for line in (d / f"r{k:03d}.cells.tsv").read_text(encoding="utf-8").splitlines():
                page, x, y, w, h, cell, text = line.split("\t", 6)
                if cell:
                    box = pymupdf.Rect(int(x), int(y), int(x) + int(w), int(y) + int(h))
                    printed.append((int(page), box, cell, text))
            out.append((steady((d / f"r{k:03d}.pdf").read_bytes()), printed))
        return out


def tables_of(printed: Printed) -> dict[str, tuple[HtmlTable, dict[int, dict[tuple[int, int], pymupdf.Rect]]]]:
    """Each table's structure (cells from their keys, texts from the print model) and its
    cells' boxes per page."""
    cells: dict[str, dict[tuple[int, int], Cell]] = defaultdict(dict)
    boxes: dict[str, dict[int, dict[tuple[int, int], pymupdf.Rect]]] = defaultdict(lambda: defaultdict(dict))
    for page, box, key, text in printed:
        tid, row, col, cs = key.split("|")
        slot = (int(row), int(col))
        cells[tid].setdefault(slot, Cell(text, cs=int(cs)))
        boxes[tid][page][slot] = box
    out = {}
    for tid, found in cells.items():
        ranks = {r: k for k, r in enumerate(sorted({r for r, _ in found}))}
        rows: list[list[Cell]] = [[] for _ in ranks]
        for (r, _c), cell in sorted(found.items()):
            rows[ranks[r]].append(cell)
        table = HtmlTable("", "", rows, pad=0.0)
        out[tid] = (table, {p: {(ranks[r], c): b for (r, c), b in s.items()} for p, s in boxes[tid].items()})
    return out


def annotate(pdf: Path, rep: Report, printed: Printed) -> DocumentAnnotation:
    found = tables_of(printed)
    with pymupdf.open(pdf) as d:
        pages = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(d))
        anns = []
        for t in rep.tables:
            table, boxes = found[t.tid]
            table.style, table.header_rows = t.style, t.header_rows
            tab = Tabular("en", "", "", [], [], [])
            anns.append(table_truth(d, Spec(t.style, tab, table, []), t.tid, boxes, f"{pdf.name} {t.tid}",
                                    "JasperReports 6.20.6 (OpenPDF 1.3.30)"))
    return common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, pages, tuple(anns),
                                             notes="reports set by JasperReports (corpus.java.build)"))


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` reports of each kind into ``out``, languages drawn per report."""
    rng = random.Random(seed)
    pdf_dir, golden = common.fresh(out)
    plan = [k for k in KINDS for _ in range(per_style)]
    rng.shuffle(plan)
    reports = [KINDS[k](rng.choice(LANGS), random.Random(rng.random())) for k in plan]
    styles: common.StyleMap = {}
    total = 0
    for k, (rep, (made, printed)) in enumerate(zip(reports, render(reports), strict=True), 1):
        pdf = pdf_dir / f"jr-{k:03d}.pdf"
        pdf.write_bytes(made)
        ann = annotate(pdf, rep, printed)
        add_to_golden_set(golden, ann, pdf)
        styles[pdf.name] = common.styles_of(ann.tables, [t.style for t in rep.tables])
        total += len(ann.tables)
    return common.finish(out, styles, seed, total)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 28, 5, HERE)


if __name__ == "__main__":
    sys.exit(main())
