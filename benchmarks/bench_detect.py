"""Detection speed against its floor and against PyMuPDF find_tables(), in one run.

    python benchmarks/bench_detect.py [--pages N] [--repeat K]

For every corpus page with ground-truth tables, interleaved so machine noise hits all
alike, it times (ms, median over pages of the best of K repeats):
  floor      words + drawings + 150-dpi render on a freshly opened page
  cold       a full detect on a freshly opened document
  redetect   detect again after a column-bin parameter change (cache warm)
  find_tables  PyMuPDF page.find_tables() on a freshly opened page
  budgeted   the cold detect as the CLI runs it: in the per-page budget's worker process
             (inspector.core.infra.budget; the worker is kept, the document opened afresh each time)
and prints the ratios the targets are stated in, and the worker's start-up (once per command). Not a test: these machines are shared.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import pymupdf

from inspector.core.infra import jobs
from inspector.core.infra.budget import Budgeted
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.evaluation.corpus import icdar_records

CORPUS = (Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus").resolve()


def best_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return min(times)


def floor(data: bytes, index: int) -> None:
    page = pymupdf.open(stream=data, filetype="pdf")[index]
    page.get_text("words")
    page.get_drawings()
    page.get_pixmap(matrix=pymupdf.Matrix(150 / 72, 150 / 72), colorspace=pymupdf.csGRAY)


def cold(data: bytes, index: int) -> None:
    Pipeline(open_document(data)).run(index)


def redetect_ms(data: bytes, index: int, changed: Params) -> float:
    """ms for a detect after a column-bin change, on a pipeline that has seen the page."""
    pipe = Pipeline(open_document(data))
    pipe.run(index)
    t0 = time.perf_counter()
    pipe.run(index, changed)
    return (time.perf_counter() - t0) * 1000


def find_tables(data: bytes, index: int) -> None:
    pymupdf.open(stream=data, filetype="pdf")[index].find_tables()


def main() -> int:
    cv2.setNumThreads(1)  # as the app does (inspector.cli.main)
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", type=int, default=0, help="at most this many pages (0: all)")
    ap.add_argument("--repeat", type=int, default=3, help="repeats per measurement (best is kept)")
    args = ap.parse_args()
    pages = sorted({(rec.pdf, rec.page) for rec in icdar_records(CORPUS)})
    if args.pages:
        pages = pages[: args.pages]
    changed = Params().with_value("columns.min_gap", 4.0)
    res: dict[str, list[float]] = {"floor": [], "cold": [], "redetect": [], "find_tables": [], "budgeted": []}
    t0 = time.perf_counter()
    worker = Budgeted()
    worker.call(len, ())
    start_ms = (time.perf_counter() - t0) * 1000
    serial = iter(range(10**9))
    for pdf, page in pages:
        data = pdf.read_bytes()
        i = page - 1
        res["floor"].append(best_ms(lambda d=data, k=i: floor(d, k), args.repeat))
        res["cold"].append(best_ms(lambda d=data, k=i: cold(d, k), args.repeat))
        res["redetect"].append(min(redetect_ms(data, i, changed) for _ in range(args.repeat)))
        res["find_tables"].append(best_ms(lambda d=data, k=i: find_tables(d, k), args.repeat))
        res["budgeted"].append(best_ms(lambda d=data, k=i: worker.call(
            jobs.detect_page, jobs.DocSource(f"bench:{next(serial)}", data=d), k, Params()), args.repeat))
    worker.close()
    med = {k: statistics.median(v) for k, v in res.items()}
    print(f"{len(pages)} corpus pages, best of {args.repeat}, median ms per page")
    for k, v in med.items():
        print(f"  {k:12s} {v:8.2f} ms   (p90 {sorted(res[k])[int(0.9 * (len(res[k]) - 1))]:.2f})")
    print("ratios (targets in brackets)")
    print(f"  cold / floor            {med['cold'] / med['floor']:6.2f}   [<= 2]")
    print(f"  redetect / floor        {med['redetect'] / med['floor']:6.2f}   [<= 0.3]")
    print(f"  find_tables / cold      {med['find_tables'] / med['cold']:6.2f}   [>= 5]")
    print(f"  budgeted / cold         {med['budgeted'] / med['cold']:6.2f}   (the worker process's cost per page)")
    print(f"  worker start-up         {start_ms:6.0f} ms (once per command)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
