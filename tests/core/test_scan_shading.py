"""Scans with shaded cells and blurred bold letters: the picture Tesseract reads keeps the letters
(the rule eraser does not cut a word whose blurred letters run together, a grey cell is lifted to
paper). Pictures built here with numpy, exact expectations."""

from __future__ import annotations

import cv2
import numpy as np
import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.shading import lift_shading
from inspector.core.reading.skew import erase_rules
from resources.make_samples import TableStyle, draw_table, finish, new_document
from tests.core.test_ocr import needs_tesseract

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


def wide_shadow() -> np.ndarray:
    """A 400 x 600 picture of paper and letters whose right half fades to 70 grey levels darker,
    a quarter of a level a pixel and less, plus a grey cell (190, sharp edges) on the left."""
    img = np.full((400, 600), PAPER, np.float32)
    for y in range(30, 370, 40):
        for x in range(20, 580, 8):
            img[y:y + 16, x:x + 3] = 40
    img[200:300, 40:240] = 190
    x = np.arange(600, dtype=np.float32)
    img -= 70 * np.clip((x - 300) / 300, 0, 1)[None, :] ** 2
    return np.clip(img, 0, 255).astype(np.uint8)


def test_a_shadow_that_fades_in_is_not_lifted_and_a_sharp_cell_still_is() -> None:
    img = wide_shadow()
    got = lift_shading(img, 16, 24, 0.5)
    assert got.done and got.faded == 1
    # The cell's letters stand on paper; the shadow's paper is left as it was.
    assert abs(int(got.grey[250, 200]) - PAPER) <= 2
    assert np.array_equal(got.grey[:, 420:], img[:, 420:])
    # With no edge test (0), the shadow was taken for shading and lifted.
    every = lift_shading(img, 16, 24, 0.0)
    assert every.faded == 0 and not np.array_equal(every.grey[:, 420:], img[:, 420:])


TABLE = (("Region", "Units", "Share", "Trend"), ("North", "1,204", "31.5", "up"), ("South", "987", "25.8", "flat"),
         ("East", "1,130", "29.6", "down"), ("West", "511", "13.1", "up"))


def shadowed_scan() -> bytes:
    """An image-only A4 page: a ruled table in 10 pt type rendered at 200 dpi grey on grey paper
    (215) darkening by 70 levels towards its right edge over a third of the page, smoothly."""
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    draw_table(page, 200.0, 150.0, TABLE, TableStyle(font_size=10.0, line_width=0.8, bold_header=False))
    src = pymupdf.open(stream=finish(doc), filetype="pdf")
    pix = src[0].get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width].astype(np.float32)
    w = img.shape[1]
    x = np.arange(w, dtype=np.float32)
    paper = 215 - 70 * np.clip(1 - (w - 1 - x) / (0.35 * w), 0, 1) ** 2
    img = np.clip(img / 255 * paper[None, :], 0, 255).astype(np.uint8)
    out = pymupdf.open()
    out.new_page(width=595, height=842).insert_image(pymupdf.Rect(0, 0, 595, 842),
                                                     stream=cv2.imencode(".png", img)[1].tobytes())
    return out.tobytes()


@needs_tesseract
def test_a_scan_in_a_shadow_is_read_without_lifting_the_shadow() -> None:
    # The paper evening off, as when a banner along the page's edge stops it: the shadow is
    # then darker than the paper by more than ocr.shading, but it fades in.
    params = Params().with_value("ocr.even_paper", 0.0)
    res = Pipeline(open_document(shadowed_scan())).run(0, params)
    assert res.words_source == "ocr"
    assert [t.rows_text() for t in res.tables] == [[list(r) for r in TABLE]]
    assert any("ocr.shading_edges" in n for n in res.notes)
    assert not any("(ocr.shading)" in n for n in res.notes)
    every = Pipeline(open_document(shadowed_scan())).run(0, params.with_value("ocr.shading_edges", 0.0))
    assert any("(ocr.shading)" in n for n in every.notes)
