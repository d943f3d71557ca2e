"""Cold detect of this tree against another git revision's, in one process, page by page in turns.

    python benchmarks/bench_versus.py REVISION [--rounds 5] [--pages N] [--cpu]

The shared machines' timings move by about 10 % from one run to the next, more than most
speed changes; timing two versions in separate runs cannot tell them apart. This copies the
``inspector`` package of REVISION (``git archive``) into a temporary folder under another
name, imports both, and times, for every ICDAR corpus page and in turns, the floor (words +
drawings + a 150-dpi render, as ``bench_detect.py``), a cold detect with REVISION's code and
one with this tree's (the two swap places every other round: the one run second ran about
1-3 % faster, identical code included); it keeps each page's best over ``--rounds`` rounds
(an even number gives both places alike) and prints the medians, the totals over all pages
and their ratios. ``--cpu`` times CPU (``process_time``) instead of the wall clock, steadier on a
shared machine. Not a test.
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.evaluation.corpus import icdar_records

ROOT = Path(__file__).resolve().parents[1]
CORPUS = (ROOT / ".." / "shared" / "corpus").resolve()
OLD = "inspector_then"  # the name REVISION's package is imported under


def _old_package(revision: str, into: Path) -> tuple[Callable[[bytes, int], object], str]:
    """REVISION's cold detect, from a copy of its package (its imports are relative)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, "inspector"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    shutil.move(str(into / "inspector"), str(into / OLD))
    sys.path.insert(0, str(into))
    try:  # the document module's home since the core was split into packages
        doc = importlib.import_module(f"{OLD}.core.reading.document")
    except ModuleNotFoundError:
        doc = importlib.import_module(f"{OLD}.core.document")
    pipe = importlib.import_module(f"{OLD}.core.pipeline")
    label = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", revision],
                           check=True, capture_output=True, text=True).stdout.strip()
    return (lambda d, i: pipe.Pipeline(doc.open_document(d)).run(i)), label


def floor(data: bytes, index: int) -> None:
    page = pymupdf.open(stream=data, filetype="pdf")[index]
    page.get_text("words")
    page.get_drawings()
    page.get_pixmap(matrix=pymupdf.Matrix(150 / 72, 150 / 72), colorspace=pymupdf.csGRAY)


def main() -> int:
    cv2.setNumThreads(1)  # as the app does
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("revision", help="git revision to compare with (e.g. main, HEAD~3, a commit)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds over the pages (each page's best is kept)")
    ap.add_argument("--pages", type=int, default=0, help="at most this many pages (0: all)")
    ap.add_argument("--cpu", action="store_true", help="CPU time (process_time), not the wall clock")
    args = ap.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    pages = sorted({(rec.pdf, rec.page) for rec in icdar_records(CORPUS)})[: args.pages or None]
    datas = [(pdf.read_bytes(), page - 1) for pdf, page in pages]
    with tempfile.TemporaryDirectory() as tmp:
        then, label = _old_package(args.revision, Path(tmp))
        runs: dict[str, Callable[[bytes, int], object]] = {
            "floor": floor, label: then, "this tree": lambda d, i: Pipeline(open_document(d)).run(i)}
        best = {k: [float("inf")] * len(datas) for k in runs}
        turns = list(runs.items())
        for r in range(args.rounds):
            # The code run second on a page runs on what the first left (MuPDF's and the CPU's
            # caches, the collector's counts): REVISION and this tree swap places every round.
            order = turns if r % 2 == 0 else [turns[0], turns[2], turns[1]]
            for n, (data, index) in enumerate(datas):
                for name, fn in order:
                    t0 = clock()
                    fn(data, index)
                    best[name][n] = min(best[name][n], (clock() - t0) * 1000)
    med = {k: statistics.median(v) for k, v in best.items()}
    tot = {k: sum(v) for k, v in best.items()}
    print(f"{len(datas)} corpus pages, best of {args.rounds} rounds, median ms per page and total ms"
          f" ({'CPU time' if args.cpu else 'wall clock'})")
    for name, v in med.items():
        print(f"  {name:12s} {v:8.2f} ms" + ("" if name == "floor" else f"   {v / med['floor']:.2f} x floor")
              + f"   total {tot[name]:8.0f} ms" + ("" if name == "floor" else f"   {tot[name] / tot['floor']:.2f} x floor"))
    ratio = statistics.median(b / a for a, b in zip(best[label], best["this tree"], strict=True))
    print(f"this tree / {label}: {med['this tree'] / med[label]:.3f} (median per page {ratio:.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
