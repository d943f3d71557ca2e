"""A small window (800 x 600, 1024 x 700) starts with a compact dock layout (``gui.compact``):
layers and parameters are tabs of one full-height column, the bottom docks tabs of one
full-width group; the page keeps a fair share of the width, every tab's title shows whole,
and the Parameters tab, raised by a click, is wider than its content's minimum. A large
window keeps the three-column default."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTabBar

from inspector.gui.main_window import MainWindow
from inspector.gui.session import Selection


def _started(qtbot, tmp_path: Path, table_pdf, wait, size: tuple[int, int]) -> MainWindow:
    win = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    assert win.open_file(table_pdf.path, interactive=False)
    wait(win)
    qtbot.waitUntil(lambda: win.editing_if_made is not None, timeout=5000)  # its docks join the bottom group
    qtbot.wait(50)
    return win


def _tab_bar(win: MainWindow, title: str) -> tuple[QTabBar, int]:
    for bar in win.findChildren(QTabBar):
        for i in range(bar.count()):
            if bar.isVisible() and bar.tabText(i) == title:
                return bar, i
    raise AssertionError(f"no visible tab '{title}'")


@pytest.mark.parametrize("size", [(800, 600), (1024, 700)])
def test_small_window_starts_compact(qtbot, tmp_path: Path, table_pdf, wait, size: tuple[int, int]) -> None:
    win = _started(qtbot, tmp_path, table_pdf, wait, size)
    layers, params = win.dock("Layers"), win.dock("Parameters")
    assert params in win.tabifiedDockWidgets(layers)
    bottom = {d.objectName() for d in win.tabifiedDockWidgets(win.dock("Table preview"))}
    assert {"Stage inspector", "Metrics", "Annotation", "Undo history"} <= bottom
    assert win.view.width() > 0.4 * win.width()  # the page: 280 of 800 pixels before
    # Every bottom tab's title shows whole ("Stage in…" before).
    for title in ("Table preview", "Stage inspector", "Metrics", "Annotation", "Undo history"):
        bar, i = _tab_bar(win, title)
        assert bar.tabRect(i).width() >= bar.fontMetrics().horizontalAdvance(title), title
    # The Parameters tab, raised by a click: the column's full height, wider than its content's minimum.
    bar, i = _tab_bar(win, "Parameters")
    assert params.visibleRegion().isEmpty()  # Layers is the raised tab
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(i).center())
    qtbot.waitUntil(lambda: not params.visibleRegion().isEmpty())  # a dock tab behind another is hidden by it
    assert layers.visibleRegion().isEmpty()
    assert params.width() >= win.params.minimumSizeHint().width()
    assert params.height() > 0.75 * win.centralWidget().height()
    # The Annotation tab of an accepted table: its heading is one line, so the grid keeps room
    # (the heading wrapped one word a line and left the grid one row high).
    ed = win.editing
    ed.ask_save = lambda: "discard"  # type: ignore[method-assign]
    ed.ann.path = tmp_path / "t.pdf.tables.json"
    bar, i = _tab_bar(win, "Annotation")
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(i).center())
    win.session.select(Selection("table", 0))
    QTest.keyClick(win.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: ed.panel.title.text().startswith("region 1/1"))
    qtbot.wait(50)
    assert ed.panel.title.height() < 2 * ed.panel.title.fontMetrics().lineSpacing()
    assert ed.panel.grid.height() > 0.4 * win.dock("Annotation").height()
    win.session.close()


def test_large_window_keeps_the_three_columns(qtbot, tmp_path: Path, table_pdf, wait) -> None:
    win = _started(qtbot, tmp_path, table_pdf, wait, (1400, 900))
    assert win.dock("Parameters") not in win.tabifiedDockWidgets(win.dock("Layers"))
    assert win.dock("Stage inspector") not in win.tabifiedDockWidgets(win.dock("Table preview"))
    win.session.close()
