"""The documentation's worked example (docs/worked-example.md), scripted through the window's own commands and events.

ICDAR 2013 us-025.pdf, page 3, the first table (deaths by age group, Women / Men, Hispanic /
non-Hispanic, each "no.", "Rate", "(95% CI)"): the detector reads Women's "(95% CI)" column and
non-Hispanic "no." column as one, "(13.8–17.1) 5,663" in one cell, 12 columns for 13
(tests/gui/test_editing_corpus.py checks it still does). This script opens the page offscreen,
takes the "before" picture, asks Why about the missing column (Y and a click in the gap), applies
the value Why offers (its button), takes a picture, undoes it (Ctrl+Z), accepts the detected table
(Ctrl+Return), adds the column boundary (K, a click in the gap), gives the
two group headers their three columns each (a click on "Hispanic", S; two shift-click
selections, M), makes "Age group (yrs)" one cell over the three header rows (a shift-click
selection, M), marks the table verified (Ctrl+Shift+V), saves the annotation beside this
script (Ctrl+S), takes the "after" picture and prints the undo history and the Markdown export.

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
PDF = ROOT.parent / "shared" / "corpus" / "pdfs" / "icdar2013" / "competition-dataset-us" / "us-025.pdf"
DOCS = Path(__file__).resolve().parent
OUT = DOCS / "worked-example"
PAGE, TABLE = 3, 1
# Page points. The gap between Women's "(95% CI)" and non-Hispanic "no." columns is 3.3 pt
# wide on the body lines (x 189.6 to 192.9): the missing column boundary goes through it.
GAP_X, BODY_Y = 191.2, 170.0
WHY_X = 189.5  # Why answers about the dropped candidate nearest the click: the one at x = 189.2
GROUP_Y = 113.0  # the group headers' row ("Hispanic", "non-Hispanic")
TOP_Y, UNITS_Y = 100.0, 129.0  # the "Women" row, the "no. / Rate / (95% CI)" row
COL_X = {1: 82.0, 3: 160.0, 4: 208.0, 6: 287.0}  # inside columns 1, 3, 4, 6 once the gap is a column
AGE_X = 45.0  # the "Age group (yrs)" column
SHOW = (215.0, 150.0)  # the pictures' centre (page points): Women's half of the table in view


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


def select_and(win: MainWindow, start: tuple[float, float], end: tuple[float, float], key: Qt.Key) -> None:
    """A click on ``start``, a shift-click on ``end`` (page points), then ``key``."""
    click(win, *start)
    click(win, *end, shift=True)
    QTest.keyClick(win.view, key)


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


def redetected(app: QApplication, win: MainWindow, n_cols: int) -> None:
    """Wait until the page is detected again and table ``TABLE`` has ``n_cols`` columns."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (win.session.busy or win.session.result is None
                                           or detected(win).n_cols != n_cols):
        app.processEvents()
        time.sleep(0.01)
    assert detected(win).n_cols == n_cols, f"not {n_cols} columns after re-detecting"


def rows(win: MainWindow) -> list[list[str]]:
    return to_core_table(accepted(win)).rows_text()


def open_page(app: QApplication) -> MainWindow:
    settings = QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings)
    win.resize(1400, 900)
    win.show()
    win.open_file(PDF, interactive=False)
    win.session.set_page(PAGE - 1)
    wait_for_result(app, win.session)
    win.editing.ann.path = OUT / f"{PDF.name}.tables.json"  # save (and autosave) here, not in the corpus
    win.view.set_zoom(1.5)
    win.view.centerOn(*SHOW)
    win.layers.set_visible_layers({"grids"})
    return win


def markdown(win: MainWindow, name: str) -> str:
    """The accepted table's Markdown export (File > Export corrected tables, this table), also
    written to docs/worked-example/``name``."""
    doc = win.editing.ann.doc
    assert doc is not None
    md = export_text(doc, "md", accepted(win).id)
    OUT.mkdir(exist_ok=True)
    (OUT / name).write_text(md, encoding="utf-8")
    print(f"wrote docs/worked-example/{name}:\n{md}")
    return md


