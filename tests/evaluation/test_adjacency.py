"""Adjacency relations on hand-made tables whose relations can be counted by hand."""

from inspector.core.types import Cell, Rect, Table
from inspector.evaluation.adjacency import compare, match_tables, relations
from inspector.evaluation.scoring import GoldenPage, score_page

UNIT = Rect(0, 0, 100, 100)


def table(rows: list[list[str]], spans: dict[tuple[int, int], tuple[int, int]] | None = None,
          bbox: Rect = UNIT) -> Table:
    spans = spans or {}
    covered = set()
    for (r, c), (rs, cs) in spans.items():
        covered |= {(rr, cc) for rr in range(r, r + rs) for cc in range(c, c + cs)} - {(r, c)}
    cells = []
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if (r, c) in covered:
                continue
            rs, cs = spans.get((r, c), (1, 1))
            cells.append(Cell(r, c, rs, cs, text))
    return Table(bbox=bbox, n_rows=len(rows), n_cols=len(rows[0]), cells=tuple(cells))


def test_relations_skip_empty_cells_and_ignore_whitespace():
    t = table([["a b", "", "c"], ["d", "e", ""]])
    # "ab" -> "c" across the empty slot; "c" has nothing below (the slot is empty).
    assert relations(t) == {("ab", "c", "h"): 1, ("d", "e", "h"): 1, ("ab", "d", "v"): 1}


def test_spanning_cell_has_one_relation_per_distinct_neighbour():
    # "H" spans both columns of row 0: below it are "x" and "y" -> two vertical relations.
    t = table([["H", ""], ["x", "y"]], spans={(0, 0): (1, 2)})
    assert relations(t) == {("H", "x", "v"): 1, ("H", "y", "v"): 1, ("x", "y", "h"): 1}


def test_compare_counts_one_wrong_cell():
    truth = table([["a", "b"], ["c", "d"]])  # relations: ab, cd, ac, bd
    found = table([["a", "b"], ["c", "X"]])  # relations: ab, cX, ac, bX -> 2 correct
    counts = compare(truth, found)
    assert (counts.correct, counts.truth, counts.found) == (2, 4, 4)
    assert counts.precision == 0.5 and counts.recall == 0.5 and counts.f1 == 0.5


def test_missed_table_counts_all_relations_as_missed():
    truth = [table([["a", "b"], ["c", "d"]]), table([["p", "q"]], bbox=Rect(0, 200, 100, 300))]
    found = [table([["a", "b"], ["c", "d"]])]
    assert match_tables(truth, found) == [0, None]
    page = score_page(GoldenPage("d", "", 1, tuple(truth), ("t1", "t2")), found, with_teds=False)
    counts = page.adjacency
    assert (counts.correct, counts.truth, counts.found) == (4, 5, 4)
    assert counts.precision == 1.0 and counts.recall == 0.8
