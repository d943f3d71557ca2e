"""Pinned table contents (rows with no coordinates) -> a golden-folder annotation.

A source project's test may pin what a peer extracted from one of its PDFs (a CSV of rows).
The rows are placed on their page by their texts (``extractors.placement``, as ``compare``
places a CSV) and saved through the ordinary golden-folder writer, with the provenance in
the annotation's ``notes``. Placement only gives the table and its cells a box; the truth
is the rows themselves.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from inspector.annotation.goldenset import add_to_golden_set
from inspector.annotation.model import DocumentAnnotation, PageInfo, annotation_table_from_detected
from inspector.core.reading.document import open_document
from inspector.core.reading.words import extract_text
from inspector.core.types import Cell, Rect
from inspector.extractors.placement import place
from inspector.extractors.sources import Unplaced

MIN_FOUND = 0.9  # share of the pinned cells that must be found on the page, else the table is not written


def unplaced(rows: list[list[str]], page: int) -> Unplaced:
    """Rows as a table without coordinates (ragged rows padded with empty cells)."""
    width = max((len(r) for r in rows), default=0)
    cells = tuple(Cell(r, c, text=(row[c] if c < len(row) else "").strip(), bbox=Rect(0, 0, 0, 0))
                  for r, row in enumerate(rows) for c in range(width))
    return Unplaced(cells, len(rows), width, page, header_rows=1)


def write_expected(out: Path, pdf: Path, page: int, rows: list[list[str]], note: str) -> int:
    """Place ``rows`` on 1-based ``page`` of ``pdf`` and add them to the golden folder ``out``
    as that PDF's only table; returns 1, or 0 when too few of its cells are on the page."""
    doc = open_document(pdf)
    words = extract_text(doc.page(page - 1))[0]
    placed = place(unplaced(rows, page), words, page)
    if placed is None or placed.score < MIN_FOUND:
        print(f"  {pdf.name} p{page}: pinned rows not found on the page; left out")
        return 0
    table = annotation_table_from_detected(placed.table, "t1")
    ann = DocumentAnnotation(hashlib.sha256(pdf.read_bytes()).hexdigest(), pdf.name,
                             pages=tuple(PageInfo(i + 1, *doc.page_size(i)) for i in range(doc.page_count)),
                             tables=(table,), notes=note)
    add_to_golden_set(out, ann, pdf)
    return 1
