"""Adjacency-relation F1 of the detector on the corpus's ICDAR ground truth, per style.

    python benchmarks/score_icdar.py [--set stage.field=value ...] [--verbose] [--pdfs DIR] [--extractor NAME]

``--pdfs DIR`` scores other copies of the same PDFs (same relative paths under DIR), e.g. the
image-only copies of ``make_image_corpus.py``; it then also prints the OCR time per page
(wall, and the CPU time of the whole detection of a page: one core's cost). ``--extractor``
scores a peer instead (see ``inspector.extractors.peers``), e.g. ``img2table`` on the image-only
copies; it runs where that peer is installed (img2table: an environment of its own).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

from inspector.cli.common import params_from_args
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.evaluation.adjacency import AdjacencyCounts
from inspector.evaluation.corpus import adjacency_by_table, icdar_records
from inspector.extractors.peers import check_available, extract

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", dest="sets", action="append", default=[], metavar="STAGE.FIELD=VALUE")
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--pdfs", type=Path, default=None, help="folder of substitute PDFs (corpus-relative paths)")
    ap.add_argument("--extractor", default="inspector", help="a peer's name (inspector.extractors.peers)")
    args = ap.parse_args()
    if args.extractor != "inspector":
        check_available(args.extractor)
    params = params_from_args(args)
    by_page = defaultdict(list)
    for rec in icdar_records(CORPUS.resolve()):
        by_page[(rec.pdf, rec.page)].append(rec)
    per_style: dict[str, AdjacencyCounts] = defaultdict(AdjacencyCounts)
    total = AdjacencyCounts()
    t0 = time.perf_counter()
    ocr_ms: list[float] = []
    cpu_ms: list[float] = []
    failed: list[str] = []
    if args.pdfs:  # a subset of copies (make_image_corpus.py --pages) scores the pages it holds
        by_page = defaultdict(list, {k: v for k, v in by_page.items()
                                     if (args.pdfs / k[0].relative_to(CORPUS.resolve())).is_file()})
    for (pdf, page), recs in sorted(by_page.items()):
        path = args.pdfs / pdf.relative_to(CORPUS.resolve()) if args.pdfs else pdf
        c0 = time.process_time()
        if args.extractor == "inspector":
            res = Pipeline(open_document(path)).run(page - 1, params)
            if "ocr" in res.timings:
                ocr_ms.append(res.timings["ocr"])
            found = list(res.tables)
        else:
            try:
                found = list(extract(args.extractor, str(path), page - 1, params))
            except Exception as exc:  # noqa: BLE001 - a peer's own bug on one page: no tables there
                failed.append(f"{path.name} page {page}: {type(exc).__name__}: {exc}")
                found = []
        cpu_ms.append((time.process_time() - c0) * 1000)
        for rec, c in adjacency_by_table(recs, found):
            per_style[rec.style] += c
            total += c
            if args.verbose:
                print(f"{rec.id:40s} {rec.style:17s} f1={c.f1:.3f} p={c.precision:.3f} r={c.recall:.3f}"
                      f" lost={c.truth - c.correct:4d} extra={c.found - c.correct:4d} {'MISSED' if c.found == 0 else ''}")
    dt = time.perf_counter() - t0
    for style, c in sorted(per_style.items()):
        print(f"{style:17s} P={c.precision:.3f} R={c.recall:.3f} F1={c.f1:.3f} ({c.truth} relations)")
    print(f"{'overall':17s} P={total.precision:.3f} R={total.recall:.3f} F1={total.f1:.3f}"
          f"  [{len(by_page)} pages, {dt:.1f} s]")
    for line in failed:
        print(f"{args.extractor} failed on {line} (counted as no tables)")
    if args.extractor != "inspector":
        print(f"{args.extractor}: {statistics.mean(cpu_ms):.0f} ms CPU a page in this process "
              "(a peer's child processes, e.g. the tesseract program, not counted)")
    if ocr_ms:
        print(f"OCR on {len(ocr_ms)} pages: {statistics.mean(ocr_ms):.0f} ms a page wall (max {max(ocr_ms):.0f}); "
              f"whole detection {statistics.mean(cpu_ms):.0f} ms CPU a page (median {statistics.median(cpu_ms):.0f}, "
              f"max {max(cpu_ms):.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
