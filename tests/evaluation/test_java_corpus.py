"""The Java report-engine corpus (corpus/java: bank statements over several pages, ledgers grouped
by account with subtotals, invoices with a totals box and crosstabs set by JasperReports 6.20.6,
one boxed text field per cell; English, Korean and Chinese; truth from the engine's print
model), a producer family no other corpus uses (issue 25).

Floors sit just under the detector's per-style adjacency F1 measured when they were set
(``python benchmarks/score_modern.py corpus/java`` prints the same table); raise them as
detection improves.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pymupdf
import pytest

from inspector.annotation.goldenset import load_golden_set
from inspector.core.text import norm_text
from tests.evaluation.style_floors import assert_floors, assert_glyphs_in_slots, golden_of, sound_styles

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "java"
STYLE_NAMES = {"statement", "ledger", "invoice", "totals_box", "crosstab"}
# Adjacency F1 of the detector per style, measured on 2026-12-05 (seed 28, 25 tables): crosstab
# 0.993, invoice 0.965, ledger 0.987, statement 0.999, totals_box 0.571 (a totals block drawn
# without boxes right under the items is read as the items table's last rows), all 0.990; before
# stacked_grids._group_gap (main then): ledger 0.74 (each group a table of its own).
FLOORS = {"crosstab": 0.98, "invoice": 0.95, "ledger": 0.97, "statement": 0.99, "totals_box": 0.55}
OVERALL_FLOOR = 0.98


def _engine() -> None:
    from corpus.java.build import LIBS

    if not (shutil.which("java") and (LIBS / "libs" / "jasperreports-6.20.6.jar").exists()
            and (LIBS / "classes" / "ReportMaker.class").exists()):
        pytest.skip("JasperReports is not fetched (make corpus-java fetches it into build/java)")


@pytest.fixture(scope="module")
def golden() -> Path:
    return golden_of(CORPUS)


def test_build_writes_every_kind_with_its_truth_and_is_seeded(tmp_path: Path) -> None:
    """One report of each kind: the statement's column header repeated on each of its pages, the
    ledger's group labels across every column, the crosstab's total row and column, each
    cell's text found inside its box (the build stops otherwise) and its glyphs in its own
    slots; the same seed twice is the same bytes."""
    _engine()
    from corpus.java.build import build

    for out in (tmp_path / "a", tmp_path / "b"):
        assert build(out, 5, 1) == 5  # the invoice has two tables
    pdfs = sorted((tmp_path / "a" / "pdfs").glob("*.pdf"))
    assert [p.read_bytes() for p in pdfs] == [(tmp_path / "b" / "pdfs" / p.name).read_bytes() for p in pdfs]
    entries = load_golden_set(tmp_path / "a" / "golden").entries
    by_style = {t.notes.split("style ")[1].split(":")[0]: t for e in entries for t in e.annotation.tables}
    assert set(by_style) == STYLE_NAMES
    statement = by_style["statement"]
    assert len(statement.regions) >= 2 and all(r.cell_at(0, 0) is not None for r in statement.regions)
    heads = {r.cell_at(0, 0).text for r in statement.regions}  # type: ignore[union-attr]
    assert len(heads) == 1  # the same column header on every page
    ledger = by_style["ledger"].regions[0]
    assert any(c.cs == ledger.n_cols for c in ledger.cells if c.r >= 1)
    cross = by_style["crosstab"].regions[0]
    assert cross.cell_at(cross.n_rows - 1, cross.n_cols - 1) is not None
    for e in entries:
        with pymupdf.open(tmp_path / "a" / "pdfs" / e.annotation.file_name) as doc:
            text = norm_text("".join(p.get_text() for p in doc))
            assert doc.metadata["producer"].startswith("OpenPDF")
            assert doc.metadata["creator"].startswith("JasperReports")
        for t in e.annotation.tables:
            for region in t.regions:
                assert all(norm_text(c.text) in text for c in region.cells)
                assert_glyphs_in_slots(region)


def test_corpus_is_sound_and_covers_every_style(golden: Path) -> None:
    found = sound_styles(golden, CORPUS / "styles.json", 25)
    assert found == set(FLOORS)


def test_detector_per_style_floors(golden: Path) -> None:
    assert_floors(golden, CORPUS / "styles.json", FLOORS, OVERALL_FLOOR)
