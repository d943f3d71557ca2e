"""The hold-out set (corpus/holdout, ``make corpus-holdout``): every extractor in one run,
per producer family and overall. NOBODY TUNES ON IT (docs/benchmarks/holdout.md).

    python benchmarks/score_holdout.py [--extractors inspector,pdfplumber,camelot]
                                       [--pages N] [--json OUT.json] [--dest DIR]

Where truth exists (tables from the PDF's own tags, or contents a source project pins for
one of its files) it prints adjacency F1 and cell retention; on every page scored, the
truth-free defects of ``inspector.evaluation.defects`` (broken numbers, ragged rows, sparse
columns per 100 output cells; drawn rules no table uses) and tables found per page. The
first ``--pages`` pages of each document are scored, and every page holding truth.
``--rule-kinds`` adds the unused rules split by kind (``inspector.evaluation.rulekinds``:
running header/footer, underline, check box, form box, other) as columns after their total;
the JSON always has the split.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from inspector.core.params import Params
from inspector.evaluation import evaluate
from inspector.evaluation.adjacency import AdjacencyCounts
from inspector.evaluation.defects import DefectCounts
from inspector.evaluation.metrics import Ratio
from inspector.evaluation.producers import family
from inspector.evaluation.rulekinds import KINDS, LABELS
from inspector.evaluation.scoring import GoldenPage
from inspector.extractors import peers

ROOT = Path(__file__).resolve().parents[1]
DEST = ROOT / "corpus" / "holdout" / "pdfs"
TRUTH = {"golden-tagged": "tags", "golden-expected": "pinned"}  # folder -> kind of truth
DEFAULT = "inspector,pdfplumber,camelot"
MAX_PAGES = 4
OVERALL = "overall"
FILE = "file: "  # key prefix of one document's totals (score(..., files=True))


@dataclass
class Totals:
    """One extractor's sums over some pages (a family's, or all)."""

    pages: int = 0
    truth_pages: int = 0
    truth_tables: int = 0
    tables_found: int = 0
    failed: int = 0
    adjacency: AdjacencyCounts = field(default_factory=AdjacencyCounts)
    table_f1: list[float] = field(default_factory=list)  # each truth table's own F1 (a missed one: 0)
    retention: Ratio = field(default_factory=Ratio)
    defects: DefectCounts = field(default_factory=DefectCounts)

    def add(self, out: evaluate.PageOutcome, truth: bool) -> None:
        self.pages += 1
        self.tables_found += len(out.output)
        self.failed += out.status != "ok"
        self.defects += out.scores.defect_counts
        if truth:
            self.truth_pages += 1
            self.truth_tables += len(out.scores.tables)
            self.adjacency += out.scores.adjacency
            self.table_f1 += [t.adjacency.f1 for t in out.scores.tables]
            self.retention += out.scores.retention

    def as_dict(self) -> dict[str, object]:
        d = self.defects
        return {"pages": self.pages, "truth_pages": self.truth_pages, "truth_tables": self.truth_tables,
                "adjacency_f1": self.adjacency.f1 if self.truth_tables else None,
                "mean_table_f1": sum(self.table_f1) / len(self.table_f1) if self.table_f1 else None,
                "cell_retention": self.retention.value, "tables_per_page": self.tables_found / max(self.pages, 1),
                "broken_numbers": d.broken_numbers, "ragged_rows": d.ragged_rows, "sparse_columns": d.sparse_columns,
                "defects_per_100_cells": d.per_100_cells, "unused_rules": d.unused_rules,
                "unused_rule_kinds": d.unused_kinds.as_dict(), "failed": self.failed}


@dataclass(frozen=True)
class Holdout:
    """The pages to score; ``family``/``truth_kind`` by document name (the PDF's file name)."""

    source: evaluate.GoldenSource
    family: dict[str, str]
    truth_kind: dict[str, str]


def load(dest: Path = DEST, max_pages: int = MAX_PAGES) -> Holdout:
    """The fetched set: ``dest/manifest.json`` and the golden folders beside it."""
    manifest = json.loads((dest / "manifest.json").read_text(encoding="utf-8"))
    truth: dict[tuple[str, int], GoldenPage] = {}
    kinds: dict[str, str] = {}
    digest = hashlib.sha256((dest / "manifest.json").read_bytes())
    for folder, kind in TRUTH.items():
        if not (dest / folder).is_dir():
            continue
        src = evaluate.load_source(dest / folder)
        digest.update(src.hash.encode())
        for gp in src.pages:
            truth[(Path(gp.pdf).name, gp.page)] = gp
            kinds[Path(gp.pdf).name] = kind
    pages: list[GoldenPage] = []
    families: dict[str, str] = {}
    for e in manifest:
        name = e["name"]
        families[name] = family(e["file_producer"], e["file_creator"])
        wanted = set(range(1, min(max_pages, int(e["pages"])) + 1)) | {p for (n, p) in truth if n == name}
        for page in sorted(wanted):
            gp = truth.get((name, page)) or GoldenPage(name, str(dest / name), page, (), (), sha256=e["sha256"])
            pages.append(GoldenPage(name, str(dest / name), page, gp.tables, gp.ids, e["sha256"], gp.alternatives))
    return Holdout(evaluate.GoldenSource(str(dest), "holdout", digest.hexdigest(), tuple(pages)), families, kinds)


def score(holdout: Holdout, extractors: list[str], params: Params | None = None,
          timeout: float = evaluate.DEFAULT_TIMEOUT, files: bool = False) -> dict[str, dict[str, Totals]]:
    """extractor -> family (and ``OVERALL``, ``OVERALL + ", truth from tags"``...) -> totals;
    with ``files``, each document's own totals too, under ``FILE + name``."""
    out: dict[str, dict[str, Totals]] = {}
    by_page = {(g.doc, g.page): g for g in holdout.source.pages}
    for name in extractors:
        per: dict[str, Totals] = defaultdict(Totals)
        def progress(done: int, total: int, name: str = name) -> None:
            print(f"\r{name}: {done}/{total} pages", end="" if done < total else "\n", file=sys.stderr, flush=True)

        for o in evaluate.run(holdout.source, name, params or Params(), timeout=timeout, progress=progress):
            has_truth = bool(by_page[(o.doc, o.page)].tables)
            per[holdout.family[o.doc]].add(o, has_truth)
            per[OVERALL].add(o, has_truth)
            if files:
                per[FILE + o.doc].add(o, has_truth)
            if has_truth:
                per[f"{OVERALL}, truth from {holdout.truth_kind[o.doc]}"].add(o, True)
        out[name] = dict(per)
    return out


def _f(v: object, pct: bool = True) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{100 * v:.1f}" if pct else f"{v:.2f}"
    return str(v)


def table(results: dict[str, dict[str, Totals]], kinds: bool = False) -> str:
    """Markdown: one row per (family, extractor), families by name, the overall rows last; with
    ``kinds``, the unused rules per kind in columns after their total."""
    extra = [f"unused: {LABELS[k]}" for k in KINDS] if kinds else []
    lines = ["| family | extractor | pages (with truth) | truth tables | adjacency F1 | mean table F1 | cell retention | "
             "tables/page | broken numbers | ragged rows | sparse columns | defects/100 cells | unused rules | "
             + "".join(f"{h} | " for h in extra) + "failed |",
             "|" + " --- |" * (14 + len(extra))]
    keys = sorted({k for per in results.values() for k in per}, key=lambda k: (k.startswith(OVERALL), k))
    keys = [k for k in keys if not k.startswith(FILE)] + [k for k in keys if k.startswith(FILE)]
    for key in keys:
        for name, per in results.items():
            if key not in per:
                continue
            d = per[key].as_dict()
            lines.append(f"| {key} | {name} | {d['pages']} ({d['truth_pages']}) | {d['truth_tables']} | "
                         f"{_f(d['adjacency_f1'])} | {_f(d['mean_table_f1'])} | {_f(d['cell_retention'])} | {_f(d['tables_per_page'], False)} | "
                         f"{d['broken_numbers']} | {d['ragged_rows']} | {d['sparse_columns']} | "
                         f"{_f(d['defects_per_100_cells'], False)} | {d['unused_rules']} | "
                         + "".join(f"{d['unused_rule_kinds'][k]} | " for k in KINDS if kinds) + f"{d['failed']} |")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--extractors", default=DEFAULT)
    ap.add_argument("--pages", type=int, default=MAX_PAGES, help="first pages of each document scored")
    ap.add_argument("--dest", type=Path, default=DEST)
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--rule-kinds", action="store_true", help="add the unused rules per kind as columns")
    args = ap.parse_args()
    if not (args.dest / "manifest.json").is_file():
        print(f"{args.dest}: no manifest.json; fetch the set first (make corpus-holdout)", file=sys.stderr)
        return 2
    names, skipped = peers.available(args.extractors.split(","))
    for line in skipped:
        print(line, file=sys.stderr)
    holdout = load(args.dest, args.pages)
    results = score(holdout, names)
    docs = len(holdout.family)
    print(f"hold-out: {docs} documents, {len(holdout.source.pages)} pages (set hash {holdout.source.hash[:12]})")
    print(table(results, args.rule_kinds))
    if args.json:
        Path(args.json).write_text(json.dumps({n: {k: t.as_dict() for k, t in per.items()}
                                               for n, per in results.items()}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
