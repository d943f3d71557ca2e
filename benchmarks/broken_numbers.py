"""Every broken number the truth-free counter (``inspector.evaluation.defects.broken_numbers``)
sees on some development pages, one line each, with a shape that hints at its cause.

    python benchmarks/broken_numbers.py [--wild DIR] [--golden DIR ...] [--extractor NAME]

``--wild DIR`` reads a wild set's manifest (its scored pages, ``score_wild.load``); each
``--golden DIR`` is a golden set or corpus folder (``evaluate.load_source``: ``/tmp/tg18``,
``../shared/corpus`` for ICDAR dev, ``../shared/corpus/real``). A line is
``file p<page> t<table> r<row> c<col> [shape] detail | left cell bbox | right cell bbox``;
the totals by shape follow. The shape is read off the texts only (a parenthesis, a currency
sign, a percent sign, a separator at a cut, two numbers in one cell...): it says where to look,
the cause is on the rendered page (``table-inspector explain FILE --page N``).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

from score_wild import load as load_wild

from inspector.core.types import Cell, Table
from inspector.evaluation import evaluate
from inspector.evaluation.defects import Defect

_DATE = re.compile(r"\d{1,4}[./-]\d{1,2}[./-]\d{1,4}")
_RANGE = re.compile(r"\d[\d.,]*\s*[-\u2013\u2014]\s*\d")


def shape(detail: str) -> str:
    """A short name for the look of one broken number (its ``Defect.detail``)."""
    kind, _, text = detail.partition(": ")
    if kind == "merged":
        if _DATE.search(text):
            return "merged: date"
        if _RANGE.search(text):
            return "merged: range"
        if re.search(r"[$\u20ac\u00a3\u00a5]", text):
            return "merged: currency"
        if "%" in text:
            return "merged: percent"
        return "merged: numbers"
    left, _, right = text.partition(" | ")
    if right.startswith(")"):
        return "split: closing parenthesis"
    if right == "%":
        return "split: percent sign"
    if left == "(":
        return "split: opening parenthesis"
    if left.endswith("."):
        return "split: at a point"
    return "split: at a comma"


def _box(cell: Cell | None) -> str:
    if cell is None:
        return "-"
    b = cell.bbox
    return f"({b.x0:.1f},{b.y0:.1f},{b.x1:.1f},{b.y1:.1f})"


def lines_of(doc: str, page: int, tables: tuple[Table, ...], found: list[Defect]) -> list[str]:
    """One line per broken number of a page, with the cells it lies in."""
    out = []
    for d in found:
        t = tables[d.table]
        starts = {(c.r, c.c): c for c in t.cells}
        cell = starts.get((d.r, d.c))
        right = starts.get((d.r, d.c + cell.cs)) if cell and d.detail.startswith("split") else None
        out.append(f"{doc} p{page} t{d.table} r{d.r} c{d.c} [{shape(d.detail)}] {d.detail} | "
                   f"{_box(cell)} | {_box(right)}")
    return out


def sources(args: argparse.Namespace) -> list[evaluate.GoldenSource]:
    got = [load_wild(args.wild).source] if args.wild else []
    return got + [evaluate.load_source(g) for g in args.golden]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--wild", type=Path, help="a wild set's folder (with manifest.json)")
    ap.add_argument("--golden", type=Path, action="append", default=[], help="a golden set or corpus folder")
    ap.add_argument("--extractor", default="inspector")
    args = ap.parse_args()
    shapes: Counter[str] = Counter()
    for src in sources(args):
        for o in evaluate.run(src, args.extractor):
            found = [d for d in o.scores.defects if d.kind == "broken_number"]
            for line in lines_of(o.doc, o.page, o.output, found):
                print(line)
            shapes.update(shape(d.detail) for d in found)
    for name, n in shapes.most_common():
        print(f"# {n:4d}  {name}")
    print(f"# {sum(shapes.values()):4d}  broken numbers", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
