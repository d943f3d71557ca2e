"""Faint hairlines on a scan: a thin line lighter than the ink threshold, darker than both its sides.

A table's hairlines are often printed light grey (a spreadsheet's sub-row rules). On a scan they
come out a level or two over the page's ink threshold (``paper_fraction`` of the paper's grey):
thresholded, a 1-2 px hairline is left as a few dashes too short to be a rule, and the rows
they draw are read as one. Such a line is told by its shape, not its grey: a pixel whose grey
is ``VALLEY`` levels or more darker than the lighter of the pixels 2 and 3 px away on *both*
sides across the line (above and below for a horizontal one), and darker than the paper by as
much, is on a thin line. A flat grey fill has no such valley inside it (only at its edges, which
are edges of one side only), nor has JPEG noise over a whole run's length; letters have such
valleys in their strokes, but no run of them is as long as a rule, and the thin-run tests that
follow (length, straightness, glyphs standing on it, the span guard) apply to these pixels as to
any other ink.
"""

from __future__ import annotations

import numpy as np

VALLEY = 16  # grey levels a faint line's pixel is darker than the paper and than both its sides
NEAR, FAR = 2, 3  # px: a side's grey is the lighter of these two offsets (a line 1-2 px thick)


def faint_lines(grey: np.ndarray, paper: int) -> np.ndarray:
    """0/255 mask (uint8, the shape of ``grey``) of pixels on a thin line, horizontal or
    vertical, darker by VALLEY than ``paper`` and than both its sides."""
    g = grey.astype(np.int16)
    out = np.zeros(grey.shape, dtype=bool)
    if min(grey.shape) <= 2 * FAR:
        return out.view(np.uint8)
    dark = g <= paper - VALLEY
    for axis in (0, 1):
        before = np.maximum(np.roll(g, NEAR, axis), np.roll(g, FAR, axis))
        after = np.maximum(np.roll(g, -NEAR, axis), np.roll(g, -FAR, axis))
        out |= dark & (np.minimum(before, after) - g >= VALLEY)
    edge = [slice(None)] * 2
    for axis in (0, 1):  # np.roll wraps around: the border's pixels compare with the far side
        for s in (slice(0, FAR), slice(-FAR, None)):
            edge[axis], edge[1 - axis] = s, slice(None)
            out[tuple(edge)] = False
    return (out * 255).astype(np.uint8)