def fix(win: MainWindow) -> None:
    """The hand fix: accept, the missing column, the two group headers, the age label."""
    # 1. accept the detected table (Table > Accept detected table = Ctrl+Return)
    win.session.select(Selection("table", TABLE - 1))
    QTest.keyClick(win.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    reg = accepted(win).regions[0]
    print(f"accepted {accepted(win).id}: {reg.n_rows} x {reg.n_cols}, {accepted(win).header_rows} header rows")
    markdown(win, f"{PDF.stem}-p{PAGE}-t{TABLE}-before.md")
    # 2. the missing column: K (Table > Add column boundary (click)), a click in the gap
    QTest.keyClick(win.view, Qt.Key.Key_K)
    click(win, GAP_X, BODY_Y)
    print("column added:", rows(win)[1], rows(win)[3], sep="\n  ")
    # 3. "Hispanic" took the new column into its span: S on it, then M over columns 1-3 and 4-6
    click(win, COL_X[1], GROUP_Y)
    QTest.keyClick(win.view, Qt.Key.Key_S)
    select_and(win, (COL_X[1], GROUP_Y), (COL_X[3], GROUP_Y), Qt.Key.Key_M)
    select_and(win, (COL_X[4], GROUP_Y), (COL_X[6], GROUP_Y), Qt.Key.Key_M)
    print("group headers:", rows(win)[1])
    # 4. "Age group (yrs)": one cell over the three header rows
    select_and(win, (AGE_X, TOP_Y), (AGE_X, UNITS_Y), Qt.Key.Key_M)
    print("age label:", [r[0] for r in rows(win)[:3]])
    # 5. mark it verified (Ctrl+Shift+V)
    QTest.keyClick(win.view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if not PDF.is_file():
        print(f"the corpus PDF is not here: {PDF}", file=sys.stderr)
        return 3
    running = QApplication.instance()
    app = running if isinstance(running, QApplication) else QApplication(sys.argv[:1])
    win = open_page(app)
    ed = win.editing

    # 0. the mistake: the detected grid (red) has 12 columns, "(13.8–17.1) 5,663" in one cell
    win.session.select(Selection("table", TABLE - 1))  # its line in the Tables tab: the preview shows it
    print("detected:", *detected(win).rows_text()[2:4], sep="\n  ")
    picture(app, win, "worked-example-before.png", win.preview.grid)

    # 0b. ask Why: Y (Table > Why is a boundary here or not there?), then a click in the gap
    QTest.keyClick(win.view, Qt.Key.Key_Y)
    click(win, WHY_X, BODY_Y)
    answer = win.why.answer
    print(f"why: {answer.decision if answer is not None else None!r}, parameters {answer.params if answer else ()}, "
          f"a value that changes it: {win.why.flip}")
    picture(app, win, "worked-example-why.png", win.preview.grid)
    QTest.keyClick(win.view, Qt.Key.Key_Escape)  # leave the Why mode

    # 0c. apply Why's value (its "Apply and re-detect" button), look, and undo it (Ctrl+Z)
    def others() -> list[list[list[str]]]:  # the page's other tables, as read
        res = win.session.result
        return [t.rows_text() for t in res.tables[TABLE:]] if res is not None else []

    before = others()
    assert win.why.panel is not None, "Why answered in no panel"
    QTest.mouseClick(win.why.panel.apply_button, Qt.MouseButton.LeftButton)
    redetected(app, win, 13)
    win.session.select(Selection("table", TABLE - 1))
    print(f"{ed.ann.stack.undoText()}: {detected(win).n_rows} x {detected(win).n_cols};", *detected(win).rows_text()[:4],
          sep="\n  ")
    print("the page's other tables unchanged:", others() == before)
    picture(app, win, "worked-example-lever.png", win.preview.grid)
    QTest.keyClick(win.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # Edit > Undo: the defaults again
    redetected(app, win, 12)

    fix(win)
    table = accepted(win)
    print(f"header rows {table.header_rows}, verified {table.verified}; undo history:")
    for i in range(ed.ann.stack.count()):
        print(f"  {i + 1}. {ed.ann.stack.text(i)}")
    QTest.keyClick(win.view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # File > Save annotation
    assert not win.isWindowModified(), "not saved"

    # the result: the accepted table over the page (no detection layers), and its Markdown
    win.layers.set_visible_layers(set())
    ed.select_first_on_page()
    picture(app, win, "worked-example-after.png", ed.panel.grid)
    markdown(win, f"{PDF.stem}-p{PAGE}-t{TABLE}.md")
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
