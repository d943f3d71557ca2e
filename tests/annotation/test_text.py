"""Cell text from words: reading order, half-open boxes, and the indexed source."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from inspector.annotation.text import text_in, text_source
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
