"""File > Draft from original… and Compare with the original: an HWPX/DOCX original's tables
on its PDF in the window (originals built in tests/compare/originals_data.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import wait_result
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from inspector.gui.main_window import MainWindow

pytest.importorskip("docx")
pytest.importorskip("hwpx")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "compare"))
import originals_data as od


def _file_menu(win: MainWindow) -> QMenu:
    return next(a.menu() for a in win.menuBar().actions() if a.menu() is not None and a.text() == "&File")


def _file_action(win: MainWindow, text: str) -> QAction:
    return next(a for a in _file_menu(win).actions() if a.text() == text)


@pytest.fixture
def tender(qtbot, window: MainWindow, tmp_path: Path) -> od.Pair:
    pair = od.build_set(tmp_path)["ko-hwpx"]
    assert window.open_file(pair.pdf)
    wait_result(qtbot, window)
    window.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]
    return pair


def test_draft_from_original_adds_its_tables_as_one_undoable_step(qtbot, window: MainWindow, tender: od.Pair) -> None:
    assert _file_action(window, "Draft from &original…").isEnabled()
    messages: list[str] = []
    ann = window.editing.ann
    ann.message.connect(messages.append)
    assert window.editing.draft_from_original(str(tender.original))
    qtbot.waitUntil(lambda: ann.doc is not None and len(ann.doc.tables) == 2, timeout=60000)
    award, prices = ann.doc.tables
    assert (award.source, award.verified) == ("original", False)
    assert award.regions[0].cell_at(2, 1).value == "회의용 의자" and award.regions[0].cell_at(2, 0).rs == 2
    assert [r.page for r in prices.regions] == [1, 2]
    assert ann.stack.count() == 1 and window.isWindowModified()
    assert any("2 table(s) drafted from tender-ko.hwpx, not verified" in m for m in messages)
    assert window.editing.draft_from_original(str(tender.original))  # again: nothing new
    qtbot.waitUntil(lambda: any("already in the annotation" in m for m in messages), timeout=60000)
    assert ann.stack.count() == 1
    ann.stack.undo()
    assert ann.doc.tables == ()


def test_an_hwp5_binary_is_said_not_raised(qtbot, window: MainWindow, tender: od.Pair, tmp_path: Path) -> None:
    messages: list[str] = []
    window.editing.ann.message.connect(messages.append)
    assert window.editing.draft_from_original(str(od.hwp5_header(tmp_path / "notice.hwp")))
    qtbot.waitUntil(lambda: any("HWP 5 binary" in m for m in messages), timeout=60000)
    assert window.editing.ann.doc.tables == ()


def test_compare_with_the_original_draws_its_grid_as_the_compare_layer(qtbot, window: MainWindow,
                                                                       tender: od.Pair, tmp_path: Path) -> None:
    compare = next(a.menu() for a in _file_menu(window).actions() if a.menu() is not None and a.text() == "&Compare with")
    assert "The original it was made from (HWPX, DOCX)…" in [a.text() for a in compare.actions()]
    window.comparison.start(str(tender.original))  # what that item does with the file chosen
    qtbot.waitUntil(lambda: 1 in window.comparison.theirs, timeout=60000)
    assert [t.n_rows for t in window.comparison.theirs[1]] == [5, 27]  # the award table, the price list's first piece
    # Placing an original reads every page's words: its pieces on page 2 came back with page 1's,
    # so showing page 2 reads nothing again.
    assert 2 in window.comparison.theirs and len(window.comparison.theirs[2]) == 1  # the price list's second piece
    assert not window.comparison.grid_item.path().isEmpty()
    box = window.comparison.grid_item.path().boundingRect()
    assert box.top() < 130 and box.bottom() > 700  # both tables of page 1
    window.grab().save(str(tmp_path / "compare-original.png"))
