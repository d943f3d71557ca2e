"""Two columns closer than a column gap, parted where the row rules' strokes meet (issue 25;
``rulejoints.in_narrow_gaps``).

AbiWord (and other word processors) pad a cell by a point or two and stroke each cell's border
on its own: a right-aligned amount ("82,005,000") and the left-aligned remark in the next cell
("installed on site") stand 2 to 3 pt apart, under ``columns.min_gap``, and the two columns read as
one. Every row rule breaks between them, where the cells meet: that is the column. Unbroken row
rules, or a break on too few of them, open nothing.
"""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.columns import lines_in
from inspector.core.structure.rulejoints import in_narrow_gaps
from inspector.core.types import Rect

XS = (60.0, 200.0, 300.0, 400.0, 520.0)  # the cells' edges, pt
TOP, PITCH, SIZE, PAD = 100.0, 16.0, 9.0, 1.0
ROWS = (("Item", "Qty", "Amount", "Remark"), ("Projector", "34", "83,300,000", "installed on site"),
        ("Network switch", "35", "102,060,000", ""), ("Office chair", "15", "52,200,000", "one-year service"),
        ("Laser printer", "6", "23,400,000", ""), ("Monitor", "24", "87,168,000", "supplied by the client"),
        ("Total", "", "348,128,000", ""))
RIGHT = (False, True, True, False)  # columns set flush right
EDGES = [TOP + r * PITCH for r in range(len(ROWS) + 1)]


def _pdf(broken: int = len(EDGES), rows: tuple[tuple[str, ...], ...] = ROWS) -> bytes:
    """Rules over and under every row, no rule between columns; the first ``broken`` rules
    stroked cell by cell (the rest one stroke each); the head centred, the text 1 pt inside its cell (2 pt between two cells' text)."""
    doc = pymupdf.open()
    page = doc.new_page(width=600, height=800)
    edges = [TOP + r * PITCH for r in range(len(rows) + 1)]
    for k, y in enumerate(edges):
        spans = list(zip(XS, XS[1:], strict=False)) if k < broken else [(XS[0], XS[-1])]
        for x0, x1 in spans:
            page.draw_line((x0, y), (x1, y), color=(0, 0, 0), width=1.0)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            font = "hebo" if r == 0 else "helv"
            width = pymupdf.get_text_length(text, fontname=font, fontsize=SIZE)
            x = XS[c + 1] - PAD - width if RIGHT[c] and r else XS[c] + PAD if r else (XS[c] + XS[c + 1] - width) / 2
            page.insert_text((x, edges[r] + 12), text, fontsize=SIZE, fontname=font)
    return bytes(doc.tobytes())


def _tables(pdf: bytes) -> list[list[list[str]]]:
    return [t.rows_text() for t in Pipeline(open_document(pdf)).run(0, Params()).tables]


def test_row_rules_broken_where_the_cells_meet_part_two_close_columns() -> None:
    assert _tables(_pdf()) == [[list(r) for r in ROWS]]
    (table,) = explain_page(Pipeline(open_document(_pdf())).run(0, Params()), Params())
    (why,) = [w for w in table.cols if abs(w.pos - XS[3]) < 1.0]
    assert why.evidence[0].kind == "rule_joints" and why.evidence[0].value == len(EDGES)
    assert "pt here, closer than columns.min_gap, yet most row rules break here" in why.decision


def test_a_boundary_standing_on_a_joint_is_returned_to_cut_the_pieces() -> None:
    """A column the text gaps already put on the cells' edge (one line in ten may cross a gap)
    is handed back with the new ones: the one line whose amount and remark run across it as one
    piece is cut there. No new column where every boundary already stands on its joint."""
    res = Pipeline(open_document(_pdf())).run(0, Params())
    ids = list(range(len(res.words)))
    lines = lines_in(res.words, ids, Params().rows.y_tolerance)
    box = Rect(XS[0], EDGES[0], XS[-1], EDGES[-1])
    inner, added = in_narrow_gaps([XS[1], XS[3]], res.rules, res.words, lines, box, 1.0)
    assert inner == [XS[1], XS[2], XS[3]] and added == {XS[1], XS[2], XS[3]}
    assert in_narrow_gaps(list(XS[1:-1]), res.rules, res.words, lines, box, 1.0) == (list(XS[1:-1]), set(XS[1:-1]))


def test_unbroken_row_rules_leave_the_close_columns_one() -> None:
    (table,) = _tables(_pdf(broken=0))
    assert [row[-1] for row in table[1:]] == [f"{r[2]} {r[3]}".strip() for r in ROWS[1:]]


def test_a_break_on_too_few_rules_opens_nothing() -> None:
    """Two rules of seven broken at the cells' edges: under half the region's row rules."""
    (table,) = _tables(_pdf(broken=2))
    assert len(table[0]) == 3
