"""Where an image-only copy's ICDAR score goes: OCR's text, or the structure found on the scan.

For each page of a ``make_image_corpus.py`` copy, three scores against the ground truth:
``text`` (the original's text layer, as ``score_icdar.py``), ``scan`` (the copy, as
``score_icdar.py --pdfs``) and ``swap``: the tables found on the copy with each cell's text
taken from the original's words instead of OCR's (the original's words turned by the copy's
known skew, so each lands where the scan shows it). ``text - swap`` is the structure's loss
(rows, columns or tables the scan cut, merged or missed), ``swap - scan`` OCR's misread text.
Per table it also says how the scan's grid differs from the text layer's (rows, columns, missed).

    python benchmarks/ocr_loss.py --pdfs /tmp/image-corpus --profile default [--verbose]
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.celltext import cell_text
from inspector.core.types import Rect, Table, Word
from inspector.evaluation.adjacency import AdjacencyCounts, match_tables
from inspector.evaluation.corpus import adjacency_by_table, icdar_records

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_image_corpus import PROFILES, Profile

CORPUS = (Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus").resolve()


def skews(pdf: Path, n_pages: int, prof: Profile, seed: int = 2013) -> list[float]:
    """The skew (degrees) ``make_image_corpus`` drew for each page: the same draws in order."""
    rng = random.Random(f"{seed}:{pdf.relative_to(CORPUS)}")
    out = []
    for _ in range(n_pages):
        out.append(rng.choice((-1, 1)) * rng.uniform(*prof.skew))
        if prof.scale:
            rng.uniform(-prof.scale, prof.scale)
        if prof.shift:
            rng.uniform(-prof.shift, prof.shift)
            rng.uniform(-prof.shift, prof.shift)
        if prof.salt:
            rng.getrandbits(32)
    return out


def turned(words: tuple[Word, ...], angle: float, width: float, height: float) -> list[Word]:
    """``words`` moved as ``cv2.getRotationMatrix2D`` about the page centre turns the picture."""
    a, b = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    cx, cy = width / 2, height / 2
    out = []
    for w in words:
        x, y = w.bbox.cx - cx, w.bbox.cy - cy
        nx, ny = a * x + b * y + cx, -b * x + a * y + cy
        hw, hh = w.bbox.width / 2, w.bbox.height / 2
        out.append(dataclasses.replace(w, bbox=Rect(nx - hw, ny - hh, nx + hw, ny + hh)))
    return out


def swapped(table: Table, words: list[Word]) -> Table:
    """``table`` with each cell's text read from ``words`` (the cell's box, centres inside)."""
    cells = tuple(dataclasses.replace(c, text=cell_text(words, c.bbox)) for c in table.cells)
    return dataclasses.replace(table, cells=cells)


def shape_diffs(truth_found: list[Table], scan_found: list[Table], recs: list) -> Counter[str]:
    """Per ground-truth table: how the scan's matched table differs from the text layer's."""
    out: Counter[str] = Counter()
    tm = match_tables([r.table for r in recs], truth_found)
    sm = match_tables([r.table for r in recs], scan_found)
    for i, j in zip(tm, sm, strict=True):
        if i is None:
            continue
        if j is None:
            out["missed"] += 1
            continue
        a, b = truth_found[i], scan_found[j]
        out["rows-" if b.n_rows < a.n_rows else "rows+" if b.n_rows > a.n_rows else "rows="] += 1
        out["cols-" if b.n_cols < a.n_cols else "cols+" if b.n_cols > a.n_cols else "cols="] += 1
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pdfs", type=Path, required=True)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="default")
    ap.add_argument("--verbose", "-v", action="store_true")
    args = ap.parse_args()
    prof = PROFILES[args.profile]
    params = Params()
    by_page = defaultdict(list)
    for rec in icdar_records(CORPUS):
        if base_ok(rec.id):
            by_page[(rec.pdf, rec.page)].append(rec)
    every = defaultdict(list)
    for rec in icdar_records(CORPUS):
        every[(rec.pdf, rec.page)].append(rec)
    tot = {k: AdjacencyCounts() for k in ("text", "swap", "scan")}
    shapes: Counter[str] = Counter()
    for (pdf, page), recs in sorted(every.items()):
        copy = args.pdfs / pdf.relative_to(CORPUS)
        if not copy.is_file():
            continue
        orig = open_document(pdf)
        a = Pipeline(orig).run(page - 1, params)
        s = Pipeline(open_document(copy)).run(page - 1, params)
        angle = skews(pdf, orig.page_count, prof)[page - 1]
        words = turned(a.words, angle, a.width, a.height)
        sw = [swapped(t, words) for t in s.tables]
        row = {}
        for key, found in (("text", list(a.tables)), ("swap", sw), ("scan", list(s.tables))):
            c = sum((cnt for _, cnt in adjacency_by_table(recs, found)), AdjacencyCounts())
            tot[key] += c
            row[key] = c
        shapes += shape_diffs(list(a.tables), list(s.tables), by_page[(pdf, page)])
        if args.verbose:
            print(f"{pdf.name:24s} p{page:<3d} truth={row['text'].truth:4d} "
                  + " ".join(f"{k}={row[k].correct:4d}/{row[k].found:<4d}" for k in row), flush=True)
    for k, c in tot.items():
        print(f"{k:5s} P={c.precision:.3f} R={c.recall:.3f} F1={c.f1:.3f} correct={c.correct} found={c.found}")
    print(f"structure loss {tot['text'].f1 - tot['swap'].f1:.3f}, OCR text loss {tot['swap'].f1 - tot['scan'].f1:.3f}")
    print("scan's tables against the text layer's:", dict(sorted(shapes.items())))
    return 0


def base_ok(rec_id: str) -> bool:
    """A primary annotation (not a second one of the same table)."""
    return ":alt-" not in rec_id


if __name__ == "__main__":
    sys.exit(main())
