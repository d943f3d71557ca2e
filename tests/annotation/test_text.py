"""Cell text from words: reading order, half-open boxes, and the indexed source."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.annotation.text import caption_above, line_at, text_in, text_source
from inspector.core.types import Rect, Word

coords = st.integers(0, 200)
words_st = st.lists(st.builds(lambda t, x, y, w: Word(t, Rect(x, y, x + w, y + 8)),
                              st.sampled_from(["a", "b", "c", "d"]), coords, coords, st.integers(1, 30)), max_size=40)
boxes = st.builds(lambda x, y, w, h: Rect(x, y, x + w, y + h), coords, coords, st.integers(1, 150), st.integers(1, 150))


@settings(max_examples=300, deadline=None)
@given(words=words_st, box=boxes)
def test_indexed_source_reads_what_a_full_scan_reads(words: list[Word], box: Rect) -> None:
    assert text_source({3: words})(3, box) == text_in(words, box)
    assert text_source({3: words})(4, box) == ""


def test_lines_top_to_bottom_words_left_to_right() -> None:
    words = [Word("world", Rect(40, 10, 70, 18)), Word("second", Rect(10, 22, 50, 30)),
             Word("Hello", Rect(10, 11, 35, 19))]
    assert text_in(words, Rect(0, 0, 100, 40)) == "Hello world\nsecond"


def test_a_word_centred_on_a_shared_edge_belongs_to_one_side_only() -> None:
    word = [Word("edge", Rect(45, 0, 55, 8))]  # centre x = 50
    left, right = Rect(0, 0, 50, 10), Rect(50, 0, 100, 10)
    assert (text_in(word, left), text_in(word, right)) == ("", "edge")


def _w(text: str, x: float, y: float, width: float = 30, block: int = 0, line: int = 0) -> Word:
    """A 10 pt high word with its top-left at (x, y)."""
    return Word(text, Rect(x, y, x + width, y + 10), 9.0, block=block, line=line)


def test_line_at_takes_the_pymupdf_line_under_the_point() -> None:
    words = [_w("Table", 100, 50, line=1), _w("3:", 135, 50, 10, line=1), _w("Costs", 150, 50, line=1),
             _w("other", 300, 50, block=2, line=1), _w("below", 100, 62, line=2)]
    assert [w.text for w in line_at(words, 140, 55)] == ["Table", "3:", "Costs"]
    assert [w.text for w in line_at(words, 99, 55)] == ["Table", "3:", "Costs"]  # within 2 pt
    assert line_at(words, 90, 55) == [] and line_at([], 0, 0) == []


def test_caption_above_joins_the_close_lines_over_the_table() -> None:
    table = Rect(100, 100, 400, 200)
    words = [_w("Page", 100, 10), _w("heading", 135, 10),           # far above: not part of it
             _w("Table", 100, 66), _w("7.", 135, 66, 10),            # caption line 1
             _w("Sales", 100, 78), _w("2024", 135, 78),              # caption line 2, 2 pt below line 1
             _w("margin", 20, 80),                                   # beside the table's width: ignored
             _w("cell", 110, 120)]                                   # inside the table: ignored
    assert caption_above(words, table) == "Table 7. Sales 2024"
    assert caption_above(words, table, max_lines=1) == "Sales 2024"
    assert caption_above(words[:-1], Rect(100, 150, 400, 200)) == ""  # the nearest line ends 62 pt above: too far
    assert caption_above([], table) == ""


def test_caption_above_stops_at_the_table_above() -> None:
    """The last rows of a table just above are no title; a caption between the two is."""
    table, above = Rect(100, 100, 400, 200), Rect(100, 40, 400, 88)
    rows = [_w("Total", 100, 76), _w("1,250", 300, 76)]                # the table above's last row
    assert caption_above(rows, table) == "Total 1,250"                   # what it guessed before
    assert caption_above(rows, table, others=[above]) == ""
    caption = [_w("Table", 100, 89), _w("8", 135, 89)]                  # between the two tables
    assert caption_above(rows + caption, table, others=[above]) == "Table 8"
    beside = Rect(420, 40, 560, 88)                                      # not over this table's width
    assert caption_above(rows, table, others=[beside]) == "Total 1,250"
