"""Detection on PDFs built at known coordinates: the expected tables come out exactly."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult
from tests.core import pdfs

TABLE_BUILDERS = ["ruled_grid", "borderless", "horizontal_rules", "hairline", "shaded_header", "zebra",
                  "merged_cells", "wrapped_header", "negatives", "nul_separated", "two_tables"]


def run(pdf: bytes, page: int = 0, params: Params | None = None) -> PageResult:
    return Pipeline(open_document(pdf)).run(page, params or Params())


def norm(rows) -> list[list[str]]:
    return [[" ".join(c.split()) for c in row] for row in rows]


@pytest.mark.parametrize("name", TABLE_BUILDERS)
def test_builder_tables_are_found_with_their_text(name: str) -> None:
    pdf, truth = pdfs.BUILDERS[name]()
    res = run(pdf)
    assert len(res.tables) == len(truth.tables), [t.bbox for t in res.tables]
    for found, want in zip(res.tables, truth.tables, strict=True):
        assert norm(found.rows_text()) == norm(want.rows)
        x0, y0, x1, y1 = want.bbox
        assert found.bbox.x0 == pytest.approx(x0, abs=8) and found.bbox.x1 == pytest.approx(x1, abs=8)
        assert found.bbox.y0 == pytest.approx(y0, abs=8) and found.bbox.y1 == pytest.approx(y1, abs=8)


def test_ruled_grid_boundaries_are_the_drawn_lines() -> None:
    pdf, truth = pdfs.ruled_grid(x0=100, y0=150)
    grid = run(pdf).tables[0].grid
    assert grid is not None and grid.source == "ruled"
    assert grid.xs == pytest.approx(truth.tables[0].xs, abs=1.0)
    assert grid.ys == pytest.approx(truth.tables[0].ys, abs=1.0)


def test_merged_cells_become_spans() -> None:
    pdf, truth = pdfs.merged_cells()
    table = run(pdf).tables[0]
    spans = sorted((c.r, c.c, c.rs, c.cs) for c in table.cells if c.rs > 1 or c.cs > 1)
    assert spans == sorted(truth.tables[0].spans)


def test_styles_are_reported() -> None:
    assert run(pdfs.ruled_grid()[0]).tables[0].source == "ruled"
    assert run(pdfs.horizontal_rules()[0]).tables[0].source == "horizontal_rules"
    assert run(pdfs.borderless()[0]).tables[0].source == "aligned"


def test_wrapped_header_stays_one_cell_with_a_line_break() -> None:
    pdf, _ = pdfs.wrapped_header()
    table = run(pdf).tables[0]
    header = [c.text for c in table.cells if c.r == 0]
    assert "Population\n(millions)" in header
    assert table.header_rows == 1


def test_parenthesised_negative_stays_whole() -> None:
    pdf, _ = pdfs.negatives()
    texts = {c.text for c in run(pdf).tables[0].cells}
    assert "(1,234)" in texts and "(8,120)" in texts


def test_nul_between_words_reads_as_space() -> None:
    pdf, _ = pdfs.nul_separated()
    res = run(pdf)
    assert all("\x00" not in w.text for w in res.words)
    assert "Operating costs" in {c.text for c in res.tables[0].cells}


@pytest.mark.parametrize("rotation", [90, 180, 270])
def test_rotated_page_keeps_unrotated_coordinates(rotation: int) -> None:
    pdf, truth = pdfs.rotated(rotation)
    res = run(pdf)
    assert res.rotation == rotation
    assert len(res.tables) == 1
    assert norm(res.tables[0].rows_text()) == norm(truth.tables[0].rows)
    x0, y0, x1, y1 = truth.tables[0].bbox
    assert res.tables[0].bbox.x0 == pytest.approx(x0, abs=2) and res.tables[0].bbox.y1 == pytest.approx(y1, abs=2)


@pytest.mark.parametrize("name", ["bar_chart", "paragraph"])
def test_non_tables_are_not_tables(name: str) -> None:
    pdf, truth = pdfs.BUILDERS[name]()
    res = run(pdf)
    assert res.tables == ()
    assert truth.labels  # the page does have text


def test_two_page_table_found_on_both_pages() -> None:
    pdf, truth = pdfs.two_page_table()
    pipe = Pipeline(open_document(pdf))
    for k, want in enumerate(truth.tables):
        found = pipe.run(k).tables
        assert len(found) == 1 and norm(found[0].rows_text()) == norm(want.rows)


def test_word_running_across_a_column_boundary_is_low_confidence() -> None:
    import pymupdf
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for k in range(12):
        y = 100 + 14 * k
        label = "An unusually long label" if k == 5 else f"Item {k}"
        page.insert_text((72, y), label, fontsize=9)
        page.insert_text((150, y), f"{k * 7}", fontsize=9)
        page.insert_text((220, y), f"{k * 3}.5", fontsize=9)
    res = run(doc.tobytes())
    assert len(res.tables) == 1 and res.tables[0].n_cols == 3
    flagged = {res.words[i].text for i in res.low_confidence}
    assert "label" in flagged or "long" in flagged
    assert not flagged & {"Item", "21", "9.5"}
    assert any(c.low_confidence for c in res.tables[0].cells)


def test_text_drawn_twice_over_itself_is_read_once() -> None:
    """An invisible copy under the visible text (InDesign, OCR layers) and a fake bold drawn
    again 0.3 pt aside: each word once, so no cell holds its text twice."""
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=200)
    for y, (a, b) in enumerate((("Beef", "12.5"), ("Cocoa", "7.25"), ("Coffee", "3.0")), start=1):
        for dx, mode in ((0.0, 3), (0.0, 0), (0.3, 0)):
            page.insert_text((50 + dx, 40 + 20 * y), a, fontsize=10, render_mode=mode)
            page.insert_text((200 + dx, 40 + 20 * y), b, fontsize=10, render_mode=mode)
    page.insert_text((50, 160), "Cocoa", fontsize=10)  # the same word elsewhere stays
    words = [w.text for w in Pipeline(open_document(doc.tobytes())).run(0).words]
    assert sorted(words) == sorted(["Beef", "12.5", "Cocoa", "7.25", "Coffee", "3.0", "Cocoa"])
