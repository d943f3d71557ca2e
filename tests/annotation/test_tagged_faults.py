"""Tag faults met in real Word, PowerPoint, Excel and InDesign files, rebuilt in PDFs made
here (tagged_pdfs.py), each mended and reported by the importer."""

from __future__ import annotations

import pymupdf

from inspector.annotation.tagged import FORM_NOTE, read_tagged
from inspector.core.reading.document import open_document
from tests.annotation.tagged_pdfs import C, Row, drop_page, find_elements, tagged_pdf

HEAD = Row([C("Name", 50, 60, "TH"), C("Qty", 150, 60, "TH"), C("Price", 250, 60, "TH")], head=True)
BODY = [Row([C("North", 50, 80), C("12", 150, 80), C("1.50", 250, 80)]),
        Row([C("South", 50, 100), C("3", 150, 100), C("4.10", 250, 100)])]


def _edit(data: bytes, change) -> bytes:
    doc = pymupdf.open(stream=data, filetype="pdf")
    change(doc)
    return doc.tobytes()


def _texts(region) -> dict[tuple[int, int], str]:
    return {(c.r, c.c): c.text for c in region.cells}


def test_a_standard_type_is_not_role_mapped():
    """InDesign writes /RoleMap <</Table /Sect>>: the standard says a standard type keeps its meaning."""
    def remap(doc):
        root = int(doc.xref_get_key(doc.pdf_catalog(), "StructTreeRoot")[1].split()[0])
        doc.xref_set_key(root, "RoleMap", "<</Table /Sect /TD /P /MyCell /TD>>")
    result = read_tagged(_edit(tagged_pdf([[HEAD, *BODY]]), remap))
    (t,) = result.annotation.tables
    assert (t.regions[0].n_rows, t.regions[0].n_cols) == (3, 3)


def _set_bbox(box: str):
    def change(doc):
        doc.xref_set_key(find_elements(doc, "Table")[0], "A", f"<</O /Layout /BBox [{box}]>>")
    return change


def test_a_bbox_from_another_layout_is_ignored():
    """An extract keeps the /BBox of the long document's page (InDesign CS4: y = -3870)."""
    result = read_tagged(_edit(tagged_pdf([[HEAD, *BODY]]), _set_bbox("36 -3569 383 -3870")))
    (t,) = result.annotation.tables
    assert _texts(t.regions[0])[(2, 2)] == "4.10"
    assert any("/BBox" in f and "does not hold its text" in f for f in result.fixes)


def test_a_bbox_of_the_whole_page_is_ignored():
    """Acrobat's Excel export gives the table the page's box."""
    result = read_tagged(_edit(tagged_pdf([[HEAD, *BODY]]), _set_bbox("0 0 400 300")))
    (t,) = result.annotation.tables
    assert t.regions[0].bbox.x1 < 300 and t.regions[0].bbox.y1 < 120
    assert any("is the whole page" in f for f in result.fixes)


def test_spanning_title_row_and_note_rows_become_title_and_footnote():
    """InDesign tags a table's title and its source notes as rows of one cell over all columns."""
    rows = [Row([C("Table 4. Sales\n[In thousands]", 50, 20, cs=3)]), HEAD, *BODY,
            Row([C("Source: Statistics office.", 50, 120, cs=3)])]
    result = read_tagged(tagged_pdf([rows]))
    (t,) = result.annotation.tables
    assert t.title == "Table 4. Sales\n[In thousands]" and t.footnote == "Source: Statistics office."
    assert (t.regions[0].n_rows, t.header_rows) == (3, 1)
    assert any("title tagged as a row" in f for f in result.fixes)
    assert any("notes tagged as rows" in f for f in result.fixes)


def test_a_one_cell_first_row_over_the_right_columns_stays_a_header_row():
    """PowerPoint tags a header over the last columns as its row's only cell: no title."""
    rows = [Row([C("Drug", 250, 40)]), HEAD, *BODY]
    result = read_tagged(tagged_pdf([rows]))
    (t,) = result.annotation.tables
    assert t.title == "" and _texts(t.regions[0])[(0, 2)] == "Drug" and t.regions[0].n_rows == 4


def test_a_short_last_row_over_all_columns_stays_a_row():
    """A section heading tagged as the last row (of the next table, in InDesign) is no note."""
    rows = [HEAD, *BODY, Row([C("Other regions", 50, 120, cs=3)])]
    (t,) = read_tagged(tagged_pdf([rows])).annotation.tables
    assert t.footnote == "" and _texts(t.regions[0])[(3, 0)] == "Other regions"


def test_a_title_cell_standing_above_the_table_keeps_its_lines():
    rows = [Row([C("Table 9. Arrests\nby sex\nand age", 50, 10)]), HEAD, *BODY]
    result = read_tagged(tagged_pdf([rows]))
    assert result.annotation.tables[0].title == "Table 9. Arrests\nby sex\nand age"
    assert not any("away from the table" in f for f in result.fixes)


