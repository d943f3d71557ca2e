"""A header set left in its cell over amounts set right (jsPDF autotable's default when only the
body columns are set right), with headers on both sides of the gap: the header of an amount
column stands in the gap between the previous column's amounts and its own. The cut went to
the gap's middle, which joined "2015 2016" in one cell and shifted every later header one
column left. The previous column's amounts end at one x (flush right, at their cell's
padding): the cut now goes between that flush edge and the header."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

X0, PAD = 56.0, 4.0
WIDTHS = (160.0, 90.0, 90.0, 90.0)


def _width(text: str, bold: bool = False) -> float:
    return pymupdf.get_text_length(text, fontname="hebo" if bold else "helv", fontsize=9)


def _pdf(path: Path, header: tuple[str, ...], rows: list[tuple[str, ...]], flush_right: bool, ruled: bool) -> Path:
    """``flush_right``: amounts set right under headers set left; else the mirror image (texts set
    left under headers set right, the label column set right)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = 80.0
    for k, row in enumerate([header, *rows]):
        x = X0
        for c, (text, w) in enumerate(zip(row, WIDTHS, strict=True)):
            head = k == 0
            right = (not head and c > 0) if flush_right else (head and c < len(row) - 1 or c == 0)
            tx = x + w - PAD - _width(text, head) if right else x + PAD
            page.insert_text((tx, y + 13), text, fontsize=9, fontname="hebo" if head else "helv")
            x += w
        y += 18
        if ruled:
            page.draw_line((X0, y), (X0 + sum(WIDTHS), y), width=0.5)
    out = path / "header_flush.pdf"
    doc.save(out)
    return out


def _header(pdf: Path) -> list[str]:
    result = Pipeline(open_document(pdf)).run(0)
    assert len(result.tables) == 1
    table = result.tables[0]
    assert table.n_cols == 4
    return [c.text for c in table.cells if c.r == 0]


AMOUNTS = [(f"Segment line {k}", f"{k ** 3 * 7:,}", f"({k ** 4 % 9973:,})", f"{k * 7 % 50 + 1}.5%")
           for k in range(1, 13)]  # amounts of several widths: ragged on the left


def test_left_set_headers_over_right_set_amounts_each_keep_their_column(tmp_path: Path) -> None:
    header = ("Metric", "2015", "2016", "2017")
    assert _header(_pdf(tmp_path, header, AMOUNTS, flush_right=True, ruled=False)) == list(header)


def test_ruled_rows_too(tmp_path: Path) -> None:
    header = ("Metric", "2015", "2016", "2017")
    assert _header(_pdf(tmp_path, header, AMOUNTS, flush_right=True, ruled=True)) == list(header)


def test_right_set_headers_over_left_set_texts_mirror(tmp_path: Path) -> None:
    """A column set flush left after the gap: the header standing off it is the previous cell's."""
    words = ("alpha", "be", "gamma", "delta", "epsilon", "zeta", "eta")
    rows = [(f"{k * 91 % 400 + 10}", f"{words[k % 7]} {k % 4}", f"{words[(k + 2) % 7]} area", f"{words[(k + 4) % 7]}")
            for k in range(1, 13)]
    header = ("Count", "Kind", "Place", "Remark")
    assert _header(_pdf(tmp_path, header, rows, flush_right=False, ruled=False)) == list(header)


def test_lines_with_nothing_beside_the_gap_do_not_count(tmp_path: Path) -> None:
    """Every third line holds only a group label in the first column (a row group's label on
    a line of its own): it says nothing of how the amount columns are set, and the amounts
    beside the gap still make their column flush right."""
    rows: list[tuple[str, ...]] = []
    for k, row in enumerate(AMOUNTS):
        rows.append(row)
        if k % 2 == 0:
            rows.append((f"Group {k // 2 + 1}", "", "", ""))
    header = ("Metric", "2015", "2016", "2017")
    assert _header(_pdf(tmp_path, header, rows, flush_right=True, ruled=False)) == list(header)
