"""File > Compare with: their tables drawn, the differences listed, selected and adopted."""

from __future__ import annotations

import sys
from pathlib import Path

from conftest import wait_result
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from inspector.annotation.model import to_core_table

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "evaluation"))
from eval_builders import ruled_pdf

ROWS = [["Region", "2023", "2024", "Change"], ["North", "1,200", "1,350", "12.5%"],
        ["South", "(300)", "410", "n/a"], ["East", "75", "80", "6.7%"]]


def _setup(qtbot, window, tmp_path: Path) -> Path:
    pdf = tmp_path / "t.pdf"
    pdf.write_bytes(ruled_pdf(ROWS, y0=200))
    theirs = [r[:] for r in ROWS]
    theirs[1][2], theirs[1][3] = "", "1,350"  # a value in the wrong column; 12.5% lost
    theirs[3][1] = "76"
    csv = tmp_path / "theirs.csv"
    csv.write_text("\n".join(",".join(f'"{c}"' for c in row) for row in theirs) + "\n")
    assert window.open_file(pdf)
    wait_result(qtbot, window)
    window.editing.ask_save = lambda: "discard"  # closing at the end of the test asks nothing
    return csv


def test_compare_with_a_csv_lists_draws_and_selects_the_differences(qtbot, window, tmp_path) -> None:
    csv = _setup(qtbot, window, tmp_path)
    window.comparison.start(str(csv))
    panel = window.comparison.panel
    qtbot.waitUntil(lambda: panel.list.topLevelItemCount() == 3, timeout=20000)
    labels = sorted(panel.list.topLevelItem(i).text(0) for i in range(3))
    assert labels == ["missing", "number changed", "value in another column"]
    assert "against the detection: 3 difference(s)" in panel.header.text()
    assert not window.comparison.grid_item.path().isEmpty()  # their grid is drawn
    assert sorted(k for k, _ in window.comparison.layer.boxes()) == ["missing", "number_changed", "shifted_column"]
    item = next(panel.list.topLevelItem(i) for i in range(3) if panel.list.topLevelItem(i).text(0) == "number changed")
    QTest.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=panel.list.visualItemRect(item).center())
    assert panel.list.currentItem() is item
    highlight = window.view.page_scene.highlight.path().boundingRect()
    assert highlight.top() > 250 and not highlight.isEmpty()  # the last row of the table (y0 = 200 + 3 * 20)


def test_adopt_copies_their_table_into_the_annotation_as_one_undoable_edit(qtbot, window, tmp_path) -> None:
    csv = _setup(qtbot, window, tmp_path)
    window.comparison.start(str(csv))
    panel = window.comparison.panel
    qtbot.waitUntil(lambda: panel.adopt_button.isEnabled(), timeout=20000)
    ann = window.editing.ann
    QTest.mouseClick(panel.adopt_button, Qt.MouseButton.LeftButton)
    (table,) = ann.doc.tables
    texts = {(c.r, c.c): c.text for c in to_core_table(table).cells}
    assert texts[(1, 3)] == "1,350" and texts[(3, 1)] == "76"  # their table as it was, to correct from
    # Against the annotation now: it is their table, so nothing differs.
    assert window.comparison.ours_kind == "annotation"
    assert panel.list.topLevelItemCount() == 0
    ann.stack.undo()
    assert ann.doc.tables == ()


def test_a_missing_peer_or_bad_file_is_said_in_the_panel(qtbot, window, tmp_path) -> None:
    _setup(qtbot, window, tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text("{broken")
    window.comparison.start(str(bad))
    panel = window.comparison.panel
    qtbot.waitUntil(lambda: "not valid JSON" in panel.header.text(), timeout=20000)
    window.comparison.stop()
    assert panel.list.topLevelItemCount() == 0 and window.comparison.grid_item.path().isEmpty()


def test_a_peer_that_is_not_installed_is_a_message_not_a_comparison(qtbot, window, tmp_path, monkeypatch) -> None:
    """Issue 26, item 8: the menu marks it, choosing it says how to install it, and no
    "table missed" difference is listed against the nothing it did not find."""
    _setup(qtbot, window, tmp_path)
    monkeypatch.setitem(sys.modules, "camelot", None)  # Python's own "not importable"
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QMenu
    menu = next(o for o in window.action("file.compare.camelot").associatedObjects() if isinstance(o, QMenu))
    menu.popup(QPoint(0, 0))  # File > Compare with opens
    qtbot.waitUntil(menu.isVisible, timeout=3000)
    entry = window.action("file.compare.camelot")
    assert entry.text().endswith("(not installed)") and "pip install" in entry.toolTip()
    assert not window.action("file.compare.pymupdf").text().endswith("(not installed)")
    menu.hide()
    entry.trigger()
    assert "camelot is not installed: pip install" in window.statusBar().currentMessage()
    assert window.comparison.source is None and window.comparison.diffs == []
    panel = window.comparison.panel
    assert panel is None or panel.list.topLevelItemCount() == 0
