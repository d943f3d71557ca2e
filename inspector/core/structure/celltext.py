"""The one rule for a cell's text read from page words, used by every hand edit and import.

A word belongs to a box when its centre lies inside it; lines are grouped by vertical
centre and read top to bottom, words left to right, in the table's upright frame (a
sideways table is read turned, so "EU Institutions" stays one line). Light: no numpy, so
the window can import it at start-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from statistics import median

from ..geometry import upright_words
from ..types import Rect, Word


def words_in(words: Sequence[Word], bbox: Rect) -> list[Word]:
    """Words whose centre lies inside ``bbox`` (points, page space); half-open, so a centre on
    a shared boundary belongs to one cell only."""
    return [w for w in words if bbox.x0 <= w.bbox.cx < bbox.x1 and bbox.y0 <= w.bbox.cy < bbox.y1]


def join_words(words: Sequence[Word], turn: int = 0) -> str:
    """Reading-order text: lines top to bottom joined by newlines, words left to right by
    spaces, in the upright frame of ``turn`` (0: page space). Words share a line when their
    vertical centres differ by at most half the median word height. A cell whose words are
    all turned alike (a column header set bottom to top) is read in their own frame."""
    if len(words) <= 1:  # most cells: no lines to order (and a turn changes no single word's text)
        return words[0].text if words else ""
    own = {w.turn for w in words}
    if len(own) == 1 and own != {0}:
        turn = own.pop()  # measured from the space the words are in, as ``turn`` is
    upright = upright_words(words, turn)
    tol = median(max(w.bbox.height, 0.1) for w in upright) / 2
    lines: list[list[Word]] = []
    for w in sorted(upright, key=lambda w: (w.bbox.cy, w.bbox.x0)):
        if lines and abs(lines[-1][0].bbox.cy - w.bbox.cy) <= tol:
            lines[-1].append(w)
        else:
            lines.append([w])
    return "\n".join(" ".join(w.text for w in sorted(line, key=lambda w: w.bbox.x0)) for line in lines)


def cell_text(words: Sequence[Word], bbox: Rect, turn: int = 0) -> str:
    """The text of the words inside page-space ``bbox``, read upright for ``turn``."""
    return join_words(words_in(words, bbox), turn)
