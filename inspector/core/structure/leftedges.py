"""Columns a tight gutter apart, shown by the left edge their text starts at.

InDesign's and Word's cell insets leave two text columns set left only a few points apart
(3.4 pt between "Standard account" and "Everyday banking" at 8.5 pt): the projection of
``columns.column_boundaries`` widens every word by a bin and sees no gap there, and the two
columns read as one. Their evidence is the next column's left edge: the body's lines start
their text there (a wrapped cell's lines alone), no line's text runs across it, and the
white before it is wider than the word spaces of the region's own lines. Such an edge is
handed to ``gapcuts.at_clip_edges`` as the end of the column before it, as a clip edge is.
Coordinates in PDF points.
"""

from __future__ import annotations

import numpy as np

from .columns import Pieces
from .gapcuts import FLUSH_SHARE, FLUSH_TOL, flush_chains

# The white before the edge must be this many of the region's word spaces (median gap between
# words of one line) on every line with text on both sides: one space ("Item 1", "Lot A-1"
# with its numbers starting at one x) is no column; InDesign's tight insets leave 1.4 spaces.
SPACES = 1.25
MIN_LINES = 3  # lines whose text starts at the edge, and lines with text before it


def left_edges(pieces: Pieces, limit: int, min_gap: float) -> list[float]:
    """The right end (pt) of the text before each tight left edge: an x where ``MIN_LINES`` or
    more lines start a piece (within ``FLUSH_TOL``), ``FLUSH_SHARE`` of the lines with text
    right of it start their text there, at most ``limit`` lines run across it, and on every
    other line with text before it the white before the edge is over ``SPACES`` word spaces
    (gaps under ``2 * min_gap`` measure them)."""
    space = _word_space(pieces, min_gap)
    if space is None:
        return []
    out = []
    for edge in _start_chains(pieces.x0):
        end = _end_before(pieces, edge, limit, space, min_gap)
        if end is not None:
            out.append(end)
    return out


def _word_space(pieces: Pieces, min_gap: float) -> float | None:
    """The median gap (pt) between consecutive pieces of one line under ``2 * min_gap``."""
    order = np.lexsort((pieces.x0, pieces.line))
    same = pieces.line[order][1:] == pieces.line[order][:-1]
    gaps = (pieces.x0[order][1:] - pieces.x1[order][:-1])[same]
    gaps = gaps[(gaps > 0) & (gaps < 2 * min_gap)]
    return float(np.median(gaps)) if len(gaps) >= MIN_LINES else None


def _start_chains(x0: np.ndarray) -> list[float]:
    """The leftmost start (pt) of each chain of ``MIN_LINES`` or more starts ``FLUSH_TOL`` apart."""
    return [float(x0[chain[0]]) for chain in flush_chains(x0, MIN_LINES)]


def _end_before(pieces: Pieces, edge: float, limit: int, space: float, min_gap: float) -> float | None:
    """The right end of the text before the left edge ``edge`` when the edge holds down the
    lines right of it and leaves a tight gutter of over ``SPACES`` word spaces (``left_edges``)."""
    at = np.abs(pieces.x0 - edge) <= FLUSH_TOL
    right = pieces.x0 >= edge - FLUSH_TOL
    after = set(pieces.line[right].tolist())
    starting = set(pieces.line[at].tolist())
    if len(starting) < MIN_LINES or len(starting) < FLUSH_SHARE * len(after):
        return None
    before = ~right
    across = set(pieces.line[before & (pieces.x1 > edge - FLUSH_TOL)].tolist())
    if len(across) > limit:
        return None
    both = sorted((starting & set(pieces.line[before].tolist())) - across)
    if len(both) < MIN_LINES:
        return None  # the region's first column, or too few lines to tell
    ends = np.array([pieces.x1[before & (pieces.line == ln)].max() for ln in both])
    white = edge - ends
    if white.min() <= SPACES * space:
        return None  # a word space: one cell's words
    return float(ends.max())
