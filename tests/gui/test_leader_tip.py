"""A leader word's tip in the page view says what it is (issue 25)."""

from __future__ import annotations

from inspector.core.types import Rect, Word
from inspector.gui.scene.hits import word_tip


def test_a_leader_words_tip_says_it_is_blank_space_kept_in_the_labels_cell() -> None:
    lead = Word(". . . .", Rect(100, 91, 120, 100), 9.0, leader=True)
    assert "LEADER (between a label and its value: blank space to rows and columns" in word_tip(lead, False)
    assert "LEADER" not in word_tip(Word("Total", Rect(60, 91, 85, 100), 9.0), False)
