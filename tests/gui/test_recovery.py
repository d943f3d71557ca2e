"""Recovery you can trust (issue 14, items 1, 2, 9): after a crash the editing part is made
once, every action exists once, no key is bound twice, Ctrl+S saves; the recovery question
offers Recover / Discard / Later; SIGTERM leaves the autosave for the next start."""

from __future__ import annotations

import os
import signal
from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtCore import QEventLoop, QSettings, Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDockWidget

from inspector.annotation.io import annotation_path_for, load_annotation
from inspector.gui.app import keep_edits_on_sigterm
from inspector.gui.editing import Editing
from inspector.gui.editing.document import autosave_path_for
from inspector.gui.help import shortcut_rows, window_actions
from inspector.gui.main_window import EDITING_LATE_MS, MainWindow


@pytest.fixture
def opened(opened: MainWindow) -> MainWindow:
    """The opened window; closing it at the end discards the test's edits (no dialog)."""
    opened.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]
    return opened


def _window(qtbot, tmp_path: Path, name: str) -> MainWindow:
    win = MainWindow(QSettings(str(tmp_path / name), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.resize(1200, 800)
    return win


def _crashed_with_edits(qtbot, tmp_path: Path, pdf: Path, wait) -> object:
    """A window that accepted a table and typed a cell, then "died" (never saved or closed)."""
    first = _window(qtbot, tmp_path, "first.ini")
    first.show()
    assert first.open_file(pdf, interactive=False)
    wait(first)
    ed = first.editing
    ed.ask_save = lambda: "discard"  # type: ignore[method-assign]
    assert ed.actions.accept(False) == 1 and ed.actions.override(0, 1, 1, "Kent (UK)")
    auto = autosave_path_for(annotation_path_for(pdf))
    qtbot.waitUntil(auto.exists, timeout=5000)
    first.session.close()  # the process is gone: nothing saved, the autosave stays
    return ed.ann.doc


def _key_owners(win: MainWindow) -> Counter[str]:
    """How many times each key sequence is bound, counting every binding of every action."""
    return Counter(k.toString() for a in window_actions(win) for k in a.shortcuts() if not k.isEmpty())


def test_no_key_sequence_is_bound_twice(opened: MainWindow) -> None:
    opened.editing  # noqa: B018 - the editing part's actions too
    twice = {k: n for k, n in _key_owners(opened).items() if n > 1}
    assert twice == {}, f"bound more than once (ambiguous to Qt, so neither runs): {twice}"
    redo = opened.action("edit.redo")
    assert [k.toString() for k in redo.shortcuts()].count("Ctrl+Shift+Z") == 1
    assert all(", ".join([r.keys] * 2) != r.keys and not r.clashes for r in shortcut_rows(opened))


def test_redo_from_the_keyboard(opened: MainWindow, qtbot) -> None:
    ann = opened.editing.ann
    opened.editing.actions.accept(False)
    opened.activateWindow()
    qtbot.keyClick(opened.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert ann.doc.tables == ()
    qtbot.keyClick(opened.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert len(ann.doc.tables) == 1


def test_recovery_builds_the_editing_part_once(qtbot, tmp_path: Path, table_pdf, wait,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    edited = _crashed_with_edits(qtbot, tmp_path, table_pdf.path, wait)
    asked: list[str] = []

    def modal(_self: Editing, *_args: object) -> object:
        """Like the real dialog: a nested event loop, long enough for the late-attach timer."""
        asked.append("recover?")
        loop = QEventLoop()
        QTimer.singleShot(EDITING_LATE_MS * 2, loop.quit)
        loop.exec()
        return "recover" if _args == () else True

    monkeypatch.setattr(Editing, "ask_recovery", modal, raising=False)
    monkeypatch.setattr(Editing, "ask", modal)
    win = _window(qtbot, tmp_path, "second.ini")
    monkeypatch.setattr(Editing, "ask_save", lambda _self: "discard")
    win.show()  # the real start-up order: editing is made once the first page is on screen
    assert win.open_file(table_pdf.path)
    qtbot.waitUntil(lambda: win.editing_if_made is not None and win.editing.ann.doc == edited, timeout=10000)
    qtbot.wait(EDITING_LATE_MS * 3)  # any second attach would have happened by now
    assert asked == ["recover?"]
    assert len(win.findChildren(Editing)) == 1
    for title in ("Annotation", "Undo history"):
        assert len([d for d in win.findChildren(QDockWidget) if d.objectName() == title]) == 1
    texts = Counter((a.text(), id(a.parent())) for a in window_actions(win) if a.text() and not a.isSeparator())
    menus = [m.menu() for m in win.menuBar().actions()]
    for menu in menus:
        shown = [a.text() for a in menu.actions() if not a.isSeparator()]
        assert len(shown) == len(set(shown)), f"{menu.title()} lists an entry twice: {shown}"
    assert all(n == 1 for n in texts.values())
    assert all(n == 1 for n in _key_owners(win).values())
    assert win.isWindowModified()
    win.activateWindow()
    qtbot.keyClick(win.view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # Ctrl+S saves
    path = annotation_path_for(table_pdf.path)
    assert path.exists() and load_annotation(path) == edited and not win.isWindowModified()
    assert not autosave_path_for(path).exists()
    win.session.close()


@pytest.mark.parametrize(("choice", "kept", "recovered"), [("recover", True, True), ("discard", False, False),
                                                          ("later", True, False)])
def test_recover_discard_or_later(qtbot, tmp_path: Path, table_pdf, wait, monkeypatch,
                                  choice: str, kept: bool, recovered: bool) -> None:
    edited = _crashed_with_edits(qtbot, tmp_path, table_pdf.path, wait)
    asked: list[str] = []
    monkeypatch.setattr(Editing, "ask_recovery", lambda _self: asked.append(choice) or choice)
    monkeypatch.setattr(Editing, "ask_save", lambda _self: "discard")
    win = _window(qtbot, tmp_path, "second.ini")
    win.show()
    assert win.open_file(table_pdf.path)
    qtbot.waitUntil(lambda: win.editing_if_made is not None and bool(asked), timeout=10000)
    auto = autosave_path_for(annotation_path_for(table_pdf.path))
    assert auto.exists() == kept
    assert (win.editing.ann.doc == edited) == recovered and win.isWindowModified() == recovered
    win.session.close()
    if choice == "later":  # the next start asks again
        again = _window(qtbot, tmp_path, "third.ini")
        again.show()
        assert again.open_file(table_pdf.path)
        qtbot.waitUntil(lambda: len(asked) == 2, timeout=10000)
        again.session.close()


def test_sigterm_keeps_unsaved_edits_for_the_next_start(opened: MainWindow, qtbot, table_pdf,
                                                         monkeypatch) -> None:
    ed = opened.editing
    ed.ann._autosave_timer.setInterval(60_000)  # the usual autosave would not be written yet
    quit_codes: list[int] = []
    remove = keep_edits_on_sigterm(opened, quit_codes.append)
    try:
        assert ed.actions.accept(False) == 1
        auto = autosave_path_for(annotation_path_for(table_pdf.path))
        assert not auto.exists()
        os.kill(os.getpid(), signal.SIGTERM)
        qtbot.waitUntil(lambda: quit_codes == [143], timeout=3000)
    finally:
        remove()
    assert auto.exists() and load_annotation(auto) == ed.ann.doc
    assert opened.isVisible()  # not closed: closing would ask, or drop the autosave
    asked: list[str] = []
    monkeypatch.setattr(Editing, "ask_recovery", lambda _self: asked.append("?") or "later")
    from inspector.gui.editing.document import AnnotationSession
    nxt = AnnotationSession()
    report = nxt.start(table_pdf.path, opened.session.doc)  # the next start, on the file on disk
    nxt.shutdown()
    assert report.recoverable


def test_shortcut_sheet_lists_editing_keys(opened: MainWindow) -> None:
    opened.editing  # noqa: B018
    rows = {r.action: r for r in shortcut_rows(opened)}
    redo = QKeySequence("Ctrl+Shift+Z").toString(QKeySequence.SequenceFormat.NativeText)
    keys = rows["Redo"].keys.split(", ")
    assert keys[0] == redo and keys.count(redo) == 1 and not rows["Redo"].clashes
