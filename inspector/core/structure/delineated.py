"""Are a table's rows drawn one by one: the text lines inside one drawn band one row's
multi-line cells (``rows_delineated``), a deep band of wrapped text cells counted as a row's
band (``drawn_rows``). Read by ``bandrows.split_rows`` and by explain.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Word
from .bandlines import labelled_amounts, wraps
from .columns import Line

MIN_BANDS = 3  # bands holding text before drawn bands count as rows one by one (two are a header and a body)
DENSE_SHARE = 0.75  # a column with text in this share of the body bands is dense (nearly every band)
SHALLOW_LINES = 2  # lines of a dense column in a tall band that still make one row (a name or a two-line label)
SHALLOW_DIV = 3  # ... and at most 1/this of the tall band's deepest column


def rows_delineated(depths: Sequence[Sequence[int]], max_lines: int, min_bands: int = MIN_BANDS,
                    closed: bool = False) -> bool:
    """Are a table's rows drawn one by one (ruled or banded), so that the text lines inside
    one band are one row's multi-line cells? ``depths`` holds, per band, the text lines of
    each column there (``band_depths``).

    Yes when ``min_bands`` or more bands hold text and none holds more than ``max_lines``
    lines in one cell: a band of many lines (a booktabs body, a group under a mid-rule)
    holds several rows. The rules are the stronger evidence, so taller bands are rows too
    when the table has more bands than that, some body bands are short, and in each tall
    band a column with text in nearly every body band holds one or two lines, a third of the tall
    band's at most (a name, or a label over two lines, beside a wrapped description or a
    bullet list): a row of that column would have a line of its own. (Not when the tall
    bands are merely few: a statement's groups of rows under section rules are too.)

    When the rules close every band on all sides (``closed``, see ``closedcells.closed_cells``: column
    rules cross every band) and one band (the header, say) is short, every band is a row
    whatever its depth: a statement's groups are ruled across, not boxed. A band whose every
    line still fills every column is split by the caller; ``max_lines`` below every band's
    depth splits them all, as before.
    """
    used = [d for d in depths if any(d)]
    if len(used) < min_bands:
        return False
    if closed and any(max(d) <= max_lines for d in used):
        return True
    deep = [d for d in used[1:] if max(d) > max_lines]  # the first band is the header: kept whole anyway
    if not deep and max(used[0]) <= max_lines:
        return True
    if len(used) <= min_bands or len(deep) == len(used) - 1:
        return False
    body = used[1:]  # a header's stub cell is often empty: density counts the body
    dense = [c for c in range(len(used[0])) if sum(d[c] > 0 for d in body) >= DENSE_SHARE * len(body)]
    return all(any(0 < d[c] <= min(SHALLOW_LINES, max(d) // SHALLOW_DIV) for c in dense) for d in deep)


def drawn_rows(depths: Sequence[Sequence[int]], max_lines: int, closed: bool, bands: Sequence[Sequence[Line]],
               page: tuple[Sequence[Word], Sequence[float]]) -> bool:
    """Are the bands drawn one row each: ``rows_delineated`` says so of ``depths``, or it says
    so once each body band deeper than ``max_lines`` whose text wraps (``wraps``: a line goes on
    with the text above it in some column, in lower case or after a joiner) and holds no label
    beside amounts (``labelled_amounts``: a row of its own) counts as
    ``max_lines`` deep: a deep band of wrapped cells is no evidence of rows under one rule (its
    lines still start rows of their own on evidence, ``own_rows``).
    ``bands``: each band's lines; ``page``: the words and the column boundaries."""
    if rows_delineated(depths, max_lines, closed=closed):
        return True
    words, xs = page
    # the first band is the header, kept whole anyway
    wrapped = [b for b in range(1, len(depths)) if max(depths[b], default=0) > max_lines and _wrapped_text(bands[b], page)]
    if not wrapped:
        return False
    capped = [[min(n, max_lines) for n in d] if b in wrapped else list(d) for b, d in enumerate(depths)]
    return rows_delineated(capped, max_lines, closed=closed)


def _wrapped_text(lines: Sequence[Line], page: tuple[Sequence[Word], Sequence[float]]) -> bool:
    """Do ``lines`` (one band's) wrap their text (``wraps``) and hold no label beside amounts
    (``labelled_amounts``: a row of its own, as a statement's rows under one rule are)?"""
    words, xs = page
    return wraps(lines, words, xs) and not any(labelled_amounts(ln, words, xs) for ln in lines)


def wrapped_deep(depths: Sequence[Sequence[int]], max_lines: int, closed: bool, bands: Sequence[Sequence[Line]],
                 page: tuple[Sequence[Word], Sequence[float]]) -> set[int]:
    """The body bands deeper than ``max_lines`` that ``drawn_rows`` reads as one row each only
    because their text wraps (what explain names); empty when the depths alone delineate."""
    if rows_delineated(depths, max_lines, closed=closed) or not drawn_rows(depths, max_lines, closed, bands, page):
        return set()
    return {b for b in range(1, len(depths)) if max(depths[b], default=0) > max_lines}
