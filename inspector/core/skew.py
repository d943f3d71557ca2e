"""The small tilt of a scanned page, measured and taken out.

A scan is rarely straight: half a degree over a 500 pt table moves its last column's
baseline by 4 pt, enough to break rows apart. The angle is the one whose horizontal
projection of the letters' bottoms is sharpest (the baselines of text lines then fall into
few rows), searched coarse to fine. Angles follow OpenCV's ``getRotationMatrix2D`` (degrees, positive turns the
picture counter-clockwise as shown), so ``straighten(img, estimate_skew(img))`` is level.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

MAX_SKEW = 5.0  # degrees: larger tilts are not a scanner's, and are left alone
MIN_SKEW = 0.1  # degrees: below this a rotation only blurs the picture
WORK_DPI = 100  # the angle is measured on a copy at about this resolution


def estimate_skew(grey: np.ndarray, dpi: int) -> float:
    """Degrees that straighten ``grey`` (uint8, H x W, rendered at ``dpi``); 0.0 when the
    page is level within MIN_SKEW, blank, or no angle up to MAX_SKEW is clearly better."""
    pts = _ink_points(grey, dpi)
    if pts is None:
        return 0.0
    x, y = pts
    coarse = np.arange(-MAX_SKEW, MAX_SKEW + 1e-9, 0.25)
    best = _best(x, y, coarse)
    fine = np.arange(best - 0.25, best + 0.25 + 1e-9, 0.025)
    best = _best(x, y, fine)
    if abs(best) < MIN_SKEW or abs(best) > MAX_SKEW:
        return 0.0
    # A page with no lines at all (a photo) scores alike at every angle: do not turn it.
    if _score(x, y, best) < 1.05 * _score(x, y, 0.0):
        return 0.0
    return round(float(best), 3)


def straighten(grey: np.ndarray, angle: float, paper: int = 255) -> np.ndarray:
    """``grey`` rotated by ``angle`` degrees about its centre, same size, corners filled with ``paper``."""
    if not angle:
        return grey
    h, w = grey.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    return cv2.warpAffine(grey, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                          borderValue=paper)


def _ink_points(grey: np.ndarray, dpi: int) -> tuple[np.ndarray, np.ndarray] | None:
    """Bottom centres of character-sized ink blobs on a ~WORK_DPI copy, relative to its centre.

    Letters of a line stand on one baseline, so these points fall on few rows when level;
    long rules and pictures are left out (their blobs are not character-sized).
    """
    scale = min(1.0, WORK_DPI / max(dpi, 1))
    small = grey if scale >= 1.0 else cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    if small.size == 0 or int(small.max()) - int(small.min()) < 40:
        return None  # blank or flat: nothing to measure
    _, ink = cv2.threshold(small, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    n, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    x, y, w, h = stats[1:, 0], stats[1:, 1], stats[1:, 2], stats[1:, 3]
    px = scale * dpi / 72.0  # pixels per point on the copy
    glyph = (h >= 3) & (h <= 40 * px) & (w <= 40 * px)
    if int(glyph.sum()) < 20:
        return None
    rows, cols = small.shape
    return ((x[glyph] + w[glyph] / 2).astype(np.float32) - cols / 2,
            (y[glyph] + h[glyph]).astype(np.float32) - rows / 2)


def _score(x: np.ndarray, y: np.ndarray, angle: float) -> float:
    """Sharpness of the horizontal ink profile after turning by ``angle``: sum of squared row counts."""
    a = math.radians(angle)
    rows = np.round(-math.sin(a) * x + math.cos(a) * y).astype(np.int64)
    counts = np.bincount(rows - rows.min())
    return float(np.dot(counts, counts))


def _best(x: np.ndarray, y: np.ndarray, angles: np.ndarray) -> float:
    scores = [_score(x, y, float(a)) for a in angles]
    return float(angles[int(np.argmax(scores))])
