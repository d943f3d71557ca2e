"""The documentation's worked example (docs/worked-example.md), scripted through the window's own commands and events.

ICDAR 2013 eu-025.pdf, page 2, third table: the detector cuts the first column's two-line
header "Psychosomatic / Symptoms" into two rows (tests/gui/test_editing_corpus.py checks it
still does). This script opens the page offscreen, accepts the detected table, merges the two
cells (a click, a Shift+click, the M key), declares two header rows, marks the table verified,
saves the annotation beside this script and prints the undo history and the Markdown export.

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/worked_example.py
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from inspector.gui.app import wait_for_result
from inspector.gui.editing.export_dialog import export_text
from inspector.gui.main_window import MainWindow
from inspector.gui.session import Selection

ROOT = Path(__file__).resolve().parents[1]
PDF = ROOT.parent / "shared" / "corpus" / "pdfs" / "icdar2013" / "competition-dataset-eu" / "eu-025.pdf"
OUT = Path(__file__).resolve().parent / "worked-example"
PAGE, TABLE = 2, 3


def click(win: MainWindow, x: float, y: float, shift: bool = False) -> None:
    """A real mouse click on page point (x, y)."""
    mod = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, mod, win.view.mapFromScene(QPointF(x, y)))


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if not PDF.is_file():
        print(f"the corpus PDF is not here: {PDF}", file=sys.stderr)
        return 3
    app = QApplication.instance() or QApplication(sys.argv[:1])
    settings = QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings)
    win.resize(1400, 900)
    win.show()
    win.open_file(PDF, interactive=False)
    win.session.set_page(PAGE - 1)
    wait_for_result(app, win.session)
    ed = win.editing
    ed.ann.path = OUT / f"{PDF.name}.tables.json"  # save (and autosave) here, not in the corpus
    win.view.set_zoom(2.0)

    # 1. accept the detected table (Table > Accept detected table)
    win.session.select(Selection("table", TABLE - 1))
    assert ed.actions.accept(only_selected=True) == 1
    table = ed.ann.doc.tables[0]
    reg = table.regions[0]
    print(f"accepted {table.id}: {reg.n_rows} x {reg.n_cols}")
    win.view.centerOn(reg.bbox.cx, reg.bbox.cy)
    app.processEvents()

    # 2. the first column's header "Psychosomatic / Symptoms" is one cell over two rows: the
    #    detector cut it at the header's fill bands. Click one, Shift+click the other, press M.
    top, below = reg.slot_box(0, 0), reg.slot_box(1, 0)
    click(win, top.cx, top.cy)
    click(win, below.cx, below.cy, shift=True)
    QTest.keyClick(win.view, Qt.Key.Key_M)
    reg = ed.ann.doc.tables[0].regions[0]
    print(f"merged: {reg.n_rows} x {reg.n_cols}; cell (1, 1) = {reg.cell_at(0, 0).value!r}")

    # 3. two header rows (click a cell of row 1, Table > Header rows through selection = H)
    click(win, reg.slot_box(1, 2).cx, reg.slot_box(1, 2).cy)
    QTest.keyClick(win.view, Qt.Key.Key_H)
    # 4. mark it verified (Ctrl+Shift+V) and save (Ctrl+S)
    QTest.keyClick(win.view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    table = ed.ann.doc.tables[0]
    print(f"header rows {table.header_rows}, verified {table.verified}; undo history:")
    for i in range(ed.ann.stack.count()):
        print(f"  {i + 1}. {ed.ann.stack.text(i)}")
    OUT.mkdir(exist_ok=True)
    QTest.keyClick(win.view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not win.isWindowModified(), "not saved"
    md = export_text(ed.ann.doc, "md", table.id)
    (OUT / "eu-025-p2-t3.md").write_text(md, encoding="utf-8")
    print(md)
    ed.ann.stack.setClean()
    win.close()
    win.session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
