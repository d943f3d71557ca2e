"""Importing a tagged PDF's tables, faults included (PDFs built in tagged_pdfs.py)."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.annotation.tagged import NOTE, TaggedError, read_tagged
from inspector.core.reading.pdfobj import Name, Ref, parse
from tests.annotation.tagged_pdfs import C, Row, drop_page, make_cycle, tagged_pdf

HEAD = Row([C("Name", 50, 40, "TH"), C("Qty", 150, 40, "TH"), C("Price", 250, 40, "TH")], head=True)
BODY = [Row([C("North", 50, 60, rs=2), C("12", 150, 60), C("1.50", 250, 60)]),
        Row([C("7", 150, 80), C("2.00", 250, 80)]),
        Row([C("South", 50, 100), C("3", 150, 100), C("(4.10)", 250, 100)])]


def _grid(region):
    out = {}
    for c in region.cells:
        out[(c.r, c.c)] = (c.rs, c.cs, c.value)
    return out


def test_spans_headers_text_and_boxes():
    result = read_tagged(tagged_pdf([[HEAD, *BODY]]), name="t.pdf")
    assert result.fixes == ()
    (t,) = result.annotation.tables
    assert (t.source, t.verified, t.notes, t.header_rows) == ("tags", False, NOTE, 1)
    (reg,) = t.regions
    assert (reg.page, reg.n_rows, reg.n_cols) == (1, 4, 3)
    g = _grid(reg)
    assert g[(1, 0)] == (2, 1, "North") and (2, 0) not in g
    assert g[(3, 2)] == (1, 1, "(4.10)") and g[(0, 1)] == (1, 1, "Qty")
    north = reg.cell_at(1, 0).bbox
    assert north.x0 == pytest.approx(50) and north.y1 == pytest.approx(62.99, abs=0.1)
    # Column boundaries between the glyphs of neighbouring columns, rows likewise.
    assert 80 < reg.xs[1] < 150 and 180 < reg.xs[2] < 250
    assert 43 < reg.ys[1] < 50 and reg.bbox.x0 == pytest.approx(48)
    assert result.annotation.problems() == []


def test_multiline_cell_and_colspan():
    rows = [Row([C("Region", 50, 40, cs=2), C("Total", 250, 40)]),
            Row([C("North\nEast", 50, 60), C("5", 150, 60), C("9", 250, 60)])]
    (t,) = read_tagged(tagged_pdf([rows])).annotation.tables
    g = _grid(t.regions[0])
    assert g[(0, 0)] == (1, 2, "Region") and g[(1, 0)] == (1, 1, "North\nEast")
    assert t.regions[0].cell_at(1, 0).bbox.y1 > 70  # both lines


def test_merged_cell_tagged_only_in_first_row_is_replaced_by_position():
    rows = [Row([C("Name", 50, 40), C("Qty", 150, 40), C("Price", 250, 40)]),
            Row([C("North", 50, 60), C("12", 150, 60), C("1.50", 250, 60)]),
            Row([C("7", 150, 80), C("2.00", 250, 80)])]
    result = read_tagged(tagged_pdf([rows]))
    g = _grid(result.annotation.tables[0].regions[0])
    assert g[(2, 1)] == (1, 1, "7") and g[(2, 2)] == (1, 1, "2.00")
    assert g[(1, 0)] == (2, 1, "North")
    assert any("re-placed by glyph position" in f and "stretched" in f for f in result.fixes)


def test_missing_empty_cells_are_added():
    rows = [Row([C("A", 50, 40), C("B", 150, 40), C("C", 250, 40)]), Row([C("1", 50, 60), C("2", 150, 60)])]
    result = read_tagged(tagged_pdf([rows]))
    g = _grid(result.annotation.tables[0].regions[0])
    assert g[(1, 2)] == (1, 1, "")
    assert any("1 grid slot(s) had no tagged cell" in f for f in result.fixes)


def test_section_title_tagged_as_first_row_becomes_the_title():
    result = read_tagged(tagged_pdf([[Row([C("Table 4: Sales by region", 50, 20)]), HEAD, *BODY]]))
    (t,) = result.annotation.tables
    assert t.title == "Table 4: Sales by region" and t.regions[0].n_rows == 4
    assert t.regions[0].cell_at(0, 0).value == "Name" and t.header_rows == 1
    assert any("title tagged as a row" in f for f in result.fixes)


def test_glyphs_off_the_page_are_dropped_and_reported():
    rows = [Row([C("A", 50, 40), C("B", 450, 40)]), Row([C("1", 50, 60), C("2", 450, 60)])]
    result = read_tagged(tagged_pdf([rows]))
    reg = result.annotation.tables[0].regions[0]
    assert [c.value for c in reg.cells] == ["A", "", "1", ""]
    assert reg.bbox.x1 < 400
    assert any("2 line(s) of its text lie off the page" in f for f in result.fixes)


def test_untagged_text_drawn_after_the_table_is_not_counted_into_its_last_cell():
    # MuPDF files text drawn after the last marked content under the last element.
    extra = [("DRAFT", 100, 90, 0, 35), ("Chart title", 320, 200, 0, 0)]
    result = read_tagged(tagged_pdf([[HEAD, *BODY]], extra_text=extra))
    reg = result.annotation.tables[0].regions[0]
    assert reg.cell_at(3, 2).value == "(4.10)" and reg.bbox.x1 < 300
    assert any("1 line(s) of its text run diagonally" in f for f in result.fixes)
    assert any("1 line(s) of its text lie away from the table" in f for f in result.fixes)


def test_cyclic_structure_tree_ends_and_is_reported():
    result = read_tagged(make_cycle(tagged_pdf([[HEAD, *BODY]])))
    (t,) = result.annotation.tables
    assert _grid(t.regions[0])[(3, 2)] == (1, 1, "(4.10)")
    assert any("a second time" in f and "links were cut" in f for f in result.fixes)


def test_table_on_a_page_the_file_does_not_have_is_left_out():
    other = [Row([C("a", 50, 40, page=1), C("b", 150, 40, page=1)]), Row([C("c", 50, 60, page=1), C("d", 150, 60, page=1)])]
    result = read_tagged(drop_page(tagged_pdf([[HEAD, *BODY], other], pages=2), 1))
    assert len(result.annotation.tables) == 1
    assert any("pages this file does not have" in f for f in result.fixes)


def test_table_continued_on_the_next_page_has_one_region_per_page():
    rows = [HEAD, *BODY, Row([C("West", 50, 40, page=1), C("8", 150, 40, page=1), C("0.90", 250, 40, page=1)])]
    (t,) = read_tagged(tagged_pdf([rows], pages=2)).annotation.tables
    assert [(r.page, r.n_rows) for r in t.regions] == [(1, 4), (2, 1)]
    assert t.regions[1].cell_at(0, 0).value == "West"


def test_form_layout_is_flagged():
    rows = [Row([C(label, 50, 40 + 20 * i), C("", 150, 40 + 20 * i)]) for i, label in enumerate(["Name:", "Date:", "Signed:"])]
    result = read_tagged(tagged_pdf([rows]))
    assert "form layout" in result.annotation.tables[0].notes
    assert any("form layout" in f or "labels ending in ':'" in f for f in result.fixes)


def test_untagged_pdf_is_refused_with_a_message():
    doc = pymupdf.open()
    doc.new_page().insert_text((50, 50), "hello")
    with pytest.raises(TaggedError, match="not tagged"):
        read_tagged(doc.tobytes(), name="plain.pdf")
    with pytest.raises(TaggedError):
        read_tagged(b"not a pdf at all", name="x.pdf")


def test_pdf_object_reader():
    v = parse("<< /K [ 3 0 R 4 <</Type/MCR/MCID 2/Pg 7 0 R>> ] /A [<</O/Table/RowSpan 2>> 0] /T (a\\(b\\)) /H <414>>>")
    assert v[Name("K")] == [Ref(3), 4, {"Type": "MCR", "MCID": 2, "Pg": Ref(7)}]
    assert v["A"][0]["RowSpan"] == 2 and v["T"] == "a(b)" and v["H"] == "A@"
    assert parse("[[[[") == [[[[]]]] and parse("") is None


def test_an_open_document_hides_its_structure_tree_from_mupdf_but_keeps_reading_it(tmp_path):
    """MuPDF looks the structure tree up for every marked-content operator it draws (a real
    tagged PowerPoint page took minutes to render): the open document's catalog loses the
    tree, the tags stay readable through ``structure_root``, and the file is not changed."""
    from inspector.core.reading.document import open_document
    from inspector.core.reading.tags import tagged_table_counts

    data = tagged_pdf([[HEAD, *BODY]])
    doc = open_document(data)
    assert doc.structure_root is not None and doc.structure_root.endswith(" 0 R")
    assert doc.raw.xref_get_key(doc.raw.pdf_catalog(), "StructTreeRoot")[0] == "null"
    assert doc.data == data
    assert tagged_table_counts(doc.raw, doc.structure_root) == {0: 1}
    assert doc.page(0).render(36).shape[0] > 0
    untagged = pymupdf.open()
    untagged.new_page()
    assert open_document(untagged.tobytes()).structure_root is None


def test_a_decimal_point_read_as_a_space_and_a_point_is_one_number_in_its_cell():
    """InDesign's point glyph mapped to " ." (the space with the advance, the point with none):
    the tagged cell reads "11,062.6" as the page shows it, not "11,062 .6"; a space between
    words and a full stop with an advance of its own keep theirs."""
    from inspector.core.reading.tounicode import write_cmap

    rows = [Row([C("Total", 50, 40), C("11,062.6", 150, 40), C("Note. 12 a", 250, 40)])]
    doc = pymupdf.open(stream=tagged_pdf([rows]))
    mapped = {**{c: chr(c) for c in range(0x20, 0x7F)}, 0x2E: " ."}
    cmap = doc.get_new_xref()
    doc.update_object(cmap, "<< >>")
    doc.update_stream(cmap, write_cmap(mapped).encode("ascii"))
    doc.xref_set_key(doc[0].get_fonts()[0][0], "ToUnicode", f"{cmap} 0 R")
    assert "11,062 .6" in doc[0].get_text()  # the habit, as MuPDF reads it
    (t,) = read_tagged(doc.tobytes(), name="t.pdf").annotation.tables
    g = _grid(t.regions[0])
    assert g[(0, 1)][2] == "11,062.6"
    assert g[(0, 2)][2] == "Note . 12 a"  # a point after a letter is no decimal cut: kept as read
