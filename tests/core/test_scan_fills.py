"""A light fill on a scan: its grey spread by the scanner's noise across the ink threshold
must not become a speckled "picture" that takes the table's rules crossing it.

Pages built with PyMuPDF (a ruled table, a grey header band, a first column filled at
about 0.88 of the paper, the ink threshold's own level), rendered grey, turned, saved as
JPEG (quality 75) as a scanner would, then straightened as the pipeline straightens them."""

from __future__ import annotations

import cv2
import numpy as np
import pymupdf
import pytest

from inspector.core.evidence.rules_raster import PEAK_REACH, find_raster_rules, ink_threshold, outside_peak
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.skew import straighten
from resources.make_samples import finish, new_document
from tests.core.test_ocr import needs_tesseract

XS = (60.0, 160.0, 230.0, 300.0, 370.0)
TOP, HEAD, ROW, N_ROWS = 200.0, 40.0, 14.0, 9
YS = (TOP, TOP + HEAD, *(TOP + HEAD + ROW * (k + 1) for k in range(N_ROWS)))
DPI = 150  # the raster rules' resolution (raster.dpi)


def filled_table(fill: float) -> bytes:
    """A ruled table (1 pt black rules) whose header is a grey band and whose first column
    is filled at grey ``fill`` (0-255), with a label and three numbers in each row."""
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    page.draw_rect(pymupdf.Rect(XS[0], YS[0], XS[-1], YS[1]), color=None, fill=(0.7,) * 3, width=0)
    page.draw_rect(pymupdf.Rect(XS[0], YS[1], XS[1], YS[-1]), color=None, fill=(fill / 255,) * 3, width=0)
    for y in YS:
        page.draw_line((XS[0], y), (XS[-1], y), color=(0, 0, 0), width=1.0)
    for x in XS:
        page.draw_line((x, YS[0]), (x, YS[-1]), color=(0, 0, 0), width=1.0)
    for k, name in enumerate(("Group", "Cases", "Mean", "Ratio")):
        page.insert_text((XS[k] + 4, YS[1] - 8), name, fontsize=10)
    for r in range(N_ROWS):
        y = YS[r + 2] - 4
        page.insert_text((XS[0] + 4, y), f"Region {r + 1}", fontsize=9)
        for c in range(1, 4):
            page.insert_text((XS[c + 1] - 30, y), f"{(r + 2) * (c + 3) * 7}", fontsize=9)
    return finish(doc)


def jpeg_scan(pdf: bytes, skew: float, dpi: int = 200) -> np.ndarray:
    """The page rendered grey at ``dpi``, turned ``skew`` degrees, through a JPEG (quality 75)."""
    pix = pymupdf.open(stream=pdf, filetype="pdf")[0].get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width]
    m = cv2.getRotationMatrix2D((pix.width / 2, pix.height / 2), skew, 1.0)
    img = cv2.warpAffine(img, m, (pix.width, pix.height), flags=cv2.INTER_LINEAR, borderValue=255)
    return cv2.imdecode(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 75])[1], cv2.IMREAD_GRAYSCALE)


def as_pdf(img: np.ndarray) -> bytes:
    out = pymupdf.open()
    page = out.new_page(width=595, height=842)
    page.insert_image(page.rect, stream=cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes())
    return out.tobytes()


@pytest.mark.parametrize("fill", [224.6, 225.0])
@pytest.mark.parametrize("skew", [0.0, 0.9])
def test_each_column_rule_is_one_rule_across_a_light_fill_on_a_jpeg_scan(fill: float, skew: float) -> None:
    img = jpeg_scan(filled_table(fill), skew, dpi=DPI)
    picture = straighten(img, -skew) if skew else img
    found = find_raster_rules(picture, DPI, Params().raster)
    verticals = sorted((r.pos, r.start, r.end) for r in found.rules if r.orient == "v")
    # Cut under the header where the speckled fill began (the speckles a "shading or picture").
    assert len(verticals) == len(XS), verticals
    for (pos, start, end), x in zip(verticals, XS, strict=True):  # within a line's width
        assert abs(pos - x) < 1.0 and abs(start - YS[0]) < 1.5 and abs(end - YS[-1]) < 1.5, verticals


def test_the_threshold_takes_a_fill_whole_to_the_side_its_summit_is_on() -> None:
    hist = np.zeros(256)
    hist[255] = 5e5  # paper
    hist[40] = 2e4  # ink
    hist[221:228] = (400, 1400, 3000, 16000, 4000, 1800, 900)  # a fill at 224, spread by noise
    assert outside_peak(hist, 224, 255) == 224 + PEAK_REACH  # the whole fill is ink
    assert outside_peak(hist, 222, 255) == 224 - PEAK_REACH - 1  # its summit over the threshold: paper, whole
    assert outside_peak(hist, 229, 255) == 229  # the threshold over the whole peak already
    hist2 = hist.copy()
    hist2[221:228] = 0
    hist2[226] = 16000  # the fill lighter than the threshold by two levels: paper, whole
    assert outside_peak(hist2, 224, 255) == 226 - PEAK_REACH - 1
    clean = np.zeros(256)
    clean[255], clean[40], clean[224] = 5e5, 2e4, 16000  # a clean render: one level, ink as before
    assert outside_peak(clean, 224, 255) == 224 + PEAK_REACH
    flat = np.zeros(256)
    flat[255], flat[40] = 5e5, 2e4
    flat[200:250] = 100  # no peak near the threshold
    assert outside_peak(flat, 224, 255) == 224
    grey = np.full((100, 100), 255, np.uint8)
    grey[:10] = 40
    assert ink_threshold(grey, 0.88) == (255, 224)  # nothing near it: as before


@needs_tesseract
def test_a_jpeg_scanned_table_with_a_light_first_column_is_one_table_with_its_grid() -> None:
    res = Pipeline(open_document(as_pdf(jpeg_scan(filled_table(224.6), 0.9)))).run(0)
    assert res.words_source == "ocr"
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(N_ROWS + 1, 4)]
