"""Edits are never lost nor resurrected (issue 26, items 1 and 2), with a person's timings:
an edit, two seconds, Undo, quit at once leaves no copy of the undone edit; a session killed
with SIGKILL (a real child process) keeps its edits through "Later" while the next session
edits, quits with Discard, and recovers them at the following open. Dialogs are the real
message boxes, answered by clicking their buttons."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, QSettings, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QMessageBox

from inspector.annotation.io import annotation_path_for, load_annotation
from inspector.gui.editing.document import autosave_path_for
from inspector.gui.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]
def _no_questions(win: MainWindow) -> None:
    """Closing at the end of a test (failed or not) asks nothing: the edits are dropped."""
    if win.editing_if_made is not None:
        win.editing_if_made.ask_save = lambda: "discard"  # type: ignore[method-assign]


NONE = Qt.KeyboardModifier.NoModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier
HUMAN_PAUSE_MS = 2000  # "wait two seconds": longer than the autosave delay


def _window(qtbot, tmp_path: Path, name: str) -> MainWindow:
    win = MainWindow(QSettings(str(tmp_path / name), QSettings.Format.IniFormat))
    qtbot.addWidget(win, before_close_func=_no_questions)
    win.resize(1200, 800)
    win.show()
    win.activateWindow()
    return win


def _at(win: MainWindow, x: float, y: float) -> QPoint:
    return win.view.mapFromScene(QPointF(x, y))


def _click(win: MainWindow, x: float, y: float) -> None:
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, NONE, _at(win, x, y))


def _key(win: MainWindow, k: Qt.Key, mod: Qt.KeyboardModifier = NONE) -> None:
    QTest.keyClick(win.view, k, mod)


def _answer(pick: Callable[[QMessageBox, QAbstractButton], bool], seen: list[str], within_s: float = 60.0) -> None:
    """When a message box is up within ``within_s`` seconds, click (a real mouse click) the
    button ``pick`` chooses. The poll ends then: a poll left running would answer the next
    test's question."""
    deadline = time.monotonic() + within_s

    def poll() -> None:
        if time.monotonic() > deadline:
            return
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.isVisible():
            for button in box.buttons():
                if pick(box, button):
                    seen.append(box.windowTitle())
                    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
                    return
        QTimer.singleShot(50, poll)
    QTimer.singleShot(50, poll)


def _labelled(label: str) -> Callable[[QMessageBox, QAbstractButton], bool]:
    return lambda _box, button: button.text().replace("&", "") == label


def _ready(qtbot, win: MainWindow) -> None:
    s = win.session
    qtbot.waitUntil(lambda: not s.busy and s.result is not None and win.editing_if_made is not None, timeout=60000)
    qtbot.waitUntil(lambda: not win.view.picture_pending, timeout=60000)
    win.view.set_zoom(1.5)
    win.view.centerOn(280, 250)
    win.activateWindow()  # back from a dialog, the person's next click lands on the window
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=5000)


def test_undo_to_saved_then_quit_at_once_leaves_no_autosave(qtbot, tmp_path: Path, table_pdf) -> None:
    pdf = table_pdf.path
    first = _window(qtbot, tmp_path, "a.ini")
    assert first.open_file(pdf)
    _ready(qtbot, first)
    _click(first, 160, 236)  # a word of the detected table: selects it
    _key(first, Qt.Key.Key_Return, CTRL)  # accept it
    _key(first, Qt.Key.Key_S, CTRL)  # save: the saved state
    saved = load_annotation(annotation_path_for(pdf))
    assert len(saved.tables) == 1 and not first.isWindowModified()
    _click(first, 160, 236)  # a cell of the accepted table
    _key(first, Qt.Key.Key_T, SHIFT)  # Shift+T: a total row
    assert first.isWindowModified()
    auto = autosave_path_for(annotation_path_for(pdf))
    qtbot.wait(HUMAN_PAUSE_MS)
    qtbot.waitUntil(auto.exists, timeout=5000)  # written by now (a loaded machine's timers run late)
    _key(first, Qt.Key.Key_Z, CTRL)  # Undo: back at the saved state
    assert not first.isWindowModified()
    assert not auto.exists(), "the copy of the undone edit goes at once, not a timer later"
    _key(first, Qt.Key.Key_Q, CTRL)  # quit at once: nothing to ask
    assert not first.isVisible() and not auto.exists()
    second = _window(qtbot, tmp_path, "b.ini")
    asked: list[str] = []
    _answer(_labelled("Recover"), asked, within_s=5)  # would click Recover if anything were offered
    assert second.open_file(pdf)
    _ready(qtbot, second)
    qtbot.wait(5500)  # the poll is over: nothing was offered
    assert asked == [] and second.editing.ann.doc == saved and not second.isWindowModified()
    second.close()


