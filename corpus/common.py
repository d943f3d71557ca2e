"""What every generated corpus's build shares (``corpus/html``, ``corpus/styles``,
``corpus/producers``, ``corpus/modern``): the output folders, the seeded plan of styles
into documents, the build loop, the styles manifest and the command line.

A corpus brings its own parts: its producers and their styles, how one document is made
(``MakeOne``: a PDF and its annotation from a list of styles and a seeded generator), the
order of styles inside a document, and its default seed and tables per style. The random
draws happen in one fixed order (per producer: shuffle its styles, then one ``random()`` per
document), so a corpus rebuilt with the same seed is the same corpus.

Output, under ``OUT``: ``pdfs/`` (emptied first), ``golden/`` (a golden set, emptied first)
and ``styles.json`` (the style of each table, ``inspector.evaluation.styles``).
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from inspector.annotation.goldenset import add_to_golden_set
from inspector.annotation.model import AnnTable, DocumentAnnotation
from inspector.evaluation.styles import write_styles

PER_DOC = 5  # tables per document
StyleMap = dict[str, dict[str, dict[str, str]]]  # PDF name -> table id -> {"style", "detail"}
MakeOne = Callable[[Path, list[str], random.Random], DocumentAnnotation]
MakeNamed = Callable[[Path, list[str], random.Random], tuple[DocumentAnnotation, list[str]]]


@dataclass(frozen=True)
class Producer:
    """One program's documents: files ``PREFIX-001.pdf`` ... holding the tables of ``styles``;
    ``order`` sorts the styles inside one document by a key (stable; default: as drawn)."""

    prefix: str
    styles: Sequence[str]
    order: Callable[[str], int] | None = None


def fresh(out: Path) -> tuple[Path, Path]:
    """``OUT/pdfs`` and ``OUT/golden``, emptied."""
    pdf_dir, golden = out / "pdfs", out / "golden"
    for d in (pdf_dir, golden):
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
    return pdf_dir, golden


def plan(rng: random.Random, styles: Sequence[str], per_style: int, per_doc: int = PER_DOC) -> list[list[str]]:
    """``per_style`` tables of each style, shuffled by ``rng``, grouped ``per_doc`` to a document."""
    names = [s for s in styles for _ in range(per_style)]
    rng.shuffle(names)
    return [names[i:i + per_doc] for i in range(0, len(names), per_doc)]


def checked(ann: DocumentAnnotation) -> DocumentAnnotation:
    """``ann``, or the build stops with its first problem (a truth that breaks the format)."""
    problems = ann.problems()
    if problems:
        sys.exit(f"build: {ann.file_name}: {problems[0]}")
    return ann


def styles_of(tables: Sequence[AnnTable], names: Sequence[str]) -> dict[str, dict[str, str]]:
    """Each table's style entry: the style it was made in and its notes' detail (after ": ")."""
    return {t.id: {"style": n, "detail": t.notes.split(": ", 1)[-1]} for t, n in zip(tables, names, strict=True)}


def finish(out: Path, styles: StyleMap, seed: int, total: int) -> int:
    """Write ``OUT/styles.json``, say what was built; ``total`` tables."""
    write_styles(out / "styles.json", styles, seed)
    print(f"built {len(styles)} PDFs with {total} tables in {out}")
    return total


def build(out: Path, seed: int, per_style: int, producers: Sequence[Producer], make: MakeOne) -> int:
    """Every producer's documents into ``out``, each made by ``make`` with a generator of its own."""
    return build_named(out, seed, per_style, producers, lambda pdf, names, rng: (make(pdf, names, rng), names))


def build_named(out: Path, seed: int, per_style: int, producers: Sequence[Producer], make: MakeNamed) -> int:
    """``build`` where ``make`` returns each table's style with the annotation: a style that
    sets two tables (an invoice and its totals, a pair side by side) names both."""
    rng = random.Random(seed)
    pdf_dir, golden = fresh(out)
    styles: StyleMap = {}
    total = 0
    for prod in producers:
        for k, group in enumerate(plan(rng, prod.styles, per_style), 1):
            names = sorted(group, key=prod.order) if prod.order else group
            pdf = pdf_dir / f"{prod.prefix}-{k:03d}.pdf"
            ann, kinds = make(pdf, names, random.Random(rng.random()))
            add_to_golden_set(golden, ann, pdf)
            styles[pdf.name] = styles_of(ann.tables, kinds)
            total += len(ann.tables)
    return finish(out, styles, seed, total)


def main(argv: list[str] | None, doc: str, build: Callable[[Path, int, int], int], seed: int, per_style: int,
         out: Path) -> int:
    """The corpus's command line: ``--seed``, ``--per-style`` (defaults ``seed``, ``per_style``)
    and ``--out`` (default ``out``, the corpus's own folder); ``doc``'s first paragraph describes it."""
    p = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    p.add_argument("--seed", type=int, default=seed, help=f"generator seed (default {seed})")
    p.add_argument("--per-style", type=int, default=per_style, help=f"tables per style (default {per_style})")
    p.add_argument("--out", type=Path, default=out, help="output folder (default: the corpus's own)")
    args = p.parse_args(argv)
    build(args.out, args.seed, args.per_style)
    return 0
