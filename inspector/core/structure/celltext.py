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
    a shared boundary belongs to one cell only. A leader run (``Word.leader``) belongs to the
    label it starts after: it is placed by its start, not its centre."""
    return [w for w in words if bbox.x0 <= anchor_x(w) < bbox.x1 and bbox.y0 <= w.bbox.cy < bbox.y1]


def anchor_x(w: Word) -> float:
    """The x (pt) that places ``w`` in a cell: its centre; a leader's start, in its label's cell
    (a leader reaches over the column gap toward the value, whose cell it never joins)."""
    return w.bbox.x0 if w.leader else w.bbox.cx


def join_words(words: Sequence[Word], turn: int = 0, leaders: bool = False) -> str:
    """Reading-order text: lines top to bottom joined by newlines, words left to right by
    spaces, in the upright frame of ``turn`` (0: page space). Words share a line when their
    vertical centres differ by at most half the median word height. A cell whose words are
    all turned alike (a column header set bottom to top) is read in their own frame.
    ``leaders``: some of ``words`` may be leader runs, written glued to a word they were split
    off (told by the caller: most cells hold none, and are not searched for one)."""
    if len(words) <= 1:  # most cells: no lines to order (and a turn changes no single word's text)
        return words[0].text if words else ""
    own = {w.turn for w in words}
    if len(own) == 1 and own != {0}:
        turn = own.pop()  # measured from the space the words are in, as ``turn`` is
    boxes = [w.bbox for w in upright_words(words, turn)]
    tol = median([b.height if b.height > 0.1 else 0.1 for b in boxes]) / 2  # max(height, 0.1)
    cy = [(b.y0 + b.y1) / 2 for b in boxes]
    x0 = [b.x0 for b in boxes]
    keys = list(zip(cy, x0, strict=True))
    lines: list[list[int]] = []  # positions in ``words``: keys read from lists, this runs for every cell
    for k in sorted(range(len(boxes)), key=keys.__getitem__):
        if lines and abs(cy[lines[-1][0]] - cy[k]) <= tol:
            lines[-1].append(k)
        else:
            lines.append([k])
    if not leaders:
        # A picture's word (``evidence.icons``) has no text: it adds no space to its line.
        return "\n".join(" ".join(words[k].text for k in sorted(line, key=x0.__getitem__) if words[k].text)
                         for line in lines)
    return "\n".join(_glued([words[k] for k in sorted(line, key=x0.__getitem__)]) for line in lines)


GLUED_PT = 1e-6  # a leader that starts where the word before it ends was split off that word ("Revenue.......")


def _glued(line: Sequence[Word]) -> str:
    """One line's words joined by spaces, but a leader run glued to the word before it (split
    off it, ``leaders``) is written without one, as it was printed."""
    out = [line[0].text]
    for a, b in zip(line, line[1:], strict=False):
        out.append(b.text if b.leader and b.bbox.x0 - a.bbox.x1 < GLUED_PT else " " + b.text)
    return "".join(out)


def cell_text(words: Sequence[Word], bbox: Rect, turn: int = 0) -> str:
    """The text of the words inside page-space ``bbox``, read upright for ``turn``."""
    inside = words_in(words, bbox)
    return join_words(inside, turn, any(w.leader for w in inside))
