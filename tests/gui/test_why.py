"""Why is a boundary here or not there: hover, the question mode, Apply and Undo, the marks."""

from __future__ import annotations

import sys
from pathlib import Path

from conftest import wait_result
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
from test_explain import NARROW, monospace_table


def _open(qtbot, window, tmp_path: Path):
    pdf = tmp_path / "mono.pdf"
    pdf.write_bytes(monospace_table())
    assert window.open_file(pdf)
    wait_result(qtbot, window)
    window.session.set_param("columns.min_gap", 8)  # a user who raised the column gap too far
    qtbot.waitUntil(lambda: window.session.result is not None and window.session.result.tables
                    and window.session.result.tables[0].n_cols == 2 and not window.session.busy, timeout=30000)
    wait_result(qtbot, window)
    return window.session.result


def test_the_question_mode_explains_a_missing_boundary_and_applies_the_fix(qtbot, window, tmp_path) -> None:
    res = _open(qtbot, window, tmp_path)
    assert res.tables[0].n_cols == 2
    x = 72 + 4 * 6.0 + NARROW / 2  # in the narrow gap between "Item" and "Code"
    y = 136 - 3.5  # the middle of the second text line (baseline at 136 pt): far from any row boundary
    QTest.keyClick(window.view, Qt.Key.Key_Y)
    assert window.why.active
    point = window.view.mapFromScene(QPointF(x, y))
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert not window.why.active and window.session.selection is None
    panel = window.why.panel
    assert "DROPPED" in panel.text.text() and "columns.min_gap" in panel.text.text()
    assert panel.apply_button.isEnabled()
    QTest.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    key, value = window.why.answer.flip
    assert window.session.param_value("columns.min_gap") == value
    assert window.params.editors["columns.min_gap"].spin.value() == value  # shown in the panel
    # the old answer no longer describes the page: the panel says what was applied, Apply is spent
    assert panel.text.text().startswith(f"Applied: columns.min_gap = {value:g} (was 8")
    assert not panel.apply_button.isEnabled() and panel.undo_button.isEnabled()
    qtbot.waitUntil(lambda: not window.session.busy and window.session.result.tables[0].n_cols == 3, timeout=30000)
    QTest.mouseClick(panel.undo_button, Qt.MouseButton.LeftButton)
    assert panel.text.text().startswith("Undone: columns.min_gap back to 8")
    assert window.session.param_value("columns.min_gap") == 8
    qtbot.waitUntil(lambda: not window.session.busy and window.session.result.tables[0].n_cols == 2, timeout=30000)


def test_hovering_a_boundary_says_why_and_the_deciding_parameters_are_marked(qtbot, window, tmp_path) -> None:
    res = _open(qtbot, window, tmp_path)
    qtbot.waitUntil(lambda: "columns.min_gap" in window.params.deciding, timeout=10000)
    assert window.params.labels["columns.min_gap"].text().startswith("● ")
    assert not window.params.labels["raster.dpi"].text().startswith("● ")
    grid = res.tables[0].grid
    x, y = grid.xs[1], (grid.ys[0] + grid.ys[-1]) / 2
    tip = window.view.tooltip_at(QPointF(x, y))
    assert tip.startswith(f"column boundary at x={x:.1f} pt: every line leaves")


def test_esc_leaves_the_question_mode(qtbot, window, tmp_path) -> None:
    _open(qtbot, window, tmp_path)
    QTest.keyClick(window.view, Qt.Key.Key_Y)
    assert window.why.active
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    assert not window.why.active


def _cols(window) -> int:
    res = window.session.result
    return res.tables[0].n_cols if res is not None and res.tables else 0


def test_applying_a_suggestion_is_a_step_of_the_main_undo_stack(qtbot, window, tmp_path) -> None:
    _open(qtbot, window, tmp_path)
    stack = window.editing.ann.stack
    window.editing.ask = lambda *_a: False  # no modal question in a test
    # A hand correction first: the accepted table must survive the parameter step and its undo.
    assert window.editing.actions.accept(only_selected=False) == 1
    accepted = window.editing.ann.doc
    steps = stack.count()
    QTest.keyClick(window.view, Qt.Key.Key_Y)
    point = window.view.mapFromScene(QPointF(72 + 4 * 6.0 + NARROW / 2, 136 - 3.5))  # where "Code" is not split off
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    key, value = window.why.flip
    assert key == "columns.min_gap" and value <= NARROW
    QTest.mouseClick(window.why.panel.apply_button, Qt.MouseButton.LeftButton)
    assert stack.count() == steps + 1 and "columns.min_gap" in stack.undoText()
    assert window.params.editors[key].spin.value() == value and window.params.editors[key].reset.isEnabled()
    qtbot.waitUntil(lambda: not window.session.busy and _cols(window) == 3, timeout=30000)
    assert window.editing.ann.doc == accepted  # detection changed; the accepted table did not
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # Edit > Undo
    assert window.session.param_value(key) == 8 and window.params.editors[key].spin.value() == 8
    qtbot.waitUntil(lambda: not window.session.busy and _cols(window) == 2, timeout=30000)
    assert window.editing.ann.doc == accepted and stack.count() == steps + 1 and stack.canRedo()
    assert not window.why.panel.undo_button.isEnabled()
    # The step changed no annotation: saving and applying again leaves nothing unsaved.
    assert window.editing.save() and not window.isWindowModified()
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.session.param_value(key) == value and not window.isWindowModified()
    assert not window.editing.ann.modified and window.why.panel.undo_button.isEnabled()
    QTest.mouseClick(window.why.panel.undo_button, Qt.MouseButton.LeftButton)  # the tab's Undo is the same step
    assert window.session.param_value(key) == 8


