"""Tables drawn with colour (resources/colour_samples.py): every style comes out exactly."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.evaluation.adjacency import compare, match_tables
from resources.colour_samples import STYLES, as_table


@pytest.mark.parametrize("style", sorted(STYLES))
def test_colour_style_is_detected_exactly(style: str) -> None:
    data, case = STYLES[style]()
    res = Pipeline(open_document(data)).run(0)
    truth = [as_table(e) for e in case.tables]
    found = list(res.tables)
    match = match_tables(truth, found)
    assert len(found) == len(truth), [(t.n_rows, t.n_cols, t.bbox) for t in found]
    for t, j in zip(truth, match, strict=True):
        assert j is not None, "table missed"
        f = found[j]
        assert f.rows_text() == t.rows_text()
        assert compare(t, f).f1 == 1.0  # spans too
    inside = {res.words[i].text for tb in found for c in tb.cells for i in c.word_ids}
    assert not inside & set(case.outside)


def test_section_rows_span_every_column() -> None:
    data, _ = STYLES["section_rows"]()
    table = Pipeline(open_document(data)).run(0).tables[0]
    assert {(c.r, c.c, c.rs, c.cs) for c in table.cells if c.cs > 1} == {(1, 0, 1, 4), (5, 0, 1, 4)}


def test_multiline_cells_keep_their_lines() -> None:
    data, _ = STYLES["multiline_banded"]()
    table = Pipeline(open_document(data)).run(0).tables[0]
    assert table.cell_at(2, 1).text == "Write the code\nand its tests\nthen review"
    assert table.cell_at(2, 2).text == "Bo Li\nCy Ng"


def test_watermark_words_are_flagged_and_in_no_table() -> None:
    data, _ = STYLES["watermark"]()
    res = Pipeline(open_document(data)).run(0)
    marks = {w.text for w in res.words if w.watermark}
    assert marks == {"CONFIDENTIAL", "DRAFT"}
    assert len(res.tables) == 1 and res.tables[0].n_rows == 31
    assert all(not res.words[i].watermark for c in res.tables[0].cells for i in c.word_ids)


def test_chart_bands_rejected_as_mostly_empty() -> None:
    data, _ = STYLES["chart_bands"]()
    res = Pipeline(open_document(data)).run(0)
    reasons = [r.reason for r in res.regions if r.bbox.x0 >= 320]
    assert any(r.startswith("mostly empty") for r in reasons), reasons


def _totals_then_banded_table() -> bytes:
    """A table ruled under its header and over its totals row only, a note, a heading in
    body type, then a wider table under a shaded header band with rules under its rows."""
    doc = pymupdf.open()
    page = doc.new_page()
    y = 100.0
    for r, row in enumerate([["Item", "2023", "2024"], ["Apples", "12", "14"], ["Pears", "7", "9"],
                             ["Plums", "3", "5"], ["Total", "22", "28"]]):
        for c, text in enumerate(row):
            page.insert_text((72 + 90 * c, y + 11), text, fontsize=9)
        if r in (0, 3):
            page.draw_line((70, y + 15), (330, y + 15), width=0.8)
        y += 17
    page.insert_text((72, y + 36), "Note: prices at constant exchange rates.", fontsize=9)
    page.insert_text((72, y + 76), "Second table (12)", fontsize=9)
    y += 96
    page.draw_rect(pymupdf.Rect(70, y, 520, y + 16), color=None, fill=(0.2, 0.3, 0.5))
    for r, row in enumerate([["Region", "Q1", "Q2"], ["North", "5", "6"], ["South", "8", "1"], ["East", "2", "4"]]):
        for c, text in enumerate(row):
            page.insert_text((72 + 200 * c, y + 11), text, fontsize=9, color=(1, 1, 1) if r == 0 else (0, 0, 0))
        page.draw_line((70, y + 16), (520, y + 16), width=0.5)
        y += 16
    return doc.tobytes()


def test_white_space_between_rules_parts_two_tables() -> None:
    """Rules that line up still belong to two tables when two lines of text between them
    stand over two line heights apart (the first table's totals row, a note, a heading)."""
    res = Pipeline(open_document(_totals_then_banded_table())).run(0)
    assert [t.rows_text()[-1][0] for t in res.tables] == ["Total", "East"]
    assert [t.n_rows for t in res.tables] == [5, 4]


def _long_section_labels() -> bytes:
    """Section labels on full-width shading, longer than the label column, on 2 of 9 lines."""
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [["Item", "2022", "2023", "2024"], ["Discontinued operations"], ["Rent", "1", "2", "3"],
            ["Fees", "4", "5", "6"], ["Tax", "7", "8", "9"], ["Continuing operations"], ["Wages", "2", "4", "6"],
            ["Power", "3", "5", "7"], ["Travel", "1", "1", "2"]]
    y = 100.0
    for r, row in enumerate(rows):
        if r == 0 or len(row) == 1:
            page.draw_rect(pymupdf.Rect(70, y, 330, y + 16), color=None, fill=(0.2, 0.3, 0.5) if r == 0 else (0.9, 0.95, 0.85))
        for c, text in enumerate(row):
            page.insert_text((72 + 80 * c if c == 0 else 110 + 70 * c, y + 11), text, fontsize=9,
                             color=(1, 1, 1) if r == 0 else (0, 0, 0))
        y += 16
    return doc.tobytes()


def test_section_labels_over_column_gaps_keep_the_columns() -> None:
    table = Pipeline(open_document(_long_section_labels())).run(0).tables[0]
    assert table.n_cols == 4 and table.n_rows == 9
    assert table.rows_text()[2] == ["Rent", "1", "2", "3"]
    assert {(c.r, c.cs) for c in table.cells if c.cs > 1} == {(1, 4), (5, 4)}


def _panel_header_over_ruled_rows() -> bytes:
    """A two-level header of dark panels with white 1 pt gutters, body rows ruled across only."""
    doc = pymupdf.open()
    page = doc.new_page()
    dark = (0.44, 0.19, 0.63)
    xs = [70, 170, 270, 370]
    page.draw_rect(pymupdf.Rect(70, 100, 169, 133), color=None, fill=dark)  # "Item", both header rows
    page.draw_rect(pymupdf.Rect(170, 100, 370, 116), color=None, fill=dark)  # "2024" over two columns
    page.insert_text((74, 120), "Item", fontsize=9, color=(1, 1, 1))
    page.insert_text((255, 111), "2024", fontsize=9, color=(1, 1, 1))
    for k, sub in enumerate(("H1", "H2")):
        page.draw_rect(pymupdf.Rect(xs[1 + k] + (1 if k else 0), 117, xs[2 + k], 133), color=None, fill=dark)
        page.insert_text((xs[2 + k] - 16, 128), sub, fontsize=9, color=(1, 1, 1))
    y = 133.0
    for label, a, b in (("Retail", "47", "3.77"), ("Online", "4,533", "0.09"), ("Interest", "6", "9.06")):
        page.insert_text((74, y + 12), label, fontsize=9)
        page.insert_text((270 - 4 - pymupdf.get_text_length(a, fontsize=9), y + 12), a, fontsize=9)
        page.insert_text((370 - 4 - pymupdf.get_text_length(b, fontsize=9), y + 12), b, fontsize=9)
        y += 17
        page.draw_line((70, y), (370, y), color=(0.75, 0.75, 0.75), width=0.5)
    return doc.tobytes()


def test_rows_ruled_across_under_a_panel_header_are_the_same_table() -> None:
    tables = Pipeline(open_document(_panel_header_over_ruled_rows())).run(0).tables
    assert len(tables) == 1
    assert tables[0].rows_text()[-3:] == [["Retail", "47", "3.77"], ["Online", "4,533", "0.09"],
                                          ["Interest", "6", "9.06"]]
    assert tables[0].rows_text()[1][1:] == ["H1", "H2"]


def _sections_in_white_space() -> bytes:
    """One table ruled at its top and bottom only, its sections parted by white space and a
    heading in body type, rows going on under each heading."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.draw_line((70, 100), (400, 100), width=0.8)
    y = 115.0
    for section in ("Class A", "Class B"):
        page.insert_text((72, y), section, fontsize=9)
        y += 16
        for label, value in (("Net asset value", "5,111,372"), ("Units outstanding", "49,136"),
                             ("Value per unit", "104.03")):
            page.insert_text((72, y), label, fontsize=9)
            page.insert_text((396 - pymupdf.get_text_length(value, fontsize=9), y), value, fontsize=9)
            y += 16
        y += 24  # white space before the next section
    page.draw_line((70, y - 20), (400, y - 20), width=0.8)
    return doc.tobytes()


def test_white_space_followed_by_rows_between_rules_of_one_width_is_one_table() -> None:
    tables = Pipeline(open_document(_sections_in_white_space())).run(0).tables
    assert len(tables) == 1
    text = " ".join(c for r in tables[0].rows_text() for c in r)
    assert text.startswith("Class A") and "Class B" in text and text.endswith("Value per unit 104.03")


def _two_totals_tables(heading_size: float) -> bytes:
    """Two tables of one width, each ruled under its header and over its totals row, with a
    heading between them whose type is 1.1 times the tables'."""
    doc = pymupdf.open()
    page = doc.new_page()
    y = 100.0
    for n in (1, 2):
        for r, row in enumerate([["Item", "2023", "2024"], ["Apples", "12", "14"], ["Pears", "7", "9"],
                                 ["Plums", "3", "5"], ["Total", f"2{n}", "28"]]):
            for c, text in enumerate(row):
                page.insert_text((72 + 120 * c, y + 11), text, fontsize=10)
            if r in (0, 3):
                page.draw_line((70, y + 15), (400, y + 15), width=0.8)
            y += 17
        if n == 1:
            page.insert_text((72, y + 40), f"Second table ({n + 1})", fontsize=heading_size, fontname="tiro")
            y += 70
    return doc.tobytes()


def test_a_heading_in_larger_type_parts_two_tables_of_one_width() -> None:
    tables = Pipeline(open_document(_two_totals_tables(11.0))).run(0).tables
    assert [t.rows_text()[-1][:2] for t in tables] == [["Total", "21"], ["Total", "22"]]
