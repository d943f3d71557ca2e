"""The wild set (corpus/wild, ``make corpus-wild``): real PDFs from producers nobody here made,
for development. Every extractor side by side, per producer family, per file and overall.

    python benchmarks/score_wild.py [--extractors inspector,pdfplumber] [--json OUT.json]
                                    [--dest DIR] [--rule-kinds] [--no-files]

The pages scored are the manifest's ``score_pages`` (the pages with tables or forms, plus a few
prose pages and scans where no table is expected), and every page holding truth from tags.
The figures are ``benchmarks/score_holdout.py``'s: truth-free defects of
``inspector.evaluation.defects`` (broken numbers, ragged rows, sparse columns per 100 output
cells; drawn rules no table uses, by kind) and tables found per page; adjacency F1 and cell
retention where the tags give truth. Unlike the hold-out, this set is for looking at.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from score_holdout import FILE, Holdout, Totals, score, table

from inspector.evaluation import evaluate
from inspector.evaluation.producers import family
from inspector.evaluation.scoring import GoldenPage
from inspector.extractors import peers

ROOT = Path(__file__).resolve().parents[1]
DEST = ROOT / "corpus" / "wild" / "pdfs"
TRUTH = "golden-tagged"


def load(dest: Path = DEST) -> Holdout:
    """The fetched set: ``dest/manifest.json`` (its ``score_pages``) and ``dest/golden-tagged``."""
    manifest = json.loads((dest / "manifest.json").read_text(encoding="utf-8"))
    digest = hashlib.sha256((dest / "manifest.json").read_bytes())
    truth: dict[tuple[str, int], GoldenPage] = {}
    if (dest / TRUTH).is_dir():
        src = evaluate.load_source(dest / TRUTH)
        digest.update(src.hash.encode())
        truth = {(Path(gp.pdf).name, gp.page): gp for gp in src.pages}
    pages: list[GoldenPage] = []
    families: dict[str, str] = {}
    for e in manifest:
        name = e["name"]
        families[name] = family(e["file_producer"], e["file_creator"])
        for page in sorted(set(e["score_pages"]) | {p for (n, p) in truth if n == name}):
            gp = truth.get((name, page)) or GoldenPage(name, str(dest / name), page, (), (), sha256=e["sha256"])
            pages.append(GoldenPage(name, str(dest / name), page, gp.tables, gp.ids, e["sha256"], gp.alternatives))
    kinds = {n: "tags" for (n, _) in truth}
    return Holdout(evaluate.GoldenSource(str(dest), "wild", digest.hexdigest(), tuple(pages)), families, kinds)


def as_json(results: dict[str, dict[str, Totals]]) -> dict[str, dict[str, dict[str, object]]]:
    return {n: {k: t.as_dict() for k, t in per.items()} for n, per in results.items()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--extractors", default="inspector,pdfplumber")
    ap.add_argument("--dest", type=Path, default=DEST)
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--rule-kinds", action="store_true", help="add the unused rules per kind as columns")
    ap.add_argument("--no-files", action="store_true", help="families and overall only, no row per file")
    args = ap.parse_args()
    if not (args.dest / "manifest.json").is_file():
        print(f"{args.dest}: no manifest.json; fetch the set first (make corpus-wild)", file=sys.stderr)
        return 2
    names, skipped = peers.available(args.extractors.split(","))
    for line in skipped:
        print(line, file=sys.stderr)
    wild = load(args.dest)
    results = score(wild, names, files=not args.no_files)
    print(f"wild: {len(wild.family)} documents, {len(wild.source.pages)} pages (set hash {wild.source.hash[:12]})")
    print(table(results, args.rule_kinds).replace(f"| {FILE}", "| "))
    if args.json:
        Path(args.json).write_text(json.dumps(as_json(results), indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
