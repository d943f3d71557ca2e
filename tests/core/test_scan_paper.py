"""A scan on uneven paper: grey paper with a shadow along the binding, evened out before OCR.
Pages built here (PyMuPDF, numpy), exact expectations; the real Tesseract where OCR is tested."""

from __future__ import annotations

import cv2
import numpy as np
import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.paper import SPREAD_PERCENTILES, _rim, _spread_bound, even_paper, paper_cells
from inspector.core.types import Word
from tests.core.test_ocr import needs_tesseract

DPI = 200
LINES = ("Rainfall at the coast", "Snow over the hills", "Fog along the rivers", "Wind on the plateau")


def text_render() -> np.ndarray:
    """An A4 page of LINES in 10 pt Helvetica, 20 pt apart from y = 100, x = 20, grey at DPI."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for k, text in enumerate(LINES):
        page.insert_text((20.0, 100.0 + 20.0 * k), text, fontsize=10, fontname="helv")
    pix = page.get_pixmap(dpi=DPI, colorspace=pymupdf.csGRAY)
    return np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width].copy()


def shadowed(img: np.ndarray, paper: int = 215, shadow: int = 90) -> np.ndarray:
    """``img`` on paper of grey ``paper`` darkening by up to ``shadow`` towards the left edge
    over a fifth of the page (a book's binding), ink darkened alike."""
    w = img.shape[1]
    x = np.arange(w, dtype=np.float32) / (w - 1)
    level = paper - shadow * np.clip(1.0 - x / 0.2, 0.0, 1.0) ** 2
    return np.clip(img.astype(np.float32) / 255.0 * level[None, :], 0, 255).astype(np.uint8)


def test_shadowed_paper_comes_out_white_and_the_ink_stays_dark() -> None:
    clean = text_render()
    img = shadowed(clean)
    got = even_paper(img, DPI, 40.0)
    assert got.done and 40 <= got.spread <= 90
    paper, ink = clean == 255, clean < 60
    assert img[paper].min() < 130 and img[paper].max() == 215  # before: the shadow's paper is darker than 150
    # After: paper is white but at the very edge (the estimate lags a cell behind the shadow's
    # steepest part), and lighter than any ink by far.
    assert np.percentile(got.grey[paper], 5) >= 240 and got.grey[paper].min() >= 195
    assert got.grey[ink].max() <= 90


def test_even_paper_leaves_a_white_page_and_a_small_spread_alone() -> None:
    clean = text_render()
    got = even_paper(clean, DPI, 40.0)
    assert not got.done and got.spread == 0 and got.grey is clean
    light = shadowed(clean, paper=250, shadow=20)
    assert even_paper(light, DPI, 40.0).grey is light
    assert even_paper(shadowed(clean), DPI, 0.0).grey is not None and not even_paper(shadowed(clean), DPI, 0.0).done


def test_the_rim_bound_is_never_below_the_measured_spread() -> None:
    """``even_paper`` leaves a page early when the rim alone bounds the spread below the
    threshold: the bound must hold on every picture (shadows, banners, noise, odd sizes)."""
    rng = np.random.default_rng(7)
    clean = text_render()
    banner = clean.copy()
    banner[:40] = 120
    pictures = [clean, shadowed(clean), shadowed(clean, paper=250, shadow=20), banner,
                *(rng.integers(0, 256, size=(h, w), dtype=np.uint8) for h, w in ((333, 517), (90, 91), (1001, 64)))]
    for grey in pictures:
        cells = paper_cells(grey, DPI)
        lo, hi = SPREAD_PERCENTILES
        measured = int(round(float(np.percentile(cells, hi) - np.percentile(_rim(cells), lo))))
        bound = _spread_bound(grey, DPI)
        assert bound is None or bound >= measured, (grey.shape, bound, measured)
    assert _spread_bound(clean, DPI) == 0  # white to the edges: left before the page is pooled


def shadowed_scan() -> bytes:
    out = pymupdf.open()
    page = out.new_page(width=595, height=842)
    page.insert_image(page.rect, stream=cv2.imencode(".png", shadowed(text_render()))[1].tobytes())
    return out.tobytes()


@needs_tesseract
def test_a_scan_with_a_shadow_is_read_evened_out_and_says_so() -> None:
    res = Pipeline(open_document(shadowed_scan())).run(0)
    assert res.words_source == "ocr"
    assert any("evened out before OCR (ocr.even_paper)" in n for n in res.notes), res.notes
    assert _read(res.words) == " ".join(LINES)
    # Not evened out, the words in the shadow are lost or garbled ("fall at the coast"); with
    # the shading lift off too, which takes a shadow under letters for a shade and lifts it.
    off = Params().with_value("ocr.even_paper", 0.0).with_value("ocr.shading", 0.0)
    raw = Pipeline(open_document(shadowed_scan())).run(0, off)
    assert not any("ocr.even_paper" in n for n in raw.notes)
    assert "Rainfall" not in _read(raw.words) and "Wind" not in _read(raw.words)


def _read(words: tuple[Word, ...]) -> str:
    """The words in reading order (lines 20 pt apart)."""
    return " ".join(w.text for w in sorted(words, key=lambda w: (round(w.bbox.cy / 10), w.bbox.x0)))


def shadowed_grid_scan() -> bytes:
    """An image-only A4 page at 150 dpi: a 3 x 3 grid of 0.7 pt rules (x 30-400, y 100-190)
    on the shadowed paper of ``shadowed``."""
    src = pymupdf.open()
    page = src.new_page(width=595, height=842)
    for y in (100, 130, 160, 190):
        page.draw_line((30, y), (400, y), width=0.7)
    for x in (30, 150, 270, 400):
        page.draw_line((x, 100), (x, 190), width=0.7)
    pix = page.get_pixmap(dpi=150, colorspace=pymupdf.csGRAY)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width]
    out = pymupdf.open()
    new = out.new_page(width=595, height=842)
    new.insert_image(new.rect, stream=cv2.imencode(".png", shadowed(img))[1].tobytes())
    return out.tobytes()


def test_a_shadow_is_not_taken_for_a_rule_once_the_paper_is_evened() -> None:
    no_ocr = Params().with_value("ocr.mode", "never")
    res = Pipeline(open_document(shadowed_grid_scan())).run(0, no_ocr)
    got = sorted((r.orient, round(r.pos)) for r in res.raster_rules)
    assert got == [("h", 100), ("h", 130), ("h", 160), ("h", 190), ("v", 30), ("v", 150), ("v", 270), ("v", 400)]
    assert any("evened out before raster rules (raster.even_paper)" in n for n in res.notes), res.notes
    # Not evened, the shadow's darkest strip along the page's edge is a rule as long as the page.
    raw = Pipeline(open_document(shadowed_grid_scan())).run(0, no_ocr.with_value("raster.even_paper", 0.0))
    assert any(r.orient == "v" and r.pos < 5.0 and r.length > 800.0 for r in raw.raster_rules)
    assert not any("raster.even_paper" in n for n in raw.notes)
