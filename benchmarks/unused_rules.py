"""Drawn rules no detected table uses, by kind, on development sets (never the hold-out).

    python benchmarks/unused_rules.py SOURCE [SOURCE ...] [--list KIND] [--render DIR] [--jobs N]

Each SOURCE is a golden set folder or a corpus folder (``evaluate.load_source``). The counts
are the hold-out's own (``evaluate.run``: the unused-rule defect of ``evaluation.defects``, each
rule of its ``evaluation.rulekinds`` kind), so a figure here reads like one of
``score_holdout.py --rule-kinds``. ``--list KIND`` prints the pages with unused rules of that
kind (e.g. ``other``), with how many; ``--render DIR`` writes each such page as a PNG, the
page's tables in blue and its unused rules of that kind in red, for looking at them.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from inspector.evaluation import evaluate
from inspector.evaluation.defects import DefectCounts
from inspector.evaluation.rulekinds import KINDS, LABELS

_DETAIL = re.compile(r"(?P<o>[hv]) rule at (?P<pos>[-\d.]+) from (?P<a>[-\d.]+) to (?P<b>[-\d.]+) pt")


def counts(outcomes: list[evaluate.PageOutcome]) -> DefectCounts:
    """The defect totals of ``outcomes`` (unused rules split by kind in ``unused_kinds``)."""
    total = DefectCounts()
    for o in outcomes:
        total += o.scores.defect_counts
    return total


def pages_of_kind(outcomes: list[evaluate.PageOutcome], kind: str) -> list[tuple[evaluate.PageOutcome, list[str]]]:
    """The pages with unused rules of ``kind``, each with those rules' details."""
    out = []
    for o in outcomes:
        details = [d.detail for d in o.scores.defects if d.kind == "unused_rule" and d.rule_kind == kind]
        if details:
            out.append((o, details))
    return out


def render(pdf: str, outcome: evaluate.PageOutcome, details: list[str], dest: Path) -> Path:
    """The page as a PNG (2x), its output tables in blue, the ``details`` rules in red (both in
    the unrotated page's points, as detection reads it and as a shape draws)."""
    import pymupdf

    doc = pymupdf.open(pdf)
    page = doc[outcome.page - 1]
    shape = page.new_shape()
    for t in outcome.output:
        shape.draw_rect(pymupdf.Rect(t.bbox.x0, t.bbox.y0, t.bbox.x1, t.bbox.y1))
    shape.finish(color=(0, 0, 1), width=1.5)
    for text in details:
        m = _DETAIL.match(text)
        if not m:
            continue
        pos, a, b = float(m["pos"]), float(m["a"]), float(m["b"])
        p, q = ((a, pos), (b, pos)) if m["o"] == "h" else ((pos, a), (pos, b))
        shape.draw_line(pymupdf.Point(*p), pymupdf.Point(*q))
    shape.finish(color=(1, 0, 0), width=2.5)
    shape.commit()
    name = re.sub(r"[^\w.-]+", "_", f"{outcome.doc}_p{outcome.page}") + ".png"
    page.get_pixmap(dpi=144).save(dest / name)
    return dest / name


def table(rows: dict[str, DefectCounts]) -> str:
    """Markdown: one row per source, the unused rules in total and per kind."""
    head = "| set | unused rules | " + "".join(f"{LABELS[k]} | " for k in KINDS)
    lines = [head, "|" + " --- |" * (2 + len(KINDS))]
    for name, d in rows.items():
        split = d.unused_kinds.as_dict()
        lines.append(f"| {name} | {d.unused_rules} | " + "".join(f"{split[k]} | " for k in KINDS))
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sources", nargs="+", type=Path)
    ap.add_argument("--list", default="", metavar="KIND", help="list the pages with unused rules of this kind")
    ap.add_argument("--render", type=Path, default=None, help="write those pages as PNGs to this folder")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    if args.list and args.list not in KINDS:
        ap.error(f"--list: one of {', '.join(KINDS)}")
    rows: dict[str, DefectCounts] = {}
    listed: list[tuple[str, str, evaluate.PageOutcome, list[str]]] = []
    for folder in args.sources:
        src = evaluate.load_source(folder)
        outcomes = evaluate.run(src, "inspector", jobs=args.jobs)
        rows[str(folder)] = counts(outcomes)
        pdfs = {(g.doc, g.page): g.pdf for g in src.pages}
        listed += [(folder.name, pdfs[(o.doc, o.page)], o, d) for o, d in pages_of_kind(outcomes, args.list)] \
            if args.list else []
    print(table(rows), flush=True)  # before the pictures: MuPDF may take minutes over a heavy page
    for name, pdf, o, details in listed:
        print(f"{name}\t{o.doc}\tp{o.page}\t{len(details)} {args.list}, {len(o.output)} tables", flush=True)
        if args.render:
            print(f"  -> {render(pdf, o, details, args.render)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
