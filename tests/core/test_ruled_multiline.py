"""Multi-line cells in ruled rows (issue 25, class 1): where drawn rules delimit rows, the text
lines inside one ruled row are that row's multi-line cells (a wrapped description, a bullet
list, a label over two lines beside a number), whichever producer drew the table."""

from __future__ import annotations

import unicodedata

import pymupdf
import pytest
from producer_pdfs import PRODUCERS

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

DESCRIPTION = ("Contains the classes that implement the electronic signature service, the key store "
               "access and the audit trail written for every signature request made by the sample application.")
# Two columns wrap side by side in most rows (a location over two lines beside a description
# of five): their second lines fill two of three columns, as a new row's would.
ROWS = (("File", "Location", "Description"),
        ("esig.jar", "HOME jars signature", DESCRIPTION),
        ("jaas.config", "HOME samples config", "Read by the console.\n- first option\n- second option\n"
                                                  "- third option\n- fourth option"),
        ("log4j.jar", "HOME", "Logging."),
        ("Wood, paper and pulp", "HOME samples wood", "Sourced from certified forests where a certification "
                                                       "scheme exists; the rest traced to its forest of origin "
                                                       "and checked against the deforestation maps each year."),
        ("run.bat", "HOME samples scripts", "Runs the sample console application; set JAVA_HOME and the "
                                                "class path first, then start it from the folder it sits in."))
WIDTHS = (90.0, 70.0, 200.0)


def _norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split())


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_lines_inside_a_ruled_row_are_one_row(producer: str) -> None:
    data = PRODUCERS[producer](ROWS, WIDTHS)
    res = Pipeline(open_document(data)).run(0)
    (table,) = res.tables
    assert (table.n_rows, table.n_cols) == (len(ROWS), 3)
    got = [[_norm(c) for c in row] for row in table.rows_text()]
    assert got == [[_norm(c) for c in row] for row in ROWS]
    # The rows really were drawn over several lines: the description cells hold 3 or more.
    assert max(table.rows_text()[1][2].count("\n"), table.rows_text()[2][2].count("\n")) >= 2


# Two columns, both wrapping in the same rows: every line of such a row fills both columns,
# as a new row's would; its second line continues the first (lower case), so it is no row.
TWO = (("For information about", "Resource"),
       ("Adobe specification annotations", "The reference manual, sixth edition"),
       ("Corrections", "Errata for the reference"),
       ("Redaction of documents in detail", "The redaction addendum and its errata"),
       ("ISO version", "ISO 32000-1"))


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_two_wrapped_cells_side_by_side_are_one_row(producer: str) -> None:
    data = PRODUCERS[producer](TWO, (120.0, 150.0))
    (table,) = Pipeline(open_document(data)).run(0).tables
    assert [[_norm(c) for c in row] for row in table.rows_text()] == [[_norm(c) for c in row] for row in TWO]
    assert "\n" in table.rows_text()[3][0] and "\n" in table.rows_text()[3][1]


def test_a_word_ending_like_a_joiner_is_no_wrap() -> None:
    """'Origin' ends in "in" but is no joiner: a full header line over a full first row of a
    banded table still splits (the first band holds both)."""
    from inspector.core.structure.bandlines import wraps as _wraps
    from inspector.core.structure.columns import lines_in
    from inspector.core.types import Rect, Word

    def word(text: str, x: float, y: float) -> Word:
        return Word(text, Rect(x, y, x + 25, y + 10), 9, baseline=y + 8)

    words = [word("Origin", 10, 10), word("Qty", 60, 10), word("Kent", 10, 30), word("12", 60, 30)]
    lines = lines_in(words, range(4), 0.35)
    assert not _wraps(lines, words, [0, 50, 100])
    wrapped = [*words[:2], word("and", 10, 30), word("more", 60, 30)]
    assert _wraps(lines_in(wrapped, range(4), 0.35), wrapped, [0, 50, 100])


# Every body row is deep (a description over five lines or more, a label over two): no short
# body band shows the bands are rows, but the grid boxes every band on all four sides.
LONG = ("Map the value to the value attribute, the maximum length to maxlength and the spell "
        "check flag to spellcheck; when the rich text flag is set, inner markup is created from "
        "the rich value entry, otherwise from the plain value.")
DEEP = (("Type of field", "Type", "Processing"),
        ("Radio button field\nNOTE: the flag is not supported", "radio", LONG),
        ("Single line text field", "text", LONG),
        ("Password text field (a single line text field with the password flag set)", "password", LONG))


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_every_band_deep_in_a_boxed_grid_is_still_one_row_each(producer: str) -> None:
    data = PRODUCERS[producer](DEEP, (110.0, 60.0, 150.0))
    (table,) = Pipeline(open_document(data)).run(0).tables
    assert [[_norm(c) for c in row] for row in table.rows_text()] == [[_norm(c) for c in row] for row in DEEP]
    assert min(table.rows_text()[r][2].count("\n") for r in (1, 2, 3)) >= 4  # deep bands indeed


