"""``gapless.Column.finds_none`` answers on plain floats what ``columns.column_boundaries``
would find over a drawn column's few pieces, all its lines or those under its first ones: its
two tests are the search's own (the projection's free runs inside the text,
``gapcuts.flush_edges``), compared here with numpy's on built columns, and
``group_labels.under_head_labels`` gives the same boundaries with the test as without it."""

from __future__ import annotations

from typing import Any

import numpy as np
import pymupdf
import pytest

from inspector.core.params import ColumnParams
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure import group_labels
from inspector.core.structure.columns import Pieces, Segment, _cover, column_boundaries
from inspector.core.structure.gapcuts import RESOLUTION, flush_edges, free_runs
from inspector.core.structure.gapless import Column
from tests.core import test_boxed_group_heads


def _column(rng: np.random.Generator) -> tuple[Pieces, float, float]:
    """A drawn column [x0, x1] of 4-12 lines: a head line or two of one wide piece, then rows of
    one to three cells, each cell left- or right-aligned (right ends chained within a point: the
    flush edges), on a half-point grid (the projection's bin edges) with some off it, and now
    and then a piece reaching past the column's sides."""
    x0 = float(rng.integers(0, 200)) + rng.choice([0.0, 0.25, 0.5])
    x1 = x0 + float(rng.integers(40, 200))
    n_cols = int(rng.integers(1, 4))
    cuts = np.sort(rng.uniform(x0, x1, n_cols - 1))
    cols = list(zip([x0, *cuts], [*cuts, x1], strict=True))
    right = rng.random(n_cols) < 0.5
    rows: list[tuple[int, float, float]] = []
    lines = int(rng.integers(4, 13))
    for ln in range(lines):
        if ln < int(rng.integers(0, 3)):
            mid, half = rng.uniform(x0, x1), rng.uniform(5, (x1 - x0) / 2)
            rows.append((ln, mid - half, mid + half))
            continue
        for k, (a, b) in enumerate(cols):
            if rng.random() < 0.2:
                continue  # an empty cell
            width = rng.uniform(2, max(3.0, (b - a) - 4))
            jitter = rng.choice([0.0, 0.0, 0.3, 1.5])
            end = b - 2 - jitter if right[k] else a + 2 + width
            start = end - width
            if rng.random() < 0.05:
                start -= 40  # reaching past the column's left side
            rows.append((ln, round(start * 4) / 4 if rng.random() < 0.5 else start, end))
    if rng.random() < 0.3:  # a lone piece starting just right of a right-aligned column's ends
        k = int(np.argmax(right)) if right.any() else 0
        ends = [b for ln, _, b in rows if ln >= 2]
        e = max(ends) if ends else cols[k][1]
        rows.append((0, e + 1.0, e + 6.0))
        rows.append((0, x0 + 0.5, e - 3.0))
    line, a, b = zip(*rows, strict=True)
    return Pieces(np.array(a, dtype=float), np.array(b, dtype=float), np.array(line, dtype=int)), x0, x1


def _runs_inside(pieces: Pieces, x0: float, x1: float, limit: int, min_gap: float) -> bool:
    """``column_boundaries``'s projection: any free run inside the text's extent?"""
    runs = free_runs(_cover(pieces, x0, x1) <= limit, min_gap / RESOLUTION)
    lo, hi = int((pieces.x0.min() - x0) / RESOLUTION), int((pieces.x1.max() - x0) / RESOLUTION)
    return any(a > lo and b < hi for a, b in runs)


def _rest(pieces: Pieces, without: set[int]) -> Pieces:
    keep = ~np.isin(pieces.line, list(without))
    return Pieces(pieces.x0[keep], pieces.x1[keep], pieces.line[keep])


@pytest.mark.parametrize("seed", range(8))
def test_both_tests_are_the_searchs_own(seed: int) -> None:
    rng = np.random.default_rng(seed)
    seen = {"none": 0, "found": 0, "edge": 0, "run": 0}
    for _ in range(150):
        whole, x0, x1 = _column(rng)
        plain = Column(whole, x0, x1)
        for without in (set(), {0}, {0, 1}):
            pieces = _rest(whole, without)
            keep = [i for i, ln in enumerate(plain.lines) if ln not in without]
            for min_gap in (3.0, 6.0):
                edge = plain._flush_edge(keep, min_gap)
                assert edge == bool(flush_edges(pieces, min_gap))
                for limit in (0, 1, 2):
                    run = plain._inner_run(keep, limit, min_gap / RESOLUTION)
                    assert run == _runs_inside(pieces, x0, x1, limit, min_gap)
                    none = plain.finds_none(limit, min_gap, without)
                    found = column_boundaries(pieces, x0, x1, 10, ColumnParams(min_gap=min_gap),
                                              allowed_crossings=limit)
                    assert not (none and found)
                    seen["none"] += none
                    seen["found"] += bool(found)
                    seen["edge"] += edge
                    seen["run"] += run
    assert min(seen.values()) > 20, seen  # every answer met often


def _plain(x0s: list[float], x1s: list[float], x0: float = 0.0, x1: float = 100.0) -> Column:
    return Column(Pieces(np.array(x0s), np.array(x1s), np.arange(len(x0s))), x0, x1)


