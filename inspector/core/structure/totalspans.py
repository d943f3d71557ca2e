"""Column gaps under totals labels: a subtotal's label run across the label columns hides no column.

A ledger or an invoice sets its totals rows' labels ("Subtotal 5271 Rent", "소계 5271 임차료",
"Total carried forward") in one cell across the columns that hold the date, the reference and
the description on the rows above, the amounts in their own columns. A report grouped by account
has a subtotal under every group, so such lines are more than ``columns.spanning_lines`` of all
(three in twenty), and the gap between the date and the voucher columns, clear on every other
line, was lost: both came out in one cell. A totals label is a row's first text naming a total
(``totals.totals_label``); the line that holds it goes on with amounts right of it. Its label
says nothing against the columns under it: the gaps the other lines leave under the label stay
boundaries (``spanrows`` makes the label a cell spanning the empty columns up to its amounts).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..params import ColumnParams
from ..totals import totals_label
from ..types import Word
from .columns import Pieces, Segment, column_boundaries

MIN_OTHER = 3  # lines besides the totals lines needed before their gaps may stand under the labels
# Totals lines needed: a grouped report closes every group on one. A lone grand total crossing a
# gap is what spanning_lines already allows for; excused as well, it would open a gap inside the
# label column that one other line crosses (a scan's "1 - 2 | years": the rows then fell apart).
MIN_TOTALS = 2


def totals_lines(segs: Sequence[Segment], words: Sequence[Word]) -> dict[int, Segment]:
    """The lines (index -> their first segment) whose first text is a totals label and that go
    on right of it with more text (the row's amounts)."""
    first: dict[int, Segment] = {}
    count: dict[int, int] = {}
    for s in segs:
        count[s.line] = count.get(s.line, 0) + 1
        if s.line not in first or s.x0 < first[s.line].x0:
            first[s.line] = s
    return {ln: s for ln, s in first.items()
            if count[ln] > 1 and totals_label(" ".join(words[i].text for i in s.word_ids))}


def under_totals_labels(inner: list[float], pieces: Pieces, segs: Sequence[Segment], words: Sequence[Word],
                        x0: float, x1: float, params: ColumnParams) -> list[float]:
    """``inner`` (column boundaries found over every line of [x0, x1]) and the boundaries the
    lines leave once the totals labels' words are taken out (``totals_lines``), where a totals
    label crosses them: see the module doc."""
    labels = totals_lines(segs, words)
    n_lines = len(set(pieces.line.tolist()))
    if len(labels) < MIN_TOTALS or n_lines - len(labels) < max(MIN_OTHER, params.min_rows):
        return inner
    out = _label_pieces(pieces, labels)
    rest = Pieces(pieces.x0[~out], pieces.x1[~out], pieces.line[~out])
    added = []
    for x in column_boundaries(rest, x0, x1, n_lines, params):
        if any(abs(x - y) < params.min_gap for y in inner) or _in_gap_of(x, inner, rest):
            continue  # already a boundary in this gap
        if any(s.x0 < x < s.x1 for s in labels.values()):
            added.append(x)
    return sorted([*inner, *added])


def _label_pieces(pieces: Pieces, labels: dict[int, Segment]) -> np.ndarray:
    """Mask of the pieces that are the totals labels' words (on a label's line, inside its segment)."""
    out = np.zeros(len(pieces.x0), dtype=bool)
    for ln, s in labels.items():
        out |= (pieces.line == ln) & (pieces.x0 >= s.x0 - 0.01) & (pieces.x1 <= s.x1 + 0.01)
    return out


def _in_gap_of(x: float, inner: Sequence[float], rest: Pieces) -> bool:
    """Is there a boundary of ``inner`` in the same white as ``x`` (no piece of ``rest`` between them)?"""
    for y in inner:
        lo, hi = min(x, y), max(x, y)
        if not bool(((rest.x1 > lo) & (rest.x0 < hi)).any()):
            return True
    return False
