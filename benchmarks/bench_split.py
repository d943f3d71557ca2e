"""A cold detect split by who does the work: MuPDF, the table stage, and the Python outside it.

    python benchmarks/bench_split.py [--rounds 4] [--pages N]

For every ICDAR corpus page, in turns, the floor (``bench_versus.floor``: words, drawings and a
150-dpi render) and a cold detect, CPU time (``process_time``), each page's best over
``--rounds``. In the detect:
  mupdf       PyMuPDF's calls (opening the file, loading the page, text pages and their
              words, dicts and raw dicts, the paths, the pictures, renders), timed by wrappers
              around them; the drawings reader's callback (Python, run inside
              ``get_cdrawings``) is taken back out
  table       the stages tables, rows, index and upright (their timings, read as CPU time)
  python      the rest: the reading's, the evidence's, the aside's and the pipeline's Python
It prints the median page's figures (and the totals), each against the floor, and the median
page of the detect less its table stage: what the detect would cost if the table stage cost
nothing. Not a test: these machines are shared.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import pymupdf

import inspector.core.pipeline as pipeline_module
from inspector.core.pipeline import Pipeline
from inspector.core.reading import drawings as drawings_module
from inspector.core.reading.document import open_document
from inspector.evaluation.corpus import icdar_records

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_versus import CORPUS, floor  # the same floor and pages as bench_versus

TABLE_STAGES = ("tables", "rows", "index", "upright")
MUPDF_CALLS: tuple[tuple[type, tuple[str, ...]], ...] = (
    (pymupdf.Document, ("__init__", "__getitem__", "load_page")),
    (pymupdf.Page, ("get_textpage", "get_text", "get_cdrawings", "get_drawings", "get_images", "get_image_info",
                    "get_pixmap")),
    (pymupdf.TextPage, ("extractWORDS", "extractDICT", "extractRAWDICT")),
)
_spent = {"mupdf": 0.0, "callback": 0.0}
_depth = [0]  # a MuPDF call made inside another (get_text making its text page) is counted once


def _timed(fn: Callable[..., Any], key: str, outer_only: bool = True) -> Callable[..., Any]:
    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        if outer_only and _depth[0]:
            return fn(*args, **kwargs)
        _depth[0] += outer_only
        t0 = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            _spent[key] += time.process_time() - t0
            _depth[0] -= outer_only
    return run


def _wrap_mupdf() -> None:
    for cls, names in MUPDF_CALLS:
        for name in names:
            setattr(cls, name, _timed(getattr(cls, name), "mupdf"))
    reader = drawings_module.DrawingReader
    reader.take = _timed(reader.take, "callback", outer_only=False)  # type: ignore[method-assign]
    # the stage timings in CPU time, as everything else here (the wall clock moves with the load)
    pipeline_module.time = type(  # type: ignore[attr-defined,assignment]
        "CpuClock", (), {"perf_counter": staticmethod(time.process_time)})


def _detect(data: bytes, index: int) -> dict[str, float]:
    """One cold detect's CPU seconds: in all, MuPDF's, the table stage's, the rest's."""
    _spent["mupdf"] = _spent["callback"] = 0.0
    t0 = time.process_time()
    res = Pipeline(open_document(data)).run(index)
    total = time.process_time() - t0
    mupdf = _spent["mupdf"] - _spent["callback"]
    table = sum(v for k, v in res.timings.items() if k in TABLE_STAGES) / 1000.0
    return {"detect": total, "mupdf": mupdf, "table": table, "python": total - mupdf - table}


def main() -> int:
    cv2.setNumThreads(1)  # as the app does
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=4, help="rounds over the pages (each page's best is kept)")
    ap.add_argument("--pages", type=int, default=0, help="at most this many pages (0: all)")
    args = ap.parse_args()
    pages = sorted({(rec.pdf, rec.page) for rec in icdar_records(CORPUS)})[: args.pages or None]
    datas = [(pdf.read_bytes(), page - 1) for pdf, page in pages]
    _wrap_mupdf()
    floors = [float("inf")] * len(datas)
    best: list[dict[str, float]] = [{"detect": float("inf")} for _ in datas]
    for _ in range(args.rounds):
        for n, (data, index) in enumerate(datas):
            t0 = time.process_time()
            floor(data, index)
            floors[n] = min(floors[n], time.process_time() - t0)
            got = _detect(data, index)
            if got["detect"] < best[n]["detect"]:
                best[n] = got
    fl = statistics.median(floors) * 1000
    print(f"{len(datas)} corpus pages, best of {args.rounds} rounds, CPU time; median page ms (total ms), x the floor")
    print(f"  floor        {fl:7.2f} ({sum(floors) * 1000:6.0f})")
    for key in ("detect", "mupdf", "table", "python"):
        values = [b[key] for b in best]
        med = statistics.median(values) * 1000
        print(f"  {key:12s} {med:7.2f} ({sum(values) * 1000:6.0f})   {med / fl:.2f} x")
    outside = statistics.median(b["detect"] - b["table"] for b in best) * 1000
    per_page = statistics.median((b["detect"] - b["table"]) / f for b, f in zip(best, floors, strict=True))
    print(f"  detect less its table stage: {outside:.2f} ms on the median page, {outside / fl:.2f} x the floor"
          f" (per page, median {per_page:.2f} x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
