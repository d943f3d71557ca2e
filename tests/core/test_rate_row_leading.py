"""A rate sheet's ruled row whose label goes over two lines ("Easy Access" / "Saver") beside a
rate with a note mark under it ("2.80%" / "3.05%*"), drawn by three producers (issue 25,
multi-line cells in ruled rows). The second line holds a label and an amount, as a row of
amounts under one rule does, but it steps from the first at the type's leading, well under
the padded pitch of the table's one-line rows, and leaves columns empty: one row's cells, as
pdfplumber reads the row from its rules. A lookup table's lines set at the leading that each
fill every column stay rows (``test_ruled_row_cells``, ``test_ruled_multiline``)."""

from __future__ import annotations

import pytest
from head_pdfs import PRODUCERS, Sheet

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

HEAD = ["Account", "Minimum balance", "Interest rate", "APY"]
BODY = [
    ["Instant access accounts. Interest is calculated daily and paid monthly; rates are variable and\n"
     "may change at any time after we give you notice."],
    ["Easy Access\nSaver", "£1", "2.80%\n3.05%*", "2.84%"],
    ["Instant Saver\nonline only", "£1", "3.20%", "3.25%"],
    ["Bonus Saver", "£500", "3.75%\nincl. 1.00% bonus", "3.81%"],
    ["Fixed term deposits"],
    ["1 Year Fixed\nno withdrawals", "£2,000", "4.35%", "4.44%"],
    ["3 Year Fixed\nno withdrawals\nno additions", "£2,000", "3.90%", "3.97%"],
]


def _sheet(middle: bool) -> Sheet:
    return Sheet([HEAD], BODY, (190.0, 100.0, 90.0, 80.0), right=frozenset({2, 3}), middle=middle)


@pytest.mark.parametrize("middle", [False, True], ids=["top", "middle"])
@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_a_label_over_two_lines_beside_a_noted_rate_is_one_ruled_row(producer: str, middle: bool) -> None:
    (table,) = Pipeline(open_document(PRODUCERS[producer](_sheet(middle)))).run(0).tables
    assert (table.n_rows, table.n_cols) == (len(BODY) + 1, 4)
    rows = table.rows_text()
    assert rows[0] == HEAD
    assert rows[2] == ["Easy Access\nSaver", "£1", "2.80%\n3.05%*", "2.84%"]
    assert [r[0] for r in rows[3:]] == [r[0] for r in BODY[2:]]


def test_explain_names_the_ruled_row_for_the_labels_second_line() -> None:
    res = Pipeline(open_document(PRODUCERS["pymupdf"](_sheet(False)))).run(0)
    (table,) = res.tables
    assert table.grid is not None
    top, bottom = table.grid.ys[2], table.grid.ys[3]
    (why,) = explain_page(res, Params())
    inside = [w for w in why.dropped if w.axis == "row" and top < w.pos < bottom]
    assert len(inside) == 1
    assert inside[0].decision.startswith("the table draws its rows one by one")
