"""The unit line beside a table, from words at known coordinates (points, top-left origin)."""

from __future__ import annotations

from inspector.core.structure.unitlines import WordBoxes, find_unit_line
from inspector.core.types import Rect, Word

TABLE = Rect(100, 200, 400, 300)


def _line(text: str, x: float, y: float, size: float = 8.0) -> list[Word]:
    """Words of ``text`` from x at top y, about half an em of width a character."""
    out = []
    for part in text.split():
        w = len(part) * size * 0.55
        out.append(Word(part, Rect(x, y, x + w, y + size), size))
        x += w + size * 0.3
    return out


def test_a_small_right_aligned_line_above_is_found() -> None:
    words = _line("Table 1 Results", 100, 170, 10) + _line("单位：万元", 360, 188)
    assert find_unit_line(words, TABLE) == "单位：万元"


def test_the_nearest_line_wins_and_a_far_one_is_not_looked_at() -> None:
    words = _line("(in thousands of USD)", 100, 188) + _line("Amounts in EUR million", 100, 304)
    assert find_unit_line(words, TABLE) == "(in thousands of USD)"
    far = _line("(in thousands of USD)", 100, 120)  # ten line heights above
    assert find_unit_line(far, TABLE) == ""


def test_a_footnote_under_the_table_is_found() -> None:
    words = _line("Source: annual report", 100, 304) + _line("(단위: 백만원)", 100, 316)
    assert find_unit_line(words, TABLE) == "(단위: 백만원)"


def test_a_line_of_another_table_or_beside_the_table_is_not_taken() -> None:
    other = Rect(100, 150, 400, 195)
    words = _line("单位：万元", 300, 188)
    assert find_unit_line(words, TABLE, [other]) == ""
    aside = _line("单位：万元", 500, 188)  # beyond the table's width and its slack
    assert find_unit_line(aside, TABLE) == ""


def test_a_line_that_states_no_unit_gives_nothing() -> None:
    words = _line("Table 2 Results by region", 100, 188) + _line("Note: unaudited", 100, 304)
    assert find_unit_line(words, TABLE) == ""


def test_the_words_beside_a_table_are_picked_as_the_box_tests_say() -> None:
    """``WordBoxes.near``: overlapping x0..x1 (open), centre strictly inside lo..hi, no
    watermark, and meeting no other table's box; a word touching that box's edge meets it."""
    other = Rect(300, 150, 400, 195)
    words = [Word("in", Rect(100, 180, 120, 188)),
             Word("touches", Rect(280, 180, 300, 188)),  # its right edge on the other box's left edge
             Word("stamp", Rect(150, 180, 170, 188), watermark=True),
             Word("edge-x", Rect(60, 180, 90, 188)),  # ends where the x range starts: open, so out
             Word("edge-y", Rect(100, 96, 120, 104)),  # centre on lo: strict, so out
             Word("below", Rect(100, 320, 120, 328))]
    boxes = WordBoxes(words)
    assert boxes.near(90.0, 410.0, 100.0, 340.0, [other]) == [0, 5]
    assert boxes.near(90.0, 410.0, 100.0, 340.0, []) == [0, 1, 5]
