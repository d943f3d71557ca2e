"""File > Add to golden set… (issue 26, item 7) through the real menu: an unverified table is
refused with the reason; verified and saved, the annotation joins the set with its hash."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from inspector.annotation.goldenset import check_golden_set, load_golden_set, manifest_revision
from inspector.annotation.io import annotation_path_for, load_annotation
from inspector.gui.main_window import MainWindow

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def _menu_click(qtbot, win: MainWindow, menu_id: str, action_id: str) -> None:
    """Click the menu's title in the menu bar, then the entry (real mouse clicks)."""
    bar, menu = win.menuBar(), win.menu(menu_id)
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(menu.menuAction()).center())
    qtbot.waitUntil(menu.isVisible, timeout=3000)
    QTest.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(win.action(action_id)).center())
    qtbot.waitUntil(lambda: not menu.isVisible(), timeout=3000)


def test_add_to_golden_set_from_the_window(editor: MainWindow, qtbot, tmp_path: Path, table_pdf) -> None:
    gold = tmp_path / "gold"
    asked: list[str] = []
    editor.editing.ask = lambda title, _text: asked.append(title) or True  # type: ignore[method-assign]
    editor.editing.ask_golden_folder = lambda: str(gold)  # type: ignore[method-assign]
    editor.activateWindow()
    QTest.mouseClick(editor.view.viewport(), Qt.MouseButton.LeftButton, pos=editor.view.mapFromScene(QPointF(160, 236)))
    QTest.keyClick(editor.view, Qt.Key.Key_Return, CTRL)  # accept: not verified yet
    _menu_click(qtbot, editor, "file", "file.golden_add")
    assert asked == ["Save first?"] and annotation_path_for(table_pdf.path).exists()
    assert "not marked verified" in editor.statusBar().currentMessage()
    assert not (gold / "golden.json").exists()
    QTest.keyClick(editor.view, Qt.Key.Key_V, CTRL | SHIFT)  # Mark verified
    assert editor.editing.ann.doc.tables[0].verified
    _menu_click(qtbot, editor, "file", "file.golden_add")
    assert asked == ["Save first?", "Save first?"]
    assert editor.statusBar().currentMessage() == f"added to the golden set {gold}"
    assert check_golden_set(gold) == [] and manifest_revision(gold) == 1
    assert load_golden_set(gold).entries[0].annotation == load_annotation(annotation_path_for(table_pdf.path))
