"""Tight columns (a cell padding of 1.5 pt): a header set left over amounts set right starts
3 pt after the previous column's amounts end, a gap the projection does not see (its bins
widen every box by a bin or two), so the header joined the previous column's cell ("Q1 Q2")
and every later header moved one column left. The amounts end at one x (flush right at their
cell's padding): a boundary goes just right of that edge (``gapcuts.flush_edges``)."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

X0, PAD, SIZE = 56.0, 1.5, 8.0
WIDTHS = (110.0, 52.0, 52.0, 52.0, 52.0)
AMOUNTS = [(f"Segment {k}", f"{k ** 3 * 7:,}", f"({k ** 4 % 9973:,})", f"{k * 37 % 900}", f"{k * 7 % 50 + 1}.5%")
           for k in range(1, 9)]  # amounts of several widths: ragged on the left


def _width(text: str, bold: bool) -> float:
    return pymupdf.get_text_length(text, fontname="hebo" if bold else "helv", fontsize=SIZE)


def _pdf(path: Path, heads: list[list[tuple[str, int, int]]], rows: list[tuple[str, ...]]) -> Path:
    """Header lines of (text, first column, last column) each set left in its (spanned) cell,
    over ``rows`` whose first column is set left and the others right."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    edges = [X0 + sum(WIDTHS[:k]) for k in range(len(WIDTHS) + 1)]
    y = 80.0
    for head in heads:
        for text, a, b in head:
            cx = (edges[a] + edges[b + 1] - _width(text, True)) / 2 if b > a else edges[a] + PAD
            page.insert_text((cx, y + SIZE + 2), text, fontsize=SIZE, fontname="hebo")
        y += SIZE + 3.5
    for row in rows:
        for c, text in enumerate(row):
            tx = edges[c] + PAD if c == 0 else edges[c + 1] - PAD - _width(text, False)
            page.insert_text((tx, y + SIZE + 2), text, fontsize=SIZE, fontname="helv")
        y += SIZE + 3.5
    out = path / "header_tight.pdf"
    doc.save(out)
    return out


def _rows(pdf: Path) -> list[list[str]]:
    result = Pipeline(open_document(pdf)).run(0)
    assert len(result.tables) == 1
    table = result.tables[0]
    grid = [[""] * table.n_cols for _ in range(table.n_rows)]
    for c in table.cells:
        grid[c.r][c.c] = c.text
    return grid


HEAD = [("Region", 0, 0), ("Q1", 1, 1), ("Q2", 2, 2), ("Q3", 3, 3), ("Q4", 4, 4)]


def test_left_set_headers_over_tight_right_set_amounts_keep_their_columns(tmp_path: Path) -> None:
    grid = _rows(_pdf(tmp_path, [HEAD], AMOUNTS))
    assert grid[0] == ["Region", "Q1", "Q2", "Q3", "Q4"]
    assert grid[1:] == [list(r) for r in AMOUNTS]


def test_a_header_centred_over_two_columns_is_not_cut(tmp_path: Path) -> None:
    """Control: "Fiscal year" centred over the second and third amount columns starts far from
    any flush edge: it stays whole, in one cell (where Q4 goes is another matter)."""
    head = [("Region", 0, 0), ("Q1", 1, 1), ("Fiscal year", 2, 3), ("Q4", 4, 4)]
    grid = _rows(_pdf(tmp_path, [head], AMOUNTS))
    assert grid[0][:3] == ["Region", "Q1", "Fiscal year"]
    assert grid[1:] == [list(r) for r in AMOUNTS]


def test_a_note_after_amounts_on_several_lines_is_no_header(tmp_path: Path) -> None:
    """Control: two lines with a marker right after their amount ("(81) a") are not one line
    alone standing off the flush edge: no boundary parts the marker from its amount."""
    rows = [(r[0], r[1], f"{r[2]} a" if k in (2, 5) else r[2], *r[3:]) for k, r in enumerate(AMOUNTS)]
    grid = _rows(_pdf(tmp_path, [HEAD], rows))
    assert grid[1:] == [list(r) for r in rows]
