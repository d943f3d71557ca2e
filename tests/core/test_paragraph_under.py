"""What explain says ends a table where a paragraph follows it: the paragraph's first line, set
larger than the table's body and apart from it, passes for a heading by its type and setting;
followed by more prose of its measure (starting where it starts, no wider, in its type, at its
leading) it is a paragraph (``ends.paragraph_over``), evidence ``paragraph_under``. A heading over
prose stays a heading. Built with PyMuPDF, reportlab and fpdf2 at known coordinates."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from tests.core.test_heading_ends import HEAD, PRODUCERS, XS, Rule, Text, _detect, _draw, _rows, _shapes

LINES = ("Negative amounts are shown in parentheses. The change column header wraps over two lines, which a",
         "careless extractor reads as two rows.")


def _table_then(first: str, size: float = 10.0, indent: float = 0.0) -> Callable[[Text, Rule], None]:
    """A booktabs table in 8 pt type, 22 pt of white under its last row, then ``first`` in
    ``size`` pt over the paragraph's last line (``indent`` pt right of it) at 14 pt leading."""
    def build(text: Text, rule: Rule) -> None:
        bottom = _draw(text, rule, 100, [HEAD, *_rows(1, 6)], XS, "booktabs")
        y = bottom + 22 + size * 0.8
        text(56, y, first, size, False)
        text(56 + indent, y + 14, LINES[1], 10.0, False)
    return build


@pytest.mark.parametrize("producer", list(PRODUCERS))
def test_a_paragraph_under_the_table_is_told_a_paragraph(producer: str) -> None:
    res = _detect(PRODUCERS[producer](_table_then(LINES[0])))
    assert _shapes(res) == [(7, 4)]
    assert res.tables[0].rows_text()[-1][0] == "Account 06"
    why = explain_page(res, Params())[0]
    assert [e.kind for e in why.rows[-1].evidence][-1] == "paragraph_under"
    assert '("Negative amounts are shown in parentheses.' in why.rows[-1].decision
    assert ") is a paragraph, no row of the table" in why.rows[-1].decision


def test_a_line_over_a_line_in_other_type_is_no_paragraph() -> None:
    """Guard: the first line in 12 pt over the 10 pt line: not one paragraph's lines, a heading as before."""
    res = _detect(PRODUCERS["pymupdf"](_table_then(LINES[0], size=12.0)))
    why = explain_page(res, Params())[0]
    assert [e.kind for e in why.rows[-1].evidence][-1] == "heading_under"


def test_a_short_heading_over_prose_stays_a_heading() -> None:
    """Guard: "Regional results" (two words, no running prose) over the paragraph: a heading."""
    res = _detect(PRODUCERS["pymupdf"](_table_then("Regional results", size=11.0)))
    why = explain_page(res, Params())[0]
    assert [e.kind for e in why.rows[-1].evidence][-1] == "heading_under"
    assert '("Regional results") is a heading' in why.rows[-1].decision
