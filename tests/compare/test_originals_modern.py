"""Originals imported onto PDFs another producer laid out: the modern corpus's Word documents
(regenerated from its seed, python-docx) on its LibreOffice PDFs, against the corpus's truth
read independently from the PDFs' tags."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from inspector.annotation.io import load_annotation
from inspector.annotation.model import stacked_core_table
from inspector.annotation.roles import leading_headers
from inspector.compare.original_import import import_original
from inspector.core.text import norm_text
from tests.gates import corpus_absent

pytest.importorskip("docx")
MODERN = Path(__file__).resolve().parents[2] / "corpus" / "modern"
# Documents with tables LibreOffice broke over pages (002, 004, 022) and some on one page.
DOCS = (1, 2, 4, 9, 17, 22, 29)

pytestmark = [pytest.mark.corpus, pytest.mark.slow]


def _originals(folder: Path) -> dict[int, Path]:
    """The corpus's Word documents of ``DOCS``, as ``corpus.modern.build`` wrote them (seed 11)."""
    from corpus.modern.build import plan, write_docx
    from corpus.modern.content import Content

    rng = random.Random(11)
    groups = plan(rng, 13)
    seeds = [rng.random() for _ in groups]
    out = {}
    for n in DOCS:
        out[n] = folder / f"modern-{n:03d}.docx"
        write_docx(out[n], groups[n - 1], Content(random.Random(seeds[n - 1])))
    return out


def test_every_table_placed_as_the_tags_say_cell_for_cell(tmp_path: Path) -> None:
    if not (MODERN / "pdfs").is_dir():
        corpus_absent("corpus/modern is absent")
    pieces = 0
    for n, docx_path in _originals(tmp_path).items():
        result = import_original(docx_path, MODERN / "pdfs" / f"modern-{n:03d}.pdf")
        truth = load_annotation(MODERN / "golden" / f"modern-{n:03d}.pdf.tables.json")
        assert result.recall >= 0.98 and result.report == ()
        assert len(result.annotation.tables) == len(truth.tables)
        for ours, theirs in zip(result.annotation.tables, truth.tables, strict=True):
            # Both hold the header LibreOffice repeats at the top of each page it continues on
            # (annotation.tagged_repeat, pieces.with_repeated_header), role "header".
            assert [(r.page, r.n_rows, leading_headers(r.row_roles) if i else 0) for i, r in enumerate(ours.regions)] == \
                [(r.page, r.n_rows, leading_headers(r.row_roles) if i else 0) for i, r in enumerate(theirs.regions)]
            assert ours.header_rows == theirs.header_rows
            mine = {(c.r, c.c): norm_text(c.text) for c in stacked_core_table(ours, False).cells}
            for c in stacked_core_table(theirs, False).cells:
                if norm_text(c.text):
                    assert mine.get((c.r, c.c)) == norm_text(c.text), (n, ours.id, c.r, c.c)
            pieces += len(ours.regions)
    assert pieces > len(DOCS) * 6  # some tables were broken over pages
