"""The Scribus corpus (corpus/scribus: brochure and rate-sheet pages set by Scribus 1.5.8,
several tables a page drawn as text frames, rectangles and line objects or as Scribus tables,
truth from the frames' grid and Scribus's own table geometry), a producer no other corpus uses
(issue 25).

Floors sit just under the detector's per-style adjacency F1 measured when they were set
(``python benchmarks/score_modern.py corpus/scribus`` prints the same table); raise them as
detection improves.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pymupdf
import pytest

from inspector.core.text import norm_text
from tests.evaluation.style_floors import assert_floors, assert_glyphs_in_slots, golden_of, sound_styles

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "scribus"
STYLE_NAMES = ("native", "band", "hrules", "sections", "wrapped", "rate", "chart", "twocol", "panel", "fillgrid")
# Adjacency F1 of the detector per style, measured on 2026-12-05: 1.000 on every style; before
# rulegaps._empty_band, rulegaps.title_banner and regions._unframed (main then): twocol 0.849,
# band 0.571, panel 0.967, chart 0.960, all 0.944.
FLOORS = dict.fromkeys(STYLE_NAMES, 0.99)
OVERALL_FLOOR = 0.99  # 1.000 (0.944)


def _tools() -> None:
    if not (shutil.which("scribus") and shutil.which("xvfb-run")):
        pytest.skip("Scribus and Xvfb are not installed (make corpus-scribus installs them)")


@pytest.fixture(scope="module")
def golden() -> Path:
    return golden_of(CORPUS)


def test_generator_writes_every_kind_of_table_with_its_truth(tmp_path: Path) -> None:
    """One document of every style: group heads spanning two seasons and the stub's head two
    rows (``rate``), section rows spanning every column (``sections``), two tables side by side
    (``twocol``), a Scribus table whose cells are where Scribus says (``native``), every cell's
    text found inside its box (the build stops otherwise) and its glyphs in its own slots."""
    _tools()
    from corpus.scribus.build import build_one
    from corpus.scribus.tables import STYLES

    assert STYLES == STYLE_NAMES
    pdf = tmp_path / "all.pdf"
    ann, names = build_one(pdf, list(STYLES), random.Random(2))
    assert names == [n for s in STYLES for n in ([s, s] if s == "twocol" else [s])]
    assert len(ann.tables) == len(STYLES) + 1 and ann.problems() == []
    table = {n: ann.tables[names.index(n)] for n in STYLES}
    rate = table["rate"].regions[0]
    stub, low = rate.cell_at(0, 0), rate.cell_at(0, 1)
    assert stub is not None and low is not None and stub.rs == 2 and low.cs == 2 and low.text == "Low season"
    sections = table["sections"].regions[0]
    assert any(c.cs == sections.n_cols for c in sections.cells if c.r >= 1)
    left, right = (ann.tables[k].regions[0] for k, n in enumerate(names) if n == "twocol")
    assert left.bbox.x1 < right.bbox.x0 and abs(left.bbox.y0 - right.bbox.y0) < 1
    with pymupdf.open(pdf) as doc:
        text = norm_text("".join(p.get_text() for p in doc))
        assert doc.metadata["producer"].startswith("Scribus")
    for t in ann.tables:
        for region in t.regions:
            assert all(norm_text(c.text) in text for c in region.cells)
            assert_glyphs_in_slots(region)


def test_build_is_seeded(tmp_path: Path) -> None:
    """The build fixes Scribus's dates and file ID: the same document twice is the same bytes."""
    _tools()
    from corpus.scribus.build import build_one

    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for pdf in (a, b):
        build_one(pdf, ["native", "panel"], random.Random(4))
    assert a.read_bytes() == b.read_bytes()


def test_corpus_is_sound_and_covers_every_style(golden: Path) -> None:
    found = sound_styles(golden, CORPUS / "styles.json", 40)
    assert found == set(FLOORS)


def test_detector_per_style_floors(golden: Path) -> None:
    assert_floors(golden, CORPUS / "styles.json", FLOORS, OVERALL_FLOOR)
