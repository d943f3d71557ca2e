"""A two-level header with no rule to read: a group label ("2023") centred over two
sub-columns ("Amount | %") is one cell spanning both, in a three-rule table (top, under the
header, bottom) such as an annual report's statements. The label is short: it crosses no text
gap, and the one rule under the header's first row runs under both groups at once, so neither
a text run nor a cmidrule shows the group; its place does. Drawn by three producers (PyMuPDF,
reportlab's canvas, fpdf2). A label centred on its own column only stays one column's cell.
"""

from __future__ import annotations

import pytest
from small_pdfs import PRODUCERS, Line, Op, Text

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

pytest.importorskip("reportlab")
pytest.importorskip("fpdf")

COLS = (60.0, 200.0, 250.0, 345.0, 395.0, 490.0, 540.0)  # item, note, then two groups of amount | %
BODY = (("Revenue", "5.1", "1,234,567.89", "100.00", "1,104,220.15", "100.00"),
        ("Cost of sales", "5.2", "(812,004.10)", "65.77", "(733,918.42)", "66.47"),
        ("Gross profit", "", "422,563.79", "34.23", "370,301.73", "33.53"),
        ("Selling expenses", "5.3", "(40,112.00)", "3.25", "(38,870.55)", "3.52"),
        ("Administrative expenses", "5.4", "(61,005.32)", "4.94", "(57,431.90)", "5.20"),
        ("Operating profit", "", "321,446.47", "26.04", "273,999.28", "24.81"))


def _page(centred: bool) -> list[Op]:
    """The header: "Item" and "Note" on the first line, each group label on it centred over its
    two columns (``centred``) or over its amount column alone; "Amount" and "%" under them."""
    ops: list[Op] = [Line(COLS[0], 100, COLS[-1], 100, 1.0), Line(COLS[2], 116, COLS[-1], 116, 0.3)]
    ops += [Text(COLS[0] + 4, 112, "Item"), Text(COLS[1] + 4, 112, "Note")]
    for g, label in enumerate(("2023", "2022")):
        a = 2 + 2 * g
        x = (COLS[a] + COLS[a + 2]) / 2 if centred else (COLS[a] + COLS[a + 1]) / 2
        ops.append(Text(x, 112, label, align="centre"))
        ops += [Text((COLS[a] + COLS[a + 1]) / 2, 126, "Amount", align="centre"),
                Text((COLS[a + 1] + COLS[a + 2]) / 2, 126, "%", align="centre")]
    ops.append(Line(COLS[0], 130, COLS[-1], 130, 0.5))
    y = 142.0
    for row in BODY:
        ops += [Text(COLS[0] + 4, y, row[0]), Text(COLS[1] + 4, y, row[1])]
        ops += [Text(COLS[c + 1] - 4, y, text, align="right") for c, text in enumerate(row[2:], start=2)]
        y += 13
    ops.append(Line(COLS[0], y - 8, COLS[-1], y - 8, 1.0))
    return ops


def _table(producer: str, centred: bool):
    res = Pipeline(open_document(PRODUCERS[producer](_page(centred)))).run(0)
    assert len(res.tables) == 1
    table = res.tables[0]
    assert table.n_cols == 6, [" | ".join(r) for r in table.rows_text()]
    return table


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_a_label_centred_over_two_sub_columns_spans_them(producer: str) -> None:
    table = _table(producer, centred=True)
    labels = {c.text.strip(): (c.r, c.c, c.rs, c.cs) for c in table.cells if c.text.strip() in ("2023", "2022")}
    assert labels == {"2023": (0, 2, 1, 2), "2022": (0, 4, 1, 2)}
    rows = table.rows_text()
    assert [" ".join(t.split()) for t in rows[1][2:]] == ["Amount", "%", "Amount", "%"]
    assert [r[2:] for r in rows[2:]] == [list(r[2:]) for r in BODY]


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_a_label_centred_on_its_own_column_stays_one_cell(producer: str) -> None:
    table = _table(producer, centred=False)
    labels = {c.text.strip(): (c.r, c.c, c.rs, c.cs) for c in table.cells if c.text.strip() in ("2023", "2022")}
    assert labels == {"2023": (0, 2, 1, 1), "2022": (0, 4, 1, 1)}


def test_explain_names_the_group_label() -> None:
    from inspector.core.explain import explain_page
    from inspector.core.params import Params

    res = Pipeline(open_document(PRODUCERS["pymupdf"](_page(True)))).run(0)
    (why,) = explain_page(res, Params())
    inside = [w for w in why.cols if any(e.kind == "group_label" for e in w.evidence)]
    assert len(inside) == 2 and all(w.kept for w in inside)
    assert "(\"2023\") centred over columns 3-4" in inside[0].decision
    assert "(\"2022\") centred over columns 5-6" in inside[1].decision
    assert inside[0].as_json()["evidence"][-1] == {"kind": "group_label", "row": 1}
