"""The PHP corpus (corpus/php: invoices, totals boxes, bank statements whose ``<thead>`` repeats
over page breaks, rate sheets with a dark head band and section rows, borderless particulars,
span heads and Korean/Chinese tables, set by dompdf 2.0; truth from each cell's background set
in a colour of its own), a producer no other corpus uses (issue 25).

Floors sit just under the detector's per-style adjacency F1 measured when they were set
(``python benchmarks/score_modern.py corpus/php`` prints the same table); raise them as
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

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "php"
DOMPDF = Path("/usr/share/php/dompdf/autoload.php")
STYLE_NAMES = ("invoice", "totals", "statement", "ratesheet", "keyvalue", "spans", "cjk")
# Adjacency F1 of the detector per style, measured on 2026-12-05: 1.000 on every style but
# invoice 0.996 and ratesheet 0.985 (a head left alone at a page's foot and a two-row tail at
# the next page's top: both linked as continuations, but page detection alone finds neither).
FLOORS = {s: 0.99 for s in STYLE_NAMES} | {"invoice": 0.98, "ratesheet": 0.97}
OVERALL_FLOOR = 0.99  # 0.998


def _tools() -> None:
    if not (shutil.which("php") and DOMPDF.exists()):
        pytest.skip("PHP or dompdf is not installed (make corpus-php installs them)")


@pytest.fixture(scope="module")
def golden() -> Path:
    return golden_of(CORPUS)


def test_generator_writes_every_kind_of_table_with_its_truth(tmp_path: Path) -> None:
    """One document of every style: the structure written (a rate sheet's section rows spanning
    the table, the stub's head spanning two rows), every cell's text found inside its box (the
    build stops otherwise) and its glyphs in its own slots, the statement one region per page
    each under the repeated head."""
    _tools()
    from corpus.php.build import build_one
    from corpus.php.tables import STYLES

    assert STYLES == STYLE_NAMES
    pdf = tmp_path / "all.pdf"
    ann = build_one(pdf, list(STYLES), random.Random(2))
    assert len(ann.tables) == len(STYLES) and ann.problems() == []
    rates = ann.tables[STYLES.index("ratesheet")].regions[0]
    assert any(c.cs == rates.n_cols for c in rates.cells if c.r > 0)
    spans = ann.tables[STYLES.index("spans")].regions[0]
    stub = spans.cell_at(0, 0)
    assert stub is not None and stub.rs == 2
    statement = ann.tables[STYLES.index("statement")]
    assert len(statement.regions) >= 2
    assert all(r.row_roles[0] == "header" and r.cells[0].text == "Date" for r in statement.regions)
    with pymupdf.open(pdf) as doc:
        text = norm_text("".join(p.get_text() for p in doc))
    for t in ann.tables:
        for region in t.regions:
            assert all(norm_text(c.text) in text for c in region.cells)
            assert_glyphs_in_slots(region)


def test_build_is_seeded(tmp_path: Path) -> None:
    """dompdf's dates are set and its file ID made from the rest: the same document twice is
    the same bytes."""
    _tools()
    from corpus.php.build import build_one

    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for pdf in (a, b):
        build_one(pdf, ["totals", "invoice"], random.Random(4))
    assert a.read_bytes() == b.read_bytes()
    with pymupdf.open(a) as doc:
        assert "dompdf" in doc.metadata["producer"] and doc.metadata["creationDate"].startswith("D:20260101")


def test_corpus_is_sound_and_covers_every_style(golden: Path) -> None:
    found = sound_styles(golden, CORPUS / "styles.json", 42)
    assert found == set(FLOORS)


def test_detector_per_style_floors(golden: Path) -> None:
    assert_floors(golden, CORPUS / "styles.json", FLOORS, OVERALL_FLOOR)
