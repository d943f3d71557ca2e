"""Adjacency-relation F1 of `detect` on the corpus's ICDAR 2013 ground truth (non-hinted).

Floors sit just under the figures measured when they were last raised; raise them as the
detector improves (benchmarks/score_icdar.py prints the same figures per table).
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.evaluation.adjacency import AdjacencyCounts
from inspector.evaluation.corpus import adjacency_by_table, icdar_records

OVERALL_FLOOR = 0.935  # measured 0.943 (2026-12-02)
STYLE_FLOORS = {"ruled": 0.935, "horizontal_rules": 0.93, "borderless": 0.95}  # measured 0.944 / 0.941 / 1.0


@pytest.fixture(scope="module")
def scores(corpus: Path) -> dict[str, AdjacencyCounts]:
    by_page = defaultdict(list)
    for rec in icdar_records(corpus):
        by_page[(rec.pdf, rec.page)].append(rec)
    out: dict[str, AdjacencyCounts] = defaultdict(AdjacencyCounts)
    docs = {}
    for (pdf, page), recs in sorted(by_page.items()):
        if pdf not in docs:
            docs[pdf] = Pipeline(open_document(pdf))
        found = list(docs[pdf].run(page - 1).tables)
        for rec, counts in adjacency_by_table(recs, found):
            out[rec.style] += counts
            out["overall"] += counts
    return out


def test_overall_adjacency_f1_floor(scores: dict[str, AdjacencyCounts]) -> None:
    assert scores["overall"].truth > 10000  # the whole ICDAR set was read
    assert scores["overall"].f1 >= OVERALL_FLOOR


@pytest.mark.parametrize("style", sorted(STYLE_FLOORS))
def test_style_adjacency_f1_floor(scores: dict[str, AdjacencyCounts], style: str) -> None:
    assert scores[style].f1 >= STYLE_FLOORS[style], f"{style}: {scores[style].as_dict()}"
