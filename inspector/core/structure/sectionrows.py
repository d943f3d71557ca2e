"""A section row at the rows' own pitch: a label alone in the first column that starts a row.

A line with text in the first column only, under a row filling several columns, is either
that row's wrapped label (or a wrapped header cell) or a section row of its own ("Continuing
operations" over its rows, also right under the header). In a table whose rows stand apart
(a row's pitch well over its type size: cell padding), a wrapped line is set at the type's
leading, tighter than the rows; a section row is set at the rows' own pitch, from the row
above and on to the next row (its own next lines, when it wraps, at the leading). Baselines
and type sizes in PDF points.

Where rows are set tight (a spreadsheet's 15 pt rows for 11 pt type) the pitch tells nothing;
the label's indent does: a sheet indents its detail and subtotal labels under a section label
set flush left, and a wrapped label's next line starts where its first line does (or further
in, a hanging indent), never left of it. A first-column line that starts left of an indented
label filling its row, at another label's level, is the next section's label
(``outdented_label``).
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
OUTDENT = 0.4  # x the type size: an indent this deep or more is a level of the labels (a sheet's is 0.7)
FLUSH = 1.0  # pt: left edges this close are one edge (the first column's)
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


def group_head_at(lines: Sequence[Line], cols: Sequence[set[int]], words: Sequence[Word], k: int,
                  pitch: float) -> bool:
    """Is line ``k`` (first column only, between two lines filling several columns) a group's
    head by its steps (``group_head``), at any pitch? It starts a row; unlike a section row at
    the pitch it spans no columns (a label of the rows under it, not a band across the table)."""
    if pitch <= 0 or k < 1 or k + 1 >= len(lines) or cols[k] != {0} or len(cols[k - 1]) < 2 or len(cols[k + 1]) < 2:
        return False
    return group_head(_baseline(lines[k], words) - _baseline(lines[k - 1], words),
                      _baseline(lines[k + 1], words) - _baseline(lines[k], words), pitch)


GROUP_SKIP = 2  # rows' pitches a group's label may stand under the last row of the group above, at most


def group_head(above: float, below: float, pitch: float) -> bool:
    """Are the steps (pt between baselines or line centres) onto a label line and on from it to
    the next row those of a group's head in a grouped report: set apart from the group above
    (over a row's ``pitch`` by ``PITCH_SLACK``, up to ``GROUP_SKIP`` pitches of rows ``TALLER``
    than the usual: a blank row's white) and hanging on its own group's first row (no more than a pitch under it, by
    ``TALLER``, and closer than above)? A report writer (Telerik's) sets "Congressional District 2"
    so over its rows, under the "Total:" of district 1. A wrapped label's next line never steps
    more than a pitch; a heading that starts a new table stands farther off, or in heading type."""
    return (1 + PITCH_SLACK) * pitch < above <= GROUP_SKIP * (1 + TALLER) * pitch \
        and below <= (1 + TALLER) * pitch and below < above


def _at_pitch(lines: Sequence[Line], words: Sequence[Word], a: int, b: int, pitch: float) -> bool:
    return at_pitch(_baseline(lines[b], words) - _baseline(lines[a], words), pitch)


def _left(ln: Line, words: Sequence[Word], col0: float) -> float | None:
    """The left edge (pt) of the line's text left of ``col0`` (its first column's), None when none."""
    xs = [words[i].bbox.x0 for i in ln.word_ids if words[i].bbox.cx < col0]
    return min(xs) if xs else None


def outdented_label(lines: Sequence[Line], cols: Sequence[set[int]], words: Sequence[Word], k: int,
                    col0: float) -> float:
    """How far (pt) line ``k``, text in the first column only (right edge ``col0``), starts left
    of the indented label of the line above, which fills several columns, when the labels
    stand at levels (another line's label starts at one of the two edges: left-aligned text,
    no centred one); 0 when not, or when the step is under ``OUTDENT`` times the type size."""
    if k < 1 or cols[k] != {0} or len(cols[k - 1]) < 2:
        return 0.0
    here, above = _left(lines[k], words, col0), _left(lines[k - 1], words, col0)
    if here is None or above is None or above - here < OUTDENT * _size(lines[k], words):
        return 0.0
    # left-aligned labels at levels, not centred ones: another label starts at either edge
    edges = [_left(ln, words, col0) for n, ln in enumerate(lines) if n not in (k - 1, k)]
    level = any(e is not None and min(abs(e - here), abs(e - above)) <= FLUSH for e in edges)
    return above - here if level else 0.0
