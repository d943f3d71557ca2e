"""Ground-truth-free defects on hand-made output tables."""

from __future__ import annotations

from dataclasses import replace

import pytest
from eval_builders import table

from inspector.core.types import Rule
from inspector.evaluation import defects as d


@pytest.mark.parametrize("text, merged", [
    ("12.3 45.6", True), ("1,234 5,678", True), ("2005 2006", True), ("Total 12 13", True),
    ("100 000", False), ("10 000 000", False), ("(1,234)", False), ("12.3", False), ("a b", False),
    ("41 (18.7%)", False), ("54,000 (2)", False), ("(1,234) (5,678)", True),
    # the writer's own lists and dates: items a typed separator sets apart, no cells run together
    ("Add lines 1, 2, and 3.", False), ("Trusts . . . 3, 4, 8, 23", False), ("Year Ended December 31, 2022", False),
    ("9; 18", False), ("1, 234", True), ("12.3, 45.6 78.9", True), ("$106,000 $528,000", True),
])
def test_merged_numbers(text: str, merged: bool) -> None:
    assert d.is_merged_numbers(text) is merged


@pytest.mark.parametrize("left, right, split", [
    ("(1,234", ")", True), ("1,", "234", True), ("(", "12)", True), ("12", "%", True),
    ("(1,234)", "5", False), ("Total", "12", False), ("12", "13", False), ("-", "12", False), ("", ")", False),
])
def test_split_numbers(left: str, right: str, split: bool) -> None:
    assert d.is_split_number(left, right) is split


def test_broken_numbers_in_a_table() -> None:
    t = table([["Item", "Amount", ""], ["Loss", "(1,234", ")"], ["Gain", "12.3 45.6", ""]])
    found = d.broken_numbers(t, index=2)
    assert [(x.r, x.c, x.table) for x in found] == [(1, 1, 2), (2, 1, 2)]
    assert found[0].detail.startswith("split") and found[1].detail.startswith("merged")


def test_ragged_rows_against_the_mode() -> None:
    rows = [["h1", "h2", "h3"],
            ["a", "1", "2"],
            ["b", "3", "4"],
            ["c", "5", ""],      # 2 cells: ragged
            ["Section", "", ""],  # 1 cell: a section title, not ragged
            ["d", "6", "7"]]
    t = table(rows)
    assert [x.r for x in d.ragged_rows(t)] == [3]
    # With the header row declared, the header is not looked at either.
    t2 = table([["h1", "", ""], *rows[1:]])
    assert [x.r for x in d.ragged_rows(t2)] == [3]


def test_a_cell_merged_over_rows_counts_in_every_row_it_covers() -> None:
    # "Group A" spans body rows 1-2 and "Group B" rows 3-5: every body row holds 3 filled
    # cells (the group's, an item, an amount). Counted only in its first row, the group made
    # rows 2, 4 and 5 look like 2-cell rows; row 6 really has only 2.
    rows = [["Group", "Item", "Amount"],
            ["Group A", "pens", "3"],
            ["", "ink", "4"],
            ["Group B", "paper", "5"],
            ["", "clips", "6"],
            ["", "tape", "7"],
            ["", "glue", "8"]]
    t = replace(table(rows, spans=[(1, 0, 2, 1), (3, 0, 3, 1)]), header_rows=1)
    assert [x.r for x in d.ragged_rows(t)] == [6]
    # The same table written without spans (a peer's blank slots) keeps its holes.
    assert [x.r for x in d.ragged_rows(replace(table(rows), header_rows=1))] == [1, 3]


def test_sparse_columns() -> None:
    # 5 body rows; column 2 filled once (1/5 < 0.25), column 1 filled twice (2/5, not sparse).
    rows = [["a", "1", "x"], ["b", "", ""], ["c", "2", ""], ["d", "", ""], ["e", "", ""]]
    assert [x.c for x in d.sparse_columns(table(rows))] == [2]
    # Too few rows to judge.
    assert d.sparse_columns(table(rows[:3])) == []


def test_unused_rules() -> None:
    t = table([["a", "b"], ["c", "d"]])  # box (100, 100, 220, 140)
    inside = Rule("h", 120.0, 100.0, 220.0)
    near = Rule("h", 142.0, 100.0, 220.0)  # 2 pt below the box: within tolerance
    far = Rule("h", 500.0, 50.0, 300.0)
    found = d.unused_rules([inside, near, far], [t])
    assert [x.detail for x in found] == ["h rule at 500.0 from 50.0 to 300.0 pt"]


def test_counts_and_per_100_cells() -> None:
    # 6 cells, 2 broken numbers; the split one also makes row 0 hold 3 cells against row 1's 2
    # (a tie, broken towards the larger count), so row 1 is ragged: 3 table defects.
    t = table([["Loss", "(1,234", ")"], ["Gain", "12.3 45.6", ""]])
    found = d.page_defects([t], [Rule("v", 10.0, 0.0, 50.0)])
    counts = d.count(found, [t])
    assert (counts.broken_numbers, counts.ragged_rows, counts.unused_rules, counts.cells) == (2, 1, 1, 6)
    assert counts.per_100_cells == pytest.approx(100 * 3 / 6)
    assert d.DefectCounts().per_100_cells is None
