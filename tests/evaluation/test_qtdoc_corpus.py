"""The QTextDocument corpus (corpus/qtdoc: tables laid out by Qt's text engine from its HTML
subset or its cursor API, printed by QPdfWriter, truth from where Qt's layout put each cell),
a producer no other corpus uses (issue 25).

Floors sit just under the detector's per-style adjacency F1 measured when they were set
(``python benchmarks/score_modern.py corpus/qtdoc`` prints the same table); raise them as
detection improves.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.evaluation.style_floors import (
    assert_cells_on_pages,
    assert_continued,
    assert_floors,
    golden_of,
    sound_styles,
)

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "qtdoc"
# Adjacency F1 of the detector per style, measured on 2026-12-05 in the comment.
FLOORS = {
    "api_border": 0.99,  # 1.000
    "band": 0.99,        # 1.000 (0.961 before rows_under_fills)
    "collapse": 0.99,    # 1.000
    "continued": 0.99,   # 1.000
    "grid": 0.99,        # 1.000
    "plain": 0.98,       # 0.990
    "rules": 0.97,       # 0.979
    "spaced": 0.99,      # 1.000 (0.600 before boxedcells)
    "spans": 0.95,       # 0.963
    "two_line": 0.99,    # 1.000
    "wrapped": 0.99,     # 1.000
    "zebra": 0.99,       # 1.000 (0.630 before operator_continuations and rows_under_fills)
}
OVERALL_FLOOR = 0.99     # 0.996


@pytest.fixture(scope="module")
def golden() -> Path:
    return golden_of(CORPUS)


def test_generator_writes_every_kind_of_table_with_its_truth(tmp_path: Path) -> None:
    """One document of five styles (a continued one with its header repeated among them):
    the structure written (spans included), every cell's text found inside its box (the
    build stops otherwise) and its glyphs in its own slots, a continued table one region per
    page under its repeated header."""
    pytest.importorskip("PySide6")
    from corpus.qtdoc.build import build_one

    names = ["continued", "spans", "api_border", "rules", "two_line"]
    pdf = tmp_path / "all.pdf"
    ann = build_one(pdf, names, random.Random(4))  # its continued table repeats its thead
    assert len(ann.tables) == len(names) and ann.problems() == []
    assert_continued(ann.tables[0])
    spans = ann.tables[1].regions[0]
    assert spans.cell_at(0, 0).rs == 2 and any(c.cs > 1 for c in spans.cells)
    assert any(c.rs > 1 for c in spans.cells if c.r >= 2)  # a series label over its rows
    assert_cells_on_pages(pdf, ann)


def test_corpus_is_sound_and_covers_every_style(golden: Path) -> None:
    from corpus.qtdoc.tables import STYLES

    assert sound_styles(golden, CORPUS / "styles.json", 36) == set(STYLES) == set(FLOORS)


def test_detector_per_style_floors(golden: Path) -> None:
    assert_floors(golden, CORPUS / "styles.json", FLOORS, OVERALL_FLOOR)
