"""Fills as evidence: merged, rejected with reasons, and the boundary rules they make."""

from __future__ import annotations

import random

import pymupdf
import pytest

from inspector.core.evidence.fills import TOUCH, find_fills, hidden_fills
from inspector.core.params import VectorParams
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.delineated import rows_delineated
from inspector.core.types import Rect
from resources.colour_samples import STYLES

BLUE = (40, 80, 160)


def _raw(*boxes: tuple[float, float, float, float], rgb=BLUE) -> list:
    return [(Rect(*b), rgb, 80) for b in boxes]


def test_touching_fills_of_one_colour_are_one_fill_without_a_boundary() -> None:
    res = find_fills(_raw((100, 100, 200, 112), (100, 112, 200, 124), (100, 124, 200, 140)), VectorParams())
    assert len(res.fills) == 1 and res.fills[0].parts == 3
    assert res.fills[0].bbox == Rect(100, 100, 200, 140)
    assert sorted(r.pos for r in res.rules if r.orient == "h") == [100, 140]


def test_touching_fills_of_two_colours_keep_their_shared_edge() -> None:
    raw = _raw((100, 100, 200, 112)) + _raw((100, 112, 200, 124), rgb=(200, 220, 240))
    res = find_fills(raw, VectorParams())
    assert len(res.fills) == 2
    assert 112 in {round(r.pos) for r in res.rules if r.orient == "h"}


def test_a_gutter_between_panels_is_one_boundary_in_its_middle() -> None:
    res = find_fills(_raw((100, 100, 160, 120), (164, 100, 230, 120)), VectorParams(gutter=6))
    vs = sorted(round(r.pos, 1) for r in res.rules if r.orient == "v")
    assert vs == [100, 162, 162, 230]  # both panels name the gutter; joining makes it one rule
    assert {r.fill for r in res.rules} == {0, 1}


def test_panels_further_apart_than_the_gutter_are_separate() -> None:
    res = find_fills(_raw((100, 100, 160, 120), (180, 100, 240, 120)), VectorParams(gutter=6))
    assert sorted(round(r.pos) for r in res.rules if r.orient == "v") == []  # long sides only


def test_a_fill_painted_inside_one_of_its_colour_is_hidden_and_draws_no_edge() -> None:
    """An HTML engine paints a cell's background again behind each run of its text."""
    res = find_fills(_raw((100, 100, 300, 130), (110, 106, 180, 118)), VectorParams())
    assert [f.bbox for f in res.fills] == [Rect(100, 100, 300, 130)]
    assert sorted(round(r.pos) for r in res.rules if r.orient == "h") == [100, 130]
    assert [r.reason for r in res.rejected] == ["inside a fill of its own colour"]


def test_a_fill_inside_one_of_its_colour_stays_when_another_colour_lies_between() -> None:
    raw = _raw((100, 100, 300, 130)) + _raw((105, 104, 200, 126), rgb=(250, 250, 250)) + _raw((110, 106, 180, 118))
    assert len(find_fills(raw, VectorParams()).fills) == 3


def test_gradient_strips_are_rejected_with_their_reason() -> None:
    raw = [(Rect(100, 100 + 5 * k, 300, 105 + 5 * k), (150 + 4 * k, 160 + 4 * k, 240), 160) for k in range(10)]
    res = find_fills(raw, VectorParams())
    assert res.fills == () and res.rules == ()
    assert {r.reason for r in res.rejected} == {"gradient of 10 strips"}


def test_alternating_abutting_colours_are_no_gradient() -> None:
    raw = [(Rect(100, 100 + 5 * k, 300, 105 + 5 * k), (200, 210, 230) if k % 2 else (220, 230, 240), 210)
           for k in range(10)]
    assert len(find_fills(raw, VectorParams()).fills) == 10


def test_page_result_keeps_fills_with_colour_and_rules_name_them() -> None:
    data, _ = STYLES["zebra"]()
    res = Pipeline(open_document(data)).run(0)
    assert res.fills[0].rgb == (31, 59, 115) and res.fills[0].bbox == Rect(72, 120, 402, 137)
    assert all(0 <= r.fill < len(res.fills) for r in res.rules)


def test_rejected_fills_reach_the_page_result() -> None:
    data, _ = STYLES["chart_gradient"]()
    res = Pipeline(open_document(data)).run(0)
    assert len(res.rejected_fills) >= 20
    assert all(r.reason.startswith("gradient") for r in res.rejected_fills)
    kept = {f.id for f in res.fills}
    assert kept.isdisjoint({r.fill.id for r in res.rejected_fills})


@pytest.mark.parametrize(("bands", "expected"), [([1, 2, 3, 1, 2], True), ([1, 1, 28], False),
                                                 ([2, 12, 1], False), ([1, 3], False)])
def test_rows_delineated(bands: list[int], expected: bool) -> None:
    assert rows_delineated([[n, min(n, 1)] for n in bands], 4) is expected


