"""PDFs at known coordinates for the window tests (PDF points, top-left origin)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pymupdf

ROWS = (("Fruit", "Origin", "Qty"), ("Apple", "Kent", "12"), ("Pear", "Anjou", "7"), ("Plum", "Agen", "30"))
X0, Y0, COL_W, ROW_H = 100.0, 200.0, 120.0, 24.0
TITLE = "Harvest"
TITLE_AT = (100.0, 150.0)  # baseline origin of the title word


@dataclass(frozen=True)
class Built:
    path: Path
    pages: int


def ruled_table_page(page: pymupdf.Page, rows: tuple[tuple[str, ...], ...] = ROWS) -> None:
    """A fully ruled table with its top-left corner at (X0, Y0), plus a title word above it."""
    n_rows, n_cols = len(rows), len(rows[0])
    x1, y1 = X0 + n_cols * COL_W, Y0 + n_rows * ROW_H
    for r in range(n_rows + 1):
        page.draw_line((X0, Y0 + r * ROW_H), (x1, Y0 + r * ROW_H), width=1)
    for c in range(n_cols + 1):
        page.draw_line((X0 + c * COL_W, Y0), (X0 + c * COL_W, y1), width=1)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            page.insert_text((X0 + c * COL_W + 6, Y0 + r * ROW_H + 16), text, fontsize=11)
    page.insert_text(TITLE_AT, TITLE, fontsize=14)


def build_pdf(path: Path, pages: int = 1, rotate_last: int = 0) -> Built:
    doc = pymupdf.open()
    for i in range(pages):
        page = doc.new_page(width=595, height=842)
        ruled_table_page(page)
        page.insert_text((100, 800), f"page {i + 1}", fontsize=9)
    if rotate_last:
        doc[pages - 1].set_rotation(rotate_last)
    doc.save(path)
    doc.close()
    return Built(path, pages)