def test_a_click_where_no_table_was_found_says_why_and_applies_the_fix(qtbot, window, tmp_path) -> None:
    from test_explain_flips import two_aligned_lines

    pdf = tmp_path / "two.pdf"
    pdf.write_bytes(two_aligned_lines())
    assert window.open_file(pdf)
    wait_result(qtbot, window)
    assert not window.session.result.tables
    QTest.keyClick(window.view, Qt.Key.Key_Y)
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.view.mapFromScene(QPointF(250, 117)))
    text = window.why.panel.text.text()
    assert "rejected: 2 aligned line(s), fewer than 3" in text and "tables.min_aligned_rows to 2" in text
    assert window.why.panel.apply_button.isEnabled()
    QTest.mouseClick(window.why.panel.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.session.busy and _cols(window) == 3, timeout=30000)
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not window.session.busy and not window.session.result.tables, timeout=30000)


def test_a_sideways_table_is_explained_where_it_is_drawn(qtbot, window, tmp_path) -> None:
    from test_explain_flips import sideways

    pdf = tmp_path / "side.pdf"
    pdf.write_bytes(sideways(monospace_table(), 90))
    assert window.open_file(pdf)
    wait_result(qtbot, window)
    table = window.session.result.tables[0]
    assert window.session.result.turn and table.bbox.height > table.bbox.width
    (t,) = window.why.explain_now()
    inner = sorted((w for w in t.cols if w.evidence[0].kind == "text_gap"), key=lambda w: w.pos)
    assert len(inner) == 2 and all(w.orient == "h" for w in inner)
    rows = sorted(w.pos for w in t.rows)
    assert all(w.orient == "v" for w in t.rows)
    x = (rows[1] + rows[2]) / 2  # between two row boundaries (vertical lines on the page)
    tip = window.view.tooltip_at(QPointF(x, inner[0].pos))  # on the page, across the table
    assert tip.startswith(f"column boundary at y={inner[0].pos:.1f} pt")
    QTest.keyClick(window.view, Qt.Key.Key_Y)
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.view.mapFromScene(QPointF(x, inner[1].pos + 1)))
    assert window.why.answer == inner[1] and "column boundary" in window.why.panel.text.text()


def test_a_pale_rule_is_explained_and_its_contrast_applied_in_the_window(qtbot, window, tmp_path) -> None:
    from test_explain_rules import PALE_X, ROW, TOP, ruled_with_pale_rule

    pdf = tmp_path / "pale.pdf"
    pdf.write_bytes(ruled_with_pale_rule())
    assert window.open_file(pdf)
    wait_result(qtbot, window)
    assert window.session.result.tables[0].n_cols == 4  # the pale rule splits the first column
    QTest.keyClick(window.view, Qt.Key.Key_Y)
    point = window.view.mapFromScene(QPointF(PALE_X + 0.5, TOP + 2.5 * ROW))
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    panel = window.why.panel
    assert "drawn rule" in panel.text.text() and "vector.min_contrast" in panel.text.text()
    assert window.why.flip == ("vector.min_contrast", 52.0)
    window.grab().save(str(tmp_path / "why_pale.png"))
    QTest.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.session.busy and window.session.result.tables[0].n_cols == 3, timeout=30000)
    assert window.params.editors["vector.min_contrast"].spin.value() == 52
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not window.session.busy and window.session.result.tables[0].n_cols == 4, timeout=30000)
    assert window.session.param_value("vector.min_contrast") == 12


def test_a_tables_verdict_is_worked_out_on_the_lane_not_on_the_click(qtbot, window, tmp_path, monkeypatch) -> None:
    """A click inside a table says what would reject it (``why_table``, the tables stage re-run
    for each value tried); that runs on the Why lane with the explanation, and the click, on the
    GUI thread, only reads it."""
    import threading

    from inspector.core import explain as explain_pkg

    threads: list[str] = []
    real = explain_pkg.why_table

    def spy(ctx, k):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread().name)
        return real(ctx, k)

    monkeypatch.setattr(explain_pkg, "why_table", spy)
    res = _open(qtbot, window, tmp_path)
    qtbot.waitUntil(lambda: window.why.page is not None and window.why._for is window.session.result, timeout=30000)
    assert window.why.page.verdicts.keys() == set(range(len(res.tables)))
    assert threads and all(name == "lane:why" for name in threads)
    threads.clear()
    t = window.session.result.tables[0]
    QTest.keyClick(window.view, Qt.Key.Key_Y)
    cell = t.cells[-1].bbox
    middle = QPointF((cell.x0 + cell.x1) / 2, (cell.y0 + cell.y1) / 2)
    window.view.set_zoom(8.0)  # zoomed in: the click is far from every boundary
    window.view.centerOn(middle)
    point = window.view.mapFromScene(middle)
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert "Taken as a table" in window.why.panel.text.text()  # the verdict was read for this click
    assert threads == []  # answered from the lane's verdicts
