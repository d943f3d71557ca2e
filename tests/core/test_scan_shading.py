"""Scans with shaded cells and blurred bold letters: the picture Tesseract reads keeps the letters
(the rule eraser does not cut a word whose blurred letters run together, a grey cell is lifted to
paper). Pictures built here with numpy, exact expectations."""

from __future__ import annotations

import numpy as np

from inspector.core.reading.shading import lift_shading
from inspector.core.reading.skew import erase_rules

PAPER = 250


def bold_word_and_rule() -> np.ndarray:
    """A 200 dpi picture: a "word" of 3 px stems 20 px high run together by one row of ink 100 px
    long through their middle (blurred bold letters), and a clear 1 px rule below it."""
    img = np.full((200, 300), PAPER, np.uint8)
    for x in range(40, 140, 5):
        img[30:50, x:x + 3] = 20
    img[40, 40:140] = 20  # the letters' middles run together
    img[120, 20:280] = 20  # a rule, paper on both sides
    return img


def test_the_eraser_takes_the_rule_and_leaves_letters_run_together() -> None:
    img = bold_word_and_rule()
    out = erase_rules(img, 200)
    assert (out[119:122, 20:280] == 255).all()  # the rule and its rim are paper
    # The run through the letters has ink above and below all along: the word is untouched.
    assert np.array_equal(out[25:55, 30:150], img[25:55, 30:150])


def test_a_rule_touched_by_letters_on_one_side_is_still_erased() -> None:
    img = bold_word_and_rule()
    img[120, 40:140] = 20
    for x in range(40, 140, 5):
        img[104:120, x:x + 3] = 20  # stems standing on the rule: ink above, paper below
    out = erase_rules(img, 200)
    assert (out[120, 20:280] == 255).all()


def test_a_run_through_hatching_taller_than_a_line_is_erased_as_before() -> None:
    # An engraving's hatching has ink on both sides of a long run too, over more than a line:
    # Tesseract reads marks in it, fewer once its long runs are painted out.
    img = bold_word_and_rule()
    for x in range(160, 200, 8):
        img[30:50, x:x + 3] = 20  # lone letters: the page's letters are 20 px high
    for x in range(150, 260, 5):
        img[140:190, x:x + 3] = 20  # hatching 50 px high
    img[165, 150:260] = 20
    out = erase_rules(img, 200)
    assert (out[165, 150:260] == 255).all()
    assert np.array_equal(out[25:55, 30:150], img[25:55, 30:150])  # the word still stays


def shaded_page() -> np.ndarray:
    """A page of white paper with dark letters, a grey cell (190) holding dark letters (60),
    and a dark band (50) holding light letters (230)."""
    img = np.full((300, 400), PAPER, np.uint8)
    for x in range(20, 120, 8):
        img[20:36, x:x + 3] = 40  # letters on paper, 16 px high
    img[80:180, 40:360] = 190  # the shaded cell
    for x in range(60, 300, 8):
        img[110:126, x:x + 3] = 60
    img[220:280, 40:360] = 50  # the dark band
    for x in range(60, 300, 8):
        img[240:256, x:x + 3] = 230
    return img


def test_a_grey_cell_is_lifted_to_paper_and_its_letters_stay_dark() -> None:
    img = shaded_page()
    got = lift_shading(img, 16, 24)
    assert got.done
    out = got.grey
    # Inside the cell, away from its edges: the shade is paper, the letters keep their contrast.
    assert abs(int(out[150, 200]) - PAPER) <= 2
    assert abs(int(out[118, 61]) - round(60 * PAPER / 190)) <= 2
    # Paper, its letters and the dark band with its light letters are untouched.
    assert np.array_equal(out[:70], img[:70])
    assert np.array_equal(out[210:], img[210:])


def test_a_page_without_shading_is_returned_as_it_is() -> None:
    img = shaded_page()
    img[80:180, 40:360] = PAPER
    assert lift_shading(img, 16, 24).grey is img
    shaded = shaded_page()
    assert lift_shading(shaded, 16, 0).grey is shaded  # off
    # A shade lighter than the paper by less than ``lift``: left alone.
    img[80:180, 40:360] = PAPER - 20
    assert not lift_shading(img, 16, 24).done
