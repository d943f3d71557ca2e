"""The worked example on the real page: eu-001 page 3's second table, whose two-line header
the detector cut into two rows until 2026-12-02 and now reads as the ICDAR truth; the fix the
example shows (a row boundary between the header's lines deleted) still gives the truth when
that boundary is put back by hand first (Shift+double-click, then click and Delete)."""

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


def test_worked_example_fix_matches_ground_truth(window: MainWindow, corpus: Path, wait, tmp_path) -> None:
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
    assert to_core_table(ed.ann.doc.tables[0]).rows_text() == truth  # the detector reads it right now
    # The old mistake, put back by hand: a row boundary between "to air" and "kg/year".
    k = next(i for i in range(1, reg.n_rows) if "kg/year" in reg.cell_at(i, 1).value)
    assert window.session.result is not None
    words = [w for w in window.session.result.words if w.text in ("air", "kg/year") and reg.bbox.contains_point(
        w.bbox.cx, w.bbox.cy)]
    air = min((w for w in words if w.text == "air"), key=lambda w: w.bbox.y0)
    kg = min((w for w in words if w.text == "kg/year" and w.bbox.y0 > air.bbox.y1), key=lambda w: w.bbox.y0)
    x, y = (reg.xs[1] + reg.xs[2]) / 2, (air.bbox.y1 + kg.bbox.y0) / 2
    window.view.centerOn(x, y)
    point = window.view.mapFromScene(QPointF(x, y))
    QTest.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, point)
    assert ed.ann.doc.tables[0].regions[0].n_rows == len(truth) + 1
    # The example's fix: click the boundary, press Delete.
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    QTest.keyClick(window.view, Qt.Key.Key_Delete)
    fixed = ed.ann.doc.tables[0]
    assert fixed.regions[0].n_rows == len(truth) and k >= 1
    assert to_core_table(fixed).rows_text() == truth
    assert ed.ann.save() and ed.ann.path.exists()