@pytest.mark.parametrize(("depths", "expected"), [
    # A name (one line) beside a description of 5 to 8 lines, row after row: one row per band.
    ([[1, 1, 1], [1, 3, 2], [1, 2, 5], [1, 2, 8], [1, 1, 6]], True),
    # A deep header band over one-line rows.
    ([[5, 1, 3], [1, 1, 1], [1, 1, 1], [1, 1, 1]], True),
    # Groups under mid-rules: every column as deep as the band, several rows each.
    ([[1, 1, 1], [6, 6, 6], [5, 5, 5], [6, 6, 6]], False),
    # Booktabs: header, body, totals; too few bands to tell, whatever the columns hold.
    ([[1, 1], [12, 1], [1, 1]], False),
    # A label over two lines beside a description of six; the header's stub cell is empty.
    ([[0, 1, 1], [1, 1, 1], [2, 6, 5], [1, 2, 1], [1, 1, 1]], True),
    # A statement's groups of five rows under section rules: every column as deep.
    ([[1, 1, 1], [1, 1, 1], [5, 5, 5], [1, 1, 1], [5, 5, 5], [1, 1, 1]], False),
    # The one-line cell is in a column with text in few bands: no evidence.
    ([[1, 1, 1], [6, 0, 6], [5, 0, 5], [6, 1, 6]], False),
])
def test_tall_ruled_bands_with_a_one_line_cell_are_rows(depths: list[list[int]], expected: bool) -> None:
    assert rows_delineated(depths, 4) is expected


def test_cmyk_and_grey_fills_get_rgb() -> None:
    doc = pymupdf.open()
    page = doc.new_page()
    page.draw_rect((50, 50, 150, 70), color=None, fill=(0.5,))
    page.draw_rect((50, 100, 150, 120), color=None, fill=(0, 0, 0, 0.2))
    res = Pipeline(open_document(doc.tobytes())).run(0)
    got = sorted(f.rgb for f in res.fills)
    assert len(got) == 2  # PyMuPDF hands colours over as RGB already; the values are near these
    assert all(abs(a - b) <= 8 for g, e in zip(got, [(128, 128, 128), (204, 204, 204)], strict=True)
               for a, b in zip(g, e, strict=True))


def test_boundaries_record_their_evidence() -> None:
    data, _ = STYLES["panels"]()
    grid = Pipeline(open_document(data)).run(0).tables[0].grid
    assert len(grid.col_evidence) == len(grid.xs) and len(grid.row_evidence) == len(grid.ys)
    assert all(b.kind == "fill" and b.fills for b in grid.col_evidence + grid.row_evidence)
    data, _ = STYLES["header_band"]()
    grid = Pipeline(open_document(data)).run(0).tables[0].grid
    assert [b.kind for b in grid.row_evidence][:3] == ["fill", "fill", "text gap"]
    inner = grid.col_evidence[1:-1]
    assert all(b.kind == "text gap" and b.gap > 20 for b in inner)
    data, _ = STYLES["multiline_ruled"]()
    grid = Pipeline(open_document(data)).run(0).tables[0].grid
    assert all(b.kind == "rule" and b.rules == 1 for b in grid.row_evidence)


def test_a_thin_rectangle_inside_a_fill_of_its_colour_is_no_rule() -> None:
    """The background painted again behind the space between two words is a thin rectangle:
    inside the cell's fill of its colour it is invisible, not a vertical rule; of another
    colour it stays one."""
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=200)
    page.draw_rect(pymupdf.Rect(50, 50, 250, 80), color=None, fill=(0.98, 0.89, 0.84))
    page.draw_rect(pymupdf.Rect(100, 55, 102.6, 75), color=None, fill=(0.98, 0.89, 0.84))  # a space's background
    page.draw_rect(pymupdf.Rect(150, 55, 151, 75), color=None, fill=(0.2, 0.2, 0.2))  # a drawn divider
    res = Pipeline(open_document(doc.tobytes())).run(0)
    assert sorted(round(r.pos) for r in res.vector_rules if r.orient == "v" and 52 < r.pos < 248) == [150]
    hidden = [r.rule for r in res.rejected if r.reason == "inside a fill of its own colour"]
    assert [(r.orient, round(r.pos, 1)) for r in hidden] == [("v", 101.3)]


def _hidden_one_pair_at_a_time(raw: list) -> set[int]:
    """``hidden_fills`` as it was written first: every earlier rectangle holding one, one pair at
    a time, and the rectangles painted between them looked through (the reference)."""
    out = set()
    for i, (r, rgb, _) in enumerate(raw):
        for j in range(i):
            h, hrgb = raw[j][0], raw[j][1]
            if i in out or hrgb != rgb or not (h.x0 <= r.x0 + TOUCH and h.y0 <= r.y0 + TOUCH
                                               and h.x1 >= r.x1 - TOUCH and h.y1 >= r.y1 - TOUCH):
                continue
            if not any(q.x0 < r.x1 and q.x1 > r.x0 and q.y0 < r.y1 and q.y1 > r.y0 and c != rgb
                       for q, c, _ in raw[j + 1:i]):
                out.add(i)
    return out


def test_hidden_fills_found_by_colour_are_those_pair_by_pair() -> None:
    """``hidden_fills`` compares each colour's rectangles among themselves, then the held ones
    with every other colour painted before them: the same rectangles as every pair looked at
    one by one, on random pages of nested, overlapping and touching boxes of three colours
    (on a 5 pt grid: edges shared and within ``TOUCH``)."""
    rng = random.Random(24)
    found = 0
    for _ in range(300):
        raw = []
        for _ in range(rng.choice((2, 3, 8, 30))):
            x0, y0 = rng.randrange(0, 20) * 5.0, rng.randrange(0, 20) * 5.0
            x1, y1 = x0 + rng.randrange(0, 10) * 5.0 + rng.choice((0.0, 0.5)), y0 + rng.randrange(0, 10) * 5.0
            raw.append((Rect(x0, y0, x1, y1), rng.choice((BLUE, (255, 255, 255), (200, 0, 0))), 80))
        want = _hidden_one_pair_at_a_time(raw)
        assert hidden_fills(raw) == want
        found += bool(want)
    assert found > 30  # the cases hide something, not only nothing
