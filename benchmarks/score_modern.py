"""Adjacency F1 per style on a golden set whose tables carry a style (the modern-document
corpus of tagged PDFs: ``styles.json`` beside its ``golden`` folder), every extractor in one
run, pages interleaved so machine load falls on all alike.

    python benchmarks/score_modern.py CORPUS_DIR [--extractors inspector,pdfplumber,camelot]
                                      [--json OUT] [--set stage.field=value ...]

CORPUS_DIR holds ``golden/`` (a golden set) and ``styles.json`` ({"documents": {PDF:
{TABLE_ID: {"style": ...}}}}). Prints one Markdown row per style: F1 of each extractor.
Every generated corpus is one: corpus/modern, corpus/html, corpus/styles, corpus/producers,
corpus/jslibs.

Then, when the golden set has tables continued over pages (regions of one table on two
pages) or Table Inspector proposes any, one line of continuation links: found, missed and
false joins (``--no-links`` skips it), each mistake listed below it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

from inspector.cli.common import params_from_args
from inspector.core.types import PageResult
from inspector.evaluation import evaluate, links
from inspector.evaluation.adjacency import AdjacencyCounts
from inspector.extractors import peers


def style_of(styles: dict, table_id: str) -> str:
    doc, _, tid = table_id.partition(":")
    entry = styles.get("documents", {}).get(doc, {}).get(tid.split(":")[0])
    return entry["style"] if entry else "unknown"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus")
    ap.add_argument("--extractors", default="inspector,pdfplumber,camelot")
    ap.add_argument("--json", help="write per-table F1 of every extractor here")
    ap.add_argument("--no-links", action="store_true", help="do not score continuation links")
    ap.add_argument("--set", dest="sets", action="append", default=[], metavar="STAGE.FIELD=VALUE")
    args = ap.parse_args()
    params = params_from_args(args)
    root = Path(args.corpus)
    styles = json.loads((root / "styles.json").read_text(encoding="utf-8"))
    source, refused = evaluate.verify_pdfs(evaluate.load_source(root / "golden"))
    names, skipped = peers.available(args.extractors.split(","))
    for line in skipped:
        print(line, file=sys.stderr)
    counts: dict[str, dict[str, AdjacencyCounts]] = {n: defaultdict(AdjacencyCounts) for n in names}
    per_table: dict[str, dict[str, float]] = defaultdict(dict)
    unsafe: set[tuple[str, int]] = set()
    detected: dict[tuple[str, int], PageResult] = {}  # each page's detection, continuations scored from it
    for k, gp in enumerate(source.pages, 1):
        for name in names:
            out = evaluate.run_page(evaluate.PageTask(gp, name, params, evaluate.DEFAULT_TIMEOUT,
                                                      keep_result=name == "inspector" and not args.no_links))
            if out.result is not None:
                detected[gp.doc, gp.page] = out.result
            if out.status != "ok":
                unsafe.add((gp.doc, gp.page))  # not detected again for the links, without a time limit
            for ts in out.scores.tables:
                st = style_of(styles, ts.id)
                counts[name][st] += ts.adjacency
                counts[name]["all"] += ts.adjacency
                per_table[ts.id][name] = round(ts.adjacency.f1, 3)
        print(f"\r{k}/{len(source.pages)} pages", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    n_tables = defaultdict(int)
    for tid in per_table:
        n_tables[style_of(styles, tid)] += 1
        n_tables["all"] += 1
    print(f"{len(source.pages)} pages, {n_tables['all']} tables of {root} (golden hash {source.hash[:12]}), "
          f"refused {len(refused)}")
    print("| style | tables | " + " | ".join(names) + " |")
    print("| --- | ---: |" + " ---: |" * len(names))
    for st in sorted(n_tables, key=lambda s: (s == "all", s)):
        row = " | ".join(f"{counts[n][st].f1:.3f}" for n in names)
        print(f"| {st} | {n_tables[st]} | {row} |")
    if not args.no_links and "inspector" in names:
        block = links.links_dict(links.score_links(source, "inspector", params, unsafe, detected))
        if block["golden"] or block["false_joins"]:
            print("\n".join(links.text_lines(block)))
    if args.json:
        Path(args.json).write_text(json.dumps(per_table, indent=1, sort_keys=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
