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
    h, w = grey.shape
    out = np.zeros((h, w), dtype=np.uint8)
    if min(h, w) <= 2 * FAR or paper < VALLEY:
        return out
    g = np.ascontiguousarray(grey, dtype=np.uint8)
    # A side's grey, the lighter of the pixels NEAR and FAR away, is the maximum of a pair of
    # neighbours, FAR before the pixel or NEAR after it: one pass of pair maxima per direction,
    # read through shifted views. OpenCV passes into two page buffers: a fresh page-sized
    # array costs more in page faults (about 1.3 ms) than a pass over it (0.05 ms).
    inner, shift = (slice(FAR, h - FAR), slice(FAR, w - FAR)), FAR + NEAR
    hi, wi = h - 2 * FAR, w - 2 * FAR
    rows = cv2.max(g[:-1], g[1:])  # pair maxima of rows y and y + 1
    depth = cv2.min(rows[:hi, FAR: w - FAR], rows[shift: h - 1, FAR: w - FAR], dst=out[inner])
    cols = cv2.max(g[inner[0], :-1], g[inner[0], 1:])  # of columns x and x + 1
    side = cv2.min(cols[:, :wi], cols[:, shift: w - 1], dst=rows[:hi, :wi])
    # On a line of either direction: the lighter of the two directions' sides is VALLEY over
    # the pixel (saturating). Pixels not VALLEY under the paper are raised to white first, so
    # that no side is lighter than them.
    cv2.max(depth, side, dst=depth)
    cv2.threshold(g[inner], paper - VALLEY, 255, cv2.THRESH_BINARY, dst=side)
    cv2.max(side, g[inner], dst=side)
    cv2.subtract(depth, side, dst=depth)
    cv2.threshold(depth, VALLEY - 1, 255, cv2.THRESH_BINARY, dst=depth)
    return out

