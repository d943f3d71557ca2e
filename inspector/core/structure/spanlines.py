"""Lines that are one cell laid across the columns: a caption or title centred over a two-column
box ("Edgar in the early fourteenth-century" / "Genealogical Roll of the Kings of England" under
an infobox's picture). Such a line is one run of words (``word_runs``: no gap wider than a word
space) that crosses an inner column boundary, so ``line_cols`` finds it in every column it
touches, or only in the one its words' centres fall in. Neither says where the spanning cell's
rows are; the spacing does: the next spanning line set at the text's own leading (a baseline
step of ``wrapped_rows.LEADING`` font sizes at most) in the same type goes on the same cell, one set apart starts a row of its own
(a bold "King of the English" under the caption). Read by ``bandrows._row_starts``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Word
from .bandlines import word_runs
from .columns import Line
from .wrapped_rows import LEADING, line_size

CROSS_EM = 0.5  # line heights a run reaches past a column boundary on each side to cross it


def spanning_run(line: Line, words: Sequence[Word], xs: Sequence[float]) -> bool:
    """Is ``line`` one run of words reaching over an inner column boundary of ``xs`` (PDF points)
    by ``CROSS_EM`` line heights on both sides: one cell across the columns?"""
    if len(xs) < 3 or not line.word_ids:
        return False
    runs = word_runs(line, words)
    if len(runs) != 1:
        return False
    x0, x1, reach = runs[0][0].bbox.x0, runs[0][-1].bbox.x1, CROSS_EM * line.bbox.height
    return any(x0 < b - reach and x1 > b + reach for b in xs[1:-1])


def spanning_steps(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float]) -> tuple[set[int], set[int]]:
    """Over consecutive spanning lines (``spanning_run``): those that go on the cell above (set
    within ``LEADING`` font sizes under it, baseline to baseline, in its type size and weight), and those that
    start a row (set farther apart, or in another size or weight). Returns (held, started),
    line indices."""
    span = [spanning_run(ln, words, xs) for ln in lines]
    held: set[int] = set()
    started: set[int] = set()
    for k in range(1, len(lines)):
        if not (span[k] and span[k - 1]):
            continue
        prev, line = lines[k - 1], lines[k]
        step = line.baseline - prev.baseline
        same = _style(prev, words) == _style(line, words)
        (held if same and step <= LEADING * line_size(line, words) else started).add(k)
    return held, started


def _style(line: Line, words: Sequence[Word]) -> tuple[float, bool]:
    """The line's type: its largest font size (pt, to a tenth) and whether most words are bold."""
    return round(line_size(line, words), 1), sum(words[i].bold for i in line.word_ids) * 2 > len(line.word_ids)
