"""A rule under an amount (a sum rule) groups no columns; a rule under a centred label does.

Financial statements without column rules underline the last amount before a total, and the
rule runs under the "$" set apart at the column's left ("$" only on the first and total rows,
the amount's own sign). That short rule is no group label's underline (booktabs' cmidrule): the
amount over it sits at its column's side, not centred on the rule, and stays in its own column. A label centred over
both years with a rule under it still spans them. Drawn by three producers.
"""

from __future__ import annotations

import pytest
from small_pdfs import PRODUCERS, Line, Op, Text

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

pytest.importorskip("reportlab")
pytest.importorskip("fpdf")

LABEL, DOLLAR, AMOUNT = (60.0, 210.0), (215.0, 230.0), (235.0, 290.0)  # x ranges of the first group
STEP = 100.0  # the second group ($ and amount) lies this much right of the first
BODY = (("Commercial", "$", "24", "$", "349"), ("Real estate", "", "12", "", "112"), ("Leases", "", "-", "", "2"),
        ("Equipment", "", "5", "", "17"), ("Other", "", "8", "", "21"),
        ("Total commercial", "", "49", "", "501"), ("Mortgage", "", "369", "", "1,357"),
        ("Credit card", "", "311", "", "-"), ("Auto", "", "7", "", "63"), ("Student", "", "2", "", "9"),
        ("Other consumer", "", "19", "", "22"), ("Total", "$", "757", "$", "1,973"))
SUMMED = (4, 10)  # rows whose amounts are underlined (the rule runs under the "$" column too)


def _page() -> list[Op]:
    right = AMOUNT[1] + STEP
    ops: list[Op] = [Line(LABEL[0], 100, right, 100)]
    ops += [Text((DOLLAR[0] + right) / 2, 112, "Amounts", align="centre"), Line(DOLLAR[0], 116, right, 116)]
    ops += [Text(AMOUNT[1] - 2, 128, "2023", align="right"), Text(right - 2, 128, "2024", align="right")]
    ops.append(Line(LABEL[0], 133, right, 133))
    y = 146.0
    for k, row in enumerate(BODY):
        ops.append(Text(LABEL[0] + 2, y, row[0]))
        for g in range(2):
            if row[1 + 2 * g]:
                ops.append(Text(DOLLAR[0] + g * STEP, y, row[1 + 2 * g]))
            ops.append(Text(AMOUNT[1] + g * STEP - 2, y, row[2 + 2 * g], align="right"))
            if k in SUMMED:
                ops.append(Line(DOLLAR[0] + g * STEP, y + 4, AMOUNT[1] + g * STEP, y + 4))
        y += 14
    ops.append(Line(LABEL[0], y - 8, right, y - 8))
    return ops


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_an_amount_over_its_sum_rule_stays_in_its_column(producer: str) -> None:
    res = Pipeline(open_document(PRODUCERS[producer](_page()))).run(0)
    assert len(res.tables) == 1
    table = res.tables[0]
    rows = [list(r) for r in table.rows_text()]
    # A "$" set apart at the left of its column is its amount's ("$ 24"), as every truth here reads it.
    joined = [[row[0], *(f"{row[k]} {row[k + 1]}".strip() for k in (1, 3))] for row in BODY]
    assert rows[-len(BODY):] == joined
    spans = [(c.r, c.text) for c in table.cells if c.cs > 1]
    assert spans == [(0, "Amounts")]  # centred over both years and underlined: a group label
