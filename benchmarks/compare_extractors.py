"""Every extractor on one golden source in the same run, pages interleaved so machine load
falls on all of them alike; prints a Markdown table (adjacency P/R/F1 and the other metrics,
ms per page of the extractor alone).

    python benchmarks/compare_extractors.py [GOLDEN_DIR] [--extractors inspector,pymupdf,...]
                                            [--json-dir DIR] [--save RESULTS_JSON]
    python benchmarks/compare_extractors.py --readme [RESULTS_JSON]

GOLDEN_DIR defaults to ../shared/corpus (its ICDAR 2013 non-hinted ground truth). Missing
peers are listed and skipped. ``--save`` writes the run's overall figures with its date
(the committed one is benchmarks/results/compare_extractors.json); ``--readme`` rewrites the
README's comparison table from such a file, so the README never drifts from a measured run
(tests/test_readme_table.py checks they agree).
"""

from __future__ import annotations

import argparse
import datetime
import json
import re
import sys
from importlib import metadata
from pathlib import Path

from inspector.core.params import Params
from inspector.evaluation import evaluate, summary
from inspector.extractors import peers

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / ".." / "shared" / "corpus"
DEFAULT = "inspector,pymupdf,pdfplumber,camelot"
RESULTS = ROOT / "benchmarks" / "results" / "compare_extractors.json"
README = ROOT / "README.md"
BEGIN, END = "<!-- compare_extractors table: begin -->", "<!-- compare_extractors table: end -->"
# How each extractor is named in the README: label and the distribution whose version it shows.
LABELS = {"inspector": ("Table Inspector", None), "camelot": ("Camelot {} (lattice, else stream)", "camelot-py"),
          "pymupdf": ("PyMuPDF {} `find_tables`", "pymupdf"), "pdfplumber": ("pdfplumber {}", "pdfplumber")}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("golden", nargs="?", default=str(CORPUS.resolve()))
    ap.add_argument("--extractors", default=DEFAULT)
    ap.add_argument("--json-dir", help="also write each extractor's full result here")
    ap.add_argument("--only", action="append", default=[], help="documents whose name contains this")
    ap.add_argument("--save", help="write the overall figures of this run, dated, to this JSON file")
    ap.add_argument("--readme", nargs="?", const=str(RESULTS), metavar="RESULTS_JSON",
                    help="rewrite the README's comparison table from a saved run and exit")
    args = ap.parse_args()
    if args.readme:
        write_readme(json.loads(Path(args.readme).read_text(encoding="utf-8")))
        print(f"README.md table rewritten from {args.readme}")
        return 0
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
    saved = {"date": datetime.date.today().isoformat(), "golden": Path(source.path).name,
             "golden_hash": source.hash, "pages": len(source.pages), "extractors": {}}
    for name in names:
        res = summary.result(source, name, Params(), outcomes[name], refused)
        if args.json_dir:
            Path(args.json_dir).mkdir(parents=True, exist_ok=True)
            (Path(args.json_dir) / f"{name}.json").write_text(json.dumps(res, indent=1), encoding="utf-8")
        print(_row(name, res["overall"]))
        saved["extractors"][name] = {"label": _label(name), "overall": res["overall"]}
    if args.save:
        Path(args.save).parent.mkdir(parents=True, exist_ok=True)
        Path(args.save).write_text(json.dumps(saved, indent=1) + "\n", encoding="utf-8")
    return 0


def _label(name: str) -> str:
    text, dist = LABELS.get(name, (name, None))
    if dist is None:
        return text
    try:
        version = ".".join(metadata.version(dist).split(".")[:2])
    except metadata.PackageNotFoundError:
        version = "?"
    return text.format(version)


def _pct(v: float | None) -> str:
    return "n/a" if v is None else f"{100 * v:.1f}"


def readme_table(saved: dict) -> str:
    """The README's comparison table (Markdown, with its date) from a ``--save`` file."""
    lines = [f"Measured {saved['date']} on {saved['pages']} pages of `{saved['golden']}` "
             f"(`benchmarks/results/compare_extractors.json`):", "",
             "| extractor | adjacency P / R / **F1** | cells kept | rows intact | TEDS | ms/page |",
             "| --- | --- | ---: | ---: | ---: | ---: |"]
    ranked = sorted(saved["extractors"].values(), key=lambda e: -(e["overall"]["adjacency"]["f1"] or 0.0))
    for entry in ranked:  # best adjacency F1 first
        o = entry["overall"]
        a = o["adjacency"]
        ms = o["ms_per_page"]["median"]
        lines.append(f"| {entry['label']} | {_pct(a['precision'])} / {_pct(a['recall'])} / **{_pct(a['f1'])}** | "
                     f"{_pct(o['cell_retention']['value'])} | {_pct(o['row_integrity']['value'])} | "
                     f"{_pct(o['teds']['mean'])} | {'n/a' if ms is None else f'{ms:.0f}'} |")
    return "\n".join(lines)


def readme_block(readme: str) -> str:
    """The text between the README's markers (ValueError when they are missing)."""
    m = re.search(re.escape(BEGIN) + r"\n(.*?)\n" + re.escape(END), readme, re.S)
    if m is None:
        raise ValueError(f"README.md has no {BEGIN} ... {END} block")
    return m.group(1)


def write_readme(saved: dict, path: Path = README) -> None:
    text = path.read_text(encoding="utf-8")
    old = readme_block(text)
    path.write_text(text.replace(f"{BEGIN}\n{old}\n{END}", f"{BEGIN}\n{readme_table(saved)}\n{END}"),
                    encoding="utf-8")


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
