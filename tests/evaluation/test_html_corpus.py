"""The HTML corpus (corpus/html: CSS tables laid out by PyMuPDF's Story, truth from the
HTML and Story's cell positions), a second producer beside corpus/modern's LibreOffice.

Floors sit just under the detector's per-style adjacency F1 measured when they were set
(``table-inspector eval corpus/html/golden --extractor inspector,pdfplumber,camelot,pymupdf``
prints the same table); raise them as detection improves.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from corpus.html.build import build_one
from corpus.html.styles import STYLES
from corpus.modern.content import Content
from inspector.annotation.goldenset import check_golden_set
from tests.evaluation.style_floors import below, counts, style_scores
from tests.gates import corpus_absent

HTML = Path(__file__).resolve().parents[2] / "corpus" / "html"
GOLDEN = HTML / "golden"
# Adjacency F1 of the detector per style; the figure measured on 2026-12-02 in the comment
# (before this corpus's fixes: 0.888 overall, padding 0.659, multiline 0.733, totals 0.756;
# raised on 2026-12-02 from multiline 0.964, text column 0.922, overall 0.991).
FLOORS = {
    "booktabs": 0.99,        # 1.000
    "borderless": 0.97,      # 0.985
    "column_shading": 0.99,  # 1.000
    "hairline": 0.99,        # 1.000
    "header_band": 0.99,     # 1.000
    "multi_header": 0.99,    # 1.000
    "multiline": 0.97,       # 0.980
    "padding": 0.99,         # 1.000
    "panels": 0.99,          # 1.000
    "section_rows": 0.99,    # 1.000
    "text_column": 0.99,     # 1.000
    "totals": 0.97,          # 0.986
    "zebra": 0.99,           # 1.000
}
OVERALL_FLOOR = 0.99  # 0.998


@pytest.fixture(scope="module")
def golden() -> Path:
    if not (GOLDEN / "golden.json").is_file():
        corpus_absent("corpus/html is absent")
    return GOLDEN


def test_generator_writes_every_style_with_its_truth(tmp_path: Path) -> None:
    """One document with a table of every style: the annotation has the HTML's shape."""
    names = list(STYLES)
    ann = build_one(tmp_path / "all.pdf", names, Content(random.Random(5)))
    assert len(ann.tables) == len(names)
    assert ann.problems() == []
    for t in ann.tables:
        region = t.regions[0]
        assert region.n_rows >= 4 and region.n_cols >= 3
        assert sum(1 for c in region.cells if c.text) >= region.n_rows  # every row holds text
        for c in region.cells:  # glyphs inside the table, and centred in their own slots
            if c.bbox is not None:
                b = c.bbox
                assert region.bbox.contains_point(b.x0, b.y0) and region.bbox.contains_point(b.x1, b.y1)
                assert region.cell_box(c).contains_point((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2)


def test_corpus_is_sound_and_covers_every_style(golden: Path) -> None:
    assert check_golden_set(golden) == []
    n_tables, table_styles = counts(golden, HTML / "styles.json")
    assert n_tables == len(table_styles) >= 120
    assert set(table_styles.values()) == set(STYLES) == set(FLOORS)


def test_detector_per_style_floors(golden: Path) -> None:
    f1, overall, refused = style_scores(golden, HTML / "styles.json")
    assert not refused
    low = below(f1, FLOORS)
    assert not low, f"below the floor: {low}"
    assert overall >= OVERALL_FLOOR
