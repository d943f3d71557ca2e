"""Heavy pages (tests/fuzz/heavy.py) through every surface: wall and CPU time, exit code, and
whether the page's tables came back and its skipped raster pass was reported.

    python benchmarks/bench_heavy.py [--cases many_paths,tiling_pattern] [--surfaces detect,explain,eval,scan,gui]
                                     [--limit 300] [--set budget.seconds=20]

Each surface runs in a subprocess of its own (``table-inspector detect --json``, ``explain``,
``eval`` over a folder of the page with a one-table ground truth, ``scan`` into SQLite, and the
window's worker: ``gui --screenshot`` offscreen); its CPU time counts the processes it waited
for (the budgeted workers). ``--code`` runs another checkout's code (main's, for a "before"). ``--limit`` kills a run that hangs. Not a test: timing, CPU heavy.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fuzz import heavy  # noqa: E402

SURFACES = ("detect", "explain", "eval", "scan", "gui")
SKIP_WORDS = "raster"  # a note about the raster pass


def _run(args: list[str], limit: float, code_root: Path) -> tuple[int | None, float, float, str]:
    """(exit code or None when killed at ``limit``, wall s, CPU s of it and its children, output)."""
    env = {**os.environ, "PYTHONPATH": str(code_root), "QT_QPA_PLATFORM": "offscreen"}
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "inspector.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, env=env, stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=limit)
        code: int | None = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        out, _ = proc.communicate()
        code = None
    wall = time.monotonic() - t0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return code, wall, usage.ru_utime + usage.ru_stime, out.decode("utf-8", "replace")


def _corpus(folder: Path, name: str, pdf: Path) -> Path:
    corpus = folder / f"corpus-{name}"
    (corpus / "pdfs").mkdir(parents=True)
    (corpus / "pdfs" / pdf.name).write_bytes(pdf.read_bytes())
    rec = {"kind": "ground_truth", "id": f"h:{name}", "pdf": f"pdfs/{pdf.name}", "page": 1,
           "bbox": [72, 72, 312, 152], "cells": [{"r": 0, "c": 0, "text": "Fruit", "bbox": [72, 72, 172, 92]}]}
    (corpus / "tables.jsonl").write_text(json.dumps(rec) + "\n")
    return corpus


def _args(surface: str, name: str, pdf: Path, folder: Path, sets: list[str]) -> list[str]:
    extra = [a for s in sets for a in ("--set", s)]
    if surface == "detect":
        return ["detect", "--json", str(pdf), *extra]
    if surface == "explain":
        return ["explain", str(pdf), "--page", "1", *extra]
    if surface == "eval":
        return ["eval", str(_corpus(folder, name, pdf)), "--extractor", "inspector", "--jobs", "1"]
    if surface == "scan":
        return ["scan", str(pdf), "-o", str(folder / f"{name}.sqlite"), "--quiet", *extra]
    return ["gui", str(pdf), "--screenshot", str(folder / f"{name}.png"), *extra]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", default=",".join(heavy.CASES))
    ap.add_argument("--surfaces", default=",".join(SURFACES))
    ap.add_argument("--limit", type=float, default=300.0, help="s before a run counts as hung (default 300)")
    ap.add_argument("--code", type=Path, default=ROOT, help="the checkout whose code runs (default this one)")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name in args.cases.split(","):
            pdf = folder / f"{name}.pdf"
            pdf.write_bytes(heavy.CASES[name]())
            for surface in args.surfaces.split(","):
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                code, wall, cpu, out = _run(_args(surface, name, pdf, folder, args.set), args.limit, args.code)
                cpu -= before.ru_utime + before.ru_stime
                said = "skip reported" if "raster skipped" in out or "raster_skipped" in out else ""
                stopped = "page stopped" if "page stopped" in out else ""
                print(f"{name:15} {surface:8} exit {code!s:4} wall {wall:6.1f} s  cpu {cpu:6.1f} s  {stopped} {said}",
                      flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
