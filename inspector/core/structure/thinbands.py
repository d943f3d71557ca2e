"""An empty band at a grid's top or bottom thinner than a line of its text: no row.

A table closed by a double rule, or ruled right over its notes (InDesign's tables: the last
row's rule, then a few points lower the rule over the footnotes, each of the table's own
width), leaves a band between two rules that holds no text and could hold none: it is
thinner than one line of the table's type. That band is no row; the grid ends at the inner
rule. A blank row of a form is as tall as the rows it is ruled among, and stays. Heights in
points.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

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


def _empty(y0: float, y1: float, cy: np.ndarray) -> bool:
    return not bool(np.any((cy > y0) & (cy < y1)))


def thin_empty(y0: float, y1: float, cy: np.ndarray, line: float) -> bool:
    """Is the band y0..y1 thinner than ``line`` with no word centre (``cy``) in it?"""
    return 0 < y1 - y0 < line and _empty(y0, y1, cy)
