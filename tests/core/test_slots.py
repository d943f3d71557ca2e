"""The one slot grid ("which cell covers slot (r, c)") and the one turn-aware cell box."""

from __future__ import annotations

from inspector.annotation.model import AnnCell, Region
from inspector.core.geometry import Frame, cell_boxes, slot_box
from inspector.core.slots import SlotGrid, covers, slots_of, span_slots
from inspector.core.types import Cell, Grid, Rect


def test_slot_grid_spans_gaps_overlaps_and_clipping() -> None:
    cells = [Cell(0, 0, 1, 2, "wide"), Cell(1, 0, 1, 1, "a"), Cell(0, 1, 2, 1, "overlap"), Cell(2, 2, 3, 3, "out")]
    g = SlotGrid.of(cells, 3, 3)
    assert g.at(0, 1).text == "wide" and g.is_origin(0, 0) and not g.is_origin(0, 1)
    assert g.at(1, 1) is None  # "overlap" starts on a slot "wide" holds: the first in reading order wins
    assert g.at(1, 2) is None and g.at(5, 5) is None  # a gap, outside
    assert g.at(2, 2).text == "out"  # clipped to the grid
    assert g.row_texts(0) == ["wide", "wide", ""] and g.row_texts(0, "empty") == ["wide", "", ""]
    assert [c.text for c in g.origins()] == ["wide", "a", "out"]


def test_covers_and_slots_of_agree() -> None:
    cell = Cell(1, 2, 2, 3)
    slots = set(slots_of(cell))
    assert len(slots) == 6
    assert all(covers(cell, r, c) == ((r, c) in slots) for r in range(5) for c in range(7))


def test_span_slots_lists_each_cell_once() -> None:
    assert span_slots(2, 3, [(0, 0, 1, 2)]) == [(0, 0, 1, 2), (0, 2, 1, 1), (1, 0, 1, 1), (1, 1, 1, 1), (1, 2, 1, 1)]


def test_cell_boxes_of_a_turned_grid_equal_the_annotation_region_boxes() -> None:
    frame = Frame(90, 600, 800)
    xs, ys = (100.0, 180.0, 300.0), (40.0, 60.0, 90.0)
    grid = Grid(frame.rect(Rect(100, 40, 300, 90), back=True), xs, ys, "ruled", ((0, 0, 1, 2),), 90, 600, 800)
    cells = (AnnCell(0, 0, 1, 2), AnnCell(1, 0), AnnCell(1, 1))
    region = Region(1, grid.region, xs, ys, cells, ("data", "data"), 90, 600, 800)
    boxes = cell_boxes(grid)
    assert [slot for slot, _ in boxes] == [(0, 0, 1, 2), (1, 0, 1, 1), (1, 1, 1, 1)]
    assert [box for _, box in boxes] == [region.cell_box(c) for c in cells]
    assert boxes[0][1] == frame.rect(Rect(100, 40, 300, 60), back=True)  # page space, not the frame's
    assert slot_box(xs, ys, 0, 0, 9, 9) == Rect(100, 40, 300, 90)  # spans clipped to the grid
