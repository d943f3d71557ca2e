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

import cv2
import numpy as np

VALLEY = 16  # grey levels a faint line's pixel is darker than the paper and than both its sides
NEAR, FAR = 2, 3  # px: a side's grey is the lighter of these two offsets (a line 1-2 px thick)


def faint_lines(grey: np.ndarray, paper: int) -> np.ndarray:
    """0/255 mask (uint8, the shape of ``grey``) of pixels on a thin line, horizontal or
    vertical, darker by VALLEY than ``paper`` and than both its sides; the FAR px at the
    picture's edges are never on one (a side lies outside)."""
    if min(grey.shape) <= 2 * FAR:
        return np.zeros(grey.shape, dtype=np.uint8)
    g = np.ascontiguousarray(grey, dtype=np.uint8)
    valley = np.zeros(grey.shape, dtype=bool)
    for axis in (0, 1):
        before, after, anchor = _sides(axis)
        # Each side's grey, the lighter of its two offsets, is a max filter over them (OpenCV:
        # a page picture's 2 million pixels in a few ms, where shifted numpy copies took 20).
        side = cv2.min(cv2.dilate(g, before, anchor=anchor), cv2.dilate(g, after, anchor=anchor))
        valley |= cv2.subtract(side, g) >= VALLEY  # saturating: a side darker than the pixel is 0
    out = valley & (g <= paper - VALLEY)
    out[:FAR, :] = out[-FAR:, :] = False
    out[:, :FAR] = out[:, -FAR:] = False
    return out.astype(np.uint8) * 255


def _sides(axis: int) -> tuple[np.ndarray, np.ndarray, tuple[int, int]]:
    """The kernels picking the pixels NEAR..FAR before and after a pixel across a line along
    ``axis`` (0: the rows above and below), and their anchor (x, y) at the kernel's middle."""
    before = np.zeros((2 * FAR + 1, 1), np.uint8)
    after = before.copy()
    before[: FAR - NEAR + 1] = 1  # offsets -FAR..-NEAR
    after[FAR + NEAR:] = 1  # offsets NEAR..FAR
    if axis == 1:
        return before.T.copy(), after.T.copy(), (FAR, 0)
    return before, after, (0, FAR)
