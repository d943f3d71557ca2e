"""The real corpus's expectation records (``tables.jsonl``) as core Tables.

Only for scoring and tests; a golden set proper is a folder of annotations (see io.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..core.types import Cell, Rect, Table
from .adjacency import AdjacencyCounts, match_tables
from .scoring import best_annotation


@dataclass(frozen=True)
class CorpusTable:
    """One expected table: its PDF (absolute path), 1-based page, style label and table."""

    id: str
    pdf: Path
    page: int
    style: str
    kind: str
    hinted: bool
    table: Table


def _table(rec: dict, page: int) -> Table:
    cells = tuple(Cell(c["r"], c["c"], c.get("rs", 1), c.get("cs", 1), c.get("text", ""),
                       Rect(*c["bbox"]) if c.get("bbox") else Rect(0, 0, 0, 0)) for c in rec["cells"])
    n_rows = max((c.r + c.rs for c in cells), default=0)
    n_cols = max((c.c + c.cs for c in cells), default=0)
    bbox = Rect(*rec["bbox"]) if rec.get("bbox") else Rect.bounding([c.bbox for c in cells])
    return Table(bbox=bbox, n_rows=n_rows, n_cols=n_cols, cells=cells, page=page)


def icdar_records(corpus: Path, include_hinted: bool = False) -> Iterator[CorpusTable]:
    """ICDAR 2013 ground-truth tables of the corpus (non-hinted unless asked)."""
    with (corpus / "tables.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            if rec.get("kind") != "ground_truth" or not rec.get("cells"):
                continue
            if rec.get("hinted") and not include_hinted:
                continue
            yield CorpusTable(rec["id"], corpus / rec["pdf"], int(rec["page"]), rec.get("style", ""),
                              rec["kind"], bool(rec.get("hinted")), _table(rec, int(rec["page"])))


def base_id(table_id: str) -> str:
    """The id without an alternative-annotation suffix (":alt-b")."""
    return table_id.split(":alt-", 1)[0]


def adjacency_by_table(recs: list[CorpusTable], found: list[Table]) -> list[tuple[CorpusTable, AdjacencyCounts]]:
    """Adjacency counts per ground-truth table of one page (the corpus accuracy floors).

    Some ICDAR documents carry a second annotation of the same table ("…b-str.xml", ids
    ending ":alt-b"): the table is scored once, against whichever annotation agrees better
    (``scoring.best_annotation``).
    """
    primary = [r for r in recs if base_id(r.id) == r.id]
    match = match_tables([r.table for r in primary], found)
    out = []
    for rec, j in zip(primary, match, strict=True):
        alts = [a.table for a in recs if a.id != rec.id and base_id(a.id) == rec.id]
        out.append((rec, best_annotation(rec.table, alts, j, found)[2]))
    return out