def test_a_boxed_band_of_full_lines_still_splits_into_rows() -> None:
    """A boxed grid whose band holds lines that each fill every column (several data rows
    under one rule, none wrapping) is still split line by line."""
    rows = (("Item", "Qty", "Price"), ("Apples\nPears\nPlums\nFigs\nDates", "12\n7\n30\n4\n9",
                                       "1.20\n0.80\n2.10\n3.00\n1.50"), ("Total", "62", "8.60"))
    (table,) = Pipeline(open_document(PRODUCERS["pymupdf-drawn"](rows, (90.0, 60.0, 60.0)))).run(0).tables
    assert table.rows_text()[1:6] == [["Apples", "12", "1.20"], ["Pears", "7", "0.80"], ["Plums", "30", "2.10"],
                                      ["Figs", "4", "3.00"], ["Dates", "9", "1.50"]]


def _bullet_lists_pdf(marker: str = "•") -> bytes:
    """A header band and one ruled body band of three columns, each a bullet list set on its
    own: column 0 at 12 pt leading, column 1 with 5 pt between its items, column 2 with its
    first item 6 pt lower. The markers sit 10 pt left of their items (a 'gap' in the column)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    xs, top, head, bottom = (60.0, 220.0, 380.0, 540.0), 100.0, 118.0, 260.0
    lists = (["Provides access to the", "signature interface", "Supports both editions", "of the runtime",
              "Requires a build on", "the server", "Ships with samples"],
             ["Cache 5 (NT and VMS)", "WebLogic Server 8", "J2EE 1.3", "J2SE SDK 1.4", "Log4j", "XML"],
             ["VistALink 1.5", "Kernel 8.0", "Kernel Toolkit 7.3", "FileMan 22.0", "RPC Broker 1.1"])
    starts = ({0, 2, 4, 6}, set(range(6)), set(range(5)))
    for c, (items, first) in enumerate(zip(lists, starts, strict=True)):
        page.insert_text((xs[c] + 6, top + 13), ("Overview", "Technologies", "Dependencies")[c], fontsize=10)
        y = head + 14 + (6 if c == 2 else 0)
        for k, text in enumerate(items):
            if k in first and k and c:
                y += 5  # space between the items of the second and third lists
            if k in first:
                page.insert_text((xs[c] + 6, y), marker, fontsize=10)
            page.insert_text((xs[c] + 18, y), text, fontsize=10)
            y += 12
    for y in (top, head, bottom):
        page.draw_line((xs[0], y), (xs[-1], y), width=0.8)
    for x in xs:
        page.draw_line((x, top), (x, bottom), width=0.8)
    return doc.tobytes()


@pytest.mark.parametrize("drawn", ["•", "-", "*"])
def test_bullet_lists_side_by_side_in_one_ruled_band_are_one_row(drawn: str) -> None:
    """Lines of different columns falling between each other's lines (staggered) are cells set
    one by one, not rows; a column of list markers inside a drawn column is no column."""
    (table,) = Pipeline(open_document(_bullet_lists_pdf(drawn))).run(0).tables
    assert (table.n_rows, table.n_cols) == (2, 3)
    body = [_norm(t) for t in table.rows_text()[1]]
    marker = body[1][0]  # as the base-14 font wrote it (Helvetica sets the bullet as a middle dot)
    assert body[1] == _norm(f"{marker} Cache 5 (NT and VMS) {marker} WebLogic Server 8 {marker} J2EE 1.3 "
                            f"{marker} J2SE SDK 1.4 {marker} Log4j {marker} XML")
    assert body[0].startswith(f"{marker} Provides access to the signature interface {marker} Supports")
    assert body[2].endswith(f"{marker} RPC Broker 1.1")


def test_list_markers() -> None:
    from inspector.core.text import list_marker

    assert all(list_marker(t) for t in ("•", "–", "-", "▪", "■", "►", "\uf0b7", " • "))
    assert not any(list_marker(t) for t in ("1.", "1", "a", "A", "••", "", "%", "$") if t not in ("%",))


def _statement_pdf(rows: tuple[tuple[str, ...], ...]) -> bytes:
    """A header, body rows and a total, ruled over and under the header, over the total and
    at the bottom only (the body's rows share one band); amounts right-aligned."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    top, step, rights = 100.0, 14.0, (200.0, 270.0, 340.0)
    for r, row in enumerate(rows):
        y = top + 10 + r * step
        page.insert_text((50, y), row[0], fontsize=8)
        for x1, text in zip(rights, row[1:], strict=True):
            page.insert_text((x1 - pymupdf.get_text_length(text, fontsize=8), y), text, fontsize=8)
    bottom = top + len(rows) * step
    for y in (top, top + step, bottom - step, bottom):
        page.draw_line((46, y), (344, y), width=0.6)
    return doc.tobytes()


def test_a_nil_dash_ends_no_wrapped_line() -> None:
    """A dash that is a whole cell ("-" for nil) is no hyphen of a word cut at the line's end:
    the body rows under one rule stay rows, the dashes in them and under them."""
    rows = (("Item", "2022", "2021", "2020"), ("Loans", "24", "-", "1,024"), ("Leases", "-", "7", "86"),
            ("Cards", "311", "-", "-"), ("Auto", "2", "16", "689"), ("Total", "337", "23", "1,799"))
    (table,) = Pipeline(open_document(_statement_pdf(rows))).run(0).tables
    assert [list(r) for r in table.rows_text()] == [list(r) for r in rows]
