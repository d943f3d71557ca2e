"""Fixtures for the window tests: PDFs at known coordinates, a throwaway settings file, a window."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from gui_pdfs import Built, build_pdf
from PySide6.QtCore import QSettings

from inspector.gui.collecting import GuiCollector
from inspector.gui.main_window import MainWindow

THREAD_END_S = 10.0  # a closed window's threads end within its own bounded waits


def _threads_since(before: set[threading.Thread]) -> list[threading.Thread]:
    """Python threads started since ``before`` and alive (Qt's threads that ran Python code show
    up as never-ending dummies, and pytest-timeout's timer is its own business)."""
    return [t for t in threading.enumerate()
            if t not in before and not isinstance(t, (threading._DummyThread, threading.Timer))]


@pytest.fixture(autouse=True)
def no_thread_outlives_its_test() -> Iterator[None]:
    """Fail a test that leaves a thread running after its windows closed (pytest-qt closes the
    widgets given to ``qtbot.addWidget`` before this runs): a Python thread alive while the
    next test builds its window once deadlocked the run inside Qt."""
    before = set(threading.enumerate())
    yield
    left = _threads_since(before)
    for t in left:
        t.join(THREAD_END_S / max(1, len(left)))
    alive = sorted(t.name for t in left if t.is_alive())
    if alive:
        pytest.fail(f"threads still running after the test's windows closed: {', '.join(alive)}")


# These test the collection regime itself and start and stop their own collector.
OWN_COLLECTOR = ("test_collecting", "test_startup")


@pytest.fixture(autouse=True)
def collected_on_the_gui_thread(request: pytest.FixtureRequest, qapp) -> Iterator[None]:
    """Garbage cycles collected as the window's process does (``gui.collecting``): from a
    GUI-thread timer only. With automatic collection on, a collection in a worker thread
    (unpickling a detection) deleted a cycle's Qt objects off the GUI thread and deadlocked
    a CI run inside Qt."""
    if request.node.module.__name__.rsplit(".", 1)[-1] in OWN_COLLECTOR:
        yield
        return
    collector = GuiCollector()
    collector.start()
    try:
        yield
    finally:
        collector.stop()
        collector.deleteLater()


@pytest.fixture
def table_pdf(tmp_path: Path) -> Built:
    return build_pdf(tmp_path / "table.pdf", pages=2)


@pytest.fixture
def rotated_pdf(tmp_path: Path) -> Built:
    return build_pdf(tmp_path / "rotated.pdf", pages=1, rotate_last=90)


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    """A settings file of this test only (recent files never leak between tests)."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def no_questions(win: MainWindow) -> None:
    """Closing at the end of a test (failed or not) asks nothing, the edits are dropped: a
    question left open would block the run until pytest-timeout ends it."""
    if win.editing_if_made is not None:
        win.editing_if_made.ask_save = lambda: "discard"  # type: ignore[method-assign]


@pytest.fixture
def window(qtbot, settings: QSettings) -> Iterator[MainWindow]:
    win = MainWindow(settings)
    qtbot.addWidget(win, before_close_func=no_questions)
    win.resize(1200, 800)
    win.show()
    yield win
    win.session.close()


def wait_result(qtbot, win: MainWindow, timeout: int = 60000) -> None:
    """Wait until the session holds the result of its latest request."""
    s = win.session
    qtbot.waitUntil(lambda: not s.busy and (s.result is not None or s.last_error != ""), timeout=timeout)
    assert s.result is not None, s.last_error
    qtbot.waitUntil(lambda: not win.view.picture_pending, timeout=timeout)
    qtbot.waitUntil(lambda: not win.inspector.pending and not win.preview.pending, timeout=5000)


@pytest.fixture
def opened(qtbot, window: MainWindow, table_pdf: Built) -> MainWindow:
    """The window with the two-page table PDF open and page 1 detected."""
    assert window.open_file(table_pdf.path)
    wait_result(qtbot, window)
    return window


@pytest.fixture
def editor(opened: MainWindow) -> MainWindow:
    """The opened window with its questions answered (no modal dialog in tests), zoomed on the table."""
    opened.editing.ask = lambda *_a: False  # type: ignore[method-assign]
    opened.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]
    opened.editing.confirm_pick = lambda _field, text: text  # type: ignore[method-assign]
    opened.view.set_zoom(1.5)
    opened.view.centerOn(280, 250)
    return opened


@pytest.fixture
def wait(qtbot):
    """``wait(win)``: block (processing events) until the window's detection is done."""
    return lambda win: wait_result(qtbot, win)
