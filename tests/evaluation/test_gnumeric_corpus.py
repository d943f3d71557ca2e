"""The Gnumeric corpus (corpus/gnumeric: spreadsheets written as .xlsx workbooks and printed to
PDF by Gnumeric 1.12's ``ssconvert`` through cairo; budgets, statements, price lists, grey-ruled
grids, wide sheets split over pages and long ones with repeated head rows, in English, Korean
and Chinese; truth from each cell's fill set in a colour of its own), a producer no other
corpus measures on its own (issue 25).

Floors sit just under the detector's per-style adjacency F1 measured when they were set
(``python benchmarks/score_modern.py corpus/gnumeric`` prints the same table); raise them as
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
    assert_floors,
    assert_glyphs_in_slots,
    golden_of,
    sound_styles,
)

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "gnumeric"
STYLE_NAMES = ("budget", "statement", "pricelist", "gridlines", "wide", "long")
# Adjacency F1 of the detector per style, measured on 2026-12-05 (docs/benchmarks/gnumeric.md):
# 1.000 on every style.
FLOORS = {s: 0.99 for s in STYLE_NAMES}
OVERALL_FLOOR = 0.99  # 1.000


def _tools() -> None:
    if not shutil.which("ssconvert"):
        pytest.skip("Gnumeric is not installed (make corpus-gnumeric installs it)")
    pytest.importorskip("openpyxl")


@pytest.fixture(scope="module")
def golden() -> Path:
    return golden_of(CORPUS)


@pytest.mark.parametrize("style", ["pricelist", "wide"])
def test_generator_writes_the_sheet_with_its_truth(style: str, tmp_path: Path) -> None:
    """A price list's two-row head (single heads merged over both rows, group heads over two
    columns) and a wide sheet split over pages with its label column on each: every cell's
    text found inside its box (the build stops otherwise), its glyphs in its own slots."""
    _tools()
    from corpus.gnumeric.build import build_one
    from corpus.gnumeric.sheets import STYLES

    assert STYLES == STYLE_NAMES
    pdf = tmp_path / f"{style}.pdf"
    ann = build_one(pdf, style, random.Random(3))
    assert ann.problems() == [] and len(ann.tables) == 1
    regions = ann.tables[0].regions
    if style == "pricelist":
        head = regions[0]
        assert head.cell_at(0, 0) is not None and head.cell_at(0, 0).rs == 2  # type: ignore[union-attr]
        assert sorted(c.cs for c in head.cells if c.r == 0) == [1, 1, 1, 2, 2]
    else:
        assert len(regions) >= 2 and len({r.page for r in regions}) == len(regions)
        firsts = [[c.text for c in r.cells if c.c == 0] for r in regions]
        assert all(f == firsts[0] for f in firsts)  # the label column repeated on each page
    with pymupdf.open(pdf) as doc:
        text = norm_text("".join(p.get_text() for p in doc)).replace(" ", "")
    for region in regions:
        assert all(norm_text(c.text).replace(" ", "") in text for c in region.cells)
        assert_glyphs_in_slots(region)


def test_build_is_seeded(tmp_path: Path) -> None:
    """cairo's creation date is fixed in place: the same sheet twice is the same bytes."""
    _tools()
    from corpus.gnumeric.build import build_one

    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for pdf in (a, b):
        build_one(pdf, "budget", random.Random(4))
    assert a.read_bytes() == b.read_bytes()
    with pymupdf.open(a) as doc:
        assert "cairo" in doc.metadata["producer"] and doc.metadata["creationDate"].startswith("D:20260101")


def test_corpus_is_sound_and_covers_every_style(golden: Path) -> None:
    found = sound_styles(golden, CORPUS / "styles.json", 24)
    assert found == set(FLOORS)


def test_detector_per_style_floors(golden: Path) -> None:
    assert_floors(golden, CORPUS / "styles.json", FLOORS, OVERALL_FLOOR)
