"""The groff corpus (corpus/groff: tables set by tbl in -ms documents, printed by gropdf and by
grops + Ghostscript, truth from each cell's text set in a colour of its own), a producer no
other corpus uses (issue 25).

Floors sit just under the detector's per-style adjacency F1 measured when they were set
(``python benchmarks/score_modern.py corpus/groff`` prints the same table); raise them as
detection improves.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pymupdf
import pytest

from inspector.core.text import norm_text
from tests.evaluation.style_floors import (
    assert_continued,
    assert_floors,
    assert_glyphs_in_slots,
    golden_of,
    sound_styles,
)

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "groff"
# Adjacency F1 of the detector per style, measured on 2026-12-05 in the comment.
FLOORS = {
    "pdf_allbox": 0.99, "ps_allbox": 0.99,          # 1.000, 1.000
    "pdf_box": 0.99, "ps_box": 0.99,                # 1.000, 1.000
    "pdf_continued": 0.99, "ps_continued": 0.99,    # 1.000, 1.000
    "pdf_doublebox": 0.99, "ps_doublebox": 0.99,    # 1.000, 1.000
    "pdf_plain": 0.99, "ps_plain": 0.99,            # 1.000, 1.000
    "pdf_rules": 0.99, "ps_rules": 0.99,            # 1.000, 1.000
    "pdf_spans": 0.99, "ps_spans": 0.99,            # 0.995 (0.943 before sub_header_cuts), 1.000
    "pdf_stub_spans": 0.98, "ps_stub_spans": 0.98,  # 0.987, 0.988
    "pdf_textblocks": 0.99, "ps_textblocks": 0.99,  # 1.000, 1.000
    "pdf_vrules": 0.99, "ps_vrules": 0.99,          # 1.000, 1.000
}
OVERALL_FLOOR = 0.99  # 0.999 (0.997)


@pytest.fixture(scope="module")
def golden() -> Path:
    return golden_of(CORPUS)


@pytest.mark.parametrize("producer", ["pdf", "ps"])
def test_generator_writes_every_kind_of_table_with_its_truth(tmp_path: Path, producer: str) -> None:
    """One document of every style by each producer: the structure written (a title and group
    heads spanning columns, a stub head and region labels spanning rows), every cell's text
    found inside its box (the build stops otherwise) and its glyphs in its own slots, the
    ledger one region per page under its repeated head."""
    if not all(shutil.which(t) for t in ("groff", "gropdf", "grops", "ps2pdf")):
        pytest.skip("groff and Ghostscript are not installed (make corpus-groff installs them)")
    from corpus.groff.build import build_one
    from corpus.groff.tables import STYLES

    pdf = tmp_path / "all.pdf"
    ann = build_one(pdf, [f"{producer}_{s}" for s in STYLES], random.Random(2))
    assert len(ann.tables) == len(STYLES) and ann.problems() == []
    assert_continued(ann.tables[STYLES.index("continued")])
    spans = ann.tables[STYLES.index("spans")].regions[0]
    assert spans.cell_at(0, 0).cs == spans.n_cols and spans.cell_at(1, 0).rs == 2
    stub = ann.tables[STYLES.index("stub_spans")].regions[0]
    assert any(c.rs > 1 for c in stub.cells if c.c == 0 and c.r >= 1)
    blocks = ann.tables[STYLES.index("textblocks")].regions[0]
    assert any(len(c.text) > 60 for c in blocks.cells)  # a T{ T} block's whole text in one cell
    # The truth keeps the text as written: "flashing" where the page sets the "ﬂ" ligature and
    # "Survey" where Ghostscript's text of grops's kerned pair holds a space ("Sur vey").
    with pymupdf.open(pdf) as doc:
        text = norm_text("".join(p.get_text() for p in doc))
    for t in ann.tables:
        for region in t.regions:
            assert all(norm_text(c.text) in text for c in region.cells)
            assert_glyphs_in_slots(region)


def test_corpus_is_sound_and_covers_every_style(golden: Path) -> None:
    from corpus.groff.build import HOW
    from corpus.groff.tables import STYLES

    found = sound_styles(golden, CORPUS / "styles.json", 40)
    assert found == {f"{p}_{s}" for p in HOW for s in STYLES} == set(FLOORS)


def test_detector_per_style_floors(golden: Path) -> None:
    assert_floors(golden, CORPUS / "styles.json", FLOORS, OVERALL_FLOOR)
