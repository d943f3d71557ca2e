"""Issue 25 (InDesign 18's report, p63): a table drawn with row rules only, each rule stroked
cell by cell. A first-column cell merged down over two rows of the second column leaves its
rule out there, and its paragraph wraps on past the place the second column's rule is drawn.
The cell spans both rows, its text whole; two labels each at its own row's top, under the same
left-out rule, stay two cells. Built with PyMuPDF at exact coordinates."""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

W, H = 612.0, 792.0
X0, XM, X1 = 60.0, 300.0, 560.0
TOP, SIZE, LEAD, PAD, ROW = 100.0, 9.0, 13.0, 5.5, 22.5
SINGLE = (("Priority", "Progress"), ("Hire veterans by 2024", "Hired 30,400 veterans"),
          ("Raise engagement with students", "Reached 3.2M students"))
WRAPPED = ("Increase representation of Black and", "Latino executives by 35% in 2022")
TWO_ROWS = ("Black representation up 39%", "Latino representation up 32%")
LAST = ("Conduct an equity audit", "The audit is underway")


def _text(page: pymupdf.Page, x: float, top: float, text: str) -> None:
    page.insert_text((x + 4, top + PAD + SIZE), text, fontsize=SIZE)


def layout(wrapped: bool) -> tuple[bytes, float]:
    """The page, and the height (pt) of the rule left out under the first column. ``wrapped``:
    the first column's cell is one paragraph over both rows (else a label at each row's top)."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y, mid, rules = TOP, 0.0, [(TOP, X0, X1)]
    for row in (*SINGLE, None, LAST):
        if row is None:  # the merged row: the second column's two rows beside one cell
            for k in range(2):
                _text(page, XM, y + k * ROW, TWO_ROWS[k])
                if wrapped:
                    _text(page, X0, y + k * LEAD, WRAPPED[k])
                else:
                    _text(page, X0, y + k * ROW, WRAPPED[k])
            mid = y + ROW
            rules += [(mid, XM, X1), (y + 2 * ROW, X0, X1)]
            y += 2 * ROW
            continue
        _text(page, X0, y, row[0])
        _text(page, XM, y, row[1])
        y += ROW
        rules.append((y, X0, X1))
    for yy, a0, a1 in rules:  # stroked cell by cell, as InDesign does
        for s, e in ((a0, XM), (XM, a1)) if a0 < XM else ((a0, a1),):
            page.draw_line((s, yy), (e, yy), width=0.35)
    return bytes(doc.tobytes()), mid


def _table(pdf: bytes) -> tuple[dict[tuple[int, int], tuple[int, str]], int, int]:
    result = Pipeline(open_document(pdf)).run(0)
    assert len(result.tables) == 1
    t = result.tables[0]
    return {(c.r, c.c): (c.rs, " ".join(c.text.split())) for c in t.cells}, t.n_rows, t.n_cols


def test_a_paragraph_wrapped_past_a_left_out_rule_is_one_cell_over_both_rows() -> None:
    cells, n_rows, n_cols = _table(layout(True)[0])
    assert (n_rows, n_cols) == (6, 2)
    assert cells[(3, 0)] == (2, " ".join(WRAPPED))
    assert (4, 0) not in cells
    assert cells[(3, 1)] == (1, TWO_ROWS[0])
    assert cells[(4, 1)] == (1, TWO_ROWS[1])
    assert cells[(5, 0)] == (1, LAST[0])


def test_labels_at_their_own_rows_tops_stay_two_cells() -> None:
    cells, n_rows, _ = _table(layout(False)[0])
    assert n_rows == 6
    assert cells[(3, 0)] == (1, WRAPPED[0])
    assert cells[(4, 0)] == (1, WRAPPED[1])


def test_the_lever_switches_it_off() -> None:
    pdf, _ = layout(True)
    params = Params().with_value("tables.wrapped_spans", False)
    t = Pipeline(open_document(pdf)).run(0, params).tables[0]
    cells = {(c.r, c.c): (c.rs, " ".join(c.text.split())) for c in t.cells}
    assert cells[(3, 0)] == (1, WRAPPED[0])
    assert cells[(4, 0)] == (1, WRAPPED[1])


def test_explain_names_the_wrapped_cell_on_the_left_out_rule() -> None:
    pdf, mid = layout(True)
    result = Pipeline(open_document(pdf)).run(0)
    (why,) = explain_page(result, Params())
    marked = [w for w in why.rows if any(e.kind == "wrapped_span" for e in w.evidence)]
    assert [round(w.pos) for w in marked] == [round(mid)]
    assert "tables.wrapped_spans" in marked[0].params
    assert "Increase representation of Black" in marked[0].decision
