"""Dark bands of a scan turned to dark letters on paper before OCR: a header band's white text.

A table's header row or a whole table is often set in light letters on a dark fill (white on
navy). Tesseract is told not to try reversed text (``ocr.tessedit_do_invert`` off: it doubles
its time over the page), so on a scan such a band's words are lost and the table with them.
Here the band itself is found and reversed: its shade is measured by a grey opening as wide as
the page's letters are high (light letters are narrower, so they vanish from it) where the median
over that square is dark too (a ruled cell's dark letters on paper leave it light), an area
darker than ``DARK`` of the paper and at least that wide every way is a band, and inside
it each pixel is mapped so that the band's own shade becomes the paper's grey and the paper's
grey becomes black: its letters are then dark on white as everywhere else.

Not every dark area is a band of text. A black bar, a thick rule, a solid logo holds no light
pixels (reversed, it is paper: nothing is read there either way). A photograph is no band of
one shade: an area whose pixels are mostly (``UNIFORM``) near its median shade is a band, the
rest are left as they are. A bold heading's strokes are letters, narrower than the opening.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .shading import paper_grey, sharp_outlines

DARK = 0.6  # x the paper's grey: a band's shade is darker than this (a mid-grey band's white text too)
MIN_BAND_LETTERS = 6  # a band is at least this many times a letter's square in area
UNIFORM = 0.6  # share of a band's pixels within a letter-contrast step of its median shade
LIGHT = 0.5  # of the way from a band's shade to the paper's grey: a pixel lighter is a letter's
MIN_LIGHT = 0.01  # share of a band's pixels that are light: it holds text


@dataclass(frozen=True)
class Reversed:
    """``grey`` with its dark bands reversed (the picture itself when it had none) and the
    share of its pixels reversed (0..1)."""

    grey: np.ndarray
    share: float


def reverse_dark_bands(grey: np.ndarray, letters: int, edges: float = 0.0) -> Reversed:
    """``grey`` (uint8) with its dark bands of light text reversed to dark text on the paper's
    grey (the histogram's mode); ``letters``: the page's letter height in pixels (at least 3).
    A band less than ``edges`` (0..1) of whose outline is a sharp edge (a fill's) is left alone."""
    if grey.size == 0 or letters <= 0:
        return Reversed(grey, 0.0)
    paper = paper_grey(grey)
    k = max(3, letters | 1)
    square = np.ones((k, k), np.uint8)
    # The band's shade: a grey opening as wide as a letter takes its light letters out, however
    # dense they stand. It takes a ruled cell's dark letters on paper for shade too; the median
    # over the square does not (they cover less than half of it, as a band's letters do of it),
    # so the opening's dark is kept only where the median is dark, its holes closed (where light
    # letters stand dense, light holds the median).
    shade = cv2.morphologyEx(cv2.medianBlur(grey, 3), cv2.MORPH_OPEN, square)
    median = cv2.morphologyEx((cv2.medianBlur(grey, k) < DARK * paper).view(np.uint8), cv2.MORPH_OPEN, square)
    median = cv2.morphologyEx(median, cv2.MORPH_CLOSE, np.ones((2 * k + 1, 2 * k + 1), np.uint8))
    dark = (shade < DARK * paper).view(np.uint8) & median
    # Open the mask: rules, dark letters and thin bars are narrower than a letter is high.
    dark = cv2.morphologyEx(dark, cv2.MORPH_OPEN, square) > 0
    if not dark.any():
        return Reversed(grey, 0.0)
    if edges > 0:
        dark, _ = sharp_outlines(dark, shade, k, paper * DARK / 2, edges)
    bands = _text_bands(grey, dark, shade, paper, MIN_BAND_LETTERS * k * k)
    if not bands.any():
        return Reversed(grey, 0.0)
    out = grey.copy()
    s = shade[bands].astype(np.float32)
    g = grey[bands].astype(np.float32)
    span = np.maximum(float(paper) - s, 1.0)
    out[bands] = np.clip(float(paper) * (1.0 - (g - s) / span), 0, 255).astype(np.uint8)
    return Reversed(out, float(bands.mean()))


def _text_bands(grey: np.ndarray, dark: np.ndarray, shade: np.ndarray, paper: int, min_px: int) -> np.ndarray:
    """The areas of ``dark`` (bool) that are bands of light text: ``min_px`` pixels or more, of
    one shade mostly (UNIFORM of them within a quarter of the paper's grey of its median), and
    holding light pixels (letters) over MIN_LIGHT of them."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(dark.view(np.uint8), connectivity=8)
    keep = np.zeros(n, dtype=bool)
    for i in range(1, n):
        if stats[i, cv2.CC_STAT_AREA] < min_px:
            continue
        x, y, w, h = (int(v) for v in stats[i, :4])
        inside = labels[y:y + h, x:x + w] == i
        px = grey[y:y + h, x:x + w][inside].astype(np.int16)
        med = int(np.median(shade[y:y + h, x:x + w][inside]))
        near = np.count_nonzero(np.abs(px - med) <= paper // 4)
        light = np.count_nonzero(px >= med + LIGHT * (paper - med))
        keep[i] = near >= UNIFORM * px.size and light >= MIN_LIGHT * px.size
    bands: np.ndarray = keep[labels]
    return bands
