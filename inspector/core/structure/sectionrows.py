"""A section row at the rows' own pitch: a label alone in the first column that starts a row.

A line with text in the first column only, under a row filling several columns, is either
that row's wrapped label (or a wrapped header cell) or a section row of its own ("Continuing
operations" over its rows, also right under the header). In a table whose rows stand apart
(a row's pitch well over its type size: cell padding), a wrapped line is set at the type's
leading, tighter than the rows; a section row is set at the rows' own pitch, from the row
above and on to the next row (its own next lines, when it wraps, at the leading). Baselines
and type sizes in PDF points.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Word
from .columns import Line

PITCH_SLACK = 0.1  # share of the row pitch by which a section row's steps may differ from it
TALLER = 0.25  # ... or exceed it by: a row of CJK text alone is set taller (a fallback font's line height)
LOOSE = 1.5  # x the type size: rows this far apart or more are padded, wrapped lines set tighter
MIN_STEPS = 2  # steps between full rows that make a row pitch
SECTION_LINES = 6  # lines of one section label at most (wrapped in a narrow first column)
# Why no user would change these: they are shares of the table's own pitch and type size.


def _baseline(ln: Line, words: Sequence[Word]) -> float:
    return max(words[i].baseline for i in ln.word_ids)


def _size(ln: Line, words: Sequence[Word]) -> float:
    return max(words[i].font_size for i in ln.word_ids)


def row_pitch(lines: Sequence[Line], cols: Sequence[set[int]], words: Sequence[Word]) -> float:
    """The median baseline step (pt) between consecutive lines that each fill two or more
    columns, 0 with fewer than ``MIN_STEPS`` such steps."""
    steps = sorted(_baseline(lines[k], words) - _baseline(lines[k - 1], words) for k in range(1, len(lines))
                   if len(cols[k]) >= 2 and len(cols[k - 1]) >= 2)
    return steps[len(steps) // 2] if len(steps) >= MIN_STEPS else 0.0


def section_at_pitch(lines: Sequence[Line], cols: Sequence[set[int]], words: Sequence[Word], k: int,
                     pitch: float) -> bool:
    """Is line ``k`` (first column only, under a line filling several columns) the first line of
    a section row: one ``pitch`` under that line, its last line (``k`` or one of its next
    first-column-only lines, each closer than the pitch) one pitch over a line filling several
    columns, and the pitch loose (``LOOSE`` times the type size)?"""
    if pitch <= 0 or k < 1 or cols[k] != {0} or len(cols[k - 1]) < 2:
        return False
    if pitch < LOOSE * _size(lines[k], words) or not _at_pitch(lines, words, k - 1, k, pitch):
        return False
    for j in range(k, min(k + SECTION_LINES, len(lines) - 1)):
        if len(cols[j + 1]) >= 2:
            return _at_pitch(lines, words, j, j + 1, pitch)
        step = _baseline(lines[j + 1], words) - _baseline(lines[j], words)
        if cols[j + 1] != {0} or step >= (1 - PITCH_SLACK) * pitch:
            return False
    return False


def at_pitch(step: float, pitch: float) -> bool:
    """Is ``step`` (pt, from one line to the next) a row's ``pitch``: within ``PITCH_SLACK`` of
    it, or up to ``TALLER`` over it? The test a section (or label) row's steps meet, onto it
    from the row above and on to the next row; its own next lines step less than the low end."""
    return (1 - PITCH_SLACK) * pitch <= step <= (1 + TALLER) * pitch


def _at_pitch(lines: Sequence[Line], words: Sequence[Word], a: int, b: int, pitch: float) -> bool:
    return at_pitch(_baseline(lines[b], words) - _baseline(lines[a], words), pitch)
