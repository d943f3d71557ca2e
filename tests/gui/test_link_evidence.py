"""A continuation link's evidence in the window: what decided it (with its weights) and what was
considered and changed nothing (weight 0: a running header box laid out as a table set aside, a
page number between the pieces), in the status bar when the link is selected and in its label's
tooltip. ``detect --json`` lists both; the window showed only the first."""

from __future__ import annotations

from pathlib import Path

from conftest import wait_result
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from inspector.core.multipage.continuation import Continuation
from inspector.core.multipage.pieces import Evidence
from inspector.gui.main_window import MainWindow
from inspector.gui.widgets.link_marks import evidence_line, evidence_tip
from tests.core.test_continued_running_tables import build

BOX = "the table that precedes it on page 2 is a running header or footer laid out as a table"


def _link(*evidence: Evidence) -> Continuation:
    return Continuation(1, 0, 2, 0, 0.8, 0, tuple(evidence), True, "")


def test_the_evidence_line_names_what_decided_and_what_changed_nothing() -> None:
    c = _link(Evidence("columns", "5 columns, boundaries within 0.0 pt", 0.45),
              Evidence("margin", "page number or running header/footer on page 2: \"Page 2\""),
              Evidence("header", "repeats the header (1 row)", 0.2))
    assert evidence_line(c) == ("1 fact considered, changed nothing (all in the label's tooltip). Decided by: "
                                "5 columns, boundaries within 0.0 pt (+0.45); repeats the header (1 row) (+0.20). "
                                "Considered, changed nothing: page number or running header/footer on page 2: "
                                "\"Page 2\"")
    assert evidence_tip(c).splitlines() == ["Decided it:", "  5 columns, boundaries within 0.0 pt (+0.45)",
                                            "  repeats the header (1 row) (+0.20)", "Considered, changed nothing:",
                                            "  page number or running header/footer on page 2: \"Page 2\""]
    veto = _link(Evidence("between", "a caption stands between", veto=True))
    assert evidence_line(veto) == "a caption stands between (veto)"
    assert evidence_tip(veto).splitlines() == ["Decided it:", "  a caption stands between (veto)"]


def test_selected_link_shows_the_running_box_it_set_aside(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """A table continued under a header box drawn on every page: the link's status line and its
    label's tooltip say that the box over the continuation was seen and set aside."""
    path = tmp_path / "boxed.pdf"
    path.write_bytes(build("grid", True, "head"))
    assert window.open_file(path)
    window.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]  # closing after the test
    wait_result(qtbot, window)
    links = window.links
    qtbot.waitUntil(lambda: links.scan is not None and len(links.shown()) == 2, timeout=60000)
    window.session.set_page(1)
    wait_result(qtbot, window)
    window.view.fit_page()
    qtbot.waitUntil(lambda: len(links.layer.labels()) > 0)
    label = next(lb for lb in links.layer.labels() if lb.text.startswith("continues page 1"))
    assert "Considered, changed nothing:" in label.toolTip() and BOX in label.toolTip()
    assert "  repeats the header (1 row) (+0.20)" in label.toolTip().splitlines()
    at = window.view.mapFromScene(label.scenePos()) + QPoint(12, int(label.rect.center().y()))
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    message = window.statusBar().currentMessage()
    assert message.startswith("Link page 1 -> 2: 3 facts considered, changed nothing (all in the label's tooltip). "
                              "Decided by: ")
    assert "repeats the header (1 row) (+0.20)" in message
    assert f"Considered, changed nothing: {BOX}" in message
