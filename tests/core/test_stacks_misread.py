"""A word OCR only guessed across the room between two number stacks (``structure.stacks``).

A scan's bold total row ("All" under a table of population counts) is read badly: Tesseract
runs the two amounts either side of a narrow column gap into one word ("653__9.965,") at
18 % confidence. The eleven rows above agree on the room between the stacks of the
"Male" and "Female" amounts; the one misread line must not veto it. A word read surely
(or a text-layer word) across the room is a label reaching over it and still vetoes, and
so do guesses on more than a tenth of the rows. Geometry of us-033 p1's "Other" column.
"""

from __future__ import annotations

from inspector.core.structure.columns import Line
from inspector.core.structure.stacks import stack_boundaries
from inspector.core.types import Rect, Word

LEFT, RIGHT = (550.8, 592.1), (609.1, 650.4)  # the stacks' amounts: 5 pt of room between 592.1 and 609.1
BODY = 11  # rows of two amounts each
TOTAL = (("9,619,", 546.0, 575.4), ("653__9.965,", 577.6, 633.4), ("622", 637.0, 651.1))  # the misread row


def _column(guessed: float, total_rows: int = 1) -> tuple[list[Word], list[Line]]:
    """The column's words line by line: ``BODY`` rows of amounts read at 90 %, then
    ``total_rows`` total rows read as ``TOTAL`` with the crossing word at ``guessed`` %."""
    words: list[Word] = []
    lines: list[Line] = []
    for k in range(BODY + total_rows):
        y = 150.0 + 13.2 * k
        row = [("165,949", *LEFT), ("185,667", *RIGHT)] if k < BODY else list(TOTAL)
        first = len(words)
        for text, x0, x1 in row:
            conf = guessed if text.startswith("653") else 90.0
            words.append(Word(text, Rect(x0, y - 9, x1, y + 2), font_size=10.0, baseline=y, ocr_confidence=conf))
        lines.append(Line(Rect(540, y - 9, 655, y + 2), y, tuple(range(first, len(words)))))
    return words, lines


def test_one_guessed_word_across_the_room_vetoes_no_column() -> None:
    words, lines = _column(guessed=18.0)
    found = stack_boundaries(words, lines, [530.0, 652.0], share=0.8)
    assert len(found) == 1 and 592.1 < found[0] < 609.1


def test_a_surely_read_word_across_the_room_still_vetoes() -> None:
    words, lines = _column(guessed=90.0)
    assert stack_boundaries(words, lines, [530.0, 652.0], share=0.8) == []


def test_a_text_layer_word_across_the_room_still_vetoes() -> None:
    words, lines = _column(guessed=-1.0)
    assert stack_boundaries(words, lines, [530.0, 652.0], share=0.8) == []


def test_guesses_across_the_room_on_several_rows_veto() -> None:
    """Two of thirteen rows (over a tenth) guessed across: no longer one misread line."""
    words, lines = _column(guessed=18.0, total_rows=2)
    assert stack_boundaries(words, lines, [530.0, 652.0], share=0.8) == []
