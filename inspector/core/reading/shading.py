"""Shaded areas of a scan lifted to paper before OCR: dark letters on a grey cell stand on white.

Tesseract thresholds a block of text once. On a scan, a shaded cell or band (grey, often
speckled by the scanner) beside white paper falls on the ink side of that threshold, or its
letters on the paper side, and the cell is read as noise ("ae area" for "Alachlor"). The
shade under the letters is measured by a grey closing as wide as the page's letters are high
(letters and specks are narrower, so they vanish from it; a cell is wider, so it stays; a
3 x 3 median before it keeps white specks from lightening it), and
where that shade is darker than the page's paper by ``lift`` grey levels or more, the picture is
divided by it: the shade becomes paper-white and the letters keep their darkness relative to
it. Dark bands (under half the paper's brightness) are left alone: their text is light on
dark, and dividing would wash it out. A page without shading is returned as it is.

A shadow (a binding, an uneven lamp) is darker than the paper too, but it fades in: its shade
crosses the threshold over tens of pixels, where a cell's fill starts at a sharp edge (its
shade rises by half of ``lift`` or more within an edge's few pixels). A shaded area less than
``edges`` of whose outline (inside the picture) is such an edge is light, not shading, and is
left alone: lifted, its letters' surroundings change the page's layout for Tesseract.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

DARK_BAND = 0.5  # x the paper's grey: a shade darker than this is a band with light text, not lifted
MIN_SHADE_PX = 4  # a shaded area is lifted only when it holds at least this many times a letter's square
EDGE_SHARE = 1 / 3  # x the letter height: an edge's width (a blurred fill's edge rises within it)


@dataclass(frozen=True)
class Lifted:
    """``grey`` with its shaded areas lifted (the picture itself when it had none) and the share
    of its pixels lifted (0..1)."""

    grey: np.ndarray
    share: float
    faded: int = 0  # shaded areas left alone because their edges fade (a shadow, uneven light)

    @property
    def done(self) -> bool:
        return self.share > 0


def lift_shading(grey: np.ndarray, letters: int, lift: float, edges: float = 0.0) -> Lifted:
    """``grey`` (uint8) whose areas shaded ``lift`` grey levels or more below its paper (the
    histogram's mode) are divided by their shade, measured by a closing ``letters`` pixels wide
    (the page's letter height, at least 3); 0 for ``lift``: never. An area less than ``edges``
    (0..1) of whose outline is a sharp edge (``sharp_outlines``) is left alone; 0: no test."""
    if grey.size == 0 or lift <= 0 or letters <= 0:
        return Lifted(grey, 0.0)
    paper = paper_grey(grey)
    if paper - lift < DARK_BAND * paper:
        return Lifted(grey, 0.0)  # grey paper: no shade can be told from it
    k = max(3, letters | 1)
    # The median first: a closing would spread a scanner's white specks into light squares of shade.
    shade = cv2.morphologyEx(cv2.medianBlur(grey, 3), cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    shaded = (shade <= paper - lift) & (shade >= DARK_BAND * paper)
    # Open the mask: a closing leaves a letter-wide grey rim where a big heading or a rule
    # meets paper; a shaded cell is many letters wide.
    shaded = cv2.morphologyEx(shaded.view(np.uint8), cv2.MORPH_OPEN, np.ones((k, k), np.uint8)) > 0
    faded = 0
    if edges > 0 and shaded.any():
        shaded, faded = sharp_outlines(shaded, shade, k, lift / 2, edges)
    if int(shaded.sum()) < MIN_SHADE_PX * k * k:
        return Lifted(grey, 0.0, faded)
    out = grey.copy()
    ratio = grey[shaded].astype(np.float32) * (float(paper) / shade[shaded].astype(np.float32))
    out[shaded] = np.clip(ratio, 0, 255).astype(np.uint8)
    return Lifted(out, float(shaded.mean()), faded)


def sharp_outlines(shaded: np.ndarray, shade: np.ndarray, letters: int, rise: float, share: float
                   ) -> tuple[np.ndarray, int]:
    """``shaded`` (bool) keeping only its areas at least ``share`` of whose outline pixels (those
    inside the picture) see the ``shade`` rise by ``rise`` grey levels or more within an edge's
    width (EDGE_SHARE of ``letters`` px); and how many areas were dropped. A fill's edge is a
    step, blurred over a pixel or two; a shadow's crosses the threshold a level or less a pixel."""
    n, labels = cv2.connectedComponents(shaded.view(np.uint8), connectivity=8)
    w = max(3, int(letters * EDGE_SHARE) | 1)
    steep = cv2.morphologyEx(shade, cv2.MORPH_GRADIENT, np.ones((w, w), np.uint8)) >= rise
    inner = cv2.erode(shaded.view(np.uint8), np.ones((3, 3), np.uint8), borderType=cv2.BORDER_REPLICATE) > 0
    outline = shaded & ~inner
    at = labels[outline]
    total = np.bincount(at, minlength=n)
    sharp = np.bincount(at, weights=steep[outline], minlength=n)
    keep = sharp >= share * np.maximum(total, 1)
    keep[0] = False
    dropped = int((~keep[1:] & (total[1:] > 0)).sum())
    return keep[labels], dropped


def paper_grey(grey: np.ndarray) -> int:
    """The paper's grey (0-255): the mode of the picture's histogram, every other row read."""
    hist = cv2.calcHist([grey[::2]], [0], None, [256], [0, 256]).ravel()
    return int(np.argmax(hist))
