"""Build the Prawn corpus: tables set by Ruby's Prawn with prawn-table, the library behind the
invoices, statements and reports of a great many Rails apps (base-14 fonts, Helvetica or
Times).

    python -m corpus.prawn.build [--seed 26] [--per-style 3] [--out corpus/prawn]

(or ``make corpus-prawn``, which installs Ruby, Prawn and prawn-table from Debian first with
``packaging/prawn.sh``: build-only tools, never part of ``make setup``). Steps:

1. ``tables`` draws each table's content and structure in its style (``tables.STYLES``) and
   the options and lines a Prawn user writes for it; ``document`` writes the description
   ``table_maker.rb`` reads (titles, tables, two tables side by side, a table beside prose);
2. ``table_maker.rb`` sets it and writes where prawn-table put each cell it drew: its row and
   column as made, its page and its box (prawn-table's own cell positions after layout; a
   head repeated under ``header: true`` is recorded on each page);
3. the truth is ``producers.layout.table_truth``'s: the structure as written, each cell's text
   the page's words inside its box (the build stops on any difference), one region per page
   of a continued table (its repeated head in each).

Prawn writes no date and no file ID: a rebuilt corpus is the same bytes.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

import pymupdf

from inspector.annotation.io import sha256_of
from inspector.annotation.model import DocumentAnnotation, PageInfo

from .. import common
from ..producers.layout import Spec, table_truth
from ..styles.content import Tabular, prose
from .tables import STYLES, PTable, spec

HERE = Path(__file__).resolve().parent
PAPER = {"a4": (595.0, 842.0), "letter": (612.0, 792.0)}
FONTS = ("Helvetica", "Times-Roman")
Boxes = dict[int, dict[tuple[int, int], pymupdf.Rect]]


def data(t: PTable) -> list[list[dict[str, Any]]]:
    """``make_table``'s data: each cell's text and spans."""
    return [[{"content": c.text} | ({"colspan": c.cs} if c.cs > 1 else {}) | ({"rowspan": c.rs} if c.rs > 1 else {})
             for c in row] for row in t.table.rows]


def table_block(t: PTable, tid: str) -> dict[str, Any]:
    return {"t": "table", "id": tid, "data": data(t), "opts": t.opts, "ops": t.ops, "box": t.box}


def blocks(group: list[list[PTable]], rng: random.Random) -> list[dict[str, Any]]:
    """The description's blocks: each style's title, then its table(s)."""
    out: list[dict[str, Any]] = []
    k = 0
    for tables in group:
        head = "Comparison" if len(tables) > 1 else tables[0].title
        out.append({"t": "para", "text": head, "size": rng.choice((11, 12, 14)), "bold": True,
                    "gap": rng.choice((4, 6, 8))})
        ids = [f"t{k + j + 1}" for j in range(len(tables))]
        k += len(tables)
        after = rng.choice((12, 16, 20))
        if len(tables) > 1:
            out.append({"t": "side", "gap": 20, "left": table_block(tables[0], ids[0]),
                        "right": table_block(tables[1], ids[1]), "after": after})
        elif tables[0].style == "beside":
            out.append({"t": "beside", "prose": " ".join(prose(rng, "en", 4) for _ in range(2)), "size": 10,
                        "side": rng.choice(("left", "right")), "gap": 18, "table": table_block(tables[0], ids[0]),
                        "after": after})
        else:
            out.append(table_block(tables[0], ids[0]) | {"after": after})
    return out


def render(description: dict[str, Any]) -> tuple[bytes, list[dict[str, Any]]]:
    """The PDF Prawn makes of ``description`` and the cells it drew."""
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        (d / "in.json").write_text(json.dumps(description), encoding="utf-8")
        run = subprocess.run(["ruby", str(HERE / "table_maker.rb"), str(d / "in.json"), str(d / "out.pdf"),
                              str(d / "cells.json")], capture_output=True, text=True)
        if run.returncode:
            sys.exit(f"build: Prawn failed: {run.stderr[:1500]}")
        return (d / "out.pdf").read_bytes(), json.loads((d / "cells.json").read_text(encoding="utf-8"))


def boxes(cells: list[dict[str, Any]], heights: list[float]) -> dict[str, Boxes]:
    """Table id -> page index -> (row, column) -> the cell's box (top-left origin)."""
    out: dict[str, Boxes] = defaultdict(lambda: defaultdict(dict))
    for c in cells:
        page = c["page"] - 1
        y0 = heights[page] - c["top"]
        out[c["tid"]][page][c["r"], c["c"]] = pymupdf.Rect(c["x"], y0, c["x"] + c["w"], y0 + c["h"])
    return out


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> tuple[DocumentAnnotation, list[str]]:
    """One document of ``styles``, its annotation and each table's style."""
    group = [spec(s, rng) for s in styles]
    paper, font = rng.choice(("a4", "letter")), rng.choice(FONTS)
    description = {"page": PAPER[paper], "margin": rng.choice((36, 48, 54)), "font": font,
                   "blocks": blocks(group, rng)}
    made, cells = render(description)
    pdf.write_bytes(made)
    tables = [t for ts in group for t in ts]
    how = f"Prawn 2.4 prawn-table 0.2, {font}"
    with pymupdf.open(pdf) as d:
        pages = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(d))
        found = boxes(cells, [p.rect.height for p in d])
        anns = tuple(table_truth(d, Spec(t.style, Tabular("en", t.title, "", [], [], []), t.table, []), f"t{k + 1}",
                                 dict(found[f"t{k + 1}"]), f"{pdf.name} t{k + 1}", how)
                     for k, t in enumerate(tables))
    ann = common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, pages, anns,
                                            notes="tables set by Prawn with prawn-table (corpus.prawn.build)"))
    return ann, [t.style for t in tables]


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` documents' worth of each style into ``out`` (``side`` makes two tables)."""
    return common.build_named(out, seed, per_style, [common.Producer("pr", STYLES)], build_one)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 26, 3, HERE)


if __name__ == "__main__":
    sys.exit(main())
