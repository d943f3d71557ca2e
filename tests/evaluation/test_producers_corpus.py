"""The producers corpus (corpus/producers: tables typeset by Typst and by WeasyPrint in the
styles documents from them use, English, Korean and Chinese, truth from each program's own
layout), two producer families beside corpus/styles' reportlab and fpdf2.

Floors sit just under the detector's per-style adjacency F1 measured when they were set
(``python benchmarks/score_modern.py corpus/producers`` prints the same table); raise them as
detection improves.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from corpus.producers.layout import ALL
from inspector.evaluation.producers import family, pdf_metadata
from tests.evaluation.style_floors import (
    assert_cells_on_pages,
    assert_continued,
    assert_floors,
    golden_of,
    sound_styles,
)

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "producers"
FONT = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
# Adjacency F1 of the detector per style, measured on 2026-12-02 in the comment.
FLOORS = {
    "ty_beside": 0.99,           # 1.000
    "ty_booktabs": 0.99,         # 1.000
    "ty_caption": 0.97,          # 0.992
    "ty_continued": 0.99,        # 1.000
    "ty_grid": 0.99,             # 1.000
    "ty_header_band": 0.99,      # 1.000
    "ty_numbers": 0.99,          # 1.000
    "ty_spans": 0.99,            # 1.000
    "ty_totals_box": 0.99,       # 1.000
    "ty_wrapped": 0.99,          # 1.000
    "ty_zebra": 0.99,            # 1.000
    "wp_beside": 0.99,           # 1.000
    "wp_booktabs": 0.99,         # 1.000
    "wp_caption": 0.99,          # 1.000
    "wp_continued": 0.99,        # 1.000
    "wp_grid": 0.99,             # 1.000
    "wp_header_band": 0.99,      # 1.000
    "wp_numbers": 0.99,          # 1.000
    "wp_spans": 0.99,            # 1.000
    "wp_totals_box": 0.99,       # 1.000
    "wp_wrapped": 0.99,          # 1.000
    "wp_zebra": 0.99,            # 1.000
}
OVERALL_FLOOR = 0.99  # 0.999


@pytest.fixture(scope="module")
def golden() -> Path:
    return golden_of(CORPUS)


@pytest.mark.parametrize("producer", ["ty", "wp"])
def test_generator_writes_every_style_with_its_truth(tmp_path: Path, producer: str) -> None:
    """A document per program with one table of each of five styles (a continued one among
    them): the annotation has the structure written, every cell's text found inside its box,
    a continued table one region per page, each with the header repeated."""
    pytest.importorskip({"ty": "typst", "wp": "weasyprint"}[producer])
    if not FONT.is_file():
        pytest.skip(f"{FONT} is absent (packaging/system-deps.sh installs it)")
    from corpus.producers.build import build_one

    names = [f"{producer}_{s}" for s in ("spans", "zebra", "continued", "totals_box", "beside")]
    ann = build_one(tmp_path / "all.pdf", names, random.Random(5))
    assert len(ann.tables) == len(names) and ann.problems() == []
    assert family(*pdf_metadata(tmp_path / "all.pdf")) == {"ty": "Typst", "wp": "WeasyPrint"}[producer]
    assert_continued(ann.tables[2])  # under two tables: it runs on to the next page
    assert_cells_on_pages(tmp_path / "all.pdf", ann)


def test_corpus_is_sound_and_covers_every_style(golden: Path) -> None:
    assert sound_styles(golden, CORPUS / "styles.json", 120) == set(ALL) == set(FLOORS)


def test_detector_per_style_floors(golden: Path) -> None:
    assert_floors(golden, CORPUS / "styles.json", FLOORS, OVERALL_FLOOR)


@pytest.mark.parametrize(("producer", "creator", "expected"), [
    ("", "Typst 0.15.1", "Typst"), ("WeasyPrint 70.0", "", "WeasyPrint"), ("", "typstyle", "other")])
def test_the_two_programs_are_producer_families(producer: str, creator: str, expected: str) -> None:
    """What each writes in /Producer and /Creator (Typst: the creator only) names its family."""
    assert family(producer, creator) == expected
