"""Two-row headers whose labels beside a group label span both rows ("Item", "Unit",
"Quantity", "Amount" beside "Unit price" over "Net | Gross"), drawn by PyMuPDF, reportlab and
fpdf2: on a dark header band or over a rule, the tall labels set in the middle of their cells or
at their top, a rule under the group label or none. Each tall label is one cell of rowspan 2 (as
Word's exports and tenders tag it), not a one-row cell over an empty one; the group label spans
its two columns and the sub-headers stand in theirs, though they are set left in their cells
over amounts set right (the column gaps are the body's: ``gapcuts``, ``columns._stands_off``).
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pytest
from head_pdfs import PRODUCERS, Sheet

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

HEAD = [["Item", "Unit", "Quantity", "Unit price", "", "Amount"], [None, None, None, "Net", "Gross", None]]
BODY = [
    ["Cement, bagged", "bag", "120", "8.40", "10.08", "1,209.60"],
    ["Sand, washed", "m3", "35", "22.00", "26.40", "924.00"],
    ["Gravel 20 mm", "m3", "48", "27.50", "33.00", "1,584.00"],
    ["Rebar D13", "t", "2.5", "910.00", "1,092.00", "2,730.00"],
    ["Formwork plywood", "sheet", "60", "31.20", "37.44", "2,246.40"],
    ["Labour, mason", "day", "40", "180.00", "216.00", "8,640.00"],
]
WIDTHS = (150.0, 50.0, 60.0, 70.0, 70.0, 80.0)
TALL = [(0, 0, 2, 1), (0, 1, 2, 1), (0, 2, 2, 1), (0, 3, 1, 2), (0, 5, 2, 1)]

# (body rows, header band, tall labels centred, rule under the group label)
STYLES = [(12, band, centred, rule) for band, centred, rule in itertools.product((True, False), repeat=3)]
STYLES += [(6, band, True, rule) for band, rule in itertools.product((True, False), repeat=2)]


def _page(tmp_path: Path, producer: str, style: tuple[int, bool, bool, bool], params: Params | None = None
          ) -> PageResult:
    rows, band, centred, rule = style
    sheet = Sheet(HEAD, (BODY * 2)[:rows], WIDTHS, right=frozenset({2, 3, 4, 5}), band=band, centred=centred,
                  group_rules=rule)
    pdf = tmp_path / f"{producer}.pdf"
    pdf.write_bytes(PRODUCERS[producer](sheet))
    return Pipeline(open_document(pdf)).run(0, params or Params())


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
@pytest.mark.parametrize("style", STYLES, ids=lambda s: f"{s[0]}rows-{'band' if s[1] else 'rule'}-"
                         f"{'middle' if s[2] else 'top'}-{'grouprule' if s[3] else 'open'}")
def test_labels_beside_a_group_span_both_header_rows(tmp_path: Path, producer: str,
                                                     style: tuple[int, bool, bool, bool]) -> None:
    res = _page(tmp_path, producer, style)
    assert len(res.tables) == 1
    table = res.tables[0]
    assert (table.n_rows, table.n_cols) == (style[0] + 2, 6)
    assert [(c.r, c.c, c.rs, c.cs) for c in table.cells if c.r == 0 and (c.rs > 1 or c.cs > 1)] == TALL
    assert [c.text for c in table.cells if c.r == 0] == ["Item", "Unit", "Quantity", "Unit price", "Amount"]
    assert [c.text for c in table.cells if c.r == 1] == ["Net", "Gross"]
    assert [c.text for c in table.cells if c.r == 2] == BODY[0]


@pytest.mark.parametrize("producer", ["pymupdf", "reportlab"])
def test_explain_names_the_labels_spanning_both_rows_and_the_switch_undoes_them(tmp_path: Path, producer: str) -> None:
    style = (12, True, True, False)
    rows = explain_page(_page(tmp_path, producer, style), Params())[0].rows
    said = [r for r in rows if any(e.kind == "head_rowspan" for e in r.evidence)]
    assert len(said) == 1 and '"Item", "Unit", "Quantity", "Amount"' in said[0].decision
    off = replace(Params(), tables=replace(Params().tables, head_rowspans=False))
    table = _page(tmp_path, producer, style, off).tables[0]
    assert not [c for c in table.cells if c.rs > 1]
    assert [c.text for c in table.cells if c.r == 1 and c.text] == ["Net", "Gross"]


def test_a_body_row_under_a_spanning_label_is_no_second_header_row(tmp_path: Path) -> None:
    """A label spanning two columns over a body row of amounts: no header of two rows, no rowspan."""
    head = [["Item", "Unit", "Quantity", "Unit price", "", "Amount"]]
    sheet = Sheet(head, BODY, WIDTHS, right=frozenset({2, 3, 4, 5}))
    pdf = tmp_path / "one_row.pdf"
    pdf.write_bytes(PRODUCERS["pymupdf"](sheet))
    table = Pipeline(open_document(pdf)).run(0).tables[0]
    assert not [c for c in table.cells if c.rs > 1]
