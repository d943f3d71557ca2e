"""A page picture cut into blocks of text at its white gutters, for OCR one block at a time.

Tesseract's "one column of text lines" reading (PSM 4) keeps a table's lone digits and
dashes, which its own page layout analysis drops, but it takes every text line across the
whole page: a table beside a column of body text gets lines that run on into the other
column, whose baselines drift against the table's, and whole rows come out garbled. Cutting
the page first where white runs all the way across a block (an X-Y cut: across at white
bands at least H_GAP_PT tall, then down at white gutters at least V_GAP_PT wide between parts
at least MIN_COLUMN_PT wide, and again inside each part) gives blocks whose lines are each
one column's. A table stays whole: its columns are narrower, and read alone a column of lone
digits is lost.
"""

from __future__ import annotations

import cv2
import numpy as np

H_GAP_PT = 6.0  # a white band at least this tall (points) separates blocks: more than line spacing
V_GAP_PT = 8.0  # a white gutter at least this wide separates blocks: more than a word space
MIN_COLUMN_PT = 120.0  # ... when the parts on both sides are at least this wide: columns of text, not
# a table's columns (a column of lone digits read on its own is dropped by Tesseract as noise)
SPECK = 0.15  # share of a ~1 pt cell that must be ink for it to count (JPEG noise and specks do not)
MAX_BLOCKS = 400  # a page cut finer than this is read whole (noise, a picture): no gain, only overhead

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in pixels of the picture


def text_blocks(grey: np.ndarray, dpi: int) -> list[Box]:
    """Blocks of ``grey`` (uint8, rendered at ``dpi``) holding ink, in reading order (top to
    bottom, then left to right inside a band); the whole picture when it has no gutter."""
    h, w = grey.shape[:2]
    scale = max(dpi / 72.0, 1.0)  # pixels per point: the cut works on a copy of ~1 pixel per point
    if h < 2 or w < 2:
        return [(0, 0, w, h)]
    _, ink = cv2.threshold(grey, 0, 1, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    small = cv2.resize(ink.astype(np.float32), (max(int(w / scale), 1), max(int(h / scale), 1)),
                       interpolation=cv2.INTER_AREA) > SPECK
    leaves: list[Box] = []
    _cut(small, (0, 0, small.shape[1], small.shape[0]), leaves)
    if not leaves or len(leaves) > MAX_BLOCKS:
        return [(0, 0, w, h)]
    sx, sy = w / small.shape[1], h / small.shape[0]
    return [(int(x0 * sx), int(y0 * sy), min(int(np.ceil(x1 * sx)), w), min(int(np.ceil(y1 * sy)), h))
            for x0, y0, x1, y1 in leaves]


def _cut(ink: np.ndarray, box: Box, out: list[Box]) -> None:
    """Append the leaves of ``box`` (cell units) to ``out``: across first, then down."""
    x0, y0, x1, y1 = box
    part = ink[y0:y1, x0:x1]
    rows, cols = np.flatnonzero(part.any(axis=1)), np.flatnonzero(part.any(axis=0))
    if not len(rows):
        return
    x0, x1, y0, y1 = x0 + cols[0], x0 + cols[-1] + 1, y0 + rows[0], y0 + rows[-1] + 1  # trimmed to the ink
    inside = ink[y0:y1, x0:x1]
    for spans, across in ((_spans(np.asarray(inside.any(axis=1)), H_GAP_PT), True),
                          (_columns(_spans(np.asarray(inside.any(axis=0)), V_GAP_PT)), False)):
        if len(spans) > 1:
            for a, b in spans:
                _cut(ink, (x0, y0 + a, x1, y0 + b) if across else (x0 + a, y0, x0 + b, y1), out)
                if len(out) > MAX_BLOCKS:
                    return
            return
    out.append((x0, y0, x1, y1))


def _columns(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` joined into parts at least MIN_COLUMN_PT (cells) wide: the narrowest part joins
    the neighbour across the narrower gutter, until none is too narrow (or one part is left)."""
    out = list(spans)
    while len(out) > 1:
        k = min(range(len(out)), key=lambda i: out[i][1] - out[i][0])
        if out[k][1] - out[k][0] >= MIN_COLUMN_PT:
            break
        left = out[k][0] - out[k - 1][1] if k > 0 else None
        right = out[k + 1][0] - out[k][1] if k + 1 < len(out) else None
        j = k - 1 if right is None or (left is not None and left <= right) else k
        out[j:j + 2] = [(out[j][0], out[j + 1][1])]
    return out


def _spans(filled: np.ndarray, gap: float) -> list[tuple[int, int]]:
    """Runs of ``filled`` (a trimmed profile) split where at least ``gap`` cells in a row are empty."""
    spans: list[tuple[int, int]] = []
    start, empty = 0, 0
    for i, f in enumerate(filled):
        if f:
            if empty >= gap and i - empty > start:
                spans.append((start, i - empty))
                start = i
            empty = 0
        else:
            empty += 1
    spans.append((start, len(filled)))
    return spans