def test_running_text_after_the_last_cell_is_dropped_from_its_first_stray_line_on():
    """Untagged text drawn after the table lands in its last cell; once a line of it is
    away from the table, what follows is dropped too, even if it comes near again."""
    extra = [("Our progress", 50, 250, 0, 0), ("Commodities sourcing", 50, 118, 0, 0)]
    result = read_tagged(tagged_pdf([[HEAD, *BODY]], extra_text=extra))
    assert _texts(result.annotation.tables[0].regions[0])[(2, 2)] == "4.10"
    assert any("2 line(s) of its text lie away" in f for f in result.fixes)


def test_a_far_header_cell_over_an_empty_last_row_is_kept():
    """Word 2010: a two-column table whose body row is empty; its far header cell is its own."""
    rows = [Row([C("Key word", 50, 40), C("Description", 300, 40)]), Row([C("", 50, 60), C("", 300, 60)])]
    result = read_tagged(tagged_pdf([rows]))
    assert _texts(result.annotation.tables[0].regions[0])[(0, 1)] == "Description"
    assert result.fixes == ()


def test_cells_tagged_into_a_row_on_another_page_become_their_own_rows():
    """Acrobat's Word export tags the rows after a page break into the row before it;
    the numbers of those rows are untagged (empty cells, not merged ones)."""
    rows = [Row([C("[16]", 50, 230), C("Ref sixteen", 100, 230)]),
            Row([C("[17]", 50, 250), C("Ref seventeen", 100, 250),
                 C("Ref nineteen", 100, 60, page=1), C("Ref twenty", 100, 80, page=1)]),
            Row([C("[18]", 50, 40, page=1), C("Ref eighteen", 100, 40, page=1)]),
            Row([C("[21]", 50, 100, page=1), C("Ref twenty-one", 100, 100, page=1)])]
    result = read_tagged(tagged_pdf([rows], pages=2))
    (t,) = result.annotation.tables
    assert [r.n_cols for r in t.regions] == [2, 2]
    second = t.regions[1]
    assert [second.cell_at(r, 1).text for r in range(second.n_rows)] == \
        ["Ref eighteen", "Ref nineteen", "Ref twenty", "Ref twenty-one"]
    assert second.cell_at(1, 0).text == "" and second.cell_at(1, 0).rs == 1
    assert any("2 cell(s) were tagged into a row on another page" in f for f in result.fixes)


def _nest(doc):
    """The second table moved into the first table's first cell (Word's layout tables)."""
    outer, inner = find_elements(doc, "Table")
    td = find_elements(doc, "TD")[0]
    top = find_elements(doc, "Document")[0]
    kids = doc.xref_get_key(td, "K")[1]
    doc.xref_set_key(td, "K", f"{kids[:-1]} {inner} 0 R]")
    doc.xref_set_key(inner, "P", f"{td} 0 R")
    doc.xref_set_key(top, "K", f"[{outer} 0 R]")


def test_nested_tables_are_flagged_as_a_form_layout():
    inner = [Row([C("Tel", 60, 200), C("0754", 120, 200)]), Row([C("Fax", 60, 215), C("0755", 120, 215)])]
    result = read_tagged(_edit(tagged_pdf([[HEAD, *BODY], inner]), _nest))
    outer, nested = result.annotation.tables
    assert FORM_NOTE in outer.notes and FORM_NOTE in nested.notes
    assert any("1 table(s) inside its cells" in f for f in result.fixes)
    assert any("sits inside another table's cell" in f for f in result.fixes)


def test_fill_in_blanks_flag_a_form_layout():
    rows = [Row([C("Haulage time ______", 50, 40), C("Client [ ]", 250, 40)]),
            Row([C("Address ______", 50, 60), C("Agent [ ]", 250, 60)])]
    result = read_tagged(tagged_pdf([rows]))
    assert FORM_NOTE in result.annotation.tables[0].notes
    assert any("fill-in blanks or check boxes" in f for f in result.fixes)


def test_the_same_fault_of_many_tables_is_reported_once():
    """A one-slide extract of a deck keeps the tags of every table of the deck."""
    tables = [[Row([C("a", 50, 40 + 20 * i, page=1), C("b", 150, 40 + 20 * i, page=1)])] for i in range(5)]
    result = read_tagged(drop_page(tagged_pdf(tables, pages=2), 1))
    assert result.annotation.tables == ()
    lines = [f for f in result.fixes if "pages this file does not have" in f]
    assert len(lines) == 1 and "tables 1, 2, 3, 4, 5 (5 tables)" in lines[0]


