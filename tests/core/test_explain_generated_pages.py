"""``explain`` (the window's Why) answers on every page of the generated HTML corpus
committed with the project (corpus/html): it once failed on html-010 p1, where a section
label on full-width shading was left out of the column stage's lines while the pieces still
counted it, so the straddle test read past the end of the line list."""

from __future__ import annotations

from pathlib import Path

import pytest

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

ROOT = Path(__file__).resolve().parents[2]
PDFS = sorted((ROOT / "corpus" / "html" / "pdfs").glob("*.pdf"))

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("pdf", PDFS, ids=[p.stem for p in PDFS])
def test_explain_answers_on_every_page(pdf: Path) -> None:
    params = Params()
    doc = open_document(pdf)
    try:
        pipe = Pipeline(doc)
        for index in range(doc.page_count):
            res = pipe.run(index, params)
            assert len(explain(res, params).tables) == len(res.tables)
    finally:
        doc.close()
