"""Each boundary carries the reason the grid stage put it there, and ``explain`` reads it."""

from __future__ import annotations

from dataclasses import replace

import pymupdf
from pdfs import ruled_grid
from test_explain import monospace_table
from test_stacks import ROWS, _tight_table

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Grid, PageResult


def _grid(data: bytes) -> tuple[PageResult, Grid]:
    res = Pipeline(open_document(data)).run(0)
    grid = res.tables[0].grid
    assert grid is not None
    return res, grid


def test_a_ruled_grid_s_boundaries_come_from_its_rules_and_its_sides() -> None:
    _, g = _grid(ruled_grid()[0])
    for evidence in (g.col_evidence, g.row_evidence):
        assert [b.reason for b in evidence] == ["side", *["rules"] * (len(evidence) - 2), "side"]


def test_a_borderless_table_s_columns_and_rows_come_from_its_text() -> None:
    _, g = _grid(monospace_table())
    assert [b.reason for b in g.col_evidence] == ["side", "text", "text", "side"]
    assert {b.reason for b in g.row_evidence[1:-1]} == {"text"}


def test_columns_between_number_stacks_say_so() -> None:
    size = 9.0
    w = [max(pymupdf.get_text_length(r[c], "helv", size) for r in ROWS) for c in range(1, 4)]
    rights = [200 + w[0], 200 + w[0] + 2 + w[1], 200 + w[0] + 4 + w[1] + w[2]]
    _, g = _grid(_tight_table(ROWS, rights))
    assert [b.reason for b in g.col_evidence][2:4] == ["number stack", "number stack"]


def _with_rule_on_columns(res: PageResult, reason: str) -> PageResult:
    """``res`` whose inner column boundaries have a drawn rule on them, recorded with ``reason``."""
    t = res.tables[0]
    assert t.grid is not None
    inner = [replace(b, kind="rule", rules=1, reason=reason) for b in t.grid.col_evidence[1:-1]]
    grid = replace(t.grid, col_evidence=(t.grid.col_evidence[0], *inner, t.grid.col_evidence[-1]))
    return replace(res, tables=(replace(t, grid=grid), *res.tables[1:]), grids=(grid, *res.grids[1:]))


def test_explain_names_what_decided_a_boundary_not_what_lies_near_it() -> None:
    res, _ = _grid(monospace_table())
    (decided_by_text,) = explain_page(_with_rule_on_columns(res, "text"), Params())
    assert {w.evidence[0].kind for w in decided_by_text.cols[1:-1]} == {"text_gap"}
    # A grid that records no reason (made elsewhere) is explained by the evidence found on it.
    (unknown,) = explain_page(_with_rule_on_columns(res, ""), Params())
    assert {w.evidence[0].kind for w in unknown.cols[1:-1]} == {"rule"}
