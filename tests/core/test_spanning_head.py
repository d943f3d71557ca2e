"""A borderless table's first row as one line centred over all its columns, at the rows' step
(LaTeX's ``\\multicolumn{2}{c}{Example}`` over a ``tabular`` without rules): the line is the
table's first row, one cell spanning the columns. Set apart by more white than the rows, set
flush with the table's left edge, or set larger, it is a title or caption, not a row. Drawn by
three producers (PyMuPDF, reportlab's canvas, fpdf2).
"""

from __future__ import annotations

import pytest
from small_pdfs import PRODUCERS, Op, Text, paragraph, width

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

pytest.importorskip("reportlab")
pytest.importorskip("fpdf")

LEFT, RIGHT = 200.0, 300.0  # the table's two columns: names set left at LEFT, amounts set right at RIGHT
PITCH = 12.0
BODY = (("Name", "Value"), ("This", "11"), ("That", "2"), ("Other", "305"))
PROSE = ("Small tables may be shown within the paragraph of running text, set in the column "
         "between two paragraphs of the article, with the same type and the same leading.")


def _page(head: str = "Example", above: float = PITCH, align: str = "centre", size: float = 9.0) -> list[Op]:
    """A paragraph, the head line ``above`` pt over the table's first row (centred over the
    table, or set flush left), the rows at ``PITCH``, a paragraph under them."""
    top = 150.0
    ops: list[Op] = paragraph(72, 100, 400, PROSE)
    x = (LEFT + RIGHT) / 2 if align == "centre" else LEFT
    ops.append(Text(x, top - above, head, size=size, align="centre" if align == "centre" else "left"))
    for k, (name, value) in enumerate(BODY):
        ops += [Text(LEFT, top + k * PITCH, name), Text(RIGHT, top + k * PITCH, value, align="right")]
    return ops + paragraph(72, top + len(BODY) * PITCH + 20, 400, PROSE)


def _table(producer: str, ops: list[Op]):
    res = Pipeline(open_document(PRODUCERS[producer](ops))).run(0)
    assert len(res.tables) == 1, [t.rows_text() for t in res.tables]
    return res.tables[0]


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_a_line_centred_over_the_columns_at_the_rows_step_is_a_spanning_first_row(producer: str) -> None:
    table = _table(producer, _page())
    assert (table.n_rows, table.n_cols) == (5, 2)
    assert [(c.r, c.c, c.rs, c.cs, c.text) for c in table.cells if c.r == 0] == [(0, 0, 1, 2, "Example")]
    assert table.rows_text()[1:] == [list(r) for r in BODY]


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
@pytest.mark.parametrize("ops", [_page(above=2 * PITCH), _page(align="left"), _page(size=12.0),
                                 _page(head="Table 1: Example")],
                         ids=["set-apart", "flush-left", "larger", "table-label"])
def test_a_title_or_caption_over_the_table_is_no_row(producer: str, ops: list[Op]) -> None:
    table = _table(producer, ops)
    assert (table.n_rows, table.n_cols) == (4, 2)
    assert table.rows_text() == [list(r) for r in BODY]


def test_explain_names_the_spanning_head() -> None:
    from inspector.core.explain import explain_page
    from inspector.core.params import Params

    res = Pipeline(open_document(PRODUCERS["pymupdf"](_page()))).run(0)
    (why,) = explain_page(res, Params())
    top = why.rows[0]
    assert [e.kind for e in top.evidence][-1] == "spanning_head"
    assert "(\"Example\") is one piece centred over all 2 columns at the rows' step" in top.decision
    assert top.as_json()["evidence"][-1] == {"kind": "spanning_head", "width": round(top.evidence[-1].value, 2)}
    assert top.evidence[-1].value == pytest.approx(width("Example"), abs=0.1)  # 9 pt Helvetica
