"""File > Open scan results: the worklist dock, driven with real keys."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

from conftest import wait_result
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from inspector.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "evaluation"))
from eval_builders import ruled_pdf

BROKEN = [["Item", "2023", "2024"], ["Apples", "1.5", "2.5"], ["Pears", "12.3 45.6", "7.0"], ["Plums", "4.4", ""],
          ["Figs", "8.0", "9.0"]]
RAGGED = [["Item", "2023", "2024"], ["Apples", "1.5", "2.5"], ["Pears", "3.3", ""], ["Figs", "8.0", "9.0"]]


def _scan(tmp_path: Path) -> tuple[Path, Path, Path]:
    root = tmp_path / "pdfs"
    root.mkdir()
    a, b = root / "a-broken.pdf", root / "b-ragged.pdf"
    a.write_bytes(ruled_pdf(BROKEN, y0=300))
    b.write_bytes(ruled_pdf(RAGGED))
    db = tmp_path / "r.sqlite"
    assert main(["scan", str(root), "-o", str(db), "--quiet"]) == 0
    return db, a, b


def test_enter_opens_the_most_suspicious_table_and_n_the_next(qtbot, window, tmp_path) -> None:
    db, a, b = _scan(tmp_path)
    assert window.scan_results.open_results(str(db))
    worklist = window.scan_results.worklist
    assert [Path(s.path).name for s in worklist.model.rows] == ["a-broken.pdf", "b-ragged.pdf"]
    assert window.scan_results.dock.isVisible()
    QTest.keyClick(worklist.table, Qt.Key.Key_Return)
    wait_result(qtbot, window)
    assert window.session.path == str(a)
    qtbot.waitUntil(lambda: window.session.selection is not None)
    sel = window.session.selection
    assert sel.kind == "table" and window.session.result.tables[sel.index].bbox.y0 > 290
    QTest.keyClick(worklist.table, Qt.Key.Key_N)
    wait_result(qtbot, window)
    assert window.session.path == str(b)
    qtbot.waitUntil(lambda: window.session.selection is not None)


def test_r_marks_reviewed_in_the_results_file_and_the_filter_hides_it(qtbot, window, tmp_path) -> None:
    db, a, _ = _scan(tmp_path)
    assert window.scan_results.open_results(str(db))
    worklist = window.scan_results.worklist
    worklist.table.setFocus()
    layers_before = {k: act.isChecked() for k, act in window.layers.toggles.items()}
    QTest.keyClick(worklist.table, Qt.Key.Key_R)  # R is also a layer's shortcut: the list has the focus
    assert {k: act.isChecked() for k, act in window.layers.toggles.items()} == layers_before
    assert worklist.model.rows[0].reviewed
    con = sqlite3.connect(db)
    assert con.execute("SELECT t.reviewed FROM tables t JOIN documents d ON d.id = t.doc_id"
                       f" WHERE d.path = '{a}'").fetchone() == (1,)
    con.close()
    worklist.hide_reviewed.setChecked(True)
    assert [Path(s.path).name for s in worklist.model.rows] == ["b-ragged.pdf"]
    worklist.filter.setCurrentIndex(worklist.filter.findData("broken_numbers"))
    assert worklist.model.rows == []
    assert "0 flagged" in worklist.status.text()


def test_a_file_that_is_not_scan_results_is_refused_with_a_message(qtbot, window, tmp_path, monkeypatch) -> None:
    bogus = tmp_path / "x.sqlite"
    bogus.write_bytes(b"not sqlite at all" * 200)
    shown = []
    monkeypatch.setattr("inspector.gui.scan_results.QMessageBox.warning", lambda *a: shown.append(a[2]))
    assert not window.scan_results.open_results(str(bogus))
    assert shown and "not a scan results file" in shown[0]