def _annotate(subtype: str):
    """The first cell also owns an annotation (an /OBJR kid): a link or a form field."""
    def change(doc):
        td = find_elements(doc, "TD")[0]
        annot = doc.get_new_xref()
        doc.update_object(annot, f"<</Type/Annot/Subtype/{subtype}/Rect [50 250 90 262]>>")
        kids = doc.xref_get_key(td, "K")[1]
        doc.xref_set_key(td, "K", f"{kids[:-1]} <</Type/OBJR/Obj {annot} 0 R/Pg {doc[0].xref} 0 R>>]")
    return change


def test_form_fields_flag_a_form_layout_and_links_do_not():
    data = tagged_pdf([[HEAD, *BODY]])
    (linked,) = read_tagged(_edit(data, _annotate("Link"))).annotation.tables
    (fielded,) = read_tagged(_edit(data, _annotate("Widget"))).annotation.tables
    assert FORM_NOTE not in linked.notes
    assert FORM_NOTE in fielded.notes and "1 form field(s)" in fielded.notes


def test_a_table_threaded_on_through_the_next_text_column_gets_a_region_per_column():
    """InDesign flows a long table on into the page's next column: its rows go back up."""
    left = [Row([C(f"L{i}", 20, 40 + 20 * i), C(f"{i}", 100, 40 + 20 * i)]) for i in range(3)]
    right = [Row([C(f"R{i}", 220, 40 + 20 * i), C(f"{i}", 300, 40 + 20 * i)]) for i in range(3)]
    (t,) = read_tagged(tagged_pdf([left + right])).annotation.tables
    assert [(r.page, r.n_rows, r.n_cols) for r in t.regions] == [(1, 3, 2), (1, 3, 2)]
    assert t.regions[1].cell_at(0, 0).text == "R0" and t.regions[0].bbox.x1 < t.regions[1].bbox.x0


def test_cells_tagged_out_of_their_left_to_right_order_are_put_in_it():
    """Excel tags a row's cells in the order they were typed: a column added later comes
    second in the tags of some rows while its glyphs stand last."""
    rows = [Row([C("Name", 50, 60, "TH"), C("Price", 250, 60, "TH"), C("Qty", 150, 60, "TH")], head=True),
            Row([C("North", 50, 80), C("12", 150, 80), C("1.50", 250, 80)]),
            Row([C("South", 50, 100), C("4.10", 250, 100), C("3", 150, 100)])]
    result = read_tagged(tagged_pdf([rows]))
    (t,) = result.annotation.tables
    texts = _texts(t.regions[0])
    assert [texts[(r, c)] for r in range(3) for c in range(3)] == \
        ["Name", "Qty", "Price", "North", "12", "1.50", "South", "3", "4.10"]
    assert any("2 row(s) had their cells tagged out of their left-to-right order" in f for f in result.fixes)


def test_a_row_in_order_is_left_alone():
    result = read_tagged(tagged_pdf([[HEAD, *BODY]]))
    assert not any("left-to-right order" in f for f in result.fixes)


def test_title_lines_tagged_as_several_rows_all_become_the_title():
    """Excel tags a report's title, its subtitle and a publication note as three one-cell rows."""
    rows = [Row([C("Sales report", 120, 10)]), Row([C("Summary by date", 110, 25)]),
            Row([C("Note: updated twice a month", 50, 40)]), HEAD, *BODY]
    result = read_tagged(tagged_pdf([rows]))
    (t,) = result.annotation.tables
    assert t.title == "Sales report\nSummary by date\nNote: updated twice a month"
    assert (t.regions[0].n_rows, t.regions[0].n_cols, t.header_rows) == (3, 3, 1)
    assert any("first 3 rows" in f and "a title tagged as rows" in f for f in result.fixes)


def test_a_damaged_object_number_far_past_the_file_builds_no_huge_table():
    """MuPDF's repair believed "7000000 0 obj": a table of 7 million entries for a small file,
    which taking the tree out of the catalog would copy (hundreds of MB), so the tree stayed
    there. Such a header is now blanked before MuPDF opens the file (``reading.objnumbers``): the
    table is the file's own and the tree is taken out as from an undamaged file (a huge table
    made from a damaged object stream's numbers still keeps it in); the tags are read all the same."""
    data = tagged_pdf([[HEAD, *BODY]])
    end = data.rindex(b"startxref")
    damaged = data[:end] + b"7000000 0 obj\nnull\nendobj\nstartxrXf" + data[end + 9:]
    for raw in (data, damaged):
        doc = open_document(raw)
        try:
            kind, value = doc.raw.xref_get_key(doc.raw.pdf_catalog(), "StructTreeRoot")
            assert doc.structure_root is not None and kind == "null"
            assert doc.raw.xref_length() < 1_000
        finally:
            doc.close()
        (t,) = read_tagged(raw).annotation.tables
        assert (t.regions[0].n_rows, t.regions[0].n_cols) == (3, 3)
