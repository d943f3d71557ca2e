"""The metrics panel and the differences layer: a saved annotation that differs from the
detection in one cell, scored live, drawn on the page and in the preview."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from gui_pdfs import COL_W, ROW_H, X0, Y0, Built, build_pdf
from PySide6.QtCore import QSettings

from inspector.annotation.io import annotation_path_for, save_annotation, sha256_of
from inspector.annotation.model import AnnTable, DocumentAnnotation, PageInfo, annotation_table_from_detected
from inspector.core.types import Table
from inspector.evaluation.scoring import GoldenPage, diff_page, golden_page, score_page
from inspector.gui.main_window import MainWindow


def _quiet(win: MainWindow) -> None:
    win.editing.ask = lambda _t, _x: False  # type: ignore[method-assign]
    win.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]


def _window(qtbot, tmp_path: Path) -> MainWindow:
    win = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    _quiet(win)
    win.resize(1200, 800)
    win.show()
    return win


def _settled(qtbot, win: MainWindow, wait) -> None:
    wait(win)
    qtbot.waitUntil(lambda: not win.scores.metrics.pending, timeout=10000)


def _annotate(win: MainWindow, pdf: Path, changed: str | None) -> AnnTable:
    """Save an annotation of page 1's detected table beside ``pdf``; ``changed`` overrides
    cell (1, 1) ("Kent")."""
    res = win.session.result
    assert res is not None and len(res.tables) == 1
    t = annotation_table_from_detected(res.tables[0], "t1", res.words, win.session.params, (res.width, res.height))
    region = t.regions[0]
    if changed is not None:
        cells = tuple(dataclasses.replace(c, override=changed) if (c.r, c.c) == (1, 1) else c for c in region.cells)
        t = dataclasses.replace(t, regions=(dataclasses.replace(region, cells=cells),))
    ann = DocumentAnnotation(sha256_of(pdf), pdf.name, (PageInfo(1, res.width, res.height),
                                                        PageInfo(2, res.width, res.height)), (t,))
    save_annotation(ann, annotation_path_for(pdf))
    return t


@pytest.fixture
def differing(qtbot, tmp_path: Path, wait) -> tuple[MainWindow, Built]:
    """A window on a PDF whose saved annotation reads cell (1, 1) as "Kant" (the page says "Kent")."""
    built = build_pdf(tmp_path / "diff.pdf", pages=2)
    first = _window(qtbot, tmp_path)
    assert first.open_file(built.path)
    _settled(qtbot, first, wait)
    _annotate(first, built.path, "Kant")
    first.session.close()
    win = _window(qtbot, tmp_path)
    assert win.open_file(built.path)
    _settled(qtbot, win, wait)
    yield win, built
    win.session.close()


def test_panel_scores_below_one_and_diff_has_exactly_the_cell(differing, qtbot, wait) -> None:
    win, _ = differing
    panel, layer = win.scores.metrics, win.scores.diff
    assert panel.score is not None, panel.message
    a = panel.score.adjacency
    assert a.f1 < 1.0 and a.truth == a.found and 0 < a.correct < a.truth
    assert panel.score.retention.hit == panel.score.retention.total - 1
    assert "F1" in panel.summary.text() and panel.table.rowCount() == 1
    # exactly one difference: the detected cell at row 1, column 1, with both texts
    assert len(layer.diffs) == 1
    d = layer.diffs[0]
    assert (d.kind, d.golden, d.found, d.r, d.c) == ("changed", "Kant", "Kent", 1, 1)
    x0, y0, x1, y1 = d.bbox.as_tuple()
    assert abs(x0 - (X0 + COL_W)) < 2 and abs(y0 - (Y0 + ROW_H)) < 2 and abs(x1 - (X0 + 2 * COL_W)) < 2
    assert layer.items["changed"].path().elementCount() > 0
    assert not layer.items["changed"].isVisible()  # off at start: it would clutter editing
    win.scores.diff_action.trigger()
    assert layer.items["changed"].isVisible()
    # the preview marks the same slot
    assert list(win.scores.diff_delegate.marked()) == [(1, 1)]


def test_parameter_change_updates_panel(differing, qtbot, wait) -> None:
    win, _ = differing
    panel = win.scores.metrics
    before = panel.score.adjacency.f1
    win.session.set_param("tables.min_rows", 6)  # the 4-row table is no longer a table
    qtbot.waitUntil(lambda: panel.score is not None and panel.score.adjacency.f1 != before, timeout=30000)
    _settled(qtbot, win, wait)
    assert panel.score.adjacency.f1 == 0.0 and panel.score.tables[0].matched is None
    assert [d.kind for d in win.scores.diff.diffs] == ["missed_table"]
    win.session.set_param("tables.min_rows", 2)
    qtbot.waitUntil(lambda: panel.score is not None and panel.score.adjacency.f1 == before, timeout=30000)


def test_diff_layer_toggles_with_its_action(differing) -> None:
    win, _ = differing
    p = win.scores
    assert not p.diff.visible and not p.diff_box.isChecked()  # off at start
    p.diff_box.setChecked(True)
    assert p.diff.visible and p.diff_action.isChecked()
    p.diff_action.trigger()
    assert not p.diff.visible and not p.diff.items["changed"].isVisible() and not p.diff_box.isChecked()
    assert p.diff_delegate.marked() == {}
    p.diff_box.setChecked(True)
    assert p.diff.visible and p.diff_action.isChecked()


def test_page_without_annotated_table_says_so(differing, qtbot, wait) -> None:
    win, _ = differing
    win.session.set_page(1)
    _settled(qtbot, win, wait)
    assert win.scores.metrics.score is None and "no annotated table" in win.scores.metrics.message
    assert win.scores.diff.diffs == ()
    win.session.set_page(0)  # back: nothing drawn until page 1's detection is scored
    assert win.scores.diff.diffs == () and "waiting" in win.scores.metrics.summary.text()
    _settled(qtbot, win, wait)
    assert [d.kind for d in win.scores.diff.diffs] == ["changed"]


def test_no_annotation_and_hash_mismatch_are_messages(qtbot, tmp_path: Path, wait) -> None:
    built = build_pdf(tmp_path / "plain.pdf", pages=1)
    win = _window(qtbot, tmp_path)
    try:
        assert win.open_file(built.path)
        _settled(qtbot, win, wait)
        assert win.scores.metrics.score is None and "No annotation" in win.scores.metrics.message
        _annotate(win, built.path, None)
        other = build_pdf(tmp_path / "other.pdf", pages=1)
        other.path.write_bytes(other.path.read_bytes() + b"\n% changed\n")
        annotation_path_for(built.path).replace(annotation_path_for(other.path))
        assert win.open_file(other.path)
        _settled(qtbot, win, wait)
        assert win.scores.metrics.score is None and "different PDF" in win.scores.metrics.message
    finally:
        win.session.close()


def test_identical_annotation_scores_one(qtbot, tmp_path: Path, wait) -> None:
    built = build_pdf(tmp_path / "same.pdf", pages=1)
    win = _window(qtbot, tmp_path)
    try:
        assert win.open_file(built.path)
        _settled(qtbot, win, wait)
        _annotate(win, built.path, None)
        win.scores.metrics._load_file()  # the file appeared after opening
        qtbot.waitUntil(lambda: win.scores.metrics.score is not None, timeout=10000)
        assert win.scores.metrics.score.adjacency.f1 == 1.0 and win.scores.diff.diffs == ()
    finally:
        win.session.close()


def test_diff_page_pairs_and_extra_tables() -> None:
    from inspector.core.types import Cell, Rect

    def table(texts: list[list[str]], x: float = 0.0) -> Table:
        cells = tuple(Cell(r, c, 1, 1, t, Rect(x + 10 * c, 10 * r, x + 10 * c + 10, 10 * r + 10))
                      for r, row in enumerate(texts) for c, t in enumerate(row))
        return Table(Rect(x, 0, x + 10 * len(texts[0]), 10 * len(texts)), len(texts), len(texts[0]), cells)

    gold = table([["a", "b"], ["c", "d"]])
    out = [table([["a", "b"], ["c", "x"]]), table([["p", "q"]], x=500)]
    diffs = diff_page([gold], out)
    assert [(d.kind, d.golden, d.found) for d in diffs] == [("changed", "d", "x"), ("extra_table", "", "")]
    assert diff_page([], out) == ()
    score = score_page(GoldenPage("d", "", 1, (gold,), ("g",)), out, with_teds=False, with_defects=False, with_diffs=True)
    assert score.detection.tp == 1 and score.retention.hit == 3 and score.retention.total == 4
    empty = golden_page(DocumentAnnotation("0" * 64, "x.pdf"), 1)
    assert empty.tables == ()


def test_table_row_counts_its_differences(differing) -> None:
    win, _ = differing
    panel = win.scores.metrics
    assert panel.table.item(0, 0).text() == "t1" and panel.table.item(0, 7).text() == "1"


def test_editing_the_annotation_rescores_and_undo_restores(differing, qtbot) -> None:
    from inspector.annotation.edits import OverrideText
    from inspector.gui.editing.commands import table_edit
    win, _ = differing
    panel, ann = win.scores.metrics, win.editing.ann
    assert ann.push([table_edit("t1", OverrideText(0, 1, 1, None))], "Clear override")  # back to "Kent"
    qtbot.waitUntil(lambda: not panel.pending and panel.score is not None and panel.score.adjacency.f1 == 1.0,
                    timeout=10000)
    assert win.scores.diff.diffs == () and win.scores.diff_delegate.marked() == {}
    ann.stack.undo()
    qtbot.waitUntil(lambda: not panel.pending and panel.score is not None and panel.score.adjacency.f1 < 1.0,
                    timeout=10000)
    assert [d.kind for d in win.scores.diff.diffs] == ["changed"]


def test_reset_action_is_in_the_edit_menu(window: MainWindow) -> None:
    edit = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    assert any("Reset preferences" in a.text() for a in edit.actions())


def test_slots_of_marks_a_whole_extra_table() -> None:
    from inspector.core.types import Cell, Rect
    from inspector.evaluation.scoring import DiffCell
    from inspector.evaluation.scoring import diffs_by_slot as slots_of
    cells = (Cell(0, 0, 1, 1, "a", Rect(0, 0, 10, 10)), Cell(0, 1, 1, 1, "", Rect(10, 0, 20, 10)))
    t = Table(Rect(0, 0, 20, 10), 1, 2, cells)
    marks = slots_of((DiffCell("extra_table", t.bbox, table=3),), 3, t)
    assert list(marks) == [(0, 0)] and marks[(0, 0)].kind == "extra"
    assert slots_of((DiffCell("extra_table", t.bbox, table=3),), 0, t) == {}
