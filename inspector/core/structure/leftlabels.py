"""A ruled table grown leftwards over its row labels (``extend_left``): spreadsheets draw a
totals rule or an underline over the number columns only, and the labels stand left of it."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

import numpy as np

from ..numbers import currency_sign, is_number
from ..types import Rect, Word
from .columns import WordCentres, segments
from .grow import MIN_GAP_LINES, SIDE_SLACK

LABELLED_LINES = 0.5  # share of a ruled box's lines that need a row label left of it
ON_ROWS = 0.5  # share of the label lines set on one of the box's baselines, over which they are its row labels


def extend_left(box: Rect, words: Sequence[Word], min_gap: float, centres: WordCentres | None = None,
                *, tol: float) -> Rect:
    """Grow ``box`` leftwards over its row labels: the rules that made it (a totals rule, an
    underline) were drawn over the number columns only, as spreadsheets draw them, and the
    labels stand left of where they start.

    Taken when the rules reach the text's right end (no word on the box's lines stands right of
    it: rules over one column among others, a shaded column's, take nothing) and, on at least
    ``LABELLED_LINES`` of the box's lines, the words left of its side
    are one piece, mostly words (no numbers), their left edges in line (within one line
    height): a column of labels, not a neighbouring table's numbers. Most of those lines
    (``ON_ROWS``) stand on a baseline of the box's own lines (within ``tol``): a row's label is
    set on its row, while prose in the page's next column runs at a pitch of its own beside a
    table set in one column (its lines meet the rows' baselines only now and then). A word
    running across the box's left side leaves the box as it is.
    """
    wc = centres if centres is not None and centres.words is words else WordCentres(words)
    band = (wc.cy > box.y0) & (wc.cy < box.y1)
    left = band & (wc.cx < box.x0 - SIDE_SLACK)
    if not left.any() or (band & (wc.x0 < box.x0 - SIDE_SLACK) & (wc.x1 > box.x0 + SIDE_SLACK)).any():
        return box
    if (band & (wc.x1 > box.x1 + SIDE_SLACK)).any():  # rules over one column among others (a shaded column)
        return box
    inside = wc.lines(np.flatnonzero(band & (wc.cx >= box.x0 - SIDE_SLACK) & (wc.cx <= box.x1 + SIDE_SLACK)).tolist(), tol)
    # The rules are over the amounts only: the box's lines start with an amount (a table whose
    # rules cover its own labels has its first column inside; text left of it is another's).
    firsts = [words[min(ln.word_ids, key=lambda i: words[i].bbox.x0)].text for ln in inside]
    if sum(is_number(t) or currency_sign(t) for t in firsts) * 2 <= len(firsts):
        return box
    labels = wc.lines(np.flatnonzero(left).tolist(), tol)
    pieces = segments(words, labels, min_gap)
    if len(inside) < MIN_GAP_LINES or len(pieces) != len(labels) or len(labels) < LABELLED_LINES * len(inside):
        return box
    texts = [" ".join(words[i].text for i in ln.word_ids) for ln in labels]
    height = sorted(ln.bbox.height for ln in labels)[len(labels) // 2]
    x0s = [p.x0 for p in pieces]
    if sum(is_number(t) for t in texts) * 2 > len(texts) or max(x0s) - min(x0s) > height:
        return box
    rows = sorted(ln.baseline for ln in inside)
    if sum(_on(ln.baseline, rows, tol) for ln in labels) <= ON_ROWS * len(labels):
        return box
    return Rect(min(x0s), box.y0, box.x1, box.y1)


def _on(y: float, ys: Sequence[float], tol: float) -> bool:
    """Is baseline ``y`` within ``tol`` of one of ``ys`` (sorted)?"""
    k = bisect_left(ys, y - tol)
    return k < len(ys) and ys[k] <= y + tol
