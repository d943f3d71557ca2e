"""A column of row numbers set right, then a column of text set left three points on
(``structure.numberedge``), built with PyMuPDF at known coordinates the way Apache FOP sets
a table with 1.5 pt of cell padding: the gap is no wider than a word space at 10 pt, yet the
alignments say two cells. One cell's text of one alignment stays one cell."""

from __future__ import annotations

from collections.abc import Sequence

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

SIZE = 10.0
PAD = 1.5  # pt: a cell's padding either side
EDGES = (50.0, 68.0, 250.0, 330.0, 400.0)  # the cells' edges: No | Task | Owner | Due
PITCH = 12.0
TASKS = (("1", ["Commission the heat pumps and", "hand the settings over"], "Contractor", "Week 35"),
         ("2", ["Train the night staff on the", "new alarm panel"], "Estates", "Week 35"),
         ("3", ["Replace the roof membrane"], "Contractor", "Week 41"),
         ("4", ["Repaint the stair cores after", "the plaster has dried"], "Site manager", "Week 38"),
         ("5", ["Test every fire door"], "Site manager", "Week 26"))


def _right(page: pymupdf.Page, x: float, y: float, text: str) -> None:
    page.insert_text((x - pymupdf.get_text_length(text, "helv", SIZE), y), text, fontsize=SIZE, fontname="helv")


def _left(page: pymupdf.Page, x: float, y: float, text: str) -> None:
    page.insert_text((x, y), text, fontsize=SIZE, fontname="helv")


def tasks(rows: Sequence[tuple[str, list[str], str, str]] = TASKS, own_cell: bool = True) -> bytes:
    """The task list: "No" over the numbers, set right in their own cell, each task's lines set
    left in the next cell; or (``own_cell`` False) each number opening its task's first line
    in one cell, a word space before the text. No rule anywhere."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = 100.0
    if own_cell:
        _right(page, EDGES[1] - PAD, y, "No")
    for x, text in zip(EDGES[1:], ("Task", "Owner", "Due"), strict=False):
        _left(page, x + PAD, y, text)
    for number, lines, owner, due in rows:
        y += PITCH + 4
        if own_cell:
            _right(page, EDGES[1] - PAD, y, number)
        _left(page, EDGES[2] + PAD, y, owner)
        _left(page, EDGES[3] + PAD, y, due)
        for k, text in enumerate(lines):
            _left(page, EDGES[1] + PAD, y + k * PITCH, text if own_cell or k else f"{number} {text}")
        y += (len(lines) - 1) * PITCH
    return doc.tobytes()


def detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, Params())


def test_the_numbers_set_right_are_a_column_of_their_own() -> None:
    res = detect(tasks())
    assert len(res.tables) == 1
    assert res.tables[0].rows_text() == [["No", "Task", "Owner", "Due"],
                                         *([n, "\n".join(t), o, d] for n, t, o, d in TASKS)]
    grid = res.tables[0].grid
    assert grid is not None
    x = grid.xs[1]
    assert abs(x - EDGES[1]) < 0.5  # halfway between the numbers' end and the text's start


def test_explain_names_the_number_edge() -> None:
    res = detect(tasks())
    why = explain_page(res, Params())[0]
    edge = [w for w in why.cols if w.evidence and w.evidence[0].kind == "number_edge"]
    assert [round(w.pos) for w in edge] == [round(EDGES[1])]
    assert edge[0].kept and "3.0 pt" in edge[0].decision


def test_numbers_of_one_width_opening_their_cell_stay_in_its_text() -> None:
    # "1 Commission", "2 Train" in one cell each: the numbers start and end at one x, nothing
    # shows them set right, so the word space after them is one cell's: the column stays whole.
    res = detect(tasks(own_cell=False))
    assert len(res.tables) == 1
    assert [row[0] for row in res.tables[0].rows_text()] == ["Task", *(f"{n} " + "\n".join(t) for n, t, _, _ in TASKS)]


def test_numbers_of_several_widths_opening_their_cell_end_ragged_and_stay_in_its_text() -> None:
    # Numbers of several widths set left end ragged: no stack of them, one cell's "12 Train".
    rows = [(str(n), t, o, d) for n, (_, t, o, d) in zip((9, 12, 7, 130, 48), TASKS, strict=True)]
    res = detect(tasks(rows, own_cell=False))
    assert len(res.tables) == 1
    assert [row[0] for row in res.tables[0].rows_text()] == ["Task", *(f"{n} " + "\n".join(t) for n, t, _, _ in rows)]
