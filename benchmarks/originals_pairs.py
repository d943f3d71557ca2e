"""Originals beside their PDFs: import agreement and what each extractor loses, in one run.

    python benchmarks/originals_pairs.py [OUT_DIR] [--extractors inspector,pdfplumber,camelot,pymupdf] [--modern]

Builds the HWPX/DOCX originals and PDFs of ``tests/compare/originals_data.py`` (Korean and
English, spans, a table over two pages, a PDF repeating its header row) in OUT_DIR (default
a temporary folder), imports each original as the golden truth of its PDF (``golden
import-original``), prints the import agreement (tables placed, cell-text recall), then runs
``eval`` for every extractor and prints one Markdown row per extractor and document: cell
retention, row integrity, label-number pairing and adjacency F1 against the original.

``--modern`` does the same with the modern corpus's Word documents (regenerated from its
seed) on its LibreOffice PDFs (corpus/modern/pdfs): 29 PDFs, 169 tables.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "compare"))
sys.path.insert(0, str(ROOT))

import originals_data as od  # noqa: E402

from inspector.annotation.goldenset import add_to_golden_set  # noqa: E402
from inspector.cli import main as cli  # noqa: E402
from inspector.compare.original_import import import_original  # noqa: E402

PAIRS = ("ko-docx", "ko-repeat", "en-hwpx")  # one original per PDF (a golden set holds one per PDF)


def _pct(v: float | None) -> str:
    return "-" if v is None else f"{100 * v:.1f}"


def _row(name: str, doc: str, m: dict) -> str:
    return (f"| {name} | {doc} | {_pct(m['cell_retention']['value'])} | {_pct(m['row_integrity']['value'])} | "
            f"{_pct(m['label_number_pairing']['value'])} | {_pct(m['adjacency']['f1'])} |")


def _modern(folder: Path) -> list[tuple[str, Path, Path]]:
    """The modern corpus's Word documents as ``corpus.modern.build`` wrote them, with their PDFs."""
    import random

    from corpus.modern.build import plan, write_docx
    from corpus.modern.content import Content

    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(11)
    out = []
    for i, group in enumerate(plan(rng, 13)):
        path = folder / f"modern-{i + 1:03d}.docx"
        write_docx(path, group, Content(random.Random(rng.random())))
        out.append((path.stem, path, ROOT / "corpus" / "modern" / "pdfs" / f"{path.stem}.pdf"))
    return out


def run(out: Path, extractors: list[str], modern: bool = False) -> int:
    golden = out / "golden"
    if modern:
        todo = [(key, o, p, True) for key, o, p in _modern(out / "modern")]
    else:
        pairs = od.build_set(out / "pairs")
        todo = [(key, pairs[key].original, pairs[key].pdf, key in PAIRS)
                for key in ("ko-hwpx", "ko-docx", "en-hwpx", "en-docx", "misnamed", "ko-repeat")]
    print("| original | PDF | tables placed | pieces | cell-text recall |\n|---|---|---|---|---|")
    for key, original, pdf, keep in todo:
        result = import_original(original, pdf)
        ann = result.annotation
        print(f"| {original.name} ({key}) | {pdf.name} | {len(ann.tables)} of {result.tables} | "
              f"{sum(len(t.regions) for t in ann.tables)} | {result.recall:.3f} |")
        if keep:
            add_to_golden_set(golden, ann, pdf)
    print("\n| extractor | document | cell retention | row integrity | label-number pairing | adjacency F1 |")
    print("|---|---|---|---|---|---|")
    for name in extractors:
        report = out / f"eval-{name}.json"
        with contextlib.redirect_stdout(io.StringIO()):  # eval's own report: the JSON is read below
            code = cli(["eval", str(golden), "--extractor", name, "--json", str(report), "--no-tables"])
        if code != 0:
            print(f"| {name} | (eval failed) | | | | |")
            continue
        res = json.loads(report.read_text(encoding="utf-8"))
        for doc, m in ([] if modern else res["documents"].items()):
            print(_row(name, doc, m))
        print(_row(name, "**overall**", res["overall"]))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", nargs="?", help="folder for the pairs, the golden set and the eval results")
    ap.add_argument("--extractors", default="inspector,pdfplumber,camelot,pymupdf")
    ap.add_argument("--modern", action="store_true", help="the modern corpus's documents instead of the test pairs")
    args = ap.parse_args()
    names = [n for n in args.extractors.split(",") if n]
    if args.out:
        return run(Path(args.out), names, args.modern)
    with tempfile.TemporaryDirectory() as tmp:
        return run(Path(tmp), names, args.modern)


if __name__ == "__main__":
    sys.exit(main())
