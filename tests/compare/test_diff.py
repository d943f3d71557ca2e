"""Cell-by-cell differences between our table and theirs, on tables with known boxes."""

from __future__ import annotations

import sys
from pathlib import Path

from inspector.compare.diff import diff_page, diff_tables
from inspector.core.types import Cell, Rect, Table

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "evaluation"))
from eval_builders import table

ROWS = [["Region", "2023", "2024", "Change"], ["North", "1,200", "1,350", "12.5%"],
        ["South", "(300)", "410", "n/a"], ["East", "75", "80", "6.7%"]]


def merged_columns(t: Table, a: int) -> Table:
    """``t`` with columns ``a`` and ``a + 1`` merged into one (texts joined by a space)."""
    cells = []
    for c in t.cells:
        if c.c == a + 1:
            continue
        if c.c == a:
            right = t.cell_at(c.r, a + 1)
            c = Cell(c.r, c.c, 1, 1, f"{c.text} {right.text}", c.bbox.union(right.bbox))
        elif c.c > a + 1:
            c = Cell(c.r, c.c - 1, 1, 1, c.text, c.bbox)
        cells.append(c)
    return Table(t.bbox, t.n_rows, t.n_cols - 1, tuple(cells))


def kinds(diffs) -> list[str]:
    return [d.kind for d in diffs]


def test_identical_tables_have_no_difference() -> None:
    assert diff_tables(table(ROWS), table(ROWS)) == ()


def test_one_merged_column_is_exactly_one_difference() -> None:
    (d,) = diff_tables(table(ROWS), merged_columns(table(ROWS), 1))
    assert d.kind == "merged_columns"
    assert d.ours == tuple((r, c) for r in range(4) for c in (1, 2))
    assert d.theirs == tuple((r, 1) for r in range(4))
    assert "1,200 1,350" in d.theirs_text


def test_a_split_cell_and_a_merged_cell_in_one_row() -> None:
    theirs = [["Region", "2023", "2024", "Change"], ["North", "1,200", "1,350", "12.5%"],
              ["South", "(300)", "410", "n/a"], ["East 75", "", "80", "6.7%"]]
    (d,) = diff_tables(table(ROWS), table(theirs))
    assert (d.kind, d.ours, d.theirs) == ("merged", ((3, 0), (3, 1)), ((3, 0),))


def test_a_value_in_the_wrong_column_is_a_shifted_column() -> None:
    theirs = [row[:] for row in ROWS]
    theirs[2][2], theirs[2][3] = "", "410"  # 410 lands under "Change"; "n/a" is lost
    diffs = diff_tables(table(ROWS), table(theirs))
    assert kinds(diffs) == ["shifted_column", "missing"]
    assert (diffs[0].ours, diffs[0].theirs) == (((2, 2),), ((2, 3),))
    assert diffs[1].ours_text == "n/a"


def test_changed_numbers_and_texts_missing_and_extra() -> None:
    theirs = [row[:] for row in ROWS]
    theirs[1][1] = "1,210"  # another value
    theirs[3][0] = "Eats"  # another text
    theirs[2][3] = ""  # lost
    theirs[0].append("Note")  # a fifth column only they have
    diffs = {d.kind: d for d in diff_tables(table(ROWS), table(theirs))}
    assert set(diffs) == {"number_changed", "text_changed", "missing", "extra"}
    assert (diffs["number_changed"].ours_text, diffs["number_changed"].theirs_text) == ("1,200", "1,210")
    assert diffs["text_changed"].ours == ((3, 0),) and diffs["missing"].ours == ((2, 3),)
    assert diffs["extra"].theirs == ((0, 4),)


def test_the_same_number_written_differently_is_still_a_text_change() -> None:
    theirs = [row[:] for row in ROWS]
    theirs[2][1] = "-300"
    (d,) = diff_tables(table(ROWS), table(theirs))
    assert d.kind == "text_changed"


def test_tables_are_matched_by_place_and_unmatched_ones_reported() -> None:
    ours = [table(ROWS, y0=100), table(ROWS, y0=400)]
    theirs = [table(ROWS, y0=400), table([["a", "b"]], x0=400, y0=700)]
    page = diff_page(ours, theirs)
    assert [(d.theirs, d.ours, kinds(d.differences)) for d in page] == [
        (0, 1, []), (1, None, ["extra_table"]), (None, 0, ["missed_table"])]


def test_tables_without_boxes_are_matched_by_their_texts() -> None:
    bare = Table(Rect(0, 0, 0, 0), 4, 4, tuple(Cell(c.r, c.c, 1, 1, c.text) for c in table(ROWS).cells))
    page = diff_page([table([["x", "y"]]), table(ROWS, y0=300)], [bare])
    assert [(d.theirs, d.ours) for d in page] == [(0, 1), (None, 0)]
    assert page[0].differences == ()
