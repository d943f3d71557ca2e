"""The documentation's screenshots that need the window driven (``make docs-screenshots`` runs it
after the plain ``gui --screenshot`` ones of docs/screenshots.sh):

- ``docs/img/why.png``: the Why tab answering a click on a column boundary of the sample's page 2
  (the one before "Change (%)" in its second table, which ``columns.min_gap`` = 8.5 would remove);
- ``docs/img/triage.png``: the scan worklist (File > Open scan results) over a scan of the sample
  and 16 corpus documents of the repository, the most suspicious table opened.

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots_gui.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from inspector.gui.app import wait_for_result
from inspector.gui.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "resources" / "samples" / "sample.pdf"
IMG = ROOT / "docs" / "img"


def settle(app: QApplication, seconds: float = 1.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def window(app: QApplication, tmp: Path) -> MainWindow:
    win = MainWindow(QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat))
    win.resize(1400, 900)
    win.show()
    return win


def why(app: QApplication, tmp: Path) -> None:
    """Y, then a click on the column boundary at x = 336.5 pt of page 2's second table."""
    win = window(app, tmp)
    win.open_file(SAMPLE, interactive=False)
    win.session.set_page(1)
    wait_for_result(app, win.session)
    while win.why.lane.busy:
        settle(app, 0.1)
    QTest.keyClick(win.view, Qt.Key.Key_Y)
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=win.view.mapFromScene(QPointF(336.5, 300)))
    settle(app)
    win.grab().save(str(IMG / "why.png"))
    win.close()
    win.session.close()


def triage(app: QApplication, tmp: Path) -> None:
    """``table-inspector scan`` over the sample and corpus documents of the repository, then the
    worklist in the window with its most suspicious table opened (N)."""
    corpus = ROOT / "corpus"
    pdfs = [SAMPLE, *sorted((corpus / "modern" / "pdfs").glob("*.pdf"))[:8],
            *sorted((corpus / "html" / "pdfs").glob("*.pdf"))[:8]]
    results = tmp / "triage.sqlite"
    cli = Path(sys.executable).with_name("table-inspector")
    subprocess.run([str(cli), "scan", *map(str, pdfs), "-o", str(results), "--quiet"], check=True)
    win = window(app, tmp)
    win.open_file(SAMPLE, interactive=False)
    wait_for_result(app, win.session)
    assert win.scan_results.open_results(str(results))
    settle(app)
    win.scan_results.next_flagged()
    wait_for_result(app, win.session)
    settle(app, 2.0)
    win.grab().save(str(IMG / "triage.png"))
    win.close()
    win.session.close()


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    with tempfile.TemporaryDirectory() as tmp:
        why(app, Path(tmp))
        triage(app, Path(tmp))
    print(f"written: {IMG / 'why.png'}, {IMG / 'triage.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
