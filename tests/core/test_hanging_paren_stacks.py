"""Two columns of amounts in a spreadsheet's accounting format (``#,##0_);(#,##0)``: a positive
ends a ")" short of the cell's edge, a negative's ")" stands at it), ruled as a statement
(under the head, over the total, a double rule under it), set so close that the bold total
row's two amounts stand 2.5 pt apart, under the column gap: the stacks of right
edges find the boundary only when a negative may stand in its stack by the edge before its
")" (``structure.stacks.edges``). Drawn with known coordinates (Helvetica 11 pt)."""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.stacks import PAREN

SIZE = 11.0
GAP = 2.5  # pt between the total row's two amounts
# each amount column's right edge (a negative's ")" ends here): the second as close as leaves GAP
EDGES = (160.0, 160.0 + GAP + pymupdf.Font("hebo").text_length("$8,547,600", SIZE))
ROWS = [("Item", "Current", "Prior"), ("Sales", "$454,528", "$292,977"), ("Rent", "632,661", "203,237"),
        ("Travel", "521,976", "414,952"), ("Insurance", "(251,901)", "(932,252)"), ("Training", "347,726", "(934,436)"),
        ("Marketing", "272,739", "360,117"), ("Total", "$311,492", "$8,547,600")]

# Years as heads (numbers ending at the column's edge) and more negatives: the negatives, the
# currency amounts and the heads also make a stack of their own at the edge, a ")" right of the
# positives' (with them by their edges before the ")"): one column's two stacks.
TWO_STACKS = [("Item", "2025", "2024"), *ROWS[1:3], ("Travel", "521,976", "(414,952)"), *ROWS[4:]]


def _sheet(hang: bool = True, rows: list[tuple[str, str, str]] = ROWS) -> bytes:
    """The statement; with ``hang`` positives end a ")" short of the column's edge."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    paren = pymupdf.Font("helv").text_length(")", SIZE)
    for r, row in enumerate(rows):
        y = 100 + r * 15
        font = "hebo" if r in (0, len(rows) - 1) else "helv"
        page.insert_text((58, y), row[0], fontsize=SIZE, fontname=font)
        for c, text in enumerate(row[1:]):
            short = hang and r and not text.endswith(")") and not text.startswith("$")
            x = EDGES[c] - (paren if short else 0) - pymupdf.Font(font).text_length(text, SIZE)
            page.insert_text((x, y), text, fontsize=SIZE, fontname=font)
    bottom = 100 + (len(rows) - 1) * 15
    for at in (104, bottom - 11, bottom + 4, bottom + 5.5):  # under the head, over the total, a double under it
        page.draw_line((56, at), (EDGES[1] + 4, at), width=0.5)
    return doc.tobytes()


def _columns(data: bytes) -> list[list[str]]:
    res = Pipeline(open_document(data)).run(0, Params())
    assert len(res.tables) == 1
    return res.tables[0].rows_text()


def test_total_row_amounts_closer_than_a_gap_part_by_the_stacks() -> None:
    """Every row reads label, 2025, 2024: the total's "$311,492" and "$8,547,600" (2.5 pt apart)
    included."""
    rows = _columns(_sheet())
    assert [r[1:] for r in rows] == [list(r[1:]) for r in ROWS]


def test_one_columns_two_stacks_are_one_column() -> None:
    """With a stack at the edge too (heads, negatives, currency amounts), the two stacks a ")"
    apart are one column's (``structure.stacks._families``): the columns part as before."""
    rows = _columns(_sheet(rows=TWO_STACKS))
    assert [r[1:] for r in rows] == [list(r[1:]) for r in TWO_STACKS]


def test_a_hanging_paren_is_within_the_parameter() -> None:
    """The ")" of the face drawn here is within the alignment slack of ``PAREN`` ems."""
    assert abs(pymupdf.Font("helv").text_length(")", SIZE) - PAREN * SIZE) <= 0.2 * SIZE


def test_explain_says_a_negatives_paren_may_hang() -> None:
    res = Pipeline(open_document(_sheet())).run(0, Params())
    (t,) = explain_page(res, Params())
    stacked = [w for w in t.cols if w.kept and any(e.kind == "number_stack" for e in w.evidence)]
    assert stacked and "may hang out of its stack" in stacked[0].decision
