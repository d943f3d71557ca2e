"""OCR words measured as the text layer measures them: type size, not row height; advance
box, not ink box. Pages built with PyMuPDF, rendered to a grey picture (straight or turned,
PNG or JPEG), read by the real Tesseract."""

from __future__ import annotations

from statistics import median

import cv2
import numpy as np
import pymupdf
import pytest

from inspector.core.geometry import Frame
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.columns import segments
from inspector.core.types import PageResult
from resources.make_samples import TableStyle, draw_table, finish, new_document
from tests.core.test_ocr import needs_tesseract, picture_of

CAPTION = "Table 2. Number of deaths and death rates for stroke among adults, by age group and sex"
SIZE = 9.0  # pt, the caption's type
ROWS = (("Group", "Cases", "Mean", "Ratio"), ("Women", "2,590", "13.1", "0.82"), ("Men", "4,243", "28.2", "1.07"))


def caption_page(space_em: float) -> bytes:
    """A bold caption whose word spaces are ``space_em`` of its size (a justified or
    letter-spaced caption: under the half em that parts a text-layer line into pieces) over a
    ruled table."""
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    x, y = 72.0, 200.0
    for word in CAPTION.split():
        page.insert_text((x, y), word, fontsize=SIZE, fontname="hebo")
        x += pymupdf.get_text_length(word, "hebo", SIZE) + space_em * SIZE
    draw_table(page, 72, y + 12, ROWS, TableStyle(rules="booktabs", font_size=SIZE, bold_header=False),
               col_widths=(110.0,) * 4)
    return finish(doc)


def as_jpeg(pdf: bytes, quality: int = 75) -> bytes:
    """The image-only copy of ``pdf`` (``picture_of``, 1.2 degrees) stored as a JPEG."""
    _, png = picture_of(pdf, skew=1.2)
    img = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_GRAYSCALE)
    out = pymupdf.open()
    page = out.new_page(width=595, height=842)
    page.insert_image(page.rect, stream=cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])[1].tobytes())
    return out.tobytes()


def caption_pieces(res: PageResult) -> tuple[int, int]:
    """(pieces, words) of the caption's text line, split as table detection splits a line
    (``columns.segments`` at the default 3 pt column gap), in the straightened frame."""
    row = next(rb for rb in res.rows if any(res.words[i].text == "Number" for i in rb.word_ids))
    frame = Frame(0, res.width, res.height, res.skew)
    upright = [frame.word(w) for w in res.words]
    return len(segments(upright, [row], 3.0)), len(row.word_ids)


@pytest.fixture(scope="module")
def wide() -> bytes:
    return caption_page(0.42)


@needs_tesseract
@pytest.mark.parametrize("skew", [0.0, 1.2])
def test_a_caption_with_wide_word_spaces_is_one_piece_on_a_scan_as_on_the_text_layer(wide: bytes,
                                                                                      skew: float) -> None:
    text = Pipeline(open_document(wide)).run(0)
    assert caption_pieces(text) == (1, 17)
    scan = Pipeline(open_document(picture_of(wide, skew=skew)[0])).run(0)
    # Ink boxes against Tesseract's row height read each 0.42 em space as a column gap (7 to 10 pieces).
    assert caption_pieces(scan) == (1, 17)


@needs_tesseract
def test_a_caption_on_a_jpeg_scan_is_one_piece() -> None:
    scan = Pipeline(open_document(as_jpeg(caption_page(0.40)))).run(0)
    assert scan.words_source == "ocr"
    assert caption_pieces(scan) == (1, 17)


@needs_tesseract
def test_ocr_words_give_the_type_size_and_the_advance_box(wide: bytes) -> None:
    text = {w.text: w for w in Pipeline(open_document(wide)).run(0).words if w.bbox.y1 < 205}
    scan = {w.text: w for w in Pipeline(open_document(picture_of(wide)[0])).run(0).words if w.bbox.y1 < 205}
    both = [k for k in text if k in scan and len(k) >= 3]
    assert len(both) >= 12
    assert median(scan[k].font_size for k in both) == pytest.approx(SIZE, rel=0.08)
    # Each end within a third of a point of the text layer's (one 200 dpi pixel is 0.36 pt).
    assert median(abs(scan[k].bbox.x0 - text[k].bbox.x0) for k in both) < 0.34
    assert median(abs(scan[k].bbox.x1 - text[k].bbox.x1) for k in both) < 0.34
    # The word space as wide as the text layer's, within a tenth of the size.
    gaps = [(scan[b].bbox.x0 - scan[a].bbox.x1) - (text[b].bbox.x0 - text[a].bbox.x1)
            for a, b in zip(CAPTION.split(), CAPTION.split()[1:], strict=False) if a in both and b in both]
    assert abs(median(gaps)) < 0.1 * SIZE
