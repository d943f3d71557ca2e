"""A grid's boundaries' evidence is made when first read, not by the detection: the same values,
shown, compared and pickled as if made at once (``types._Deferred``)."""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest
from pdfs import ruled_grid

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure import boundaries, grid
from inspector.core.types import Boundary, Grid, Rect


def _detected(monkeypatch: pytest.MonkeyPatch) -> tuple[Grid, list[int]]:
    calls: list[int] = []
    real = boundaries.explain

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(grid, "explain", counted)
    res = Pipeline(open_document(ruled_grid()[0])).run(0)
    g = res.tables[0].grid
    assert g is not None
    return g, calls


def test_a_detect_does_not_record_the_evidence(monkeypatch: pytest.MonkeyPatch) -> None:
    g, calls = _detected(monkeypatch)
    assert calls == [] and g.evidence_later is not None
    cols = g.col_evidence  # the first read makes both, once
    assert calls == [1] and g.evidence_later is None
    assert len(cols) == len(g.xs) and len(g.row_evidence) == len(g.ys) and calls == [1]
    assert [b.reason for b in cols] == ["side", *["rules"] * (len(cols) - 2), "side"]


def test_shown_compared_and_pickled_as_if_made_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    g, _ = _detected(monkeypatch)
    h, _ = _detected(monkeypatch)
    made = Grid(g.region, g.xs, g.ys, g.source, g.spans, col_evidence=h.col_evidence, row_evidence=h.row_evidence)
    fresh, _ = _detected(monkeypatch)
    assert repr(fresh) == repr(made)
    fresh, _ = _detected(monkeypatch)
    assert fresh == made and hash(fresh) == hash(made)
    fresh, _ = _detected(monkeypatch)
    back = pickle.loads(pickle.dumps(fresh))
    assert back.evidence_later is None and back == made and back.col_evidence == made.col_evidence
    fresh, _ = _detected(monkeypatch)
    turned = replace(fresh, turn=90)  # replace reads the evidence: the copy has it made
    assert turned.evidence_later is None and turned.row_evidence == made.row_evidence


def test_evidence_given_is_kept_as_given() -> None:
    b = (Boundary(0.0, "edge"), Boundary(10.0, "edge"))
    g = Grid(Rect(0, 0, 10, 10), (0.0, 10.0), (0.0, 10.0), "ruled", col_evidence=b, row_evidence=b)
    assert g.evidence_later is None and g.col_evidence == b and g.row_evidence == b
    assert replace(g, col_evidence=()).col_evidence == () and g.col_evidence == b
