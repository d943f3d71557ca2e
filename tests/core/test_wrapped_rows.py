"""A line that wraps the line above in every column it has text in starts no row.

A statistics table (rules between its columns, none between its rows) wraps one row's cells
over two lines: "95% confidence" / "interval" beside "0.18 to" / "0.73" in every value column.
Each line fills every column, yet the second only goes on with the first: it starts in lower
case or follows a joiner ("to") in each column, and fills no column of its own. Lines of
lower-case values with no joiner above them are rows still. Drawn by three producers.
"""

from __future__ import annotations

import pytest
from small_pdfs import PRODUCERS, Line, Op, Text

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

pytest.importorskip("reportlab")
pytest.importorskip("fpdf")

COLS = (60.0, 160.0, 220.0, 280.0, 340.0)
ROWS = (("Pearson r", "0.50", "0.81", "0.52"),
        (("95% confidence", "interval"), ("0.18 to", "0.73"), ("0.61 to", "0.91"), ("-0.15 to", "0.56")),
        ("p value", "0.0022", "<0.0001", "0.11"),
        ("n pairs", "34", "34", "31"),
        ("outliers", "none", "one", "two"),
        ("weighted", "yes", "no", "yes"))


def _page() -> list[Op]:
    ops: list[Op] = [Line(COLS[0], 100, COLS[-1], 100)]
    ops += [Text((a + b) / 2, 112, head, align="centre")
            for a, b, head in zip(COLS[1:], COLS[2:], ("RAD51", "ATR", "ATM"), strict=False)]
    ops.append(Line(COLS[0], 117, COLS[-1], 117))
    y = 129.0
    for row in ROWS:
        for c, cell in enumerate(row):
            for k, text in enumerate((cell,) if isinstance(cell, str) else cell):
                ops.append(Text(COLS[c] + 4, y + 11 * k, text) if c == 0
                           else Text((COLS[c] + COLS[c + 1]) / 2, y + 11 * k, text, align="centre"))
        y += 11 * max(1 if isinstance(cell, str) else len(cell) for cell in row) + 3
    bottom = y - 8
    ops.append(Line(COLS[0], bottom, COLS[-1], bottom))
    ops += [Line(x, 100, x, bottom) for x in COLS]
    return ops


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_a_line_wrapping_every_cell_above_is_no_row(producer: str) -> None:
    res = Pipeline(open_document(PRODUCERS[producer](_page()))).run(0)
    assert len(res.tables) == 1
    rows = [[" ".join(t.split()) for t in r] for r in res.tables[0].rows_text()]
    expected = [[" ".join(c) if isinstance(c, tuple) else c for c in row] for row in ROWS]
    assert rows == [["", "RAD51", "ATR", "ATM"], *expected]
