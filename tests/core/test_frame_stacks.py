"""Stacks of numbers divide a table that draws only its frame, as they divide a borderless one.

A slide's table (PowerPoint) draws a frame and the rules under its header rows, no rule
between its columns: the columns come from the text. Its values are right-aligned and its
column headers left-aligned, so each header starts right after the previous column's numbers
and covers the white between them: no gap is free on every line. The numbers' right-aligned
stacks still divide the columns, as they do in a table without rules. Drawn by three producers.
"""

from __future__ import annotations

import pytest
from small_pdfs import PRODUCERS, Line, Op, Text

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

pytest.importorskip("reportlab")
pytest.importorskip("fpdf")

X0, X1 = 100.0, 330.0
ENDS = (196.0, 262.0, 328.0)  # right edges of the three value columns
HEAD = ("Control", "RAD001", "Torin1")
BODY = (("G1", "68.69", "1,179.98", "1,180.57"), ("S", "11.96", "1,108.33", "1,108.18"),
        ("G2M", "16.52", "1,109.25", "1,109.33"), ("Sub-G1", "2.83", "1,102.44", "1,101.92"))


def _page() -> list[Op]:
    ops: list[Op] = [Line(X0, 100, X1, 100), Text((ENDS[0] + ENDS[2]) / 2 + 10, 111, "mTORi", align="centre"),
                     Line(ENDS[0] + 2, 115, X1, 115), Line(X0, 130, X1, 130)]
    # Headers left-aligned, each just right of the previous column's numbers, over the white
    # between them and its own; the group label over the last two crosses their white too.
    starts = (ENDS[0] - 45, ENDS[0] + 4, ENDS[1] + 6)
    ops += [Text(X0 + 3, 125, "Phase"), *(Text(x, 125, head) for x, head in zip(starts, HEAD, strict=True))]
    y = 142.0
    for row in BODY:
        ops.append(Text(X0 + 3, y, row[0]))
        ops += [Text(end, y, value, align="right") for end, value in zip(ENDS, row[1:], strict=True)]
        y += 14
    bottom = y - 9
    ops += [Line(X0, bottom, X1, bottom), Line(X0, 100, X0, bottom), Line(X1, 100, X1, bottom)]
    return ops


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_number_stacks_divide_a_frame_only_table(producer: str) -> None:
    res = Pipeline(open_document(PRODUCERS[producer](_page()))).run(0)
    assert len(res.tables) == 1
    rows = [list(r) for r in res.tables[0].rows_text()]
    assert rows[1:] == [["", *HEAD], *[list(r) for r in BODY]]
    assert rows[0][0] == "Phase" and rows[0][-1] == "mTORi"
    # No rule parts the two header rows in the stub's column: "Phase" is the stub head of both
    # (its blank slot above is not joined to the one beside it, which would chain it to "Control").
    (phase,) = [c for c in res.tables[0].cells if c.text == "Phase"]
    assert (phase.r, phase.c, phase.rs, phase.cs) == (0, 0, 2, 1)
