"""Multi-line cells in ruled rows (issue 25, class 1): where drawn rules delimit rows, the text
lines inside one ruled row are that row's multi-line cells (a wrapped description, a bullet
list, a label over two lines beside a number), whichever producer drew the table."""

from __future__ import annotations

import unicodedata

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
    from inspector.core.structure.columns import lines_in
    from inspector.core.structure.grid import _wraps
    from inspector.core.types import Rect, Word

    def word(text: str, x: float, y: float) -> Word:
        return Word(text, Rect(x, y, x + 25, y + 10), 9, baseline=y + 8)

    words = [word("Origin", 10, 10), word("Qty", 60, 10), word("Kent", 10, 30), word("12", 60, 30)]
    lines = lines_in(words, range(4), 0.35)
    assert not _wraps(lines, words, [0, 50, 100])
    wrapped = [*words[:2], word("and", 10, 30), word("more", 60, 30)]
    assert _wraps(lines_in(wrapped, range(4), 0.35), wrapped, [0, 50, 100])
