"""Scans with salt-and-pepper noise (lone black and white pixels over a blurred grey page), and a
coarse scan's hairline left as dashes each long enough to be a rule. Pictures built here
(PyMuPDF renders, seeded noise), exact expectations; the real Tesseract where OCR is tested."""

from __future__ import annotations

import cv2
import numpy as np
import pymupdf

from inspector.core.params import Params, RasterParams
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.impulses import lone_pixels, mend_impulses
from inspector.core.scan_clean import _erase_rules
from resources.make_samples import TableStyle, draw_table, finish, new_document
from tests.core.test_ocr import needs_tesseract

PAPER = 250
ROWS = (("Region", "Units", "Share"),
        ("North", "1,204", "31.5"),
        ("South", "987", "25.8"),
        ("East", "1,130", "29.6"),
        ("West", "511", "13.1"))


def table_render(dpi: int = 200) -> np.ndarray:
    """ROWS as a ruled table in 8 pt type on an A4 page, rendered grey at ``dpi``."""
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    draw_table(page, 90.0, 150.0, ROWS, TableStyle(font_size=8.0, line_width=0.8, bold_header=False))
    src = pymupdf.open(stream=finish(doc), filetype="pdf")
    pix = src[0].get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    return np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width].copy()


def salted(img: np.ndarray, share: float, seed: int = 5) -> np.ndarray:
    """``img`` blurred as a scanner's optics do (sigma 1.1 px), then ``share`` of its pixels
    turned black or white at random (the noise comes after the blur: each is a lone pixel)."""
    out = cv2.GaussianBlur(img, (0, 0), 1.1)
    rng = np.random.default_rng(seed)
    hit = rng.random(out.shape) < share
    out[hit] = np.where(rng.random(int(hit.sum())) < 0.5, 0, 255).astype(np.uint8)
    return out


def image_pdf(img: np.ndarray) -> bytes:
    out = pymupdf.open()
    page = out.new_page(width=595, height=842)
    page.insert_image(page.rect, stream=cv2.imencode(".png", img)[1].tobytes())
    return out.tobytes()


def test_a_lone_pixel_is_one_far_from_all_eight_neighbours() -> None:
    img = np.full((40, 40), PAPER, np.uint8)
    img[5, 5] = 0  # a black pixel on paper
    img[10:12, 10:12] = 0  # a full stop of two by two: each pixel has dark neighbours
    img[20:25, 20:25] = 10
    img[22, 22] = 255  # a white pixel inside ink
    img[30, 30] = PAPER - 60  # grey, but under IMPULSE_STEP darker: a faint mark, no impulse
    img[33, 5:30] = 0  # a one-pixel rule
    lone = lone_pixels(img)
    assert sorted(zip(*np.nonzero(lone), strict=True)) == [(5, 5), (22, 22)]


def test_salt_and_pepper_is_mended_and_nothing_else_changes() -> None:
    clean = cv2.GaussianBlur(table_render(), (0, 0), 1.1)
    assert not lone_pixels(clean).any()  # a blurred render has ramps, no lone pixel
    noisy = salted(table_render(), 0.004)
    lone = lone_pixels(noisy)
    got = mend_impulses(noisy, 2.0)
    assert got.done and got.per_10k == np.count_nonzero(lone) * 1e4 / noisy.size and got.per_10k > 20
    assert np.array_equal(got.grey[~lone], noisy[~lone])
    assert np.array_equal(got.grey[lone], cv2.medianBlur(noisy, 3)[lone])
    # Under the share asked for (and on a clean page) the picture is the same object.
    assert mend_impulses(noisy, 100.0).grey is noisy and not mend_impulses(noisy, 100.0).done
    kept = mend_impulses(clean, 2.0)
    assert kept.grey is clean and kept.per_10k == 0.0
    assert mend_impulses(noisy, 0.0).grey is noisy  # off


@needs_tesseract
def test_a_salted_grey_scan_reads_its_table_once_the_lone_pixels_are_mended() -> None:
    pdf = image_pdf(salted(table_render(), 0.008, seed=1))  # off, Tesseract reads "§11" and "13.4"
    res = Pipeline(open_document(pdf)).run(0)
    assert res.words_source == "ocr" and any("ocr.impulses" in n for n in res.notes)
    ruled = [t for t in res.tables if t.source == "ruled"]
    assert len(ruled) == 1 and ruled[0].rows_text() == [list(r) for r in ROWS]
    raw = Pipeline(open_document(pdf)).run(0, Params().with_value("ocr.impulses", 0.0))
    assert not any("ocr.impulses" in n for n in raw.notes)
    assert [t.rows_text() for t in raw.tables if t.source == "ruled"] != [[list(r) for r in ROWS]]


