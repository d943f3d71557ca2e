"""A header set left in its cell over amounts set right (Word's default): the header of a wide
amount column stands inside the gap between the amounts of the column before and its own.
With ten lines or more one line may cross a column gap (a spanning title), so the gap's
middle fell through the header. The boundary now goes beside the header, on the side of its
line's other headers (it used to join "Qty Amount" in one cell and leave the last one empty)."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

WIDTHS = (200.0, 60.0, 100.0)


def _pdf(path: Path, header: tuple[str, str, str], ruled: bool) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    x0, y = 40.0, 80.0
    rows = [header] + [(f"Item number {k}", str(3 + 7 * k), f"{37 * k + 100:,}.00") for k in range(1, 15)]
    for k, row in enumerate(rows):
        x = x0
        for text, w in zip(row, WIDTHS, strict=True):
            right = k > 0 and x > x0  # amounts set right in their cells, headers left
            tx = x + w - 4 - pymupdf.get_text_length(text, fontsize=9) if right else x + 4
            page.insert_text((tx, y + 14), text, fontsize=9, fontname="hebo" if k == 0 else "helv")
            x += w
        y += 20
        if ruled:
            page.draw_line((x0, y), (x0 + sum(WIDTHS), y), width=0.5)
    out = path / "header_cut.pdf"
    doc.save(out)
    return out


def _header(path: Path) -> list[str]:
    result = Pipeline(open_document(path)).run(0)
    assert len(result.tables) == 1
    table = result.tables[0]
    assert table.n_cols == 3
    return [c.text for c in table.cells if c.r == 0]


def test_left_set_header_over_right_set_amounts_has_its_own_cell(tmp_path: Path) -> None:
    assert _header(_pdf(tmp_path, ("Item", "Qty", "Amount"), ruled=True)) == ["Item", "Qty", "Amount"]


def test_a_two_word_header_moves_the_cut_as_one(tmp_path: Path) -> None:
    assert _header(_pdf(tmp_path, ("Item", "Qty", "Net sum"), ruled=True)) == ["Item", "Qty", "Net sum"]


def test_borderless_table_too(tmp_path: Path) -> None:
    assert _header(_pdf(tmp_path, ("Item", "Qty", "Amount"), ruled=False)) == ["Item", "Qty", "Amount"]
