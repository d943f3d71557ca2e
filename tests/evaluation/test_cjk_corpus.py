"""The CJK corpus (corpus/cjk: Korean tenders' bills of quantities and Chinese annual
reports' 三线表 statements, each continued over pages, drawn by reportlab with its CID
fonts, fpdf2 and PyMuPDF's Story; truth from where each producer put the cells).

Floors sit just under the detector's per-style adjacency F1 and its continuation links
measured when they were set (``python benchmarks/score_modern.py corpus/cjk`` prints both).
"""

from __future__ import annotations

import random
from pathlib import Path

import pymupdf
import pytest

from corpus.cjk.build import STYLES, build_one
from inspector.evaluation import evaluate
from inspector.evaluation.links import score_links
from tests.evaluation.style_floors import assert_floors, assert_glyphs_in_slots, golden_of, sound_styles

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "cjk"
FONT = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
# Adjacency F1 of the detector per style, measured on 2026-12-03 in the comment (what is
# left: the 三线表's header spans, 本期发生额 over 金额 and 占比 with no rule between).
FLOORS = {
    "fpdf_annual": 0.97,   # 0.982
    "fpdf_tender": 0.99,   # 1.000
    "rl_annual": 0.97,     # 0.988
    "rl_tender": 0.99,     # 1.000
    "story_annual": 0.97,  # 0.989
    "story_tender": 0.99,  # 1.000
}
OVERALL_FLOOR = 0.99  # 0.996
LINKS_FLOOR = 32  # of 32 continuations found (30 before a group bound by a spanning label counted), no false join


@pytest.fixture(scope="module")
def golden() -> Path:
    return golden_of(CORPUS)


@pytest.mark.parametrize("style", STYLES)
def test_generator_continues_each_table_with_its_truth(tmp_path: Path, style: str) -> None:
    """Two tables of one style, one at least over two pages (one region a page, the header
    repeated in each), the structure written, every cell's glyphs inside its slot."""
    if not style.startswith("rl_") and not FONT.is_file():
        pytest.skip(f"{FONT} is absent (packaging/system-deps.sh installs it)")
    ann = build_one(tmp_path / "doc.pdf", [style, style], random.Random(3))
    assert ann.problems() == []
    assert len(ann.tables) == 2
    with pymupdf.open(tmp_path / "doc.pdf") as doc:
        pages = doc.page_count
    assert pages >= 3 and any(len(t.regions) >= 2 for t in ann.tables)
    for t in ann.tables:
        assert [r.page for r in t.regions] == list(range(t.regions[0].page, t.regions[0].page + len(t.regions)))
        for region in t.regions:
            assert region.n_cols in (6, 11)
            assert_glyphs_in_slots(region)


def test_corpus_is_sound_and_covers_every_style(golden: Path) -> None:
    assert sound_styles(golden, CORPUS / "styles.json", 30) == set(STYLES) == set(FLOORS)


def test_detector_per_style_floors(golden: Path) -> None:
    assert_floors(golden, CORPUS / "styles.json", FLOORS, OVERALL_FLOOR)


def test_continuations_found(golden: Path) -> None:
    docs = score_links(evaluate.load_source(golden), "inspector")
    assert sum(d.found for d in docs) >= LINKS_FLOOR
    assert [f for d in docs for f in d.false] == []
