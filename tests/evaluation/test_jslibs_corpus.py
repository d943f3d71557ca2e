"""The JavaScript libraries corpus (corpus/jslibs: tables typeset by jsPDF + jspdf-autotable in
its three themes and in styles documents made with it use, truth from autotable's own
``didDrawCell`` hook; and by pdfmake in its table layouts, most in Korean and Chinese, truth
from the cell backgrounds pdfmake lays out), a third producer family beside corpus/styles (reportlab, fpdf2) and
corpus/producers (Typst, WeasyPrint).

Floors sit just under the detector's per-style adjacency F1 measured when they were set
(``python benchmarks/score_modern.py corpus/jslibs`` prints the same table); raise them as
detection improves.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pymupdf
import pytest

from corpus.jslibs.build import ALL, HERE
from inspector.evaluation.producers import family, pdf_metadata
from tests.evaluation.style_floors import (
    assert_cells_on_pages,
    assert_continued,
    assert_floors,
    golden_of,
    sound_styles,
)

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "jslibs"
# Adjacency F1 of the detector per style, measured on 2026-12-03 in the comment.
FLOORS = {
    "at_beside": 0.99,       # 1.000
    "at_continued": 0.99,    # 1.000
    "at_grid": 0.99,         # 1.000
    "at_hairline": 0.99,     # 1.000
    "at_header_band": 0.99,  # 1.000
    "at_horizontal": 0.99,   # 1.000
    "at_numbers": 0.99,      # 1.000
    "at_plain": 0.99,        # 1.000
    "at_row_groups": 0.95,   # 0.970
    "at_sections": 0.97,     # 0.984
    "at_spans": 0.99,        # 1.000
    "at_striped": 0.99,      # 1.000
    "at_tight": 0.92,        # 0.943
    "at_totals": 0.99,       # 1.000
    "at_wrapped": 0.99,      # 1.000
    "pm_continued": 0.99,    # 1.000
    "pm_grid": 0.99,         # 1.000
    "pm_header_fill": 0.99,  # 1.000 (0.963 before wrapped_rows took Korean cells wrapped mid-word)
    "pm_headeronly": 0.99,   # 1.000
    "pm_light": 0.99,        # 1.000
    "pm_noborders": 0.99,    # 1.000
    "pm_row_groups": 0.99,   # 1.000 (0.993 before a rule left out under a group label made it span)
    "pm_spans": 0.99,        # 1.000
    "pm_totals": 0.99,       # 1.000
    "pm_wrapped": 0.99,      # 1.000 (0.952 before, as pm_header_fill)
    "pm_zebra": 0.99,        # 1.000
}
OVERALL_FLOOR = 0.99  # 0.997


@pytest.fixture(scope="module")
def golden() -> Path:
    return golden_of(CORPUS)


def test_generator_writes_every_style_with_its_truth(tmp_path: Path) -> None:
    """A document with one table of each of five styles (a continued one among them): the
    annotation has the structure written (row groups and a header group spanning cells),
    every cell's text found inside its box, a continued table one region per page, each with
    the header autotable repeated."""
    if shutil.which("node") is None or not (HERE / "node_modules").is_dir():
        pytest.skip("needs Node and corpus/jslibs/node_modules (make corpus-jslibs)")
    from corpus.jslibs.build import build_one

    names = [f"at_{s}" for s in ("spans", "row_groups", "continued", "totals", "beside")]
    ann = build_one(tmp_path / "all.pdf", names, random.Random(5))
    assert len(ann.tables) == len(names) and ann.problems() == []
    assert family(*pdf_metadata(tmp_path / "all.pdf")) == "jsPDF"
    spans = ann.tables[0].regions[0]
    assert ann.tables[0].header_rows == 2 and any(c.cs > 1 for c in spans.cells if c.r == 0)
    assert any(c.rs > 1 for c in ann.tables[1].regions[0].cells if c.r > 0)
    assert_continued(ann.tables[2])
    assert_cells_on_pages(tmp_path / "all.pdf", ann)


def test_pdfmake_documents_carry_their_truth(tmp_path: Path) -> None:
    """pdfmake tables in Korean and Chinese (a TrueType collection's face): the structure as
    written (a header group spanning cells, a group label spanning body rows), every cell's
    text inside its box, a continued table one region per page with pdfmake's repeated
    header, and none of the rectangles the truth was read from left in the PDF."""
    if shutil.which("node") is None or not (HERE / "node_modules").is_dir():
        pytest.skip("needs Node and corpus/jslibs/node_modules (make corpus-jslibs)")
    from corpus.jslibs.build import build_one

    names = [f"pm_{s}" for s in ("spans", "row_groups", "continued", "zebra", "light")]
    pdf = tmp_path / "pm-001.pdf"
    ann = build_one(pdf, names, random.Random(5))
    assert len(ann.tables) == len(names) and ann.problems() == []
    assert family(*pdf_metadata(pdf)) == "pdfmake / PDFKit"
    assert {t.notes.rsplit(": ", 1)[-1] for t in ann.tables} & {"ko", "zh"}
    assert any(c.cs > 1 for c in ann.tables[0].regions[0].cells if c.r == 0)
    assert any(c.rs > 1 for c in ann.tables[1].regions[0].cells if c.r > 0)
    continued = ann.tables[2]
    assert len(continued.regions) >= 2
    assert all(r.cell_at(0, 0).value == continued.regions[0].cell_at(0, 0).value for r in continued.regions)
    assert_cells_on_pages(pdf, ann)
    with pymupdf.open(pdf) as doc:
        fills = [d for p in doc for d in p.get_drawings() if d.get("fill") is not None]
    # Only the zebra rows are filled: every other cell's rectangle was taken out.
    assert 0 < len(fills) < sum(len(r.cells) for r in ann.tables[3].regions)


def test_corpus_is_sound_and_covers_every_style(golden: Path) -> None:
    assert sound_styles(golden, CORPUS / "styles.json", 100) == set(ALL) == set(FLOORS)


def test_detector_per_style_floors(golden: Path) -> None:
    assert_floors(golden, CORPUS / "styles.json", FLOORS, OVERALL_FLOOR)


@pytest.mark.parametrize(("producer", "creator", "expected"), [
    ("jsPDF 4.2.1", "", "jsPDF"), ("pdfmake", "", "pdfmake / PDFKit"), ("PDFKit", "", "pdfmake / PDFKit"),
    ("jspdfx", "", "other"), ("Acrobat PDFMaker 10.1 for Outlook", "", "other")])
def test_the_javascript_libraries_are_producer_families(producer: str, creator: str, expected: str) -> None:
    """What each writes in /Producer names its family."""
    assert family(producer, creator) == expected
