"""The matplotlib corpus (corpus/mpl: tables of scientific and engineering reports drawn by
matplotlib and saved by its own PDF backend, truth from where each cell was drawn), a
producer no other corpus uses (issue 25).

Floors sit just under the detector's per-style adjacency F1 measured when they were set
(``python benchmarks/score_modern.py corpus/mpl`` prints the same table); raise them as
detection improves.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.evaluation.style_floors import (
    assert_continued,
    assert_floors,
    assert_glyphs_in_slots,
    golden_of,
    sound_styles,
)

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "mpl"
# Adjacency F1 of the detector per style, measured on 2026-12-04 in the comment.
FLOORS = {
    "axtable_grid": 0.99,        # 1.000
    "axtable_horizontal": 0.99,  # 1.000
    "axtable_open": 0.99,        # 1.000
    "band": 0.99,                # 1.000
    "beside_plot": 0.99,         # 1.000
    "beside_prose": 0.99,        # 1.000
    "continued": 0.99,           # 0.998
    "plain": 0.99,               # 1.000
    "rules": 0.99,               # 1.000
    "spans": 0.97,               # 0.980
    "totals": 0.99,              # 1.000
    "wrapped": 0.99,             # 1.000
}
OVERALL_FLOOR = 0.99             # 0.998


@pytest.fixture(scope="module")
def golden() -> Path:
    return golden_of(CORPUS)


def test_generator_writes_every_style_with_its_truth(tmp_path: Path) -> None:
    """One document of five styles (a continued one among them): the structure written,
    every cell's text found inside its box (the build stops otherwise), a continued table
    one region per page under its repeated header, each cell's glyphs in its own slots."""
    pytest.importorskip("matplotlib")
    from corpus.mpl.build import build_one

    names = ["spans", "wrapped", "continued", "axtable_open", "beside_plot"]
    ann = build_one(tmp_path / "all.pdf", names, random.Random(5))
    assert len(ann.tables) == len(names) and ann.problems() == []
    assert_continued(ann.tables[2])
    for t in ann.tables:
        for region in t.regions:
            assert_glyphs_in_slots(region)


def test_corpus_is_sound_and_covers_every_style(golden: Path) -> None:
    from corpus.mpl.build import STYLES

    assert sound_styles(golden, CORPUS / "styles.json", 36) == set(STYLES) == set(FLOORS)


def test_detector_per_style_floors(golden: Path) -> None:
    assert_floors(golden, CORPUS / "styles.json", FLOORS, OVERALL_FLOOR)