CHILD = """
import sys
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
from inspector.gui.main_window import MainWindow
app = QApplication([])
win = MainWindow(QSettings(sys.argv[2], QSettings.Format.IniFormat))
win.resize(1200, 800)
win.show()
win.open_file(sys.argv[1], interactive=False)
def edit():
    s = win.session
    if s.busy or s.result is None or win.editing_if_made is None:
        QTimer.singleShot(50, edit)
        return
    ed = win.editing
    assert ed.actions.accept(False) == 1 and ed.actions.override(0, 1, 1, "Kent (UK)")
    def ready():
        if ed.ann.autosave_path.exists():
            print("READY", flush=True)
        else:
            QTimer.singleShot(50, ready)
    ready()
QTimer.singleShot(0, edit)
app.exec()
"""


def _killed_session(tmp_path: Path, pdf: Path) -> Path:
    """A real app process that edits ``pdf`` and is killed with SIGKILL once its autosave is on disk."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(pdf), str(tmp_path / "child.ini")],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert line.startswith("READY"), child.stderr.read() if child.stderr else line
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    return autosave_path_for(annotation_path_for(pdf))


def test_later_keeps_a_killed_sessions_edits_until_recovered(qtbot, tmp_path: Path, table_pdf) -> None:
    pdf = table_pdf.path
    crashed = _killed_session(tmp_path, pdf)
    kept = crashed.read_bytes()
    assert load_annotation(crashed).tables[0].regions[0].cell_at(1, 1).override == "Kent (UK)"
    # Restart, Later, then this session's own edit, two seconds, quit with Discard.
    win = _window(qtbot, tmp_path, "b.ini")
    asked: list[str] = []
    _answer(_labelled("Later"), asked)
    assert win.open_file(pdf)
    _ready(qtbot, win)
    assert asked == ["Recover unsaved edits?"] and win.editing.ann.doc.tables == ()
    _click(win, 160, 236)
    _key(win, Qt.Key.Key_Return, CTRL)  # accept the table: an edit of this session
    assert len(win.editing.ann.doc.tables) == 1 and win.isWindowModified()
    qtbot.wait(HUMAN_PAUSE_MS)
    own = win.editing.ann.autosave_path
    qtbot.waitUntil(own.exists, timeout=5000)
    assert own != crashed and load_annotation(own) == win.editing.ann.doc
    assert crashed.read_bytes() == kept, "Later keeps the crashed session's copy untouched"
    discard = QMessageBox.StandardButton.Discard
    _answer(lambda box, button: box.standardButton(button) == discard, asked)
    _key(win, Qt.Key.Key_Q, CTRL)
    qtbot.waitUntil(lambda: not win.isVisible(), timeout=5000)
    assert asked[-1] == "Unsaved changes" and not own.exists()
    assert crashed.read_bytes() == kept, "Discard drops this session's edits only"
    # The next open offers the crashed session's edits again; Recover brings them back.
    again = _window(qtbot, tmp_path, "c.ini")
    _answer(_labelled("Recover"), asked)
    assert again.open_file(pdf)
    _ready(qtbot, again)
    assert asked[-1] == "Recover unsaved edits?" and again.isWindowModified()
    assert again.editing.ann.doc.tables[0].regions[0].cell_at(1, 1).override == "Kent (UK)"
    _key(again, Qt.Key.Key_S, CTRL)
    assert not crashed.exists() and not again.isWindowModified()
    assert load_annotation(annotation_path_for(pdf)) == again.editing.ann.doc
    again.close()
