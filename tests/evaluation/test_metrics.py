"""Ground-truth metrics on tiny hand-made tables whose right answer is worked out by hand."""

from __future__ import annotations

import pytest
from eval_builders import table

from inspector.core.text import norm_text
from inspector.core.types import Rect
from inspector.evaluation import metrics as m
from inspector.evaluation.adjacency import relations


def test_norm_text_removes_all_whitespace() -> None:
    assert norm_text(" to air\nkg/year ") == "toairkg/year"


def test_norm_text_reads_latin_ligatures_as_their_letters() -> None:
    """A truth that kept the page's "ﬁ" and a reader that writes "fi" hold the same text;
    other compatibility characters (full-width digits, "²") are left as they are."""
    assert norm_text("Asia Paciﬁc, one-oﬀ, ﬃ") == norm_text("Asia Pacific, one-off, ffi") == "AsiaPacific,one-off,ffi"
    assert norm_text("１²") == "１²"
    assert relations(table([["ﬁnal", "1"]])) == relations(table([["final", "1"]]))


def test_ratio_adds_counts_not_averages() -> None:
    total = m.Ratio(1, 2) + m.Ratio(9, 10)
    assert (total.hit, total.total) == (10, 12)
    assert total.value == pytest.approx(10 / 12)
    assert m.Ratio().value is None


def test_detection_at_iou_half() -> None:
    # golden A (0,0,10,10) and B (20,0,30,10); output A' = A shifted by 1 (IoU 81/119 = 0.68),
    # B' covers half of B (IoU 0.5, counts), C far away: tp 2 of 2 golden, 3 outputs.
    golden = [table([["a"]], 0, 0, 10, 10), table([["b"]], 20, 0, 10, 10)]
    output = [table([["a"]], 1, 1, 10, 10), table([["b"]], 20, 0, 5, 10), table([["c"]], 100, 100, 10, 10)]
    d = m.detection(golden, output)
    assert (d.tp, d.n_golden, d.n_output) == (2, 2, 3)
    assert d.precision == pytest.approx(2 / 3) and d.recall == 1.0
    # B' narrower than half of B: IoU 4/10 < 0.5, not found.
    assert m.detection(golden, [output[0], table([["b"]], 20, 0, 4, 10)]).tp == 1


def test_match_boxes_is_one_to_one() -> None:
    # Two outputs overlap the same golden box: only the better one is matched.
    pairs = m.match_boxes([Rect(0, 0, 10, 10)], [Rect(0, 0, 10, 9), Rect(0, 0, 10, 10)])
    assert pairs == [(0, 1, 1.0)]


TRUTH = [["Item", "2024", "2025"],
         ["Apples", "12", "13"],
         ["Pears", "-", "-"]]


def _scores(output_rows: list[list[str]], **kw: float) -> tuple[m.Ratio, m.Ratio, m.Ratio]:
    golden = table(TRUTH)
    out = [table(output_rows, **kw)]
    placed = m.place_cells(golden, out, m.overlapping(golden, out))
    return m.cell_retention(golden, placed), m.row_integrity(golden, placed), m.label_number_pairing(golden, placed)


def test_perfect_output_scores_one_everywhere() -> None:
    ret, rows, pairs = _scores(TRUTH)
    assert (ret.hit, ret.total) == (9, 9)
    assert (rows.hit, rows.total) == (3, 3)
    # pairs: (Apples, 12), (Apples, 13); "Item" row has numbers 2024, 2025 -> 2 more; Pears has none.
    assert (pairs.hit, pairs.total) == (4, 4)


def test_one_lost_dash_is_not_hidden_by_the_other() -> None:
    # The output lost one "-": the other "-" may stand for only one golden cell.
    ret, rows, _ = _scores([["Item", "2024", "2025"], ["Apples", "12", "13"], ["Pears", "-", ""]])
    assert (ret.hit, ret.total) == (8, 9)
    assert (rows.hit, rows.total) == (2, 3)


def test_merged_cells_break_retention_rows_and_pairs() -> None:
    # "12" and "13" merged into "12 13": 2 of 9 cells lost; the Apples row is no longer intact
    # (its cells are not all found), and both Apples pairs fail: rows 2/3, pairs 2/4.
    ret, rows, pairs = _scores([["Item", "2024", "2025"], ["Apples", "12 13", ""], ["Pears", "-", "-"]])
    assert (ret.hit, ret.total) == (7, 9)
    assert (rows.hit, rows.total) == (2, 3)
    assert (pairs.hit, pairs.total) == (2, 4)


def test_row_split_over_two_output_rows() -> None:
    # The Apples row is cut: its numbers land one row lower. Cells all survive, but the row and
    # its two label-number pairs do not.
    out = [["Item", "2024", "2025"], ["Apples", "", ""], ["", "12", "13"], ["Pears", "-", "-"]]
    ret, rows, pairs = _scores(out, h=15.0)
    assert (ret.hit, ret.total) == (9, 9)
    assert (rows.hit, rows.total) == (2, 3)
    assert (pairs.hit, pairs.total) == (2, 4)


def test_spanning_output_cell_shares_every_row_it_covers() -> None:
    golden = table([["A", "1"], ["B", "2"]])
    out = table([["A", "1"], ["", "2"]], spans=[(0, 0, 2, 1)])  # "A" spans both rows
    placed = m.place_cells(golden, [out], [0])
    # "B" is lost (retention 3/4); row 0 intact; row 1 not (B missing).
    assert m.cell_retention(golden, placed) == m.Ratio(3, 4)
    assert m.row_integrity(golden, placed) == m.Ratio(1, 2)


def test_table_found_in_two_parts_still_retains_cells() -> None:
    golden = table(TRUTH)
    top = table(TRUTH[:2])
    bottom = table(TRUTH[2:], y0=140.0)
    out = [top, bottom]
    assert m.overlapping(golden, out) == [0, 1]
    placed = m.place_cells(golden, out, [0, 1])
    assert m.cell_retention(golden, placed) == m.Ratio(9, 9)
    assert m.row_integrity(golden, placed) == m.Ratio(3, 3)


def test_far_away_table_is_not_a_candidate() -> None:
    golden = table(TRUTH)
    assert m.overlapping(golden, [table(TRUTH, x0=400.0, y0=600.0)]) == []


def test_label_pairs_skip_rows_without_label() -> None:
    golden = table([["1", "2"], ["x", "3"]])
    assert [(a.text, b.text) for a, b in m.label_pairs(golden)] == [("x", "3")]


def test_diff_cells_lists_lost_and_extra_cells() -> None:
    golden = table(TRUTH)
    out = table([["Item", "2024", "2025"], ["Apples", "12 13", ""], ["Pears", "-", "-"]])
    diff = m.diff_cells(golden, [out])
    assert sorted(c.text for c in diff.lost) == ["12", "13"]
    assert [(t, c.text) for t, c in diff.extra] == [(0, "12 13")]
    assert m.diff_cells(golden, [golden]) == m.CellDiff((), ())
