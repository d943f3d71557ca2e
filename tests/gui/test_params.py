"""Parameters panel: generated from metadata, view <-> model, debounced re-detect, presets, resets."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from inspector.core.params import ParamError, Params, describe
from inspector.gui.main_window import MainWindow
from inspector.gui.session import Session


def test_one_editor_per_parameter_with_range_and_unit(opened: MainWindow) -> None:
    eds = opened.params.editors
    assert set(eds) == {f.key for f in describe()}
    ed = eds["columns.min_gap"]
    assert ed.spin.minimum() == ed.info.lo and ed.spin.maximum() == ed.info.hi
    assert ed.spin.suffix() == " pt" and ed.info.help in ed.spin.toolTip()
    assert ed.slider.maximum() == round((ed.info.hi - ed.info.lo) / ed.info.step)
    assert eds["raster.enabled"].check is not None and eds["raster.enabled"].slider is None


def test_slider_drag_sets_param_and_redetects_once(opened: MainWindow, qtbot) -> None:
    ed = opened.params.editors["tables.min_rows"]
    results: list[object] = []
    opened.session.resultChanged.connect(lambda: results.append(opened.session.result))
    with qtbot.waitSignal(opened.session.resultChanged, timeout=30000):
        for pos in range(1, 10):  # a drag: many values within the debounce interval
            ed.slider.setValue(pos)
    assert opened.session.params.tables.min_rows == 10
    assert ed.spin.value() == 10  # the spin box follows the slider
    assert not opened.session.busy
    assert len(results) == 1  # one re-detect for the whole burst
    assert results[0].tables == ()  # a 4-row table is not a table when 10 rows are needed
    ed.reset.click()
    assert opened.session.params.tables.min_rows == 2 and ed.slider.value() == 1
    qtbot.waitUntil(lambda: not opened.session.busy and opened.session.result is not None
                    and len(opened.session.result.tables) == 1, timeout=30000)


def test_model_to_view_and_reset_all(opened: MainWindow) -> None:
    opened.session.set_param("columns.min_gap", 12.5)
    opened.session.set_param("raster.enabled", False)
    eds = opened.params.editors
    assert eds["columns.min_gap"].spin.value() == 12.5
    assert eds["columns.min_gap"].slider.value() == eds["columns.min_gap"].to_slider(12.5)
    assert eds["columns.min_gap"].reset.isEnabled()
    assert not eds["raster.enabled"].check.isChecked()
    opened.params.editors["raster.enabled"].check.setChecked(True)  # view -> model for on/off fields
    assert opened.session.params.raster.enabled is True
    opened.session.reset_all()
    assert opened.session.params == Params()
    assert eds["columns.min_gap"].spin.value() == eds["columns.min_gap"].info.default and not eds["columns.min_gap"].reset.isEnabled()


def test_presets_round_trip_and_bad_preset(opened: MainWindow, tmp_path: Path) -> None:
    opened.session.set_param("merge.snap", 4.5)
    path = tmp_path / "p.json"
    opened.params.save_preset(path)
    opened.session.reset_all()
    opened.params.load_preset(path)
    assert opened.session.params.merge.snap == 4.5
    assert opened.params.editors["merge.snap"].spin.value() == 4.5
    bad = tmp_path / "bad.json"
    bad.write_text('{"merge": {"snap": 99}}')
    with pytest.raises(ParamError, match="outside"):
        opened.params.load_preset(bad)
    assert opened.session.params.merge.snap == 4.5


def test_timings_shown_after_detection(opened: MainWindow) -> None:
    text = opened.params.status.text()
    assert text.startswith("Stage timings:\n")
    lines = text.splitlines()[1:]
    for stage in opened.session.result.timings:  # one stage a line (issue 26, item 10: a long line was cut off)
        assert any(line.strip().startswith(f"{stage}: ") and line.endswith(" ms") for line in lines)


def test_a_long_status_message_is_whole_in_the_tooltip(opened: MainWindow) -> None:
    long = "a long message " * 30
    opened.statusBar().showMessage(long, 8000)
    assert opened.statusBar().toolTip() == long


def test_stale_results_are_dropped(qtbot, table_pdf) -> None:
    session = Session(debounce_ms=0)
    try:
        session.open(table_pdf.path)
        old_req = session._req_id
        session.set_page(1)  # a newer request supersedes the first
        with qtbot.waitSignal(session.resultChanged, timeout=30000):
            pass
        qtbot.waitUntil(lambda: session.result is not None, timeout=30000)
        assert session.result.page == 2
        fake = session.result
        session._on_finished(old_req, None)  # a late answer to the old request changes nothing
        assert session.result is fake and session._req_id > old_req
    finally:
        session.close()


def _max_wait_sends(moves: list[float], max_wait_s: float) -> int:
    """Runs a burst of moves at ``moves`` (monotonic seconds) starts by the max-wait rule alone:
    one whenever ``max_wait_s`` passed since the first move not yet detected."""
    sent, since = 0, None
    for t in moves:
        since = t if since is None else since
        if t - since >= max_wait_s:
            sent, since = sent + 1, None
    return sent


def test_continuous_drag_still_redetects_now_and_then(opened: MainWindow, qtbot) -> None:
    """A drag with no pause still re-detects every MAX_WAIT_MS. On a loaded machine a 30 ms wait
    can last longer than the debounce interval (a pause: a run of its own), so the debounce is
    set out of reach and the expected runs follow the times the moves really happened."""
    from inspector.gui.session import MAX_WAIT_MS
    session = opened.session
    session._timer.setInterval(600_000)  # the debounce: never during this drag
    start_req = session._req_id
    ed = opened.params.editors["columns.min_gap"]
    moves: list[float] = []
    for pos in range(40):  # one move every 30 ms, about 1.2 s
        moves.append(time.monotonic())
        ed.slider.setValue(pos)
        qtbot.wait(30)
    sent = session._req_id - start_req
    expected = _max_wait_sends(moves, MAX_WAIT_MS / 1000)
    assert expected >= 2 and abs(sent - expected) <= 1, (sent, expected)
    session.redetect(immediate=True)  # the drag's last value
    qtbot.waitUntil(lambda: not session.busy, timeout=60000)
    assert session.result.page == 1


def test_unchanged_stage_outputs_are_not_redrawn(opened: MainWindow, qtbot, monkeypatch) -> None:
    import inspector.gui.scene.layers as layers
    built: list[int] = []
    real = layers.rules_path
    monkeypatch.setattr(layers, "rules_path", lambda rules: built.append(1) or real(rules))
    old = opened.session.result
    with qtbot.waitSignal(opened.session.resultChanged, timeout=60000):
        opened.session.set_param("tables.min_rows", 3)
    new = opened.session.result
    assert new is not old and new.vector_rules is old.vector_rules  # the pipeline's cache
    assert built == []  # vector rules unchanged: their path was kept
    with qtbot.waitSignal(opened.session.resultChanged, timeout=60000):
        opened.session.set_param("vector.min_length", 100.0)  # drops the 96 pt verticals
    assert built  # rules changed: rebuilt
    assert opened.view.page_scene.layers["vector_rules"].items[0].path().elementCount() == \
        2 * len(opened.session.result.vector_rules)


def test_hidden_layer_is_built_when_shown(opened: MainWindow) -> None:
    layer = opened.view.page_scene.layers["rows"]
    assert not layer.visible and layer.element_count() == 0  # nothing built while hidden
    opened.layers.toggles["rows"].setChecked(True)
    assert layer.element_count() == len(opened.session.result.rows) > 0


def _wheel(widget, steps: int = -3) -> None:
    """A real wheel event over the middle of ``widget`` (negative steps: scroll down)."""
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication
    pos = QPointF(widget.rect().center())
    event = QWheelEvent(pos, QPointF(widget.mapToGlobal(pos.toPoint())), QPoint(), QPoint(0, 120 * steps),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)


def test_wheel_scrolls_the_panel_and_changes_only_a_focused_field(opened: MainWindow, qtbot) -> None:
    panel = opened.params
    opened.dock("Parameters").resize(300, 300)
    panel.resize(300, 300)
    qtbot.waitUntil(lambda: panel.scroll_area.verticalScrollBar().maximum() > 0, timeout=3000)
    bar = panel.scroll_area.verticalScrollBar()
    before_params = opened.session.params
    for key in ("tables.min_rows", "columns.min_gap"):
        ed = panel.editors[key]
        for widget in (ed.slider, ed.spin):
            top = bar.value()
            _wheel(widget)
            assert opened.session.params == before_params, f"the wheel changed {key} without focus"
            assert bar.value() > top or bar.value() == bar.maximum()
            bar.setValue(0)
    for key, ed in panel.editors.items():
        if ed.combo is not None:  # choice fields (OCR) too
            _wheel(ed.combo)
            assert opened.session.params == before_params, f"the wheel changed {key} without focus"
    spin = panel.editors["tables.min_rows"].spin
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus, timeout=2000)
    _wheel(spin, steps=1)  # up: a focused field takes the wheel
    assert opened.session.params.tables.min_rows == before_params.tables.min_rows + 1


def test_on_off_labels_are_not_covered_by_their_check_box(opened: MainWindow, qtbot) -> None:
    from PySide6.QtWidgets import QLabel
    panel = opened.params
    opened.dock("Parameters").resize(320, 600)
    qtbot.wait(50)
    for key, ed in panel.editors.items():
        if ed.check is None:
            continue
        label = next(lab for lab in ed.check.parentWidget().findChildren(QLabel) if lab.text() == ed.info.label)
        right = label.mapTo(panel, label.rect().topLeft()).x() + label.width()
        assert right <= ed.check.mapTo(panel, ed.check.rect().topLeft()).x(), f"{key}: label runs under the check box"
