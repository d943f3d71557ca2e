"""Adjacency-relation F1 of the detector on the corpus's ICDAR ground truth, per style.

    python benchmarks/score_icdar.py [--set stage.field=value ...] [--verbose] [--pdfs DIR]

``--pdfs DIR`` scores other copies of the same PDFs (same relative paths under DIR), e.g. the
image-only copies of ``make_image_corpus.py``; it then also prints the OCR time per page
(wall, and the CPU time of the whole detection of a page: one core's cost).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

from inspector.cli.common import params_from_args
from inspector.core.document import open_document
from inspector.core.pipeline import Pipeline
from inspector.evaluation.adjacency import AdjacencyCounts
from inspector.evaluation.corpus import adjacency_by_table, icdar_records

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", dest="sets", action="append", default=[], metavar="STAGE.FIELD=VALUE")
    ap.add_argument("--verbose", "-v", action="store_true")
    ap.add_argument("--pdfs", type=Path, default=None, help="folder of substitute PDFs (corpus-relative paths)")
    args = ap.parse_args()
    params = params_from_args(args)
    by_page = defaultdict(list)
    for rec in icdar_records(CORPUS.resolve()):
        by_page[(rec.pdf, rec.page)].append(rec)
    per_style: dict[str, AdjacencyCounts] = defaultdict(AdjacencyCounts)
    total = AdjacencyCounts()
    t0 = time.perf_counter()
    ocr_ms: list[float] = []
    cpu_ms: list[float] = []
    for (pdf, page), recs in sorted(by_page.items()):
        doc = open_document(args.pdfs / pdf.relative_to(CORPUS.resolve()) if args.pdfs else pdf)
        c0 = time.process_time()
        res = Pipeline(doc).run(page - 1, params)
        cpu_ms.append((time.process_time() - c0) * 1000)
        if "ocr" in res.timings:
            ocr_ms.append(res.timings["ocr"])
        found = list(res.tables)
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
    if ocr_ms:
        print(f"OCR on {len(ocr_ms)} pages: {statistics.mean(ocr_ms):.0f} ms a page wall (max {max(ocr_ms):.0f}); "
              f"whole detection {statistics.mean(cpu_ms):.0f} ms CPU a page (median {statistics.median(cpu_ms):.0f}, "
              f"max {max(cpu_ms):.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
