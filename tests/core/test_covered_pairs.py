"""The covered-text test compares only the pairs that can meet (``coveredtext._covering``:
boxes whose centre lies in a fill's x-range, taken from the boxes sorted by centre; ``_same_rects``:
rectangles whose x0 lies near a fill's) where there are many (over ``SMALL`` pairs): the same
answers as comparing every box with every fill, in pieces of any size."""

from __future__ import annotations

import numpy as np
import pytest

from inspector.core.reading import coveredtext
from inspector.core.reading.coveredtext import EDGE, _order, _over, _same_rects


def _boxes(rng: np.random.Generator, n: int, extra: int = 0, tall: int = 4) -> np.ndarray:
    """``n`` boxes on a coarse grid (shared edges and centres: the ties a sort must keep), up to
    ``tall`` steps high."""
    x0 = rng.integers(0, 40, n) * 5.0
    y0 = rng.integers(0, 40, n) * 5.0
    out = np.stack([x0, y0, x0 + rng.integers(1, 8, n) * 5.0, y0 + rng.integers(1, tall, n) * 5.0], axis=1)
    return np.concatenate([out, rng.integers(0, 50, (n, extra)).astype(float)], axis=1) if extra else out


def _all_pairs(boxes: np.ndarray, fills: np.ndarray) -> np.ndarray:
    """boxes x fills, every pair compared: the fill spans the box's height and holds its centre."""
    b, f = boxes[:, None, :], fills[None, :, :]
    cx = (b[..., 0] + b[..., 2]) / 2
    out: np.ndarray = (f[..., 1] <= b[..., 1] + EDGE) & (f[..., 3] >= b[..., 3] - EDGE) & (f[..., 0] <= cx) & (cx <= f[..., 2])
    return out


@pytest.mark.parametrize(("chunk", "small"), [(1, 0), (7, 0), (1 << 22, 0), (1 << 22, 1 << 22)])
@pytest.mark.parametrize("seed", range(6))
def test_pairs_found_by_sorting_are_every_pair_that_meets(seed: int, chunk: int, small: int,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Sorted (``SMALL`` 0) in pieces of any size, or every pair at once: the same pairs."""
    monkeypatch.setattr(coveredtext, "CHUNK", chunk)
    monkeypatch.setattr(coveredtext, "SMALL", small)
    rng = np.random.default_rng(seed)
    words, fills = _boxes(rng, 60, extra=1), _boxes(rng, 25, extra=1, tall=12)
    meets = _all_pairs(words, fills)
    assert (_over(words[:, :4], fills[:, :4]) == fills[meets.any(axis=0), :4]).all()
    later = (meets & (fills[None, :, 4] > words[:, None, 4])).any(axis=1)
    earlier = (meets & (fills[None, :, 4] < words[:, None, 4])).any(axis=1)
    assert meets.any() and later.any() and earlier.any()  # the seeds give pairs of every kind
    assert (_order(words, fills, later=True) == later).all()
    assert (_order(words, fills, later=False) == earlier).all()


@pytest.mark.parametrize(("chunk", "small"), [(1, 0), (1 << 22, 0), (1 << 22, 1 << 22)])
def test_rectangles_matched_by_their_x0_are_every_one_within_edge(chunk: int, small: int,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coveredtext, "CHUNK", chunk)
    monkeypatch.setattr(coveredtext, "SMALL", small)
    rng = np.random.default_rng(3)
    fills = _boxes(rng, 40)
    rects = np.concatenate([fills[::3] + rng.uniform(-EDGE, EDGE, (14, 4)), _boxes(rng, 30)])  # some within EDGE
    rects = np.concatenate([rects, np.zeros((len(rects), 1))], axis=1)
    rects[:2, 0] += 2 * EDGE  # x0 just past EDGE: no match
    same = (np.abs(rects[:, None, :4] - fills[None, :, :4]) <= EDGE).all(axis=2).any(axis=1)
    assert 0 < same.sum() < len(rects)
    assert (_same_rects(rects, fills) == rects[same]).all()
    assert len(_same_rects(rects, fills)) == same.sum()
