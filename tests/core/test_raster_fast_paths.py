"""The raster rule search's fast paths give exactly what the plain OpenCV/numpy passes gave."""

from __future__ import annotations

import cv2
import numpy as np

from inspector.core.evidence.rules_raster import _label


def _runs(seed: int, shape: tuple[int, int], length: int) -> np.ndarray:
    """0/255 runs at least ``length`` px long along the rows, some touching diagonally."""
    rng = np.random.default_rng(seed)
    marks = (rng.random(shape) < 0.01).astype(np.uint8) * 255
    return cv2.dilate(marks, np.ones((1, length), np.uint8))


def test_label_matches_opencv_32_bit() -> None:
    for seed in range(5):
        runs = _runs(seed, (300, 500), 10)
        n, labels, stats = _label(runs, 10)
        n0, labels0, stats0, _ = cv2.connectedComponentsWithStats(runs, connectivity=8)
        assert labels.dtype == np.uint16  # the fast path was taken
        assert n == n0 > 50
        assert np.array_equal(labels, labels0)
        assert np.array_equal(stats, stats0)


def test_label_falls_back_to_32_bit_when_runs_could_overflow_16_bit() -> None:
    # 90 000 separate pixels, runs of a pixel: 90 000 components, past 16-bit labels.
    runs = np.zeros((600, 600), np.uint8)
    runs[::2, ::2] = 255
    n, labels, stats = _label(runs, 1)
    n0, labels0, stats0, _ = cv2.connectedComponentsWithStats(runs, connectivity=8)
    assert labels.dtype == np.int32
    assert n == n0 == 300 * 300 + 1
    assert np.array_equal(labels, labels0)
    assert np.array_equal(stats, stats0)
