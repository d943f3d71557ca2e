"""Conversion between annotation tables and core tables, and suggested row roles."""

from __future__ import annotations

from dataclasses import replace

from inspector.annotation.model import (
    AnnCell,
    AnnTable,
    Region,
    annotation_table_from_detected,
    new_region,
    params_from_pairs,
    params_pairs,
    stacked_core_table,
    to_core_table,
)
from inspector.annotation.roles import suggest_row_roles
from inspector.core.params import Params
from inspector.core.types import Cell, Grid, Rect, Table, Word


def _detected() -> tuple[Table, list[Word]]:
    words = [Word("Item", Rect(12, 12, 30, 20), 10, True), Word("Q1", Rect(62, 12, 70, 20), 10, True),
             Word("Apples", Rect(12, 32, 40, 40), 10), Word("(1,200)", Rect(62, 32, 90, 40), 10),
             Word("", Rect(0, 0, 0, 0)), Word("Total", Rect(12, 52, 35, 60), 10, True),
             Word("1,200", Rect(62, 52, 85, 60), 10, True), Word("Source:", Rect(12, 72, 30, 78), 7)]
    cells = (Cell(0, 0, text="Item", word_ids=(0,)), Cell(0, 1, text="Q1", word_ids=(1,)),
             Cell(1, 0, text="Apples", word_ids=(2,)), Cell(1, 1, text="(1,200)", word_ids=(3,)),
             Cell(2, 0, text="Total", word_ids=(5,)), Cell(2, 1, text="1,200", word_ids=(6,)),
             Cell(3, 0, 1, 2, text="Source:", word_ids=(7,)))
    grid = Grid(Rect(10, 10, 110, 80), (10, 60, 110), (10, 30, 50, 70, 80), "ruled", ((3, 0, 1, 2),))
    return Table(Rect(10, 10, 110, 80), 4, 2, cells, header_rows=1, page=2, title="Sales",
                 footnote="in k", grid=grid), words


def test_detected_table_becomes_an_annotation_and_back() -> None:
    table, words = _detected()
    params = Params().with_value("tables.min_rows", 3)
    ann = annotation_table_from_detected(table, "t1", words, params)
    reg = ann.regions[0]
    assert ann.problems() == [] and reg.page == 2 and reg.xs == (10, 60, 110)
    assert reg.row_roles == ("header", "data", "total", "note")
    assert params_from_pairs(ann.params) == params
    core = to_core_table(replace(ann, regions=(replace(reg, cells=tuple(
        replace(c, override="Pears") if (c.r, c.c) == (1, 0) else c for c in reg.cells)),)))
    assert core.rows_text() == [["Item", "Q1"], ["Pears", "(1,200)"], ["Total", "1,200"], ["Source:", ""]]
    assert (core.header_rows, core.page, core.title, core.footnote) == (1, 2, "Sales", "in k")
    assert core.grid is not None and core.grid.spans == ((3, 0, 1, 2),)
    assert core.cell_at(3, 1).bbox == Rect(10, 70, 110, 80)


def test_uncovered_slots_are_filled_and_boundaries_come_from_cells_without_grid() -> None:
    cells = (Cell(0, 0, text="a", bbox=Rect(0, 0, 40, 10)), Cell(1, 1, text="d", bbox=Rect(45, 10, 90, 20)))
    ann = annotation_table_from_detected(Table(Rect(0, 0, 90, 20), 2, 2, cells), "t9")
    reg = ann.regions[0]
    assert ann.problems() == [] and len(reg.cells) == 4
    assert reg.xs == (0, 45, 90) and reg.ys == (0, 10, 20)


def test_stacked_table_drops_repeated_headers() -> None:
    first = new_region(1, Rect(0, 0, 60, 30), 3, 2)
    first = replace(first, cells=tuple(replace(c, text=f"p1r{c.r}c{c.c}") for c in first.cells),
                    row_roles=("header", "data", "data"))
    cont = new_region(2, Rect(0, 0, 60, 20), 2, 2)
    cont = replace(cont, cells=tuple(replace(c, text=f"p2r{c.r}c{c.c}") for c in cont.cells),
                   row_roles=("header", "total"))
    t = AnnTable("t1", (first, cont), header_rows=1)
    stacked = stacked_core_table(t)
    assert stacked.n_rows == 4 and stacked.row_roles == ("header", "data", "data", "total")
    assert [r[0] for r in stacked.rows_text()] == ["p1r0c0", "p1r1c0", "p1r2c0", "p2r1c0"]
    assert to_core_table(t, None).n_rows == 4
    assert stacked_core_table(t, drop_repeated_headers=False).n_rows == 5
    assert to_core_table(t, 1).header_rows == 1 and to_core_table(t, 1).page == 2


def test_stacking_regions_of_different_widths_fills_empty_slots() -> None:
    wide = new_region(1, Rect(0, 0, 90, 10), 1, 3)
    narrow = Region(2, Rect(0, 0, 60, 10), (0, 30, 60), (0, 10), (AnnCell(0, 0, 1, 2, "x"),), ("data",))
    stacked = stacked_core_table(AnnTable("t1", (wide, narrow)))
    assert (stacked.n_rows, stacked.n_cols, len(stacked.cells)) == (2, 3, 5)
    assert stacked.cell_at(1, 2) is not None and stacked.cell_at(1, 2).text == ""


def test_role_suggestions() -> None:
    rows = [["Name", "2024"], ["合计", "12"], ["小计", "3"], ["注：单位万元", ""], ["Sum of all", "1"],
            ["Grand Total", "9"], ["Totally different", "2"], ["Notes", ""], ["plain", "1"],
            ["Sub-total", "4"], ["Subtotals", "5"], ["Subtotally", "6"]]
    assert suggest_row_roles(rows, 1) == ("header", "total", "subtotal", "note", "total", "total", "data", "note",
                                          "data", "subtotal", "subtotal", "data")
    bold = [Word("x", Rect(0, 0, 1, 1), 10, True)]
    small = [Word("x", Rect(0, 0, 1, 1), 6)]
    normal = [Word("x", Rect(0, 0, 1, 1), 10)] * 3
    assert suggest_row_roles([["a", "1"], ["b", "2"], ["c", "x"], ["d", "3"]], 0,
                             [normal, bold, bold, small]) == ("data", "total", "data", "note")


def test_params_pairs_round_trip() -> None:
    p = Params().with_value("raster.enabled", False)
    pairs = params_pairs(p)
    assert ("raster.enabled", False) in pairs and params_from_pairs(pairs) == p and params_pairs(None) == ()
