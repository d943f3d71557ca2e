"""The live metrics panel on a real ICDAR page agrees with the evaluation command's scoring."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from inspector.annotation.icdar import find_icdar_documents, read_icdar
from inspector.annotation.io import annotation_path_for, save_annotation
from inspector.annotation.model import to_core_table
from inspector.evaluation import evaluate
from inspector.gui.main_window import MainWindow

pytestmark = pytest.mark.corpus


def test_panel_matches_eval_on_icdar_page(window: MainWindow, corpus: Path, tmp_path: Path, qtbot, wait) -> None:
    folder = corpus / "pdfs/icdar2013/competition-dataset-eu"
    doc = next(d for d in find_icdar_documents(folder) if d.name == "eu-017")
    pdf = tmp_path / "eu-017.pdf"  # the corpus folder stays untouched
    shutil.copyfile(doc.pdf, pdf)
    ann = read_icdar(doc).annotation
    save_annotation(ann, annotation_path_for(pdf))
    page = min(r.page for t in ann.tables for r in t.regions)
    window.editing.ask = lambda _t, _x: False  # type: ignore[method-assign]
    assert window.open_file(pdf)
    window.session.set_page(page - 1)
    wait(window)
    panel = window.scores.metrics
    qtbot.waitUntil(lambda: not panel.pending and panel.score is not None, timeout=20000)
    golden = [(t.id, to_core_table(t, i)) for t in ann.tables for i, r in enumerate(t.regions) if r.page == page]
    gold = evaluate.GoldenPage("eu-017", "", page, tuple(g for _, g in golden), tuple(i for i, _ in golden))
    expected = evaluate.score_page(gold, window.session.result.tables)
    got = panel.score
    assert len(got.tables) == len(expected.tables) >= 1
    for mine, theirs in zip(got.tables, expected.tables, strict=True):
        assert mine.adjacency == theirs.adjacency and mine.matched == theirs.matched
        assert mine.retention == theirs.retention and mine.row_integrity == theirs.row_integrity and mine.pairing == theirs.pairing
    assert got.detection == expected.detection
    lost = sum(t.retention.total - t.retention.hit for t in got.tables if t.matched is not None)
    assert got.adjacency.f1 < 1.0 and lost > 0  # a page the detector gets partly wrong
    assert sum(d.kind in ("changed", "lost") for d in got.diffs) == lost  # every lost cell is drawn once
    assert window.scores.diff.diffs == got.diffs
