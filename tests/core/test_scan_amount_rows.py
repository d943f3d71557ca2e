"""A band of rows of amounts between two rules stays rows on a scan where OCR guessed one
amount: Tesseract read a lone "1" as "iL" at 20 % (eu-027 on the JPEG scan), and the one
word that was no amount made six labelled rows one row of six-line cells."""

from __future__ import annotations

import pytest

from inspector.core.structure.ruledrows import DOUBTED, amount_rows
from inspector.core.types import Rect, RowBand, Word

XS = (70.0, 270.0, 320.0, 375.0, 420.0, 520.0)  # column boundaries (pt)
CELLS = (("Employed", "0.55", "0.50", "0", "1"), ("Fulltime", "0.34", "0.47", "0", "1"),
         ("Parttime", "0.20", "0.40", "0", "1"), ("Unemployed", "0.08", "0.28", "0", "1"))
LEFTS = (74.0, 290.0, 340.0, 395.0, 480.0)  # where each cell's text starts


def band(guess: str, confidence: float) -> tuple[list[RowBand], list[Word]]:
    """The band's lines and words, the second line's last amount read ``guess`` at ``confidence``
    (every other word read at 95 %; -1 throughout is a text layer)."""
    words: list[Word] = []
    lines = []
    for r, row in enumerate(CELLS):
        y = 300.0 + 12.0 * r
        ids = []
        for c, text in enumerate(row):
            sure = confidence if confidence < 0 else 95.0
            text, conf = (guess, confidence) if (r, c) == (1, 4) else (text, sure)
            ids.append(len(words))
            words.append(Word(text, Rect(LEFTS[c], y, LEFTS[c] + 6.0 * len(text), y + 10.0), 9.0,
                              baseline=y + 8.0, ocr_confidence=conf))
        lines.append(RowBand(Rect(LEFTS[0], y, LEFTS[-1] + 6.0, y + 10.0), y + 8.0, tuple(ids)))
    return lines, words


def rows_of_amounts(guess: str, confidence: float) -> bool:
    lines, words = band(guess, confidence)
    return amount_rows(lines, words, XS, lambda above, line: False)


def test_a_band_of_labelled_amounts_is_rows_of_amounts() -> None:
    assert rows_of_amounts("1", 95.0)
    assert rows_of_amounts("1", -1.0)


@pytest.mark.parametrize("confidence", [20.5, DOUBTED - 0.1])
def test_an_amount_ocr_only_guessed_does_not_make_the_rows_one_row(confidence: float) -> None:
    assert rows_of_amounts("iL", confidence)


@pytest.mark.parametrize("confidence", [DOUBTED, 90.0, -1.0])
def test_a_word_read_surely_or_from_a_text_layer_beside_the_amounts_is_another_cells_line(confidence: float) -> None:
    # "per stay" under a rate, a wrapped description: the band's lines are one row's cells.
    assert not rows_of_amounts("iL", confidence)
