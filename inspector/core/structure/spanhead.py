"""A spanning head over a borderless table: one line centred over all its columns, at its rows' step.

LaTeX's ``\\multicolumn{2}{c}{Example}`` over a ``tabular`` without rules, a report's "Group A"
over a small block of columns: the table's first row is one cell across every column, its text
centred over them. Nothing is drawn to say so; what tells it from a title or caption over the
table is where it sits. It stands at the table's own row step over the first row (a title or
caption is set apart by more white), its middle on the table's middle (within
``centred_heads.GROUP_CENTRED`` of the table's width), clear of both sides (a caption or heading
starts at the left edge), across the middle of a column gap of the rows under it (no head of one
column),
in a few words, no larger type than the rows (a heading is larger) and no "Table 3:" label
(``spanning_head``, taken by ``tables``' aligned runs). The columns, read in the white of the
rows under it, leave its text crossing their boundaries: its cell spans the columns it crosses
(``head_cols``, read by ``spans``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Grid, Rect, Word
from .aligned import PROSE_WORDS
from .between import HEADING_SIZE
from .centred_heads import GROUP_CENTRED
from .columns import Line, WordCentres, col_of, segments
from .ends import TABLE_LABEL
from .wrapped_rows import line_size

STEP_SLACK = 0.15  # share of the rows' step the head's step onto the first row may exceed it by
SIDE_CLEAR = 0.5  # ems of the head's type its text stands clear of each side of the table, at least


def spanning_head(head: Line, rows: Sequence[Line], gaps: Sequence[tuple[float, float]],
                  words: Sequence[Word]) -> bool:
    """Is one-piece line ``head`` the first row of the table whose lines ``rows`` (two or more,
    top down) follow it: one cell across all columns (see the module)? ``gaps``: the first row's
    column gaps (x intervals, pt)."""
    if len(rows) < 2 or not gaps or len(head.word_ids) >= PROSE_WORDS:
        return False
    first, second = rows[0].bbox, rows[1].bbox
    step = second.cy - first.cy
    if step <= 0 or not 0 < first.cy - head.bbox.cy <= (1 + STEP_SLACK) * step:
        return False
    text = " ".join(words[i].text for i in head.word_ids)
    if TABLE_LABEL.match(text) or line_size(head, words) > HEADING_SIZE * line_size(rows[0], words):
        return False
    box = Rect.bounding([ln.bbox for ln in rows])
    h, em = head.bbox, max(line_size(head, words), 1.0)
    if h.x0 < box.x0 + SIDE_CLEAR * em or h.x1 > box.x1 - SIDE_CLEAR * em:
        return False
    if abs((h.x0 + h.x1) / 2 - (box.x0 + box.x1) / 2) > GROUP_CENTRED * box.width:
        return False
    return any(h.x0 < (g0 + g1) / 2 < h.x1 for g0, g1 in gaps)


def head_cols(grid: Grid, head: Sequence[Rect], body: Sequence[Rect]) -> tuple[int, int] | None:
    """(first, last): the columns a borderless table's first row spans when it is one piece
    (``head``: its words' boxes, pt) whose text crosses the middle of the white between two
    columns' texts in the rows under it (``body``: their words' boxes), the row's one cell over
    them; None when it crosses none. The columns were read in the white of every line, the
    head's too, so a boundary may stand beside the head rather than under it: the white of
    the rows under it says where the cells part."""
    if not head or grid.n_cols < 2:
        return None
    x0, x1 = min(b.x0 for b in head), max(b.x1 for b in head)
    cols: dict[int, list[Rect]] = {}
    for b in body:
        cols.setdefault(col_of(b.cx, grid.xs), []).append(b)
    if len(cols) < grid.n_cols:
        return None
    crossed = [k for k in range(1, grid.n_cols)
               if x0 < (max(b.x1 for b in cols[k - 1]) + min(b.x0 for b in cols[k])) / 2 < x1]
    return (crossed[0] - 1, crossed[-1]) if crossed else None


def head_line(box: Rect, words: Sequence[Word], wc: WordCentres, min_gap: float, tol: float) -> Line | None:
    """The first text line of a borderless table's ``box`` when it is a spanning head
    (``spanning_head`` of it over the lines under it, their gaps between pieces ``min_gap``
    apart or more), else None: what explain says of the table's top."""
    lines = wc.lines(wc.inside(box), tol)
    if len(lines) < 3 or len(segments(words, lines[:1], min_gap)) != 1:
        return None
    gaps: list[tuple[float, float]] = []
    for ln in lines[1:]:
        pieces = sorted(segments(words, [ln], min_gap), key=lambda s: s.x0)
        gaps += [(a.x1, b.x0) for a, b in zip(pieces, pieces[1:], strict=False)]
    return lines[0] if spanning_head(lines[0], lines[1:], gaps, words) else None
