"""CPU time of detecting scanned pages, one OCR setting against another, in one run.

    python benchmarks/bench_ocr.py [--pdfs /tmp/image-corpus] [--pages 20] \
        [--a ocr.layout=lines] [--b ocr.layout=columns]

Takes the first ``--pages`` pages of the ICDAR records that have an image-only copy (written by
``make_image_corpus.py``), and detects each page twice, once with each setting, in turns
(a, b, b, a, ...) so a busy shared machine slows both alike; prints the mean CPU time a page
of each (``time.process_time``: one core's cost, Tesseract included) and their ratio. Not a
test: the machines are shared and noisy; the ratio is the figure to read.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.evaluation.corpus import icdar_records

CORPUS = (Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus").resolve()


def _params(spec: str) -> Params:
    key, value = spec.split("=", 1)
    return Params().with_value(key, value)


def _cpu_ms(path: Path, page: int, params: Params) -> float:
    doc = open_document(path)
    c0 = time.process_time()
    Pipeline(doc).run(page - 1, params)
    return (time.process_time() - c0) * 1000.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pdfs", type=Path, default=Path("/tmp/image-corpus"))
    ap.add_argument("--pages", type=int, default=20)
    ap.add_argument("--a", default="ocr.layout=lines")
    ap.add_argument("--b", default="ocr.layout=columns")
    args = ap.parse_args()
    # Only pages with a copy: ``make_image_corpus.py --pages N`` writes a subset of the documents.
    pages = sorted({(r.pdf, r.page) for r in icdar_records(CORPUS)
                    if (args.pdfs / r.pdf.relative_to(CORPUS)).is_file()})[: args.pages]
    if not pages:
        print(f"no image-only copies under {args.pdfs}: run benchmarks/make_image_corpus.py first", file=sys.stderr)
        return 2
    a, b = _params(args.a), _params(args.b)
    times: dict[str, list[float]] = {args.a: [], args.b: []}
    for k, (pdf, page) in enumerate(pages):
        path = args.pdfs / pdf.relative_to(CORPUS)
        order = ((args.a, a), (args.b, b)) if k % 2 == 0 else ((args.b, b), (args.a, a))
        for name, params in order:
            times[name].append(_cpu_ms(path, page, params))
    ma, mb = statistics.mean(times[args.a]), statistics.mean(times[args.b])
    print(f"{len(pages)} pages, CPU ms a page: {args.a} {ma:.0f} (median {statistics.median(times[args.a]):.0f}), "
          f"{args.b} {mb:.0f} (median {statistics.median(times[args.b]):.0f}); ratio b/a {mb / ma:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
