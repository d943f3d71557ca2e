"""The documentation's worked example (docs/worked-example.md), scripted through the window's own commands and events.

ICDAR 2013 us-035a.pdf, page 4, the table "Status" / "Sample size" / "Percent" / "Weighted
Percent": the detector takes the line above it ("NHANES III, 1988-94") in as a first row, and
splits the two-line header cells "Sample size" and "Weighted Percent" over two rows
(tests/gui/test_editing_corpus.py checks it still does). This script opens the page offscreen,
takes the "before" picture, asks Why about the header's inner boundary (Y and a click), tries
the lever Why offers (its Apply button, then Ctrl+Z), accepts the detected table
(Ctrl+Return), deletes the stray first row (a click, Shift+Del), deletes the header's inner
boundary (a click on it, Del), makes the first row the header (a click, H), marks the table
verified (Ctrl+Shift+V), saves the annotation beside this script (Ctrl+S), takes the "after"
picture and prints the undo history and the Markdown export.

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

from inspector.annotation.model import AnnTable, to_core_table
from inspector.core.types import Table
from inspector.gui.app import wait_for_result
from inspector.gui.editing.export_dialog import export_text
from inspector.gui.main_window import MainWindow
from inspector.gui.session import Selection

ROOT = Path(__file__).resolve().parents[1]
PDF = ROOT.parent / "shared" / "corpus" / "pdfs" / "icdar2013" / "competition-dataset-us" / "us-035a.pdf"
DOCS = Path(__file__).resolve().parent
OUT = DOCS / "worked-example"
PAGE, TABLE = 4, 1
TITLE_Y = 98.0  # page points: the stray first row's line, "NHANES III, 1988-94"
HEADER_Y = 126.3  # the detected row boundary between "Sample" and "size" (header lines 1 and 2)
STATUS_Y = 119.0  # the "Status" header line, in the first row once the stray one is gone
SAMPLE_X = 300.0  # inside the "Sample size" column
FIRST_COL_X = 110.0
SHOW = (295.0, 150.0)  # the pictures' centre (page points): the whole table in view


def detected(win: MainWindow) -> Table:
    """The page's detected table ``TABLE`` (the page is detected by now)."""
    assert win.session.result is not None, "the page has no detection"
    return win.session.result.tables[TABLE - 1]


def accepted(win: MainWindow) -> AnnTable:
    """The annotation's first table (accepted by now)."""
    doc = win.editing.ann.doc
    assert doc is not None and doc.tables, "no table accepted"
    return doc.tables[0]


def click(win: MainWindow, x: float, y: float, shift: bool = False) -> None:
    """A real mouse click on page point (x, y)."""
    mod = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, mod, win.view.mapFromScene(QPointF(x, y)))


def picture(app: QApplication, win: MainWindow, name: str, grid: QTableView) -> None:
    """The whole window, page picture sharp, centred on ``SHOW``, ``grid`` (a dock's table)
    scrolled to its top, saved as docs/``name``."""
    win.view.centerOn(*SHOW)
    win.statusBar().clearMessage()  # "saved /where/it/was/run/…"
    grid.scrollTo(grid.model().index(0, 0), QAbstractItemView.ScrollHint.PositionAtTop)
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
    running = QApplication.instance()
    app = running if isinstance(running, QApplication) else QApplication(sys.argv[:1])
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

    # 0. the mistake: the detected grid (red) has a first row "NHANES III, 1988-94" and the
    #    header's two lines in two rows
    win.session.select(Selection("table", TABLE - 1))  # its line in the Tables tab: the preview shows it
    print("detected:", detected(win).rows_text()[:3])
    picture(app, win, "worked-example-before.png", win.preview.grid)

    # 0b. ask Why: Y (Table > Why is a boundary here or not there?), then a click on the boundary
    QTest.keyClick(win.view, Qt.Key.Key_Y)
    click(win, SAMPLE_X, HEADER_Y)
    answer = win.why.answer
    print(f"why: {answer.decision if answer is not None else None!r}, parameters {answer.params if answer else ()}, "
          f"a value that changes it: {win.why.flip}")
    picture(app, win, "worked-example-why.png", win.preview.grid)

    # 0c. try the lever Why offers: its "Apply and re-detect" button (one undoable step), then
    #     Ctrl+Z: the header reads right, the stray first row stays, and the value holds for
    #     every page read with these parameters
    assert win.why.panel is not None
    before = win.session.result
    QTest.mouseClick(win.why.panel.apply_button, Qt.MouseButton.LeftButton)
    settle(app, win, before)
    print(f"{win.why.flip} applied:", detected(win).rows_text()[:3])
    picture(app, win, "worked-example-lever.png", win.preview.grid)
    before = win.session.result
    QTest.keyClick(win.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    settle(app, win, before)
    QTest.keyClick(win.view, Qt.Key.Key_Escape)  # leave the Why mode

    # 1. accept the detected table (Table > Accept detected table = Ctrl+Return)
    win.session.select(Selection("table", TABLE - 1))
    QTest.keyClick(win.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    table = accepted(win)
    reg = table.regions[0]
    print(f"accepted {table.id}: {reg.n_rows} x {reg.n_cols}, {table.header_rows} header rows")

    # 2. the stray first row: click it, Shift+Del (Table > Delete selected rows (at an edge))
    click(win, FIRST_COL_X, TITLE_Y)
    QTest.keyClick(win.view, Qt.Key.Key_Delete, Qt.KeyboardModifier.ShiftModifier)
    table = accepted(win)
    print(f"first row deleted: {table.regions[0].n_rows} rows, {table.header_rows} header rows")

    # 3. the header's inner boundary: click it, Del (Table > Delete the selected boundary)
    click(win, SAMPLE_X, HEADER_Y)
    QTest.keyClick(win.view, Qt.Key.Key_Delete)
    table = accepted(win)
    print(f"boundary deleted: {table.regions[0].n_rows} rows, first row {to_core_table(table).rows_text()[0]}")

    # 4. the header: click a cell of the first row, H (Table > Header rows through selection)
    click(win, FIRST_COL_X, STATUS_Y)
    QTest.keyClick(win.view, Qt.Key.Key_H)

    # 5. mark it verified (Ctrl+Shift+V) and save (Ctrl+S)
    QTest.keyClick(win.view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    table = accepted(win)
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
    assert ed.ann.doc is not None
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
