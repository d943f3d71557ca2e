"""Detection on the bundled sample (resources/samples/sample.pdf), the first thing a new user
sees: every one of its four tables comes out as drawn (resources/make_samples.py holds the truth).

Two of them set their headers left-aligned over right-aligned numbers with less room between a
header and the previous column's numbers than between it and its own ("Units" "Price" over
"1,250" "19.90"; "Members" "Open roles" over "18" "2"): a header joins its own column.
"""

from __future__ import annotations

import pytest

import resources
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Rect
from resources.make_samples import TableTruth, build_sample

TRUTHS = build_sample()[1]


def _truth_rows(t: TableTruth) -> list[list[str]]:
    return [[cell.replace("\n", " ") for cell in row] for row in t.rows]


@pytest.fixture(scope="module")
def found() -> dict[int, list]:
    pipe = Pipeline(open_document(resources.sample_pdf()))
    return {p: list(pipe.run(p - 1).tables) for p in (1, 2, 3)}


@pytest.mark.parametrize("k", range(len(TRUTHS)), ids=[f"table{k + 1}" for k in range(len(TRUTHS))])
def test_sample_table_as_drawn(found: dict[int, list], k: int) -> None:
    truth = TRUTHS[k]
    on_page = found[truth.page]
    assert len(on_page) == sum(t.page == truth.page for t in TRUTHS)  # no extra, none missed
    target = Rect(*truth.bbox)
    j = max(range(len(on_page)), key=lambda i: on_page[i].bbox.iou(target))
    table = on_page[j]
    assert [[c.replace("\n", " ") for c in row] for row in table.rows_text()] == _truth_rows(truth)
    assert (table.n_rows, table.n_cols) == (len(truth.ys) - 1, len(truth.xs) - 1)
    assert table.bbox.iou(target) >= 0.8
