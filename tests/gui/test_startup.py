"""Start-up order: the first page comes first; hand correction, the annotation beside the PDF
and garbage collection follow once it is on screen, with nothing lost on the way."""

from __future__ import annotations

import gc
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDockWidget

from inspector import startup
from inspector.gui.main_window import EDITING_LATE_MS, MainWindow


def _fresh(qtbot, tmp_path: Path, name: str = "s.ini", restore: bool = False) -> MainWindow:
    win = MainWindow(QSettings(str(tmp_path / name), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    if restore:
        win.prefs.restore()
    return win


def _menus(win: MainWindow) -> list[str]:
    return [a.text() for a in win.menuBar().actions()]


def test_editing_is_made_after_the_first_page_is_shown(qtbot, tmp_path: Path, table_pdf, wait) -> None:
    win = _fresh(qtbot, tmp_path)
    win.show()
    assert win.open_file(table_pdf.path)
    assert win.editing_if_made is None  # not in the window's making, nor while opening
    qtbot.waitUntil(lambda: win.editing_if_made is not None, timeout=5000)
    wait(win)
    ed = win.editing
    assert ed.ann.pdf is win.session.doc and ed.ann.doc is not None  # caught up with the open file
    assert _menus(win) == ["&File", "&View", "&Go", "&Edit", "&Table", "&Help"]
    edit = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Edit")
    texts = [a.text() for a in edit.actions() if not a.isSeparator()]
    assert texts[0].startswith("&Undo") and texts[1].startswith("&Redo") and "Reset preferences" in texts[-1]
    table = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Table")
    assert len(table.actions()) > 10
    preview = win.findChild(QDockWidget, "Table preview")
    for title in ("Annotation", "Undo history"):
        dock = win.findChild(QDockWidget, title)
        assert dock.isVisibleTo(win) and dock in win.tabifiedDockWidgets(preview)
    win.session.close()


def test_editing_made_before_the_first_show_is_tabbed_when_shown(qtbot, tmp_path: Path) -> None:
    win = _fresh(qtbot, tmp_path)
    ed = win.editing  # asked for before the window is shown (tests, scripts)
    assert not ed.panel_dock.isVisibleTo(win)
    win.show()
    preview = win.findChild(QDockWidget, "Table preview")
    assert ed.panel_dock.isVisibleTo(win) and ed.panel_dock in win.tabifiedDockWidgets(preview)
    win.session.close()


def test_editing_comes_without_a_document_too(qtbot, tmp_path: Path) -> None:
    win = _fresh(qtbot, tmp_path)
    win.show()
    qtbot.wait(EDITING_LATE_MS // 2)
    assert win.editing_if_made is None
    qtbot.waitUntil(lambda: win.editing_if_made is not None, timeout=EDITING_LATE_MS * 4)
    win.session.close()


def test_saved_dock_place_is_kept_for_docks_made_late(qtbot, tmp_path: Path, table_pdf, wait) -> None:
    first = _fresh(qtbot, tmp_path, restore=True)
    first.show()
    dock = first.editing.panel_dock
    first.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    assert first.close()  # saves the layout

    again = _fresh(qtbot, tmp_path, restore=True)
    again.show()
    assert again.open_file(table_pdf.path, interactive=False)
    wait(again)
    qtbot.waitUntil(lambda: again.editing_if_made is not None, timeout=5000)
    late = again.editing.panel_dock
    assert again.dockWidgetArea(late) == Qt.DockWidgetArea.RightDockWidgetArea
    assert again.prefs.reset(confirm=False)  # the default place: a tab beside the preview
    assert late in again.tabifiedDockWidgets(again.findChild(QDockWidget, "Table preview"))
    again.session.close()


def test_annotation_beside_the_pdf_is_found_after_a_late_start(qtbot, tmp_path: Path, table_pdf, wait) -> None:
    maker = _fresh(qtbot, tmp_path, "maker.ini")
    maker.show()
    assert maker.open_file(table_pdf.path, interactive=False)
    wait(maker)
    assert maker.editing.actions.accept(True) and maker.editing.ann.save()
    maker.session.close()

    win = _fresh(qtbot, tmp_path, "reader.ini")
    win.show()
    assert win.open_file(table_pdf.path, interactive=False)
    wait(win)
    qtbot.waitUntil(lambda: win.editing_if_made is not None, timeout=5000)
    assert len(win.editing.ann.doc.tables) == 1 and not win.isWindowModified()
    qtbot.waitUntil(lambda: win.scores.metrics.score is not None, timeout=20000)
    assert win.scores.metrics.file_ann is not None
    win.session.close()


def test_gc_pause_resumes_with_startup_objects_frozen() -> None:
    assert gc.isenabled()
    startup.resume_gc()  # not paused: nothing to undo
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    startup.pause_gc_for_startup()
    try:
        assert not gc.isenabled()
        junk = [[] for _ in range(1000)]
        startup.resume_gc()
        assert gc.isenabled() and gc.get_freeze_count() >= frozen + len(junk)
    finally:
        gc.unfreeze()
        gc.enable()


def test_gc_left_alone_when_the_host_disabled_it() -> None:
    gc.disable()
    try:
        startup.pause_gc_for_startup()
        startup.resume_gc()
        assert not gc.isenabled()  # the host's choice stands
    finally:
        gc.enable()


def test_closing_before_the_first_page_is_shown_starts_nothing(qtbot, tmp_path: Path, table_pdf) -> None:
    win = _fresh(qtbot, tmp_path)
    loads: list[object] = []
    win.session._worker.load = loads.append  # type: ignore[method-assign]
    win.show()
    assert win.open_file(table_pdf.path)
    win.session.close()  # the window went away before its page was painted
    qtbot.wait(600)  # past the first-paint wait
    assert loads == [] and win.session.doc is None
