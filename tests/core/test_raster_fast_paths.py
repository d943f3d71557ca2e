"""The raster rule search's fast paths give exactly what the plain OpenCV/numpy passes gave."""

from __future__ import annotations

import cv2
import numpy as np

from inspector.core.evidence.faint_rules import FAR, NEAR, VALLEY, faint_lines
from inspector.core.evidence.rules_raster import MOMENT_STEP, _label, _sampled_ink


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


def _faint_by_definition(grey: np.ndarray, paper: int) -> np.ndarray:
    """``faint_lines`` pixel by pixel as its docstring reads: darker by VALLEY than the paper
    and than the lighter of the pixels NEAR and FAR away on both sides, across rows or columns."""
    g = grey.astype(np.int32)
    h, w = g.shape
    out = np.zeros((h, w), np.uint8)
    for y in range(FAR, h - FAR):
        for x in range(FAR, w - FAR):
            v = g[y, x]
            above, below = max(g[y - FAR, x], g[y - NEAR, x]), max(g[y + NEAR, x], g[y + FAR, x])
            left, right = max(g[y, x - FAR], g[y, x - NEAR]), max(g[y, x + NEAR], g[y, x + FAR])
            valley = min(above, below) - v >= VALLEY or min(left, right) - v >= VALLEY
            out[y, x] = 255 if valley and v <= paper - VALLEY else 0
    return out


def test_faint_lines_match_their_definition_on_random_pictures() -> None:
    rng = np.random.default_rng(7)
    found = 0
    for i in range(40):
        h, w = (int(v) for v in rng.integers(1, 30, 2))
        grey = rng.integers(0, 256, (h, w), dtype=np.uint8)
        if i % 2:  # smoother pictures: fewer valleys, more near the threshold
            grey = cv2.GaussianBlur(grey, (3, 3), 0)
        paper = int(rng.integers(0, 256))
        mask = faint_lines(grey, paper)
        assert mask.shape == grey.shape and mask.dtype == np.uint8
        assert np.array_equal(mask, _faint_by_definition(grey, paper)), (h, w, paper)
        found += int(np.count_nonzero(mask))
    assert found > 100  # the pictures hold valleys: the comparison is not of empty masks


def test_sampled_ink_is_numpy_s_nonzero_of_every_third_column() -> None:
    for seed in range(3):
        _, labels, _ = _label(_runs(seed, (200, 400), 8), 8)
        ys, xs = _sampled_ink(labels)
        ys0, xs0 = np.nonzero(labels[:, ::MOMENT_STEP])
        assert MOMENT_STEP == 3 and len(ys0) > 100
        assert np.array_equal(ys, ys0) and np.array_equal(xs, xs0 * MOMENT_STEP)
    ys, xs = _sampled_ink(np.zeros((5, 9), np.uint16))
    assert ys.size == xs.size == 0
