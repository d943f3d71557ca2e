"""Every corpus page's whole detection written out, to check a refactor changes nothing.

    python benchmarks/dump_detection.py OUT.txt [--explain] [--sets ICDAR,REAL,HTML,MODERN]
                                            (also: STYLES, PRODUCERS, JSLIBS, WORDPROC,
                                             CJK, LATEX, WILD)
    diff before.txt after.txt

One line per page: the corpus, the file, the page and the ``repr`` of its ``PageResult``
with the timings left out (words, rules, fills, rows, bins, regions with their reasons,
grids with their boundaries' evidence, tables with their cells: every intermediate), then one
line per document with its continuations. ``--explain`` adds each page's explanation (its
kept and dropped boundaries with their evidence and flips; slow: it detects again). The
pages are ICDAR dev (the annotated pages of ../shared/corpus), ../shared/corpus/real,
corpus/html and corpus/modern (by default; ``--sets`` can add corpus/styles, corpus/producers
and corpus/jslibs). Only the public API is used, so the same script runs on
both sides of a move of modules. Not a test.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from inspector import api
from inspector.evaluation.corpus import icdar_records

ROOT = Path(__file__).resolve().parents[1]
SHARED = (ROOT / ".." / "shared" / "corpus").resolve()


def _pages() -> dict[str, list[tuple[Path, list[int]]]]:
    icdar: dict[Path, set[int]] = {}
    for rec in icdar_records(SHARED):
        icdar.setdefault(rec.pdf, set()).add(rec.page)

    def every(folder: Path) -> list[tuple[Path, list[int]]]:
        return [(p, []) for p in sorted(folder.rglob("*.pdf"))]

    return {"ICDAR": [(p, sorted(ps)) for p, ps in sorted(icdar.items())],
            "REAL": every(SHARED / "real" / "pdfs"),
            "HTML": every(ROOT / "corpus" / "html" / "pdfs"),
            "MODERN": every(ROOT / "corpus" / "modern" / "pdfs"),
            "STYLES": every(ROOT / "corpus" / "styles" / "pdfs"),
            "PRODUCERS": every(ROOT / "corpus" / "producers" / "pdfs"),
            "JSLIBS": every(ROOT / "corpus" / "jslibs" / "pdfs"),
            "WORDPROC": every(ROOT / "corpus" / "wordproc" / "pdfs"),
            "CJK": every(ROOT / "corpus" / "cjk" / "pdfs"),
            "LATEX": every(ROOT / "corpus" / "latex" / "pdfs"),
            "WILD": every(ROOT / "corpus" / "wild" / "pdfs")}


def _module(*names: str) -> object:
    """The first of ``names`` that imports (a module's path before or after a move)."""
    for name in names:
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError:
            continue
    raise ModuleNotFoundError(names[0])


def _lines(name: str, pdf: Path, pages: list[int], explain: bool) -> Iterator[str]:
    doc = api.open_pdf(pdf)
    det = api.Detector(doc)
    numbers = pages or list(range(1, doc.page_count + 1))
    results = []
    rel = pdf.relative_to(SHARED) if pdf.is_relative_to(SHARED) else pdf.relative_to(ROOT)
    for n in numbers:
        res = det.detect(n)
        results.append(res)
        yield f"{name} {rel} p{n} {dataclasses.replace(res, timings={})!r}"
        if explain:
            why = _module("inspector.core.explain").explain(res, api.params())  # type: ignore[attr-defined]
            yield f"{name} {rel} p{n} explain {why.tables!r} {why.rejected!r}"
    if not pages:
        cont = _module("inspector.core.multipage.continuation", "inspector.core.continuation")
        yield f"{name} {rel} continuations {cont.find_continuations(results)!r}"  # type: ignore[attr-defined]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("--explain", action="store_true", help="add each page's explanation (slow)")
    ap.add_argument("--sets", default="ICDAR,REAL,HTML,MODERN")
    args = ap.parse_args()
    t0 = time.perf_counter()
    count = 0
    with args.out.open("w", encoding="utf-8") as fh:
        for name, docs in _pages().items():
            if name not in args.sets.split(","):
                continue
            for pdf, pages in docs:
                for line in _lines(name, pdf, pages, args.explain):
                    fh.write(line + "\n")
                    count += 1
            print(f"{name}: {len(docs)} documents, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    print(f"{count} lines -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
