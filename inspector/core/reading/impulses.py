"""Salt-and-pepper noise: lone pixels far darker or lighter than every pixel around them.

A grey scanner's or a copier's noise flips single pixels to black or white after the optics
have blurred the page. A black pixel touching a letter is part of that letter's blob, so the
speck remover (``skew.remove_specks``) leaves it, and Tesseract reads the bump as a stroke; a
white one inside a stroke cuts it. Neither is anything a lens draws: a grey render's ink has
grey ramps, so no pixel of a letter, a rule or a decimal point differs from all eight of its
neighbours by IMPULSE_STEP grey levels (on the ICDAR dev copies, clean, JPEG, uneven, skewed
and shifted: at most 0.3 such pixels in 10,000; with 0.4 % salt: 19). When a picture holds
more than its share of them, each takes the median of its 3 x 3 square, and nothing else
changes.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

IMPULSE_STEP = 64  # grey levels: a lone pixel this much darker (lighter) than each of its 8 neighbours
_RING = np.array([[1, 1, 1], [1, 0, 1], [1, 1, 1]], np.uint8)  # the 8 neighbours, not the pixel


@dataclass(frozen=True)
class Impulses:
    """``grey`` with its lone pixels mended (the input itself when it was not done); ``per_10k``
    is how many pixels in 10,000 stood alone; ``done`` whether they were mended."""

    grey: np.ndarray
    per_10k: float
    done: bool


def lone_pixels(grey: np.ndarray) -> np.ndarray:
    """Boolean mask of the pixels of ``grey`` (uint8) darker than the darkest, or lighter than
    the lightest, of their 8 neighbours by IMPULSE_STEP or more."""
    g = grey.astype(np.int16)
    darkest = cv2.erode(grey, _RING, borderType=cv2.BORDER_REPLICATE).astype(np.int16)
    lightest = cv2.dilate(grey, _RING, borderType=cv2.BORDER_REPLICATE).astype(np.int16)
    mask: np.ndarray = (g <= darkest - IMPULSE_STEP) | (g >= lightest + IMPULSE_STEP)
    return mask


def mend_impulses(grey: np.ndarray, per_10k: float) -> Impulses:
    """``grey`` with each lone pixel (``lone_pixels``) given the median of its 3 x 3 square, when
    more than ``per_10k`` pixels in 10,000 are lone (salt-and-pepper noise); else ``grey`` as it
    is. ``per_10k`` <= 0: off."""
    if per_10k <= 0 or grey.size == 0:
        return Impulses(grey, 0.0, False)
    mask = lone_pixels(grey)
    share = float(np.count_nonzero(mask)) * 1e4 / grey.size
    if share <= per_10k:
        return Impulses(grey, share, False)
    out = grey.copy()
    out[mask] = cv2.medianBlur(grey, 3)[mask]
    return Impulses(out, share, True)
