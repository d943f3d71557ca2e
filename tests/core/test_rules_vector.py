"""Vector rules and merging on drawings made at known coordinates."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.evidence.rules_merge import merge_rules
from inspector.core.evidence.rules_vector import find_vector_rules
from inspector.core.params import MergeParams, Params, VectorParams
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Rule


def page_rules(draw) -> list[Rule]:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=400)
    draw(page)
    return list(find_vector_rules(open_document(doc.tobytes()).page(0).drawings(), VectorParams()).rules)


def test_stroke_becomes_rule_at_its_position() -> None:
    rules = page_rules(lambda p: p.draw_line((50, 100), (300, 100), width=0.5))
    assert len(rules) == 1
    r = rules[0]
    assert (r.orient, r.pos, r.start, r.end) == ("h", pytest.approx(100), pytest.approx(50), pytest.approx(300))


def test_dashed_line_is_joined_into_one_rule() -> None:
    rules = page_rules(lambda p: p.draw_line((50, 120), (300, 120), width=0.5, dashes="[3 2] 0"))
    assert len(rules) == 1 and rules[0].length == pytest.approx(250, abs=1)


def test_dotted_line_of_tiny_squares_is_joined() -> None:
    def draw(p):
        for k in range(40):
            p.draw_rect(pymupdf.Rect(50 + 5 * k, 140, 51 + 5 * k, 141), color=None, fill=(0, 0, 0))
    rules = page_rules(draw)
    assert len(rules) == 1 and rules[0].start == pytest.approx(50) and rules[0].end == pytest.approx(246)


def test_invisible_strokes_are_ignored() -> None:
    def draw(p):
        p.draw_line((50, 100), (300, 100), color=(1, 1, 1), width=1)  # white on white
        p.draw_line((50, 150), (300, 150), color=(0, 0, 0), width=1, stroke_opacity=0)  # transparent
    assert page_rules(draw) == []


def test_thin_filled_rectangle_is_a_rule_and_thick_one_is_a_band_with_two_edges() -> None:
    def draw(p):
        p.draw_rect(pymupdf.Rect(50, 100, 300, 101), color=None, fill=(0, 0, 0))
        p.draw_rect(pymupdf.Rect(50, 200, 300, 220), color=None, fill=(0.8, 0.8, 0.8))
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=400)
    draw(page)
    res = find_vector_rules(open_document(doc.tobytes()).page(0).drawings(), VectorParams())
    ys = sorted(r.pos for r in res.rules if r.orient == "h")
    assert ys == [pytest.approx(100.5), pytest.approx(200), pytest.approx(220)]
    assert not [r for r in res.rules if r.orient == "v"]  # a band's short ends are no separators
    assert len(res.bands) == 1 and res.bands[0].grey == pytest.approx(204, abs=1)


def test_short_marks_are_rejected_with_a_reason() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=400)
    page.draw_line((50, 100), (52, 100), width=0.5)
    res = find_vector_rules(open_document(doc.tobytes()).page(0).drawings(), VectorParams())
    assert res.rules == () and [r.reason for r in res.rejected] == ["too short"]


def test_raster_copy_of_a_vector_rule_is_dropped_and_extension_kept() -> None:
    vec = [Rule("h", 100.0, 50.0, 300.0)]
    ras = [Rule("h", 100.6, 51.0, 299.0, source="raster"), Rule("v", 80.0, 10.0, 90.0, source="raster")]
    merged, dropped = merge_rules(vec, ras, MergeParams())
    assert [r.source for r in merged] == ["vector", "raster"]
    assert [d.reason for d in dropped] == ["duplicate of a vector rule"]


def test_pipeline_merges_vector_and_raster_without_duplicates() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=400)
    for y in (100, 130, 160):
        page.draw_line((50, y), (300, y), width=0.75)
    res = Pipeline(open_document(doc.tobytes())).run(0, Params().with_value("raster.every_page", 1))
    assert res.raster_rules  # the render sees them too...
    assert len([r for r in res.rules if r.orient == "h"]) == 3  # ...but each line is one rule
