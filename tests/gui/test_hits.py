"""Hit testing under the cursor, on hand-built results (no Qt)."""

from __future__ import annotations

from inspector.core.types import Cell, PageResult, Rect, RejectedRule, Rule, Table, Word
from inspector.gui.scene.hits import HitIndex


def _result() -> PageResult:
    words = (Word("Total", Rect(10, 10, 40, 20), 9.0), Word("42", Rect(60, 10, 70, 20), 9.0, bold=True))
    rule = Rule("h", 25.0, 5.0, 100.0, 0.5)
    rejected = RejectedRule(Rule("v", 80.0, 0.0, 4.0), "too short")
    cells = (Cell(0, 0, text="Total", bbox=Rect(5, 5, 50, 25)), Cell(0, 1, text="42", bbox=Rect(50, 5, 100, 25)))
    table = Table(Rect(5, 5, 100, 25), 1, 2, cells)
    return PageResult(page=1, width=200, height=200, words=words, rules=(rule,), rejected=(rejected,),
                      tables=(table,), low_confidence=frozenset({1}))


def test_innermost_first_and_tooltips() -> None:
    hits = HitIndex(_result()).at(65, 15)
    assert [h.kind for h in hits] == ["word", "cell", "table"]
    assert hits[0].index == 1 and "bold" in hits[0].tip and "LOW CONFIDENCE" in hits[0].tip
    assert hits[1].sub == 1 and 'cell r0 c1 "42"' in hits[1].tip


def test_thin_rule_needs_tolerance_and_kinds_filter() -> None:
    idx = HitIndex(_result())
    assert [h.kind for h in idx.at(30, 26.0, tol=0.0, kinds={"rule"})] == []
    near = idx.at(30, 26.0, tol=1.0, kinds={"rule"})
    assert len(near) == 1 and "y=25.0" in near[0].tip and "x 5.0-100.0" in near[0].tip
    rej = idx.at(80, 2, tol=0.5, kinds={"rejected"})
    assert rej and rej[0].tip.startswith("REJECTED: too short")
    assert idx.at(150, 150, tol=2.0) == []


def test_fills_hover_with_colour_and_rejected_with_reason() -> None:
    from inspector.core.types import Fill, RejectedFill

    kept = Fill(0, Rect(0, 100, 100, 120), (31, 59, 115), 57, parts=3)
    gone = RejectedFill(Fill(1, Rect(120, 100, 180, 106), (200, 210, 240), 210), "gradient of 24 strips")
    idx = HitIndex(PageResult(page=1, width=200, height=200, fills=(kept,), rejected_fills=(gone,)))
    tip = idx.at(50, 110, kinds={"fill"})[0].tip
    assert "rgb(31, 59, 115)" in tip and "3 touching rectangles" in tip
    assert idx.at(150, 103, kinds={"rejected_fill"})[0].tip.startswith("REJECTED: gradient of 24 strips")


def test_watermark_word_says_so() -> None:
    mark = Word("DRAFT", Rect(10, 10, 60, 40), 40.0, watermark=True)
    idx = HitIndex(PageResult(page=1, width=200, height=200, words=(mark,)))
    assert "WATERMARK" in idx.at(30, 20, kinds={"word"})[0].tip
