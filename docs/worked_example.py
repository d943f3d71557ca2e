"""The documentation's worked example (docs/worked-example.md), scripted through the window's own commands and events.

ICDAR 2013 us-017.pdf, page 2, its one table: the detector folds the section heading
"Projected" into the row of the year 2010 above it, and puts "Year" in the header's second
row only (tests/gui/test_editing_corpus.py checks it still does). This script opens the page
offscreen, takes the "before" picture, accepts the detected table (Ctrl+Return), adds the
missing row boundary (Shift+K and a click), merges "Year" with the empty cell above it (a
click, a Shift+click, M), marks the table verified (Ctrl+Shift+V), saves the annotation
beside this script (Ctrl+S), takes the "after" picture and prints the undo history and the
Markdown export.

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/worked_example.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QApplication, QTableView

from inspector.gui.app import wait_for_result
from inspector.gui.editing.export_dialog import export_text
from inspector.gui.main_window import MainWindow
from inspector.gui.session import Selection

ROOT = Path(__file__).resolve().parents[1]
PDF = ROOT.parent / "shared" / "corpus" / "pdfs" / "icdar2013" / "competition-dataset-us" / "us-017.pdf"
DOCS = Path(__file__).resolve().parent
OUT = DOCS / "worked-example"
PAGE, TABLE = 2, 1
GAP_Y = 283.0  # page points: between the "2010" line and the "Projected" line, in the first column
FIRST_COL_X = 60.0
ROW_2010 = 17  # 0-based row of 2010 in the detected and the corrected grid
SHOW = (285.0, 230.0)  # the pictures' centre (page points): the header and the fold both in view


def click(win: MainWindow, x: float, y: float, shift: bool = False) -> None:
    """A real mouse click on page point (x, y)."""
    mod = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, mod, win.view.mapFromScene(QPointF(x, y)))


def picture(app: QApplication, win: MainWindow, name: str, grid: QTableView) -> None:
    """The whole window, page picture sharp, centred on ``SHOW``, ``grid`` (a dock's table)
    scrolled to the row of 2010, saved as docs/``name``."""
    win.view.centerOn(*SHOW)
    win.statusBar().clearMessage()  # "saved /where/it/was/run/…"
    grid.scrollTo(grid.model().index(ROW_2010, 0), QAbstractItemView.ScrollHint.PositionAtCenter)
    app.processEvents()
    win.view.render_picture()
    deadline = time.monotonic() + 60
    while win.view.picture_pending and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    app.processEvents()
    win.grab().save(str(DOCS / name))
    print(f"wrote docs/{name}")


def settle(app: QApplication, win: MainWindow, before: object) -> None:
    """Past the parameter change's debounce, until the page is detected again (a new result
    than ``before``)."""
    deadline = time.monotonic() + 60
    while (win.session.result is before or win.session.busy) and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    assert win.session.result is not before, "not detected again"


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
    win.view.set_zoom(1.5)
    win.layers.set_visible_layers({"grids"})

    # 0. the mistake: the detected grid (red) has no row boundary between "2010" and "Projected"
    win.session.select(Selection("table", TABLE - 1))  # its line in the Tables tab: the preview shows it
    picture(app, win, "worked-example-before.png", win.preview.grid)

    # 0b. ask Why: Y (Table > Why is a boundary here or not there?), then a click between the lines
    QTest.keyClick(win.view, Qt.Key.Key_Y)
    click(win, FIRST_COL_X, GAP_Y)
    answer = win.why.answer
    print(f"why: {answer.decision if answer is not None else None!r}, parameters {answer.params if answer else ()}, "
          f"a value that changes it: {win.why.flip}")
    picture(app, win, "worked-example-why.png", win.preview.grid)

    # 0c. try the lever Why names: "Lines per row band" (tables.row_band_lines) in the Parameters
    #     panel. Why found no value that brings the boundary back; each one tried says the same.
    for value in (1, 2, 3):
        before = win.session.result
        win.session.set_param("tables.row_band_lines", value)
        settle(app, win, before)
        rows = win.session.result.tables[TABLE - 1].rows_text()
        print(f"tables.row_band_lines = {value}: {len(rows)} rows, "
              f"'2010\\nProjected' still one cell: {'2010' + chr(10) + 'Projected' in [r[0] for r in rows]}")
    before = win.session.result
    win.session.reset_param("tables.row_band_lines")
    settle(app, win, before)

    # 1. accept the detected table (Table > Accept detected table = Ctrl+Return)
    QTest.keyClick(win.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    table = ed.ann.doc.tables[0]
    reg = table.regions[0]
    print(f"accepted {table.id}: {reg.n_rows} x {reg.n_cols}, {table.header_rows} header rows")

    # 2. the missing row boundary: Shift+K (Table > Add row boundary), then a click between the lines
    QTest.keyClick(win.view, Qt.Key.Key_K, Qt.KeyboardModifier.ShiftModifier)
    click(win, FIRST_COL_X, GAP_Y)
    reg = ed.ann.doc.tables[0].regions[0]
    print(f"row boundary added: {reg.n_rows} x {reg.n_cols}")

    # 3. "Year" spans both header rows: click the empty cell above it, Shift+click it, press M
    top, below = reg.slot_box(0, 0), reg.slot_box(1, 0)
    click(win, top.cx, top.cy)
    click(win, below.cx, below.cy, shift=True)
    QTest.keyClick(win.view, Qt.Key.Key_M)
    reg = ed.ann.doc.tables[0].regions[0]
    print(f"merged: cell (1, 1) = {reg.cell_at(0, 0).value!r} over {reg.cell_at(0, 0).rs} rows")

    # 4. mark it verified (Ctrl+Shift+V) and save (Ctrl+S)
    QTest.keyClick(win.view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    table = ed.ann.doc.tables[0]
    print(f"header rows {table.header_rows}, verified {table.verified}; undo history:")
    for i in range(ed.ann.stack.count()):
        print(f"  {i + 1}. {ed.ann.stack.text(i)}")
    OUT.mkdir(exist_ok=True)
    QTest.keyClick(win.view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not win.isWindowModified(), "not saved"

    # the result: the accepted table over the page (no detection layers), and its Markdown
    win.layers.set_visible_layers(set())
    ed.select_first_on_page()
    picture(app, win, "worked-example-after.png", ed.panel.grid)
    md = export_text(ed.ann.doc, "md", table.id)
    (OUT / f"{PDF.stem}-p{PAGE}-t{TABLE}.md").write_text(md, encoding="utf-8")
    print(md)
    ed.ann.stack.setClean()
    win.close()
    win.session.close()

    # save it as ground truth: a golden set of this one document, and today's detector scored on it
    from inspector.cli import main as cli
    golden = Path(tempfile.mkdtemp()) / "golden"
    code = cli(["golden", "add", str(PDF), "--annotations", str(OUT), "-o", str(golden)])
    assert code == 0, f"golden add: exit {code}"
    return cli(["eval", str(golden)])


if __name__ == "__main__":
    sys.exit(main())
