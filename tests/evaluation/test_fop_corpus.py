"""The FOP corpus (corpus/fop: XSL-FO invoices, statements and reports typeset by Apache FOP with
the base-14 fonts and with embedded TrueType ones, truth from each cell's background set in a
colour of its own), a producer no other corpus uses (issue 25).

Floors sit just under the detector's per-style adjacency F1 measured when they were set
(``python benchmarks/score_modern.py corpus/fop`` prints the same table); raise them as
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

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "fop"
STYLE_NAMES = ("invoice", "separate", "zebra", "rules", "spans", "stub_spans", "wrapped", "continued", "footer",
               "keep", "framed", "plain", "cjk")
# Adjacency F1 of the detector per style, measured on 2026-12-05: 1.000 on every style but
# std_footer 0.995 (a footer row under one body row at a page's foot); std_wrapped and ttf_wrapped
# 0.963 before wrapped_rows.run_gutters.
FLOORS = {f"{p}_{s}": 0.99 for p in ("std", "ttf") for s in STYLE_NAMES}
OVERALL_FLOOR = 0.99  # 0.999 (0.998)


@pytest.fixture(scope="module")
def golden() -> Path:
    return golden_of(CORPUS)


@pytest.mark.parametrize("fonts", ["std", "ttf"])
def test_generator_writes_every_kind_of_table_with_its_truth(tmp_path: Path, fonts: str) -> None:
    """One document of every style in each font set-up: the structure written (totals' labels
    spanning the columns left of the amount, a title and group heads spanning columns, region
    labels spanning rows), every cell's text found inside its box (the build stops otherwise)
    and its glyphs in its own slots, the ledgers one region per page under their repeated head,
    the footer's total row at the foot of each page's region."""
    if not shutil.which("fop"):
        pytest.skip("Apache FOP is not installed (make corpus-fop installs it)")
    from corpus.fop.build import build_one
    from corpus.fop.tables import STYLES

    assert STYLES == STYLE_NAMES
    pdf = tmp_path / "all.pdf"
    ann = build_one(pdf, [f"{fonts}_{s}" for s in STYLES], random.Random(2))
    assert len(ann.tables) == len(STYLES) and ann.problems() == []
    invoice = ann.tables[STYLES.index("invoice")].regions[0]
    assert [c.text for c in invoice.cells[-2:]][0] == "Total" and invoice.cells[-2].cs == invoice.n_cols - 1
    spans = ann.tables[STYLES.index("spans")].regions[0]
    assert spans.cell_at(0, 0).cs == spans.n_cols and spans.cell_at(1, 0).rs == 2
    stub = ann.tables[STYLES.index("stub_spans")].regions[0]
    assert any(c.rs > 1 for c in stub.cells if c.c == 0 and c.r >= 1)
    for style in ("continued", "footer"):
        assert_continued(ann.tables[STYLES.index(style)])
    for region in ann.tables[STYLES.index("footer")].regions:
        assert region.cells[-2].text == "Total" and region.cells[-2].r == region.n_rows - 1
    cjk = ann.tables[STYLES.index("cjk")].regions[0]
    assert any(ord(ch) > 0x2E80 for c in cjk.cells for ch in c.text)
    with pymupdf.open(pdf) as doc:
        text = norm_text("".join(p.get_text() for p in doc))
    for t in ann.tables:
        for region in t.regions:
            assert all(norm_text(c.text) in text for c in region.cells)
            assert_glyphs_in_slots(region)


def test_build_is_seeded(tmp_path: Path) -> None:
    """FOP's time stamps are fixed in place: the same document twice is the same bytes."""
    if not shutil.which("fop"):
        pytest.skip("Apache FOP is not installed (make corpus-fop installs it)")
    from corpus.fop.build import build_one

    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for pdf in (a, b):
        build_one(pdf, ["std_invoice"], random.Random(4))
    assert a.read_bytes() == b.read_bytes()
    with pymupdf.open(a) as doc:
        assert doc.metadata["producer"].startswith("Apache FOP") and doc.metadata["creationDate"] == "D:20260101000000Z"


def test_corpus_is_sound_and_covers_every_style(golden: Path) -> None:
    found = sound_styles(golden, CORPUS / "styles.json", 50)
    assert found == set(FLOORS)


def test_detector_per_style_floors(golden: Path) -> None:
    assert_floors(golden, CORPUS / "styles.json", FLOORS, OVERALL_FLOOR)
