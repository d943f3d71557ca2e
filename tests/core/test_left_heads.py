"""Heads set left in their cells over amounts set right, the previous column's amounts ending a
few points before the head starts (a rate sheet's dark header band joined to its ruled body),
drawn by three producers. The body's columns leave their gaps on every row; the header line's
words must each land in the column they stand over, not close a gap:

- one body line's text reaching into the gap beside a head (a footnote mark hung past a
  right-set amount) left the head no white of the gap's minimum width, so the cut went to the
  gap's middle and "APY" joined "Interest rate" (``gapcuts._white_beside``);
- the spaces of a header label ("Minimum balance") and of a cell's second line ("£500,000 max")
  in one column, with the few lines the gap rule lets cross, found a second cut inside that
  column; the thin column between the two cuts then dropped the body's own gap, not the
  spaces' cut, and "Minimum balance Interest rate" came out as one column
  (``columns._more_crossed``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from head_pdfs import PRODUCERS, Sheet

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult, Table

HEAD = [["Account", "Minimum balance", "Interest rate", "APY"]]
WIDTHS = (190.0, 100.0, 90.0, 80.0)

NOTED = Sheet(HEAD, [
    ["Fixed Rate Bond\n1 year term", "£1,000", "4.10%", "4.18%"],
    ["Fixed Rate ISA", "£500", "3.80%", "3.87%"],
    ["Easy Access Saver", "£1", "2.80%\n3.05%*", "2.84%"],
    ["Children's Saver\nage 0 to 17", "£10", "4.50%", "4.59%"],
    ["Notice Account\n95 day notice", "£5,000", "4.25%", "4.33%"],
    ["Regular Saver", "£25", "5.00%", "5.12%"],
], WIDTHS, right=frozenset({2, 3}), pad=2.5)

SECTIONED = Sheet(HEAD, [
    ["Instant access accounts. Interest is calculated daily and paid monthly; rates are variable and\n"
     "may change at any time after we give you notice."],
    ["Instant Saver\nonline only", "£1", "3.20%", "3.25%"],
    ["Branch Saver\nopened in branch\nor by post", "£100", "2.95%", "2.99%"],
    ["Bonus Saver", "£500", "3.75%\nincl. 1.00% bonus", "3.81%"],
    ["Fixed term deposits"],
    ["1 Year Fixed\nno withdrawals", "£2,000", "4.35%", "4.44%"],
    ["2 Year Fixed", "£2,000\n£500,000 max", "4.10%", "4.18%"],
    ["3 Year Fixed\nno withdrawals\nno additions", "£2,000", "3.90%", "3.97%"],
], WIDTHS, right=frozenset({2, 3}), middle=True)


def _table(tmp_path: Path, producer: str, sheet: Sheet) -> tuple[PageResult, Table]:
    pdf = tmp_path / f"{producer}.pdf"
    pdf.write_bytes(PRODUCERS[producer](sheet))
    res = Pipeline(open_document(pdf)).run(0)
    assert len(res.tables) == 1
    return res, res.tables[0]


def _row(table: Table, r: int) -> list[str]:
    cells = {c.c: c.text for c in table.cells if c.r == r}
    return [cells.get(k, "") for k in range(table.n_cols)]


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_a_head_keeps_its_column_beside_a_mark_hung_into_the_gap(tmp_path: Path, producer: str) -> None:
    res, table = _table(tmp_path, producer, NOTED)
    assert table.n_cols == 4
    assert _row(table, 0) == HEAD[0]
    noted = next(r for r in range(table.n_rows) if _row(table, r)[0] == "Easy Access Saver")
    assert _row(table, noted)[2:] == ["2.80%\n3.05%*", "2.84%"]
    # explain says why the head went right of the gap
    cols = explain_page(res, Params())[0].cols
    assert any("APY" in c.decision and [e.kind for e in c.evidence][-1] == "left_head" for c in cols)


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_a_header_label_space_over_a_cells_space_cuts_no_column(tmp_path: Path, producer: str) -> None:
    _, table = _table(tmp_path, producer, SECTIONED)
    assert table.n_cols == 4
    assert _row(table, 0) == HEAD[0]
    bonus = next(r for r in range(table.n_rows) if _row(table, r)[0] == "Bonus Saver")
    assert _row(table, bonus) == ["Bonus Saver", "£500", "3.75%\nincl. 1.00% bonus", "3.81%"]
    two = next(r for r in range(table.n_rows) if _row(table, r)[0] == "2 Year Fixed")
    assert _row(table, two) == ["2 Year Fixed", "£2,000\n£500,000 max", "4.10%", "4.18%"]
