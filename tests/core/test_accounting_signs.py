"""A spreadsheet's accounting format (``columns.signs_open``), built with PyMuPDF at known
coordinates the way Excel prints it: the currency sign at its cell's left edge, the amount
flush right, and the number of the cell before it ending one cell padding left of that edge,
so the sign stands 2.5 pt after it, closer than a column gap (3 pt) and than a word space
at 8 pt type. The sign goes with its own amount, the number before it keeps its column; the
switch brings back the glued cell."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

SIZE = 8.0
PAD = 1.5  # pt: a cell's padding either side
EDGES = (60.0, 140.0, 190.0, 260.0, 330.0)  # the cells' edges: Item | Units | Price | Total
PITCH = 12.0
ROWS = (("Bolts", "1,250", "0.35", "437.50"), ("Nuts", "980", "0.12", "117.60"), ("Washers", "12,400", "0.04", "496.00"),
        ("Hinges", "36", "12.75", "459.00"), ("Brackets", "88", "4.20", "369.60"))


def _right(page: pymupdf.Page, x: float, y: float, text: str) -> None:
    page.insert_text((x - pymupdf.get_text_length(text, "helv", SIZE), y), text, fontsize=SIZE, fontname="helv")


def sheet(rows: Sequence[Sequence[str]] = ROWS) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    top = 100.0
    for x, head in zip(EDGES, ("Item", "Units", "Price", "Total"), strict=False):
        page.insert_text((x + PAD, top), head, fontsize=SIZE, fontname="helv")
    page.draw_line((EDGES[0], top + 3), (EDGES[-1], top + 3), width=0.5)  # the rule under the header
    for k, (item, units, price, total) in enumerate(rows, start=1):
        y = top + k * PITCH
        page.insert_text((EDGES[0] + PAD, y), item, fontsize=SIZE, fontname="helv")
        _right(page, EDGES[2] - PAD, y, units)  # ends 1.5 pt before the Price cell's edge
        for left, right, amount in ((EDGES[2], EDGES[3], price), (EDGES[3], EDGES[4], total)):
            page.insert_text((left + 1.0, y), "$", fontsize=SIZE, fontname="helv")  # the sign 2.5 pt after it
            _right(page, right - PAD, y, amount)
    y = top + len(rows) * PITCH + 3
    page.draw_line((EDGES[0], y), (EDGES[-1], y), width=0.5)
    return doc.tobytes()


def detect(pdf: bytes, params: Params | None = None) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, params or Params())


def test_the_sign_goes_with_its_amount_not_with_the_number_before_it() -> None:
    res = detect(sheet())
    assert len(res.tables) == 1
    assert res.tables[0].rows_text() == [["Item", "Units", "Price", "Total"],
                                         *([i, u, f"$ {p}", f"$ {t}"] for i, u, p, t in ROWS)]


def test_switched_off_the_sign_stays_glued_to_the_number_before_it() -> None:
    params = Params()
    params = replace(params, columns=replace(params.columns, signs_open=False))
    rows = detect(sheet(), params).tables[0].rows_text()
    assert rows[:2] == [["Item", "Units Price", "Total", ""], ["Bolts", "1,250 $", "0.35 $", "437.50"]]


def test_explain_names_the_sign_edge() -> None:
    from inspector.core.explain import explain_page

    res = detect(sheet())
    why = explain_page(res, Params())[0]
    edge = [w for w in why.cols if w.evidence and w.evidence[0].kind == "sign_edge"]
    assert [round(w.pos) for w in edge] == [round(EDGES[2]), round(EDGES[3])]
    assert all(w.kept and w.params == ("columns.signs_open",) for w in edge)
