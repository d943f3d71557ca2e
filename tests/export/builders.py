"""Tables for export tests: hand-made ones, and ones built from corpus records so golden
files do not depend on the detector."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from inspector.core.types import Cell, Rect, Table


def load_record(corpus: Path, record_id: str) -> dict[str, Any]:
    """The ``tables.jsonl`` record with this id (KeyError when absent)."""
    with (corpus / "tables.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            if rec["id"] == record_id:
                return rec
    raise KeyError(record_id)


def table_from_record(rec: dict[str, Any], header_rows: int = 0, header_cols: int = 0,
                      title: str = "", footnote: str = "") -> Table:
    """A ``Table`` from an ICDAR record's ``cells`` (spans kept), else from its ``rows``."""
    rows = rec["rows"]
    n_rows, n_cols = len(rows), max((len(r) for r in rows), default=0)
    if rec.get("cells"):
        cells = tuple(Cell(c["r"], c["c"], c["rs"], c["cs"], c["text"], Rect(*c["bbox"])) for c in rec["cells"])
        covered = {(r, c) for k in cells for r in range(k.r, k.r + k.rs) for c in range(k.c, k.c + k.cs)}
        # ICDAR leaves empty slots out; the Table invariant wants them as empty cells.
        cells += tuple(Cell(r, c) for r in range(n_rows) for c in range(n_cols) if (r, c) not in covered)
    else:
        cells = tuple(Cell(r, c, text=t) for r, row in enumerate(rows) for c, t in enumerate(row))
    bbox = Rect(*rec["bbox"]) if rec.get("bbox") else Rect(0, 0, 0, 0)
    return Table(bbox=bbox, n_rows=n_rows, n_cols=n_cols, cells=cells, header_rows=header_rows,
                 header_cols=header_cols, page=rec["page"], title=title, footnote=footnote)


def table_from_rows(rows: list[list[str]], spans: tuple[tuple[int, int, int, int], ...] = (), *,
                    header_rows: int = 0, header_cols: int = 0, low: frozenset[tuple[int, int]] = frozenset(),
                    **kw: Any) -> Table:
    """A hand-made table: ``rows`` text (spanned slots ignored), ``spans`` as (r, c, rs, cs),
    ``low`` the (r, c) of low-confidence cells; other ``Table`` fields by keyword."""
    span_at = {(r, c): (rs, cs) for r, c, rs, cs in spans}
    covered = {(r + i, c + j) for r, c, rs, cs in spans for i in range(rs) for j in range(cs)} - set(span_at)
    cells = tuple(Cell(r, c, *span_at.get((r, c), (1, 1)), text=t, low_confidence=(r, c) in low)
                  for r, row in enumerate(rows) for c, t in enumerate(row) if (r, c) not in covered)
    return Table(bbox=Rect(0, 0, 100, 100), n_rows=len(rows), n_cols=max(len(r) for r in rows), cells=cells,
                 header_rows=header_rows, header_cols=header_cols, **kw)
