"""Fixtures for the window tests: PDFs at known coordinates, a throwaway settings file, a window."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pymupdf
import pytest
from PySide6.QtCore import QSettings

from inspector.gui.main_window import MainWindow

ROWS = (("Fruit", "Origin", "Qty"), ("Apple", "Kent", "12"), ("Pear", "Anjou", "7"), ("Plum", "Agen", "30"))
X0, Y0, COL_W, ROW_H = 100.0, 200.0, 120.0, 24.0
TITLE = "Harvest"
TITLE_AT = (100.0, 150.0)  # baseline origin of the title word


@dataclass(frozen=True)
class Built:
    path: Path
    pages: int


def ruled_table_page(page: pymupdf.Page, rows: tuple[tuple[str, ...], ...] = ROWS) -> None:
    """A fully ruled table with its top-left corner at (X0, Y0), plus a title word above it."""
    n_rows, n_cols = len(rows), len(rows[0])
    x1, y1 = X0 + n_cols * COL_W, Y0 + n_rows * ROW_H
    for r in range(n_rows + 1):
        page.draw_line((X0, Y0 + r * ROW_H), (x1, Y0 + r * ROW_H), width=1)
    for c in range(n_cols + 1):
        page.draw_line((X0 + c * COL_W, Y0), (X0 + c * COL_W, y1), width=1)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            page.insert_text((X0 + c * COL_W + 6, Y0 + r * ROW_H + 16), text, fontsize=11)
    page.insert_text(TITLE_AT, TITLE, fontsize=14)


def build_pdf(path: Path, pages: int = 1, rotate_last: int = 0) -> Built:
    doc = pymupdf.open()
    for i in range(pages):
        page = doc.new_page(width=595, height=842)
        ruled_table_page(page)
        page.insert_text((100, 800), f"page {i + 1}", fontsize=9)
    if rotate_last:
        doc[pages - 1].set_rotation(rotate_last)
    doc.save(path)
    doc.close()
    return Built(path, pages)


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
def window(qtbot, settings: QSettings) -> Iterator[MainWindow]:  # noqa: ANN001
    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    yield win
    win.session.close()


def wait_result(qtbot, win: MainWindow, timeout: int = 60000) -> None:  # noqa: ANN001
    """Wait until the session holds the result of its latest request."""
    s = win.session
    qtbot.waitUntil(lambda: not s.busy and (s.result is not None or s.last_error != ""), timeout=timeout)
    assert s.result is not None, s.last_error
    qtbot.waitUntil(lambda: not win.inspector.pending and not win.preview.pending, timeout=5000)


@pytest.fixture
def opened(qtbot, window: MainWindow, table_pdf: Built) -> MainWindow:  # noqa: ANN001
    """The window with the two-page table PDF open and page 1 detected."""
    assert window.open_file(table_pdf.path)
    wait_result(qtbot, window)
    return window


@pytest.fixture
def wait(qtbot):  # noqa: ANN001, ANN201
    """``wait(win)``: block (processing events) until the window's detection is done."""
    return lambda win: wait_result(qtbot, win)
