"""The worked example on the real page: eu-001 page 3's second table, whose two-line header
the detector cuts into two rows, fixed by deleting one row boundary equals the ICDAR truth."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from inspector.annotation.model import to_core_table
from inspector.gui.main_window import MainWindow
from inspector.gui.session import Selection

pytestmark = pytest.mark.corpus
PDF = "pdfs/icdar2013/competition-dataset-eu/eu-001.pdf"


def _truth_rows(corpus: Path, page: int, bbox_y0: float) -> list[list[str]]:
    for line in (corpus / "tables.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if rec["pdf"] == PDF and rec["page"] == page and rec["kind"] == "ground_truth" \
                and abs(rec["bbox"][1] - bbox_y0) < 15:
            return rec["rows"]
    raise AssertionError("no ground truth for the table")


def test_worked_example_fix_matches_ground_truth(window: MainWindow, corpus: Path, wait, tmp_path) -> None:  # noqa: ANN001
    assert window.open_file(corpus / PDF)
    window.session.set_page(2)
    wait(window)
    ed = window.editing
    ed.ask_save = lambda: "discard"  # type: ignore[method-assign]
    ed.ann.path = tmp_path / "eu-001.pdf.tables.json"  # never write into the corpus
    window.view.set_zoom(2.0)
    window.session.select(Selection("table", 1))
    assert ed.actions.accept(only_selected=True) == 1
    reg = ed.ann.doc.tables[0].regions[0]
    truth = _truth_rows(corpus, 3, reg.bbox.y0)
    assert reg.n_rows == len(truth) + 1  # the detector's mistake this example fixes
    k = next(i for i in range(1, reg.n_rows) if reg.cell_at(i, 1).value == "kg/year")
    x, y = (reg.xs[1] + reg.xs[2]) / 2, reg.ys[k]
    window.view.centerOn(x, y)
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     window.view.mapFromScene(QPointF(x, y)))
    QTest.keyClick(window.view, Qt.Key.Key_Delete)
    fixed = ed.ann.doc.tables[0]
    assert to_core_table(fixed).rows_text() == truth
    assert ed.ann.save() and ed.ann.path.exists()