def test_an_empty_a_reversed_or_an_absurd_column_is_left_to_the_search() -> None:
    assert _plain([], []).finds_none(0, 3.0)
    assert _plain([10.0, 60.0], [20.0, 70.0]).finds_none(0, 3.0, without={0, 1})  # no line left
    assert _plain([10.0], [20.0], 100.0, 50.0).finds_none(0, 3.0)  # x1 <= x0: the search finds none
    assert not _plain([10.0, 60.0], [20.0, 70.0]).finds_none(0, 3.0)  # a gap: the search runs
    assert _plain([10.0, 15.0], [20.0, 70.0]).finds_none(0, 3.0)
    assert not _plain([10.0, float("nan")], [20.0, 70.0]).finds_none(0, 3.0)
    assert not _plain([10.0, 15.0], [20.0, float("inf")]).finds_none(0, 3.0)
    assert not _plain([10.0, 1e12], [20.0, 1e12 + 5]).finds_none(0, 3.0)


@pytest.mark.parametrize("seed", range(4))
def test_under_head_labels_the_same_with_and_without_the_test(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(100 + seed)
    params = ColumnParams(min_gap=6.0)
    cases = []
    for _ in range(120):
        pieces, x0, x1 = _column(rng)
        segs = [Segment((), float(a), float(b), int(ln)) for a, b, ln in zip(pieces.x0, pieces.x1, pieces.line, strict=True)]
        inner = column_boundaries(pieces, x0, x1, 40, params)
        cases.append((inner, pieces, segs, x0, x1, (x0 - 30, x1 + 30)))
    fast = [group_labels.under_head_labels(i, p, s, a, b, params, t) for i, p, s, a, b, t in cases]
    monkeypatch.setattr(group_labels.Column, "finds_none", lambda *_: False)
    slow = [group_labels.under_head_labels(i, p, s, a, b, params, t) for i, p, s, a, b, t in cases]
    assert fast == slow
    assert sum(f != c[0] for f, c in zip(fast, cases, strict=True)) > 0  # some add a boundary


@pytest.mark.parametrize(("start", "mate_end", "edge"), [
    (101.0, 80.0, True),  # a header set left over right-aligned amounts, its line's text left of it
    (100.0, 80.0, False),  # starting at the amounts' end: not right of it
    (106.0, 80.0, False),  # two min_gap right of it: too far
    (105.9, 80.0, True),
    (101.0, 99.0, False),  # its line's text ends within FLUSH_TOL of the amounts: one of their chain
    (101.0, 98.0, True),
])
def test_flush_edge_at_its_limits(start: float, mate_end: float, edge: bool) -> None:
    """Amounts ending at 100 on three lines (ragged starts), a header on line 0 starting at
    ``start``, its line's other text ending at ``mate_end``: the same answer as ``flush_edges``."""
    rows = [(1, 80.0, 100.0), (2, 70.0, 100.0), (3, 85.0, 100.0), (0, 50.0, mate_end), (0, start, start + 8)]
    line, a, b = zip(*rows, strict=True)
    pieces = Pieces(np.array(a), np.array(b), np.array(line))
    assert bool(flush_edges(pieces, 3.0)) == edge
    assert Column(pieces, 0.0, 200.0)._flush_edge(range(len(rows)), 3.0) == edge


def _ruled(cells: list[list[tuple[float, str]]], edges: list[float], right: bool = False) -> bytes:
    """A table ruled under every row and at ``edges`` only, each row's texts at their x (pt;
    their right end there when ``right``): several text columns may share one drawn column."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    top = 80.0
    for r, row in enumerate(cells):
        for x, text in row:
            at = x - pymupdf.get_text_length(text, fontsize=9) if right and r else x
            page.insert_text((at, top + r * 20 + 14), text, fontsize=9)
    for r in range(len(cells) + 1):
        page.draw_line((edges[0], top + r * 20), (edges[-1], top + r * 20), width=0.6)
    for x in edges:
        page.draw_line((x, top), (x, top + 20 * len(cells)), width=0.6)
    return doc.tobytes()


def _pdfs() -> list[bytes]:
    amounts = [[(64, "Item"), (170, "Net"), (220, "Gross"), (300, "Tax")]] + [
        [(64, f"Line {i}"), (200, f"{i * 13.5:.2f}"), (250, f"{i * 17.25:.2f}"), (330, f"{i * 3.1:.1f}")]
        for i in range(1, 9)]
    groups = [[(160, "Enrolment (thousands)")], [(64, "Year"), (160, "Actual"), (230, "Projected")]] + [
        [(64, str(2010 + i)), (160, f"{40 + i * 3}"), (230, f"{41 + i * 2.5:.1f}")] for i in range(7)]
    plain = [[(64, "Name"), (164, "Town")]] + [[(64, f"Person {i}"), (164, f"Town {i}")] for i in range(6)]
    return [_ruled(amounts, [60, 160, 280, 360], right=True), _ruled(groups, [60, 150, 300]),
            _ruled(plain, [60, 160, 260]), test_boxed_group_heads._table(), test_boxed_group_heads._table(True)]


def test_detection_the_same_with_and_without_the_test(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruled tables whose drawn columns hold one text column, two (amounts under left-set heads,
    a group label over two), or a boxed head band: the same grids and tables either way."""
    said: list[bool] = []
    finds_none = Column.finds_none

    def counted(self: Column, *args: Any) -> bool:
        said.append(finds_none(self, *args))
        return said[-1]

    monkeypatch.setattr(Column, "finds_none", counted)
    fast = [Pipeline(open_document(data)).run(0) for data in _pdfs()]
    monkeypatch.setattr(Column, "finds_none", lambda *_: False)
    slow = [Pipeline(open_document(data)).run(0) for data in _pdfs()]
    assert [(r.grids, r.tables) for r in fast] == [(r.grids, r.tables) for r in slow]
    assert any(said) and not all(said)  # both paths taken
    assert [t.n_cols for r in fast for t in r.tables][:3] == [4, 3, 2]  # the drawn columns split where two
