"""Scan throughput: one process, two local processes and a two-worker Dask LocalCluster, in one run.

    python benchmarks/bench_scan.py [--pages 2000] [--docs 100] [--work DIR]

Builds a corpus of about ``--pages`` pages (the real corpus PDFs' pages, copied round-robin
into ``--docs`` documents, each a little different so no two files hash alike), then runs
``table-inspector scan`` over it three ways into fresh result files and prints pages per
second, the ratio of the Dask run to local processes with the same number of workers, and
the peak resident memory of a worker. Not a test: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

import pymupdf

from inspector.core.params import Params
from inspector.triage import runner
from inspector.triage.store import Store

CORPUS = (Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus").resolve()


def build_corpus(out: Path, pages: int, docs: int) -> int:
    """``docs`` PDFs with ``pages`` pages in all, drawn from the real corpus; returns the page count."""
    sources = sorted((CORPUS / "pdfs").rglob("*.pdf"))
    pool = []
    for src in sources:
        try:
            doc = pymupdf.open(src)
        except Exception:  # noqa: BLE001 - damaged or encrypted corpus files are left out
            continue
        if doc.needs_pass:
            continue
        pool.extend((src, i) for i in range(min(doc.page_count, 20)))
        doc.close()
    if not pool:
        sys.exit(f"no corpus PDFs under {CORPUS}")
    out.mkdir(parents=True, exist_ok=True)
    per_doc = max(1, pages // docs)
    k = 0
    for d in range(docs):
        target = pymupdf.open()
        for _ in range(per_doc):
            src, i = pool[k % len(pool)]
            with pymupdf.open(src) as s:
                target.insert_pdf(s, from_page=i, to_page=i)
            k += 1
        target.set_metadata({"title": f"bench {d}"})
        target.save(out / f"doc-{d:04d}.pdf", garbage=1)
        target.close()
    return k


def timed_scan(folder: Path, db: Path, **kw: object) -> tuple[float, int]:
    store = Store(db)
    try:
        work = runner.plan([str(folder)], store, runner.params_key(Params())[0])
        t0 = time.perf_counter()
        stats = runner.run(work, store, Params(), **kw)  # type: ignore[arg-type]
        return time.perf_counter() - t0, stats.pages
    finally:
        store.close()


def dask_scan(folder: Path, db: Path) -> tuple[float, int, float]:
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        seconds, pages = timed_scan(folder, db, dask_address=cluster.scheduler_address)
        with Client(cluster.scheduler_address) as client:
            peaks = client.run(lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    return seconds, pages, max(peaks.values()) / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", type=int, default=2000)
    ap.add_argument("--docs", type=int, default=100)
    ap.add_argument("--work", type=Path, help="folder for the built corpus and results (default: a temp folder)")
    args = ap.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="bench-scan-"))
    folder = work / "pdfs"
    if folder.exists():
        shutil.rmtree(folder)
    n = build_corpus(folder, args.pages, args.docs)
    print(f"corpus: {n} pages in {args.docs} documents under {folder}")
    rows = []
    s1, p1 = timed_scan(folder, work / "one.sqlite")
    rows.append(("1 process", s1, p1))
    s2, p2 = timed_scan(folder, work / "two.sqlite", jobs=2)
    rows.append(("2 local processes", s2, p2))
    local_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    sd, pd, dask_peak = dask_scan(folder, work / "dask.sqlite")
    rows.append(("Dask LocalCluster, 2 workers", sd, pd))
    print(f"\n{'run':30} {'s':>8} {'pages':>6} {'pages/s':>8}")
    for name, s, p in rows:
        print(f"{name:30} {s:8.1f} {p:6d} {p / s:8.1f}")
    print(f"\nDask / 2 local processes (time): {sd / s2:.2f}  (target <= 1.15)")
    print(f"2 local processes / 1 process (speed-up): {s1 / s2:.2f}")
    print(f"peak RSS of a worker: local {local_peak:.0f} MiB, Dask {dask_peak:.0f} MiB")


if __name__ == "__main__":
    main()
