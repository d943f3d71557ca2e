"""No thread a window starts outlives it: Why, the tags read, the autosave writer, Draft from
original (``gui.tasks`` lanes and the autosave queue) end when the window closes, a task still
running is abandoned within a bounded wait, and closing still writes the autosave copy of
unsaved edits. A Python thread left running while the next window is built once deadlocked a
test run inside Qt (GUI thread in ``QObject::connect``, the GIL held)."""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import no_questions, wait_result
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtTest import QTest

from inspector.gui.main_window import MainWindow
from inspector.gui.scene.tags_layer import tag_grids
from inspector.gui.tasks import Lane

CTRL = Qt.KeyboardModifier.ControlModifier


def _new_threads(before: set[threading.Thread]) -> list[threading.Thread]:
    """Threads started since ``before`` and still alive (Qt's own threads are not Python's)."""
    return [t for t in threading.enumerate()
            if t not in before and not isinstance(t, (threading._DummyThread, threading.Timer))]


def _ended(threads: list[threading.Thread], within_s: float = 10.0) -> list[str]:
    """Names of ``threads`` still alive ``within_s`` seconds from now."""
    deadline = time.monotonic() + within_s
    for t in threads:
        t.join(max(0.0, deadline - time.monotonic()))
    return [t.name for t in threads if t.is_alive()]


def _window(qtbot, settings: QSettings) -> MainWindow:
    win = MainWindow(settings)
    qtbot.addWidget(win, before_close_func=no_questions)
    win.resize(1200, 800)
    win.show()
    return win


def test_closing_the_window_ends_every_thread_it_started_and_keeps_the_edits(qtbot, settings, table_pdf) -> None:
    before = set(threading.enumerate())
    win = _window(qtbot, settings)
    assert win.open_file(table_pdf.path)
    wait_result(qtbot, win)
    ed = win.editing
    qtbot.waitUntil(lambda: not tag_grids().reading and not win.why.lane.busy, timeout=30000)
    win.view.set_zoom(1.5)
    win.view.centerOn(280, 250)
    at = win.view.mapFromScene(QPointF(160, 236))  # a word of the detected table
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    QTest.keyClick(win.view, Qt.Key.Key_Return, CTRL)  # accept it: an unsaved edit, its autosave due
    assert ed.ann.modified
    started = _new_threads(before)
    names = " ".join(t.name for t in started)
    assert all(kind in names for kind in ("why", "tags", "autosave")), names

    # The app ends without the window closing (an exception, a non-interactive run): the copy is current.
    win.stop_background()
    copy = ed.ann.autosave_path
    assert copy.exists() and len(json.loads(copy.read_text("utf-8"))["tables"]) == 1
    assert _ended(started) == []
    ed.ask_save = lambda: "discard"  # type: ignore[method-assign]
    assert win.close()
    assert not copy.exists()  # Discard still removes it, after the thread ended
    assert _ended(_new_threads(before)) == []
    qthreads = [win.session._worker.qthread, win.session.pictures.qthread, win.links.scan_thread]
    assert [t.objectName() for t in qthreads if t.isRunning()] == []  # Qt's own threads end too


def test_a_result_arriving_after_close_is_dropped(qtbot, qapp) -> None:
    """A task that ignores ``cancelled`` outlives the bounded wait: close returns anyway, and its
    result never reaches the GUI thread (the lane may be deleted by then)."""
    lane = Lane("slow")
    release, got = threading.Event(), []
    lane.submit(lambda _c: release.wait(30) and "late", got.append)
    qtbot.waitUntil(lambda: lane.latest is not None and lane.latest.started, timeout=5000)
    t0 = time.monotonic()
    assert not lane.close(timeout=0.3)
    assert time.monotonic() - t0 < 5
    (thread,) = [t for t in threading.enumerate() if t.name == "lane:slow"]
    lane.deleteLater()
    qtbot.wait(50)
    release.set()
    thread.join(10)
    assert not thread.is_alive()
    qtbot.wait(100)
    assert got == []


@pytest.mark.skipif(sys.platform == "win32", reason="a killed worker process is POSIX here")
def test_closing_during_draft_from_original_ends_its_import(qtbot, settings, tmp_path: Path) -> None:
    pytest.importorskip("docx")
    pytest.importorskip("hwpx")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "compare"))
    import originals_data as od

    pair = od.build_set(tmp_path)["ko-hwpx"]
    before = set(threading.enumerate())
    win = _window(qtbot, settings)
    assert win.open_file(pair.pdf)
    wait_result(qtbot, win)
    win.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]
    assert win.editing.draft_from_original(str(pair.original))
    t0 = time.monotonic()
    assert win.close()
    assert time.monotonic() - t0 < 15  # the import's worker process is killed, not waited for
    assert _ended(_new_threads(before)) == []
