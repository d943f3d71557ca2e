"""TEDS on tiny tables: the tree of a 2x2 table has 7 nodes (table, 2 tr, 4 td)."""

from __future__ import annotations

import pytest
from eval_builders import table

from inspector.evaluation.teds import html_tree, teds

A = [["a", "b"], ["c", "d"]]


def test_identical_tables_score_one() -> None:
    assert teds(table(A), table(A)) == 1.0


def test_no_output_scores_zero() -> None:
    assert teds(table(A), None) == 0.0


def test_one_wrong_cell_costs_one_node_of_seven() -> None:
    # "d" -> "x": rename cost 1 (normalised Levenshtein of two different letters) -> 1 - 1/7.
    assert teds(table(A), table([["a", "b"], ["c", "x"]])) == pytest.approx(1 - 1 / 7)


def test_partial_text_difference_costs_a_fraction() -> None:
    # "dd" -> "dx": Levenshtein 1 over length 2 = 0.5 -> 1 - 0.5/7.
    golden = table([["a", "b"], ["c", "dd"]])
    assert teds(golden, table([["a", "b"], ["c", "dx"]])) == pytest.approx(1 - 0.5 / 7)


def test_structure_only_ignores_text() -> None:
    assert teds(table(A), table([["w", "x"], ["y", "z"]]), structure_only=True) == 1.0


def test_a_lost_span_changes_the_structure() -> None:
    # Golden: "a" spans two columns (tree: table, 2 tr, 3 td = 6 nodes). Output: no span, 7 nodes.
    # Edit: rename td(a, colspan 2) -> td(a) costs 1, insert the extra empty td costs 1 -> 2/7.
    golden = table([["a", ""], ["c", "d"]], spans=[(0, 0, 1, 2)])
    out = table([["a", ""], ["c", "d"]])
    assert teds(golden, out, structure_only=True) == pytest.approx(1 - 2 / 7)


def test_missing_row_costs_its_nodes() -> None:
    # Output has only the first row: delete tr + 2 td = 3 of 7 nodes.
    assert teds(table(A), table(A[:1])) == pytest.approx(1 - 3 / 7)


def test_html_tree_fills_uncovered_slots() -> None:
    # A table whose cells do not cover every slot (ICDAR leaves empty cells out).
    t = table([["a", "b"], ["c", "d"]])
    sparse = type(t)(t.bbox, 2, 2, tuple(c for c in t.cells if c.text != "b"))
    tree = html_tree(sparse)
    assert [len(tr.children) for tr in tree.children] == [2, 2]
    assert tree.children[0].children[1].text == ""


def _trees_agree(golden, output) -> None:
    from inspector.evaluation.teds import html_tree, tree_distance
    a, b = html_tree(golden), html_tree(output)
    for structure_only in (False, True):
        fast, slow = tree_distance(a, b, structure_only, "edist"), tree_distance(a, b, structure_only, "apted")
        assert fast == pytest.approx(slow, rel=1e-12, abs=1e-12)  # the same optimum; sums may differ by an ulp


def test_compiled_distance_equals_apted_on_hand_made_tables() -> None:
    pytest.importorskip("edist")
    golden = table([["Region", "Q1", "Q2"], ["North", "1", "2"], ["South", "3", "4"]])
    variants = [
        table([["Region", "Q1 Q2", ""], ["North", "1 2", ""], ["South", "3 4", ""]]),
        table([["Region", "Q1", "Q2"], ["North", "1", "2"]]),
        table([["Regoin", "Q1", "Q2", "x"], ["North", "1", "2", ""], ["South", "3", "4", ""], ["", "", "", "y"]]),
    ]
    for out in variants:
        _trees_agree(golden, out)


@pytest.mark.corpus
@pytest.mark.slow
def test_compiled_distance_equals_apted_on_corpus_tables(corpus) -> None:
    """On the detector's output for a sample of real ICDAR pages (apted is slow: small tables)."""
    pytest.importorskip("edist")
    from inspector.core.pipeline import Pipeline
    from inspector.core.reading.document import open_document
    from inspector.evaluation.corpus import icdar_records
    recs = [r for r in icdar_records(corpus) if len(r.table.cells) <= 80][::6][:12]
    assert len(recs) >= 8
    for rec in recs:
        found = Pipeline(open_document(rec.pdf.read_bytes())).run(rec.page - 1).tables
        if found:
            _trees_agree(rec.table, max(found, key=lambda t: t.bbox.iou(rec.table.bbox)))


def test_a_grid_column_no_cell_starts_in_is_no_column() -> None:
    # Word's tags lay cells on a grid of their widths: each cell spans two of its columns. The
    # HTML renders as the 2x2 table, so it scores as one (the spans over the unused grid
    # columns shortened), and a real difference on that grid still costs.
    layout = table([["a", "", "b", ""], ["c", "", "d", ""]], spans=[(0, 0, 1, 2), (0, 2, 1, 2), (1, 0, 1, 2), (1, 2, 1, 2)])
    assert teds(layout, table(A)) == 1.0
    assert teds(table(A), layout) == 1.0
    assert [(n.colspan, n.rowspan) for tr in html_tree(layout).children for n in tr.children] == [(1, 1)] * 4
    merged = table([["a", "", "b", ""], ["c", "", "", ""]], spans=[(0, 0, 1, 2), (0, 2, 1, 2), (1, 0, 1, 4)])
    assert teds(merged, table(A), structure_only=True) == pytest.approx(1 - 2 / 7)  # td(cs 2) renamed, one td more


def test_a_grid_row_no_cell_starts_in_is_no_row() -> None:
    # Both cells of the first row span two grid rows and the second grid row has no cell of its own.
    tall = table([["a", "b"], ["", ""], ["c", "d"]], spans=[(0, 0, 2, 1), (0, 1, 2, 1)])
    assert [len(tr.children) for tr in html_tree(tall).children] == [2, 2]
    assert teds(tall, table(A)) == 1.0


def test_a_left_out_cell_under_a_layout_grid_column_makes_no_column() -> None:
    # Word's tags on a layout grid: every cell spans two grid columns, and the tags leave the
    # empty "d" cell out. The slots it would cover are filled as one empty cell (parted only
    # where some cell starts), so the grid's unused columns still drop and the table scores as
    # the 2x2 table with an empty last cell. Filled one slot each, the fillers brought a layout
    # column back: "b" spanned two columns and the second row had one td more (TEDS 1 - 2/8).
    t = table([["a", "", "b", ""], ["c", "", "", ""]], spans=[(0, 0, 1, 2), (0, 2, 1, 2), (1, 0, 1, 2), (1, 2, 1, 2)])
    left_out = type(t)(t.bbox, 2, 4, tuple(c for c in t.cells if (c.r, c.c) != (1, 2)))
    assert len(left_out.cells) == 3
    assert [(n.colspan, n.text) for tr in html_tree(left_out).children for n in tr.children] == \
        [(1, "a"), (1, "b"), (1, "c"), (1, "")]
    assert teds(left_out, table([["a", "b"], ["c", ""]])) == 1.0


def test_left_out_cells_under_a_tall_cell_keep_their_rows() -> None:
    # A tagged table leaves the empty cells beside a cell spanning three rows out: the rows
    # stay (their slots filled), as the page shows them.
    t = table([["a", "b"], ["", "c"], ["", ""]], spans=[(0, 1, 1, 1), (1, 1, 2, 1)])
    sparse = type(t)(t.bbox, 3, 2, tuple(c for c in t.cells if c.text))
    assert [len(tr.children) for tr in html_tree(sparse).children] == [2, 2, 1]
    assert teds(sparse, t) == 1.0