RDPI = 150


def dashed_hairline_page() -> np.ndarray:
    """A 150 dpi black-and-white A4 picture: a hairline a coarse scan left as dashes of 48 px
    (23 pt: each long enough to be a rule, and three letters) a pixel thick, 40 px apart (too far to join), on rows
    300 and 301 in turn; a grey band (rows 500-540) whose edges are no ink; a line of letters."""
    img = np.full((1754, 1240), 255, np.uint8)
    for k, x in enumerate(range(200, 1000 - 48, 48 + 40)):
        img[300 + k % 2, x:x + 48] = 0
    img[500:541, 200:1000] = 170
    for x in range(200, 800, 10):  # a line of letters 12 px high (8 pt type at 150 dpi)
        img[800:812, x:x + 6] = 0
    return img


def test_a_hairlines_dashes_each_a_rule_are_painted_out_and_a_bands_edges_are_not() -> None:
    img = dashed_hairline_page()
    out, _ = _erase_rules(img, RDPI, RasterParams())
    assert not (out[296:306, 190:1010] < 128).any()  # every dash painted paper
    # The eraser's opening alone leaves them: each is shorter than the 25 pt it needs.
    alone, _ = _erase_rules(img, RDPI, None)
    assert (alone[300:302, 200:1000] < 128).sum() == (img[300:302, 200:1000] < 128).sum()
    assert np.array_equal(out[490:550], alone[490:550])  # the band's edges (rules found) are not painted


def test_ocr_numbers_with_stray_marks_at_their_ends_are_rows_of_amounts() -> None:
    """A scan's rows of amounts read with a speck at a number's end ("1,732,954.", "692:",
    "(1,641,005", a lone ".") stay rows between their rules; a text layer's words are what they say."""
    from inspector.core.structure.columns import lines_in
    from inspector.core.structure.ruledrows import _amount, amount_rows
    from inspector.core.types import Rect, Word

    def word(text: str, x: float, y: float, conf: float = 90.0) -> Word:
        return Word(text, Rect(x, y, x + 6 * len(text), y + 9), 8, baseline=y + 7, ocr_confidence=conf)

    rows = (("6-11", "1,732,954.", "692:"), ("12-19", "(1,641,005", "116,.067"), ("20-29", "2,586,", "88,032"))
    words = [word(t, x, 10 + 12 * k) for k, row in enumerate(rows) for t, x in zip(row, (10, 100, 200), strict=True)]
    words.append(word(".", 170, 22))  # a speck read as a full stop beside an amount's cell
    lines = lines_in(words, range(len(words)), 0.35)
    assert len(lines) == 3
    assert amount_rows(lines, words, [0, 90, 190, 300], lambda a, b: False)
    layer = [word(w.text, w.bbox.x0, w.bbox.y0, -1.0) for w in words]  # no OCR confidence: a text layer's
    assert not amount_rows(lines, layer, [0, 90, 190, 300], lambda a, b: False)
    assert not _amount([word("1,732,954.x", 0, 0)]) and not _amount([word(".", 0, 0), word(":", 9, 0)])


def test_a_lone_dash_is_left_and_a_dash_meeting_a_rule_across_is_painted() -> None:
    # A mark of its own (an ornament, a picture's edge) is no broken hairline: painted out it
    # changed what OCR made of the picture beside it. One that meets a rule across is a grid's.
    img = np.full((1754, 1240), 255, np.uint8)
    img[300, 200:248] = 0  # 48 px (23 pt): a rule's length, too short for the eraser's runs; alone
    for x in range(200, 800, 10):  # a line of letters 12 px high (8 pt type at 150 dpi)
        img[800:812, x:x + 6] = 0
    out, _ = _erase_rules(img, RDPI, RasterParams())
    assert (out[300, 200:248] < 128).sum() == 48  # left as it is
    img[600, 400:448] = 0  # the same dash again, with a rule across it at its end
    img[560:608, 447] = 0
    out, _ = _erase_rules(img, RDPI, RasterParams())
    assert not (out[598:603, 400:440] < 128).any()  # painted paper
    assert (out[300, 200:248] < 128).sum() == 48
