"""A word set aside as page furniture says in its tooltip what furniture may be: a running
header or footer, a margin's line numbers or a page's vertical writing (``core.aside``)."""

from __future__ import annotations

from inspector.core.types import Rect, Word
from inspector.gui.scene.hits import word_tip


def test_a_furniture_word_s_tip_names_every_kind_of_furniture() -> None:
    char = Word("道", Rect(530, 62, 538, 71.6), 8.0, furniture=True)
    assert word_tip(char, False).endswith(", PAGE FURNITURE (a running header/footer repeated on other pages, a "
                                          "margin's line numbers or a page's vertical writing: in no table)")
    assert "PAGE FURNITURE" not in word_tip(Word("道路", Rect(530, 62, 546, 71.6), 8.0), False)
