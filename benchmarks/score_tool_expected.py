"""Adjacency F1 of detection on the corpus's peer-tool slice: the tables other extractors'
test suites pin (``kind`` tool_expected), non-hinted and with untransformed text.

Those expectations are another tool's output (they can be wrong), have no boxes, and hold
a spanning cell's text in its first slot, so each is matched to the detected table on its
page that agrees with it best. Per source tool and overall:

    python benchmarks/score_tool_expected.py [--set stage.field=value ...] [--verbose]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

from inspector.cli.common import params_from_args
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Cell, Rect, Table
from inspector.evaluation.adjacency import AdjacencyCounts, compare

CORPUS = (Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus").resolve()


def records(corpus: Path) -> list[dict]:
    out = []
    with (corpus / "tables.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            if rec.get("kind") == "tool_expected" and not rec.get("hinted") and not rec.get("text_transform"):
                out.append(rec)
    return out


def as_table(rows: list[list[str]], page: int) -> Table:
    cells = tuple(Cell(r, c, text=t) for r, row in enumerate(rows) for c, t in enumerate(row))
    return Table(Rect(0, 0, 0, 0), len(rows), max((len(r) for r in rows), default=0), cells, page=page)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", dest="sets", action="append", default=[], metavar="STAGE.FIELD=VALUE")
    ap.add_argument("--verbose", "-v", action="store_true")
    args = ap.parse_args()
    params = params_from_args(args)
    per_tool: dict[str, AdjacencyCounts] = defaultdict(AdjacencyCounts)
    cache: dict[tuple[str, int], list[Table]] = {}
    t0 = time.perf_counter()
    for rec in records(CORPUS):
        key = (rec["pdf"], int(rec["page"]))
        if key not in cache:
            password = next((p["read_pdf"].get("password") for p in rec.get("params") or ()
                             if isinstance(p, dict) and isinstance(p.get("read_pdf"), dict)), None)
            doc = open_document(CORPUS / rec["pdf"], password=password)
            cache[key] = list(Pipeline(doc).run(key[1] - 1, params).tables)
        truth = as_table(rec["rows"], key[1])
        best = max((compare(truth, f) for f in cache[key]), key=lambda c: c.f1, default=compare(truth, None))
        per_tool[rec["source"]] += best
        per_tool["overall"] += best
        if args.verbose:
            print(f"{rec['id']:45s} {rec.get('style', ''):17s} f1={best.f1:.3f}")
    for name, c in sorted(per_tool.items(), key=lambda kv: kv[0] == "overall"):
        print(f"{name:12s} P={c.precision:.3f} R={c.recall:.3f} F1={c.f1:.3f} ({c.truth} relations)")
    print(f"[{len(cache)} pages, {time.perf_counter() - t0:.1f} s]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
