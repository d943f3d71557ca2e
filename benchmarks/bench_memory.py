"""Memory over a long editing session: does the resident size keep growing?

    python benchmarks/bench_memory.py [PDF] [--rounds N] [--edits K]

Drives what a long correction session does to the pure model, the way the window does it:
each round re-detects a page after a column-parameter change (the pipeline's per-stage
cache as the window's worker sizes it), takes the detected tables as an annotation and
applies K boundary edits through the pure edits (each with its inverse kept, as the undo
stack keeps them), then undoes half of them. It prints the resident set size (RSS, MiB) after
a warm-up and at every quarter, in two child processes run back to back:

  once     ``gc.freeze()`` once after start-up only (today's window)
  each     ``gc.freeze()`` after every detection as well (the window before issue 15)
  capped   as "once" with the undo history capped at 100 edits: what is left is not undo

and the growth per 1000 edits of each. Frozen objects are never collected, so "each" keeps
every cyclic garbage made between detections. Not a test: RSS depends on the allocator and
on what else runs; compare the two lines of one run.
"""

from __future__ import annotations

import argparse
import gc
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODES = ("once", "each", "capped")
sys.path.insert(0, str(ROOT))


def rss_mib() -> float:
    """Resident set size of this process now (Linux /proc; MiB)."""
    with open("/proc/self/statm") as fh:
        pages = int(fh.read().split()[1])
    import resource
    return pages * resource.getpagesize() / 2**20


def session(pdf: Path, rounds: int, edits: int, mode: str) -> dict[str, object]:
    from inspector.annotation import edits as E
    from inspector.annotation.model import DocumentAnnotation, annotation_table_from_detected
    from inspector.annotation.text import text_source
    from inspector.core.params import Params
    from inspector.core.pipeline import Pipeline
    from inspector.core.reading.document import open_document
    from inspector.gui.worker import PIPELINE_CACHE

    doc = open_document(pdf.read_bytes(), name=pdf.name)
    pipe = Pipeline(doc, cache_size=PIPELINE_CACHE)
    gaps = [Params().columns.min_gap + d for d in (0.0, 0.5, 1.0, 1.5, 2.0)]
    undo: list[tuple[str, E.Edit]] = []
    marks: list[tuple[int, float]] = []
    n_edits = 0
    gc.freeze()  # what inspector.startup does once the first page is on screen
    for k in range(rounds):
        page = k % doc.page_count
        params = Params().with_value("columns.min_gap", gaps[k % len(gaps)])
        res = pipe.run(page, params)
        if mode == "each":
            gc.freeze()
        tables = [annotation_table_from_detected(t, f"t{i + 1}", res.words, page_size=(res.width, res.height))
                  for i, t in enumerate(res.tables)]
        ann = DocumentAnnotation(doc.sha256(), pdf.name, (), tuple(tables))
        src = text_source({page + 1: res.words})
        for j in range(edits):
            table = next((t for t in ann.tables if len(t.regions[0].ys) > 2), None)
            if table is None:
                break
            ys = table.regions[0].ys
            pos = ys[1] + (0.3 if j % 2 == 0 else -0.3)
            if not ys[0] < pos < ys[2]:
                continue
            ann, inverse = E.apply_edit(ann, table.id, E.MoveBoundary(0, "row", 1, pos), src)
            undo.append((table.id, inverse))
            n_edits += 1
        for table_id, inverse in undo[-(edits // 2):]:
            ann, _ = E.apply_edit(ann, table_id, inverse, src)
        if mode == "capped":
            del undo[:-100]
        if k == max(1, rounds // 10) or (k + 1) % max(1, rounds // 4) == 0:
            marks.append((n_edits, round(rss_mib(), 1)))
    return {"mode": mode, "marks": marks, "edits": n_edits,
            "frozen": gc.get_freeze_count()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pdf", nargs="?", default=str(ROOT / "resources" / "samples" / "sample.pdf"))
    ap.add_argument("--rounds", type=int, default=400)
    ap.add_argument("--edits", type=int, default=10)
    ap.add_argument("--child", choices=MODES, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(session(Path(args.pdf), args.rounds, args.edits, args.child)))
        return 0
    print(f"{args.pdf}: {args.rounds} re-detects, {args.edits} edits each (half undone)")
    print(f"{'freeze':<6} {'edits':>6} {'RSS MiB after warm-up -> at each quarter':<46} {'MiB / 1000 edits':>16}")
    for mode in MODES:
        out = subprocess.run([sys.executable, __file__, args.pdf, "--rounds", str(args.rounds), "--edits",
                              str(args.edits), "--child", mode], capture_output=True, text=True, check=True)
        r = json.loads(out.stdout.strip().splitlines()[-1])
        marks = r["marks"]
        (e0, m0), (e1, m1) = marks[0], marks[-1]
        per_k = (m1 - m0) / max(e1 - e0, 1) * 1000
        trail = " -> ".join(f"{m:.1f}" for _, m in marks)
        print(f"{mode:<6} {r['edits']:>6} {trail:<46} {per_k:>16.2f}   (frozen objects {r['frozen']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
