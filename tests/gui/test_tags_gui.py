"""File > "Draft from tags" and the "Tags" layer on a tagged PDF (built in tagged_pdfs.py)."""

from __future__ import annotations

from pathlib import Path

from conftest import wait_result
from PySide6.QtGui import QAction

from inspector.gui.main_window import MainWindow
from tests.annotation.tagged_pdfs import tagged_pdf
from tests.annotation.test_tagged import BODY, HEAD


def _file_action(win: MainWindow, text: str) -> QAction:
    menu = next(a.menu() for a in win.menuBar().actions() if a.menu() is not None and a.text() == "&File")
    return next(a for a in menu.actions() if a.text() == text)


def test_draft_from_tags_is_one_undoable_step_and_the_layer_draws(qtbot, window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "tagged.pdf"
    path.write_bytes(tagged_pdf([[HEAD, *BODY]]))
    window.editing.ask = lambda *_a: False  # type: ignore[method-assign]
    assert window.open_file(path)
    wait_result(qtbot, window)
    from inspector.gui.scene.tags_layer import tag_grids
    qtbot.waitUntil(lambda: tag_grids().result is not None, timeout=20000)
    layer = window.view.page_scene.layers["tags"]
    assert not layer.visible and layer.spec.label == "Tags"
    window.view.page_scene.set_layer_visible("tags", True)
    assert layer.element_count() == 11  # 12 slots, one 2-row span

    _file_action(window, "Draft from &tags").trigger()
    ann = window.editing.ann
    (t,) = ann.doc.tables
    assert t.source == "tags" and not t.verified and t.regions[0].cell_at(3, 2).value == "(4.10)"
    assert ann.stack.count() == 1 and window.isWindowModified()
    _file_action(window, "Draft from &tags").trigger()  # already there: nothing added
    assert len(ann.doc.tables) == 1 and ann.stack.count() == 1
    ann.stack.undo()
    assert ann.doc.tables == ()


def test_draft_from_tags_on_an_untagged_pdf_says_so(qtbot, opened: MainWindow) -> None:
    from inspector.gui.scene.tags_layer import tag_grids
    qtbot.waitUntil(lambda: tag_grids().error != "", timeout=20000)
    messages: list[str] = []
    opened.editing.ann.message.connect(messages.append)
    _file_action(opened, "Draft from &tags").trigger()
    assert opened.editing.ann.doc.tables == ()
    assert any("not tagged" in m for m in messages)
    assert opened.view.page_scene.layers["tags"].element_count() == 0


def test_draft_asked_while_the_tags_are_read_follows_when_they_arrive(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """The tags are read in a worker process; asking for the draft meanwhile does not block the
    window: it says so, and the draft is made when the tags arrive."""
    from inspector.gui.scene.tags_layer import tag_grids

    path = tmp_path / "tagged.pdf"
    path.write_bytes(tagged_pdf([[HEAD, *BODY]]))
    window.editing.ask = lambda *_a: False  # type: ignore[method-assign]
    window.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]  # closing after the test
    messages: list[str] = []
    window.editing.ann.message.connect(messages.append)
    assert window.open_file(path)
    assert tag_grids().reading  # the worker process is still starting
    _file_action(window, "Draft from &tags").trigger()
    assert window.editing.ann.doc.tables == () and any("reading the file's tags" in m for m in messages)
    qtbot.waitUntil(lambda: len(window.editing.ann.doc.tables) == 1, timeout=30000)
    assert window.editing.ann.doc.tables[0].source == "tags" and window.editing.ann.stack.count() == 1
    wait_result(qtbot, window)
