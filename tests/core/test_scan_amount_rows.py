"""A band of rows of amounts between two rules stays rows on a scan where OCR guessed one
amount: Tesseract read a lone "1" as "iL" at 20 % (eu-027 on the JPEG scan), and the one
word that was no amount made six labelled rows one row of six-line cells. A short word OCR
read surely ("I4" for 14, a fax's broken serif digits) counts as an amount while few of the
band's cells are such words."""

from __future__ import annotations

import dataclasses

import pytest

from inspector.core.structure.ruledrows import DOUBTED, amount_rows, misread_amounts
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
    # "weekly" under a rate, a wrapped description: the band's lines are one row's cells.
    assert not rows_of_amounts("weekly", confidence)
    assert not rows_of_amounts("per stay", confidence)


@pytest.mark.parametrize("confidence", [DOUBTED, 90.0])
def test_a_short_ocr_word_among_the_amounts_is_an_amount_a_coarse_scan_broke(confidence: float) -> None:
    # A 150 dpi fax breaks a serif "14" into "I4" and Tesseract is sure of it: one of 16 cells.
    lines, words = band("I4", confidence)
    assert misread_amounts(lines, words, XS, lambda above, line: False) == ("I4",)
    assert rows_of_amounts("Qa", confidence) and rows_of_amounts("O.2l", confidence)


def test_a_text_layers_short_word_is_what_it_says() -> None:
    assert not rows_of_amounts("I4", -1.0)


def test_many_short_words_among_the_amounts_are_another_cells_lines() -> None:
    # Yes/no answers in the last two columns: 8 of the band's 16 cells are short words.
    lines, words = band("1", 95.0)
    answers = {i for ln in lines for i in sorted(ln.word_ids, key=lambda i: words[i].bbox.x0)[3:]}
    words = [dataclasses.replace(w, text="yes") if i in answers else w for i, w in enumerate(words)]
    assert misread_amounts(lines, words, XS, lambda above, line: False) is None
    # Two of them (one line's) are few: the band stays rows of amounts.
    few = {i for i in answers if words[i].bbox.y0 == 312.0}
    words = [dataclasses.replace(w, text="0" if i in answers - few else w.text) for i, w in enumerate(words)]
    assert misread_amounts(lines, words, XS, lambda above, line: False) == ("yes", "yes")
