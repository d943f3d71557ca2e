"""Detection on the colour test set (resources/colour_samples.py): per style, adjacency F1,
whether the grid came out exactly, and tables found where there is none.

    python benchmarks/score_colour.py [--set stage.field=value ...] [--verbose]
"""

from __future__ import annotations

import argparse
import sys
import time

from inspector.cli.common import params_from_args
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.evaluation.adjacency import AdjacencyCounts, compare, match_tables
from resources.colour_samples import STYLES, as_table


def score(name: str, params: Params) -> tuple[AdjacencyCounts, int, int, int, list[str]]:
    """Counts, exact tables, expected tables, extra tables, and what differed."""
    data, case = STYLES[name]()
    res = Pipeline(open_document(data)).run(0, params)
    truth = [as_table(e) for e in case.tables]
    found = list(res.tables)
    match = match_tables(truth, found)
    counts, exact, notes = AdjacencyCounts(), 0, []
    for t, j in zip(truth, match, strict=True):
        f = found[j] if j is not None else None
        counts += compare(t, f)
        if f is not None and f.rows_text() == t.rows_text() and compare(t, f).f1 == 1.0:
            exact += 1
        elif f is None:
            notes.append("missed")
        else:
            notes.append(f"{f.n_rows}x{f.n_cols} for {t.n_rows}x{t.n_cols}")
    extra = len(found) - sum(j is not None for j in match)
    inside = {w for tb in found for c in tb.cells for w in c.word_ids}
    stray = sorted({res.words[i].text for i in inside} & set(case.outside))
    if stray:
        notes.append("in a table: " + " ".join(stray))
    return counts, exact, len(truth), extra, notes


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", dest="sets", action="append", default=[], metavar="STAGE.FIELD=VALUE")
    ap.add_argument("--verbose", "-v", action="store_true")
    args = ap.parse_args()
    params = params_from_args(args)
    total, n_exact, n_truth, n_extra = AdjacencyCounts(), 0, 0, 0
    t0 = time.perf_counter()
    for name in STYLES:
        counts, exact, n, extra, notes = score(name, params)
        total += counts
        n_exact, n_truth, n_extra = n_exact + exact, n_truth + n, n_extra + extra
        why = ("  " + "; ".join(notes)) if notes and args.verbose else ""
        print(f"{name:18s} F1={counts.f1:.3f} exact {exact}/{n} extra {extra}{why}")
    print(f"{'overall':18s} F1={total.f1:.3f} exact {n_exact}/{n_truth} extra {n_extra}"
          f"  [{len(STYLES)} pages, {time.perf_counter() - t0:.1f} s]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
