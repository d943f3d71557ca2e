"""The annotation's life on disk and beside detection: save and reload, the "*" in the title,
crash recovery from the autosave file, hash mismatch, re-detection, export, continuation."""

from __future__ import annotations

import pymupdf
import pytest
from gui_pdfs import ruled_table_page
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from inspector.annotation.io import annotation_path_for, load_annotation
from inspector.gui.editing.document import autosave_path_for
from inspector.gui.editing.export_dialog import ExportDialog, export_text
from inspector.gui.main_window import MainWindow


def _quiet(win: MainWindow, answer: bool = False, on_close: str = "discard") -> list[str]:
    """Answer the window's questions without dialogs; returns the questions asked."""
    asked: list[str] = []

    def ask(title: str, _text: str) -> bool:
        asked.append(title)
        return answer

    def ask_recovery() -> str:
        asked.append("Recover unsaved edits?")
        return "recover" if answer else "later"

    win.editing.ask = ask  # type: ignore[method-assign]
    win.editing.ask_recovery = ask_recovery  # type: ignore[method-assign]
    win.editing.ask_save = lambda: on_close  # type: ignore[method-assign]
    return asked


@pytest.fixture
def editor(opened: MainWindow) -> MainWindow:
    _quiet(opened)
    return opened


def _second_window(qtbot, tmp_path, answer: bool) -> tuple[MainWindow, list[str]]:
    win = MainWindow(QSettings(str(tmp_path / "second.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    asked = _quiet(win, answer)
    return win, asked


def test_save_and_reload_equal(editor: MainWindow, qtbot, tmp_path, table_pdf, wait) -> None:
    ed = editor.editing
    ed.actions.accept(False)
    ed.actions.set_verified(True)
    assert editor.isWindowModified() and "[*]" in editor.windowTitle()
    editor.activateWindow()
    qtbot.keyClick(editor.view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # Ctrl+S
    path = annotation_path_for(table_pdf.path)
    assert path.exists() and not editor.isWindowModified()
    assert load_annotation(path) == ed.ann.doc
    win, asked = _second_window(qtbot, tmp_path, answer=False)
    assert win.open_file(table_pdf.path)
    assert win.editing.ann.doc == ed.ann.doc and asked == [] and not win.isWindowModified()
    win.session.close()


def test_crash_recovery_from_autosave(editor: MainWindow, qtbot, tmp_path, table_pdf) -> None:
    ed = editor.editing
    ed.actions.accept(False)
    ed.actions.override(0, 1, 1, "Kent (UK)")
    auto = autosave_path_for(annotation_path_for(table_pdf.path))
    qtbot.waitUntil(auto.exists, timeout=5000)  # written shortly after the edits, no save asked for
    assert not annotation_path_for(table_pdf.path).exists()
    edited = ed.ann.doc
    # the first window "crashes": it never saves nor closes; a new one starts on the same file
    win, asked = _second_window(qtbot, tmp_path, answer=True)
    assert win.open_file(table_pdf.path)
    assert asked == ["Recover unsaved edits?"]
    assert win.editing.ann.doc == edited and win.isWindowModified()
    assert win.editing.ann.doc.tables[0].regions[0].cell_at(1, 1).override == "Kent (UK)"
    assert win.editing.save() and not auto.exists()
    win.session.close()


def test_declined_recovery_keeps_the_autosave(editor: MainWindow, qtbot, tmp_path, table_pdf) -> None:
    editor.editing.actions.accept(False)
    editor.editing.ann.write_autosave(wait=True)
    auto = autosave_path_for(annotation_path_for(table_pdf.path))
    assert auto.exists()
    win, asked = _second_window(qtbot, tmp_path, answer=False)
    assert win.open_file(table_pdf.path)
    assert asked == ["Recover unsaved edits?"] and win.editing.ann.doc.tables == () and auto.exists()
    win.session.close()


def test_hash_mismatch_is_reported_not_reattached(editor: MainWindow, qtbot, tmp_path, table_pdf) -> None:
    editor.editing.actions.accept(False)
    assert editor.editing.save()
    doc = pymupdf.open()
    ruled_table_page(doc.new_page(width=595, height=842))
    doc.new_page()  # other bytes, same name
    editor.session.close()
    doc.save(table_pdf.path)
    doc.close()
    win, asked = _second_window(qtbot, tmp_path, answer=False)
    assert win.open_file(table_pdf.path)
    assert asked == ["Annotation made on another file"]
    assert win.editing.ann.doc.tables == ()
    assert "not loaded" in win.statusBar().currentMessage()
    assert load_annotation(annotation_path_for(table_pdf.path)).tables  # the file is untouched
    win.session.close()


def test_redetection_never_touches_accepted_and_redetect_this_table(editor: MainWindow, wait) -> None:
    ed = editor.editing
    ed.actions.accept(False)
    ed.actions.override(0, 1, 1, "typed")
    kept = ed.ann.doc
    editor.session.set_param("columns.min_gap", 30.0)
    editor.session.redetect(immediate=True)
    wait(editor)
    assert ed.ann.doc == kept
    n = ed.ann.stack.count()
    assert ed.actions.redetect_current()
    assert ed.ann.stack.count() == n + 1
    t = ed.ann.doc.tables[0]
    assert t.id == kept.tables[0].id and t.regions[0].cell_at(1, 1).override is None
    ed.ann.stack.undo()
    assert ed.ann.doc == kept


def test_export_markdown_and_clipboard(editor: MainWindow) -> None:
    ed = editor.editing
    ed.actions.accept(False)
    ed.actions.override(0, 3, 2, "thirty")
    md = export_text(ed.ann.doc, "md", "t1")
    assert md.splitlines()[0].startswith("| Fruit") and "thirty" in md and "| 30 |" not in md
    csv = export_text(ed.ann.doc, "csv")
    assert csv.splitlines()[2].split(",")[:2] == ["Pear", "Anjou"]
    dialog = ExportDialog(ed.ann.doc, "t1", "table", editor)
    dialog.format.setCurrentIndex(dialog.format.findData("html"))
    dialog.to_clipboard.setChecked(True)
    dialog.run()
    assert QApplication.clipboard().text() == export_text(ed.ann.doc, "html", "t1")


def test_link_continuation_on_next_page(editor: MainWindow, wait) -> None:
    ed = editor.editing
    ed.actions.accept(False)
    editor.session.set_page(1)
    wait(editor)
    ed.actions.accept(False)
    assert [t.page for t in ed.ann.doc.tables] == [1, 2]
    editor.editing.panel._table_chosen(0)  # pick t1 in the panel's list: goes back to page 1
    wait(editor)
    assert editor.session.page_index == 0
    assert ed.actions.link_next()
    assert len(ed.ann.doc.tables) == 1 and [r.page for r in ed.ann.doc.tables[0].regions] == [1, 2]
    ed.ann.stack.undo()
    assert len(ed.ann.doc.tables) == 2


def test_close_with_unsaved_edits_asks(editor: MainWindow) -> None:
    editor.editing.actions.accept(False)
    editor.editing.ask_save = lambda: "cancel"  # type: ignore[method-assign]
    assert not editor.close() and editor.isVisible()
    editor.editing.ask_save = lambda: "save"  # type: ignore[method-assign]
    assert editor.close()
    assert annotation_path_for(editor.session.path).exists()


def test_screenshot_with_annotation_option(editor: MainWindow, qapp, tmp_path, table_pdf) -> None:
    from inspector.gui.app import LaunchError, LaunchOptions, run
    editor.editing.actions.accept(False)
    saved = tmp_path / "elsewhere.tables.json"
    assert editor.editing.ann.save(saved)
    assert editor.isWindowModified()  # saving a copy elsewhere leaves the own file unsaved
    out = tmp_path / "shot.png"
    assert run(LaunchOptions(file=str(table_pdf.path), annotation=str(saved), screenshot=str(out))) == 0
    assert out.stat().st_size > 0
    bad = tmp_path / "bad.tables.json"
    bad.write_text("{")
    with pytest.raises(LaunchError, match="not valid JSON") as err:
        run(LaunchOptions(file=str(table_pdf.path), annotation=str(bad), screenshot=str(out)))
    assert err.value.code == 3


def test_reattach_on_request_after_mismatch(editor: MainWindow, qtbot, tmp_path, table_pdf) -> None:
    editor.editing.actions.accept(False)
    assert editor.editing.save()
    kept = editor.editing.ann.doc.tables
    editor.session.close()
    with open(table_pdf.path, "ab") as f:
        f.write(b"\n% an incremental byte change\n")
    win, asked = _second_window(qtbot, tmp_path, answer=True)
    assert win.open_file(table_pdf.path)
    assert asked == ["Annotation made on another file"]
    ann = win.editing.ann
    assert ann.doc.tables == kept and "re-attached" in ann.doc.notes and win.isWindowModified()
    win.session.close()


def test_opening_another_file_asks_about_unsaved_edits(editor: MainWindow, tmp_path) -> None:
    from gui_pdfs import build_pdf
    other = build_pdf(tmp_path / "other.pdf")
    editor.editing.actions.accept(False)
    editor.editing.ask_save = lambda: "cancel"  # type: ignore[method-assign]
    assert not editor.open_file(other.path)
    assert editor.session.path.endswith("table.pdf") and editor.editing.ann.doc.tables
    editor.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]
    assert editor.open_file(other.path)
    assert editor.session.path.endswith("other.pdf") and editor.editing.ann.doc.tables == ()
    assert not editor.isWindowModified()


def test_export_dialog_writes_a_file(editor: MainWindow, tmp_path, monkeypatch) -> None:
    from inspector.gui.editing import export_dialog
    ed = editor.editing
    ed.actions.accept(False)
    target = tmp_path / "out.csv"
    monkeypatch.setattr(export_dialog.QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    dialog = ExportDialog(ed.ann.doc, None, "table", editor)
    dialog.format.setCurrentIndex(dialog.format.findData("csv"))
    assert dialog.all_tables.isChecked() and dialog.to_file.isChecked()
    dialog.run()
    written = target.read_bytes().decode("utf-8")  # bytes as written (CSV lines end in CRLF)
    assert written == export_text(ed.ann.doc, "csv") and written.splitlines()[1] == "Apple,Kent,12"


def test_screenshot_never_asks(editor: MainWindow, tmp_path, table_pdf) -> None:
    """An autosave and an annotation of other bytes beside the PDF: ``gui --screenshot`` would
    block forever on the two questions. It asks nothing, changes nothing, and says so."""
    import os
    import subprocess
    import sys

    ed = editor.editing
    ed.actions.accept(False)
    assert ed.save()
    ed.actions.override(0, 1, 1, "unsaved")
    ed.ann.write_autosave(wait=True)
    auto = autosave_path_for(annotation_path_for(table_pdf.path))
    assert auto.exists()
    editor.session.close()
    doc = pymupdf.open()
    ruled_table_page(doc.new_page(width=595, height=842))
    doc.new_page()  # other bytes, same name: the annotation's hash no longer matches
    doc.save(table_pdf.path)
    doc.close()
    before = annotation_path_for(table_pdf.path).read_bytes(), auto.read_bytes()
    out = tmp_path / "shot.png"
    root = __import__("pathlib").Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, "-m", "inspector.cli", "gui", str(table_pdf.path), "--screenshot", str(out)],
                         capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
                         env={**os.environ, "PYTHONPATH": str(root), "QT_QPA_PLATFORM": "offscreen"})
    assert run.returncode == 0, run.stderr
    assert "not asked in a non-interactive run, answered no: Annotation made on another file" in run.stderr
    assert out.exists()
    assert (annotation_path_for(table_pdf.path).read_bytes(), auto.read_bytes()) == before
