"""A continued table's header repeated on the next page as an untagged artifact (Typst's
``table.header``, LibreOffice's repeated heading rows) is that page's region's header."""

from __future__ import annotations

from inspector.annotation.tagged import read_tagged
from tests.annotation.tagged_pdfs import C, Row, tagged_pdf

HEAD = Row([C("Name", 50, 40, "TH"), C("Qty", 150, 40, "TH"), C("Unit price", 250, 40, "TH")], head=True)
BODY = [Row([C("North", 50, 60), C("12", 150, 60), C("1.50", 250, 60)]),
        Row([C("South", 50, 80), C("3", 150, 80), C("(4.10)", 250, 80)])]
NEXT = [Row([C("West", 50, 62, page=1), C("8", 150, 62, page=1), C("0.90", 250, 62, page=1)]),
        Row([C("East", 50, 82, page=1), C("5", 150, 82, page=1), C("2.20", 250, 82, page=1)])]


def continued(above: list[tuple[str, float]]) -> bytes:
    """The table over two pages, ``above`` (text, x) drawn as artifacts at the second page's top."""
    return tagged_pdf([[HEAD, *BODY, *NEXT]], pages=2, extra_text=[(t, x, 42, 1, 0.0) for t, x in above], artifact=True)


def test_header_repeated_as_an_artifact_heads_the_continuation_region() -> None:
    (t,) = read_tagged(continued([("Name", 50), ("Qty", 150), ("Unit price", 250)])).annotation.tables
    first, second = t.regions
    assert (first.page, first.n_rows, second.page, second.n_rows) == (1, 3, 2, 3)
    assert [second.cell_at(0, c).value for c in range(3)] == ["Name", "Qty", "Unit price"]
    assert second.cell_at(1, 0).value == "West"
    assert second.row_roles[0] == "header" and second.problems() == []
    assert second.ys[0] < 34 < second.ys[1] < 52  # the header's words (baseline 42) in the first row


def test_other_text_over_the_continuation_is_no_header() -> None:
    """A "continued" line, or a header that repeats only some columns, is left out."""
    for above in ([("(continued)", 50)], [("Name", 50), ("Qty", 150)]):
        (t,) = read_tagged(continued(above)).annotation.tables
        assert t.regions[1].n_rows == 2
        assert t.regions[1].cell_at(0, 0).value == "West"


def pieces(second_head: Row | None) -> bytes:
    """WeasyPrint's tags: the table's rows on page 2 as a second Table element (``second_head``
    its THead) right after the first."""
    head2 = [] if second_head is None else [second_head]
    return tagged_pdf([[HEAD, *BODY], [*head2, *NEXT]], pages=2)


def test_a_table_tagged_as_one_element_per_page_is_one_table() -> None:
    repeated = Row([C("Name", 50, 42, "TH", page=1), C("Qty", 150, 42, "TH", page=1),
                    C("Unit price", 250, 42, "TH", page=1)], head=True)
    result = read_tagged(pieces(repeated))
    (t,) = result.annotation.tables
    assert t.id == "t1" and [(r.page, r.n_rows) for r in t.regions] == [(1, 3), (2, 3)]
    assert t.regions[1].row_roles[0] == "header" and t.regions[1].cell_at(1, 0).value == "West"
    assert any("one table's pieces" in f for f in result.fixes)
    (t,) = read_tagged(pieces(None)).annotation.tables  # the header not repeated
    assert [(r.page, r.n_rows) for r in t.regions] == [(1, 3), (2, 2)]


def test_a_table_with_a_header_of_its_own_on_the_next_page_is_another_table() -> None:
    other = Row([C("Region", 50, 42, "TH", page=1), C("Sites", 150, 42, "TH", page=1),
                 C("Share", 250, 42, "TH", page=1)], head=True)
    tables = read_tagged(pieces(other)).annotation.tables
    assert [(t.id, len(t.regions)) for t in tables] == [("t1", 1), ("t2", 1)]
