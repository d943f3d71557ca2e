"""Fixtures for the window tests: PDFs at known coordinates, a throwaway settings file, a window."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from gui_pdfs import Built, build_pdf
from PySide6.QtCore import QSettings

from inspector.gui.main_window import MainWindow


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


@pytest.fixture
def window(qtbot, settings: QSettings) -> Iterator[MainWindow]:
    win = MainWindow(settings)
    qtbot.addWidget(win)
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
