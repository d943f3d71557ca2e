"""Every extractor on one golden source in the same run, pages interleaved so machine load
falls on all of them alike; prints a Markdown table (adjacency P/R/F1 and the other metrics,
ms per page of the extractor alone).

    python benchmarks/compare_extractors.py [GOLDEN_DIR] [--extractors inspector,pymupdf,...]
                                            [--json-dir DIR]

GOLDEN_DIR defaults to ../shared/corpus (its ICDAR 2013 non-hinted ground truth). Missing
peers are listed and skipped.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from inspector.core.params import Params
from inspector.evaluation import evaluate, peers, summary

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"
DEFAULT = "inspector,pymupdf,pdfplumber,camelot"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("golden", nargs="?", default=str(CORPUS.resolve()))
    ap.add_argument("--extractors", default=DEFAULT)
    ap.add_argument("--json-dir", help="also write each extractor's full result here")
    ap.add_argument("--only", action="append", default=[], help="documents whose name contains this")
    args = ap.parse_args()
    names, skipped = peers.available(args.extractors.split(","))
    for line in skipped:
        print(line, file=sys.stderr)
    source, refused = evaluate.verify_pdfs(evaluate.load_source(args.golden))
    if args.only:
        source = evaluate.only_documents(source, args.only)
    outcomes: dict[str, list[evaluate.PageOutcome]] = {n: [] for n in names}
    for k, gp in enumerate(source.pages, 1):
        for name in names:
            outcomes[name].append(evaluate.run_page(evaluate.PageTask(gp, name, Params(), evaluate.DEFAULT_TIMEOUT)))
        print(f"\r{k}/{len(source.pages)} pages", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(f"{len(source.pages)} pages of {source.path} (golden hash {source.hash[:12]}), refused {len(refused)}")
    print("| extractor | adjacency P | R | F1 | cell retention | row integrity | label-number | TEDS | "
          "TEDS-Struct | detection P | R | defects/100 cells | failed | ms/page median | mean |")
    print("|" + " --- |" * 16)
    for name in names:
        res = summary.result(source, name, Params(), outcomes[name], refused)
        if args.json_dir:
            Path(args.json_dir).mkdir(parents=True, exist_ok=True)
            (Path(args.json_dir) / f"{name}.json").write_text(json.dumps(res, indent=1), encoding="utf-8")
        print(_row(name, res["overall"]))
    return 0


def _row(name: str, o: dict) -> str:
    f = summary.fmt
    a, d = o["adjacency"], o["detection"]
    cells = [name, f(a["precision"]), f(a["recall"]), f(a["f1"]), f(o["cell_retention"]["value"]),
             f(o["row_integrity"]["value"]), f(o["label_number_pairing"]["value"]), f(o["teds"]["mean"]),
             f(o["teds"]["struct_mean"]), f(d["precision"]), f(d["recall"]),
             f(o["defects"]["per_100_cells"], pct=False), str(o["pages_failed"] + o["pages_timed_out"]),
             str(o["ms_per_page"]["median"]), str(o["ms_per_page"]["mean"])]
    return "| " + " | ".join(cells) + " |"


if __name__ == "__main__":
    sys.exit(main())
