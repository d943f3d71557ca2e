"""An empty band at a grid's top or bottom thinner than a line of its text: no row.

A table closed by a double rule, or ruled right over its notes (InDesign's tables: the last
row's rule, then a few points lower the rule over the footnotes, each of the table's own
width), leaves a band between two rules that holds no text and could hold none: it is
thinner than one line of the table's type. That band is no row; the grid ends at the inner
rule. A blank row of a form is as tall as the rows it is ruled among, and stays. Heights in
points.

Inside a grid, cells drawn as boxes of their own a little apart (a web page's
``border-collapse: separate``, ``<table border=1>``: each cell's box, 2 px of spacing, the next
cell's box) leave a rule pair around every boundary, rows and columns: the empty band between
the two, thinner than half a line of the table's type (``SPACING``), is no row and no column;
the pair is one boundary, at its first rule (``one_per_pair``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .boxedcells import SPACING
from .region import RegionEvidence


def trim_thin_edges(ev: RegionEvidence, ys: Sequence[float], header_rows: int) -> tuple[list[float], int]:
    """``ys`` without the outer boundary of an empty first or last band thinner than the
    region's median word height (the grid keeps two rows at least), and ``header_rows``
    less the first band when it was counted in the header."""
    out = list(ys)
    if len(out) < 4 or not ev.ids:
        return out, header_rows
    cy = ev.centres.cy[list(ev.ids)]
    # An edge band holding text (most) is kept whatever its height: the words' median height,
    # a loop over them, is read only when one is empty.
    last, first = _empty(out[-2], out[-1], cy), _empty(out[0], out[1], cy)
    if not (last or first):
        return out, header_rows
    line = float(np.median([ev.words[i].bbox.height for i in ev.ids]))
    if last and 0 < out[-1] - out[-2] < line:
        out.pop()
    if len(out) >= 4 and first and 0 < out[1] - out[0] < line:
        out.pop(0)
        header_rows = max(0, header_rows - 1)
    return out, header_rows


# SPACING (``boxedcells``): share of the table's median word height; an empty band thinner is the spacing of two boxes


def one_per_pair(ev: RegionEvidence, positions: Sequence[float], across: bool) -> list[float]:
    """``positions`` (rows' y, or with ``across`` columns' x) with each pair of boundaries closer
    than ``SPACING`` of the region's median word height, no word centre between them, made one:
    the first inside the table; at its ends, for columns only, the inner one (the grid ends at
    the inner rule, as ``trim_thin_edges`` ends it at the top and bottom). Only when every
    boundary inside the table is such a pair, or none is (the pairs closer than ``merge.snap``
    already one): cells boxed apart pair all their edges, while a shaded cell's fill inset from
    its grid (a pair here and there) is no spacing of boxes."""
    out = list(positions)
    if len(out) < 4 or not ev.ids:
        return out
    line = float(np.median([ev.words[i].bbox.height for i in ev.ids]))
    c = (ev.centres.cx if across else ev.centres.cy)[list(ev.ids)]
    groups = [[out[0]]]
    for p in out[1:]:
        if p - groups[-1][-1] < SPACING * line and _empty(groups[-1][-1], p, c):
            groups[-1].append(p)
        else:
            groups.append([p])
    inner = groups[1:-1]
    if len({len(g) for g in inner}) > 1 or max(len(g) for g in groups) > 2:
        return out  # some boundaries paired, others not: no boxes apart
    if not across:
        return [*groups[0], *(g[0] for g in inner), *groups[-1]]
    return [groups[0][-1], *(g[0] for g in inner), groups[-1][0]]


def _empty(y0: float, y1: float, cy: np.ndarray) -> bool:
    return not bool(np.any((cy > y0) & (cy < y1)))


def thin_empty(y0: float, y1: float, cy: np.ndarray, line: float) -> bool:
    """Is the band y0..y1 thinner than ``line`` with no word centre (``cy``) in it?"""
    return 0 < y1 - y0 < line and _empty(y0, y1, cy)
