"""Run a TeX engine on a source and read back where its cells went (``tex``'s marks in the
``.aux``): each table's cell boxes per page.

A cell's box: its columns' edges (the ``TK`` marks every row writes at each column edge; an
edge's padding, ``\\tabcolsep``, is inside the box) by its rows' extent, a row running from
the highest first baseline less the strut's height to the lowest last baseline plus the
strut's depth of its marked cells (a ``\\multirow`` cell, centred over its rows, left out).
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import tempfile
from collections import defaultdict
from pathlib import Path

import pymupdf

from ..producers.layout import Spec

POS = re.compile(r"\\TIpos ?\{([^}]*)\}\{(\d+)\}\{(-?\d+)\}\{(-?\d+)\}\{(-?[\d.]+)pt\}\{(-?[\d.]+)pt\}")
BP = 72.0 / 72.27 / 65536.0  # PDF points per scaled point
RUNS = 4  # a longtable settles its column widths over two or three runs

# A fixed date (pdfTeX's /CreationDate and /ID follow it): a rebuild writes the same bytes.
ENV = {**os.environ, "SOURCE_DATE_EPOCH": "1767225600", "FORCE_SOURCE_DATE": "1"}
Mark = tuple[float, float, float, float]  # x, y (points from the page's top left), strut height, depth
Marks = dict[str, dict[int, list[Mark]]]  # key -> page index -> marks
Boxes = dict[int, dict[tuple[int, int], pymupdf.Rect]]


def compile_tex(source: str, pdf: Path, engine: str = "pdflatex") -> Marks:
    """Typeset ``source`` into ``pdf`` with ``engine`` (rerun until the log asks no more);
    the marks of the last run."""
    with tempfile.TemporaryDirectory() as tmp:
        tex = Path(tmp) / "doc.tex"
        tex.write_text(source, encoding="utf-8")
        for _ in range(RUNS):
            run = subprocess.run([engine, "-interaction=nonstopmode", "-halt-on-error", "doc.tex"], cwd=tmp,
                                 capture_output=True, text=True, errors="replace", timeout=300, env=ENV)
            log = (Path(tmp) / "doc.log").read_text(errors="replace")
            if run.returncode != 0:
                raise RuntimeError(f"{engine} failed on {pdf.name}:\n" + run.stdout[-3000:])
            if "Rerun" not in log:
                break
        pdf.write_bytes((Path(tmp) / "doc.pdf").read_bytes())
        aux = (Path(tmp) / "doc.aux").read_text(errors="replace")
    with pymupdf.open(pdf) as doc:
        heights = [p.rect.height for p in doc]
    return parse(aux, heights)


def parse(aux: str, heights: list[float]) -> Marks:
    """The ``.aux``'s marks, in points from each page's top left."""
    out: Marks = defaultdict(lambda: defaultdict(list))
    for m in POS.finditer(aux):
        page = int(m[2]) - 1
        out[m[1]][page].append((int(m[3]) * BP, heights[page] - int(m[4]) * BP,
                                float(m[5]) * 72 / 72.27, float(m[6]) * 72 / 72.27))
    return out


def edges(marks: Marks, tid: str, n: int, page: int) -> list[float]:
    """The n+1 column edges of table ``tid`` on ``page`` (its rows agree; the median)."""
    out = []
    for k in range(n + 1):
        per_page = marks[f"{tid}|{k}"]
        found = per_page.get(page) or next(iter(per_page.values()))
        out.append(statistics.median(x for x, _, _, _ in found))
    return out


def boxes(spec: Spec, tid: str, marks: Marks) -> Boxes:
    """Each page's cell boxes (page index -> (row, column) -> box) of table ``tid``."""
    placed = spec.table.placed(tid)
    pages = sorted({pg for p in placed for pg in marks.get(f"{p.id}:s", {})})
    out: Boxes = {}
    for page in pages:
        top: dict[int, float] = {}
        bottom: dict[int, float] = {}
        present = set()
        for p in placed:
            starts, ends = marks.get(f"{p.id}:s", {}).get(page), marks.get(f"{p.id}:e", {}).get(page)
            if not starts:
                continue
            present.add(p.r)
            if p.cell.rs > 1 or not ends:
                continue
            x, y, ht, _ = starts[0]
            _, y1, _, dp = ends[-1]
            top[p.r] = min(top.get(p.r, y - ht), y - ht)
            bottom[p.r] = max(bottom.get(p.r, y1 + dp), y1 + dp)
        xs = edges(marks, tid, spec.tab.n_cols, page)
        out[page] = {}
        for p in placed:
            if p.r not in present:
                continue
            last = max(r for r in range(p.r, p.r + p.cell.rs) if r in present)
            out[page][p.r, p.c] = pymupdf.Rect(xs[p.c], top[p.r], xs[p.c + p.cell.cs], bottom[last])
    return out
