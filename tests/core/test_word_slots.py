"""``wordslots.WordSlots``: each of a region's words in the grid slot holding its centre, read
once per grid, clamped to the grid as ``columns.col_of`` clamps; each text line in the row
holding its centre; a row's words per column left to right. A page of known words built by
PyMuPDF, a grid laid over it by hand (its first column boundary right of one word's centre,
its last row boundary over another's: both clamped into the grid)."""

from __future__ import annotations

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.rect import Rect
from inspector.core.structure.columns import WordCentres, col_of
from inspector.core.structure.region import RegionEvidence
from inspector.core.structure.regions import Candidate
from inspector.core.structure.wordslots import WordSlots, occupied_slots
from inspector.core.types import Grid

SIZE = 10.0
# (text, x, baseline): three lines; "zeta" right of "beta" on the first line, set left of it in
# the code so that the row's words come out by x, not by their order of drawing.
WORDS = (("alpha", 60.0, 100.0), ("zeta", 260.0, 100.0), ("beta", 160.0, 100.0),
         ("gamma", 60.0, 130.0), ("delta", 160.0, 130.0), ("omega", 260.0, 160.0))


def _evidence() -> tuple[RegionEvidence, Grid]:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    for text, x, y in WORDS:
        page.insert_text((x, y), text, fontsize=SIZE)
    res = Pipeline(open_document(doc.tobytes())).run(0, Params())
    box = Rect(50.0, 85.0, 320.0, 170.0)
    ev = RegionEvidence.gather(Candidate(box, "aligned"), res.words, WordCentres(res.words), (), Params())
    # Column 0 starts right of "alpha"'s and "gamma"'s centres; the last row ends above "omega"'s.
    grid = Grid(box, (80.0, 150.0, 250.0, 320.0), (85.0, 115.0, 145.0), "aligned")
    return ev, grid


def _text(ev: RegionEvidence, i: int) -> str:
    return ev.words[i].text


def test_every_word_sits_in_the_slot_of_its_centre_clamped_as_col_of_clamps() -> None:
    ev, grid = _evidence()
    slots = WordSlots(grid, ev)
    where = {_text(ev, i): (r, c) for i, r, c in zip(slots.ids, slots.rows, slots.cols, strict=True)}
    assert where == {"alpha": (0, 0), "beta": (0, 1), "zeta": (0, 2), "gamma": (1, 0), "delta": (1, 1),
                     "omega": (1, 2)}
    for i, r, c in zip(slots.ids, slots.rows, slots.cols, strict=True):
        b = ev.words[i].bbox
        assert (r, c) == (col_of(b.cy, grid.ys), col_of(b.cx, grid.xs))
    assert slots.occupied == set(where.values())
    ids = list(ev.ids)
    assert occupied_slots(grid, ev.centres.cx[ids], ev.centres.cy[ids]) == slots.occupied


def test_lines_rows_and_a_rows_cells_left_to_right() -> None:
    ev, grid = _evidence()
    slots = WordSlots(grid, ev)
    assert [[_text(ev, i) for i in ln.word_ids] for ln in ev.lines] == [
        ["alpha", "beta", "zeta"], ["gamma", "delta"], ["omega"]]
    assert slots.line_rows == [0, 1, 1]  # the third line's centre is under the last boundary: clamped
    assert {c: [w.text for w in ws] for c, ws in slots.row_cells(0).items()} == {0: ["alpha"], 1: ["beta"], 2: ["zeta"]}
    assert {c: [w.text for w in ws] for c, ws in slots.row_cells(1).items()} == {0: ["gamma"], 1: ["delta"], 2: ["omega"]}
    assert slots.row_cells(5) == {}
    first_row = slots.words_in_rows(1)
    assert {k: [_text(ev, i) for i in v] for k, v in first_row.items()} == {(0, 0): ["alpha"], (0, 1): ["beta"],
                                                                          (0, 2): ["zeta"]}
