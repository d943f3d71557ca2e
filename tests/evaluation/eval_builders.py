"""Tiny tables and PDFs at known coordinates for the evaluation tests."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pymupdf

from inspector.core.types import Cell, Rect, Table

Rows = Sequence[Sequence[str]]


def table(rows: Rows, x0: float = 100.0, y0: float = 100.0, w: float = 60.0, h: float = 20.0,
          spans: Sequence[tuple[int, int, int, int]] = (), page: int = 1) -> Table:
    """A Table whose slot (r, c) is the box at (x0 + c*w, y0 + r*h); ``spans`` are (r, c, rs, cs)
    and keep the text of their top-left slot; covered slots get no cell of their own."""
    span_at = {(r, c): (rs, cs) for r, c, rs, cs in spans}
    covered = {(r + i, c + j) for r, c, rs, cs in spans for i in range(rs) for j in range(cs)} - set(span_at)
    cells = []
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if (r, c) in covered:
                continue
            rs, cs = span_at.get((r, c), (1, 1))
            box = Rect(x0 + c * w, y0 + r * h, x0 + (c + cs) * w, y0 + (r + rs) * h)
            cells.append(Cell(r, c, rs, cs, text, box))
    n_rows, n_cols = len(rows), max(len(r) for r in rows)
    return Table(Rect(x0, y0, x0 + n_cols * w, y0 + n_rows * h), n_rows, n_cols, tuple(cells), page=page)


def ruled_pdf(rows: Rows, x0: float = 100.0, y0: float = 100.0, w: float = 80.0, h: float = 20.0) -> bytes:
    """One A4 page with a fully ruled table: slot (r, c) is (x0 + c*w, y0 + r*h) sized w x h."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    n_rows, n_cols = len(rows), len(rows[0])
    for r in range(n_rows + 1):
        page.draw_line((x0, y0 + r * h), (x0 + n_cols * w, y0 + r * h), width=0.8)
    for c in range(n_cols + 1):
        page.draw_line((x0 + c * w, y0), (x0 + c * w, y0 + n_rows * h), width=0.8)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            page.insert_text((x0 + c * w + 4, y0 + r * h + 14), text, fontsize=10)
    data = doc.tobytes()
    doc.close()
    return data


def write_corpus(root: Path, docs: dict[str, tuple[Rows, Rows]]) -> Path:
    """A corpus folder: for each name, a PDF drawn from the first rows and a ground-truth
    record (``tables.jsonl``) holding the second rows at the PDF's cell positions."""
    (root / "pdfs").mkdir(parents=True, exist_ok=True)
    lines = []
    for name, (drawn, truth) in docs.items():
        (root / "pdfs" / f"{name}.pdf").write_bytes(ruled_pdf(drawn))
        t = table(truth, w=80.0, h=20.0)
        cells = [{"r": c.r, "c": c.c, "rs": c.rs, "cs": c.cs, "text": c.text, "bbox": list(c.bbox.as_tuple())}
                 for c in t.cells if c.text]
        lines.append(json.dumps({"id": f"test:{name}:p1:t1", "pdf": f"pdfs/{name}.pdf", "page": 1,
                                 "bbox": list(t.bbox.as_tuple()), "kind": "ground_truth", "hinted": False,
                                 "style": "ruled", "cells": cells}))
    (root / "tables.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root
