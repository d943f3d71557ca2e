"""The window on real corpus pages: tables found where the ground truth puts them, rotated pages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF

from inspector.core.types import Rect
from inspector.gui.main_window import MainWindow

pytestmark = pytest.mark.corpus


def _truth(corpus: Path, pdf: str, page: int) -> list[Rect]:
    out = []
    for line in (corpus / "tables.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if rec["pdf"] == pdf and rec["page"] == page and rec["bbox"] and rec["kind"] == "ground_truth":
            out.append(Rect(*rec["bbox"]))
    return out


def test_eu001_tables_listed_drawn_and_selectable(window: MainWindow, corpus: Path, wait) -> None:
    pdf = "pdfs/icdar2013/competition-dataset-eu/eu-001.pdf"
    truth = _truth(corpus, pdf, 1)
    assert window.open_file(corpus / pdf)
    wait(window)
    res = window.session.result
    found = [t.bbox for t in res.tables]
    matched = [g for g in truth if any(g.iou(f) > 0.5 for f in found)]
    assert len(matched) >= 2, (truth, found)
    assert window.inspector.models[2].rowCount() == len(res.tables) + len(res.regions)
    assert window.view.page_scene.layers["words"].element_count() == len(res.words)
    # clicking in the middle of a ground-truth table selects a cell of a detected table
    window.layers.set_visible_layers({"grids"})
    g = matched[0]
    window.view.select_at(QPointF(g.cx, g.cy))
    sel = window.session.selection
    assert sel is not None and sel.kind == "cell"
    assert window.preview.table_index == sel.index and window.preview.model.rowCount() == res.tables[sel.index].n_rows


def test_rotated_corpus_page_shows_landscape_with_aligned_words(window: MainWindow, corpus: Path, wait) -> None:
    assert window.open_file(corpus / "pdfs/icdar2013/competition-dataset-eu/eu-015.pdf")
    wait(window)
    view = window.view
    assert view.rotation == 90
    shown = view.mapFromScene(view.page_scene.page_rect).boundingRect()
    assert shown.width() > shown.height()
    # each word box sits on ink in the page picture (both in unrotated space)
    img = view.page_scene.picture.pixmap().toImage()
    k = view.page_scene.picture_dpi / 72.0
    words = [w for w in window.session.result.words if len(w.text) >= 4][:20]
    inked = 0
    for w in words:
        x0, y0, x1, y1 = (int(v * k) for v in w.bbox.as_tuple())
        darkest = min(img.pixelColor(x, y).lightness() for x in range(x0, x1, 2) for y in range(y0, y1, 2))
        inked += darkest < 128
    assert inked >= 0.9 * len(words)
