"""A sheet printed with its gridlines: the title and notes inside the grid are no rows.

A spreadsheet printed with gridlines draws them over the whole used range: the title above
the table, its unit line and the notes under it sit in gridded rows too, and the ruled grid
reaches over them. They stand apart from the table by an empty gridded row (the author's
spacer), and each of their lines is one piece of text (a title, a sentence running over the
empty cells beside it). A ruled grid is cut at its first (last) fully empty row when every
row above (below) it holds one-piece lines only and the rows kept still hold lines of two
pieces or more: those rows are the sheet's margins, not the table's.

A row's lines are counted by their pieces inside the grid: a table set in one column of a
page beside prose shares text lines with it (a row's baseline on a prose line's), and such
a line, mostly prose, is still the row's text (its pieces in the grid), not an empty row.
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left
from collections.abc import Sequence

from ..types import Rect, TableRegion
from .columns import Line, Segment
from .regions import Candidate

# Why no user would change these: each is a share of the page's own type and rules or a pt slack
# of a stroke's position, the same for every spreadsheet program.
FULL = 0.9  # share of the grid's width a gridline row rule spans (a gridline runs the whole used range)
MIN_TABLE_ROWS = 2  # rows of two or more pieces the grid keeps (a header and a row at least)
MARGIN = ("a sheet's {where}, printed inside its gridlines: every row {side} the empty gridded row at y = {y:.1f} "
          "holds one piece of text only (a title, a unit line or a note); cut off the table there")


def _bands(c: Candidate, lines: Sequence[Line], counts: Sequence[int],
           inside: Sequence[int] | None = None) -> tuple[list[float], list[list[int]]]:
    """The grid's full-width row rule positions and, for each row between two, its lines'
    piece counts (lines whose middle lies in the row and inside the grid; with ``inside``,
    each line's pieces inside the grid, lines with none left out)."""
    box = c.bbox
    ys = sorted({round(r.pos, 1) for r in c.rules if r.orient == "h" and r.end - r.start >= FULL * box.width})
    rows: list[list[int]] = [[] for _ in ys[1:]]
    for k, ln in enumerate(lines):
        n = counts[k] if inside is None else inside[k]
        if not (box.x0 <= ln.bbox.cx <= box.x1 if inside is None else n):
            continue
        cy = ln.bbox.cy
        b = bisect_left(ys, cy)  # the one row whose rules lie either side of the line's middle, if any
        if 0 < b < len(ys) and ys[b - 1] < cy < ys[b]:
            rows[b - 1].append(n)
    return ys, rows


def _inside(box: Rect, n_lines: int, segs: Sequence[Segment]) -> list[int]:
    """Each line's pieces whose middle lies across ``box`` (its sides only)."""
    out = [0] * n_lines
    for s in segs:
        if box.x0 <= (s.x0 + s.x1) / 2 <= box.x1:
            out[s.line] += 1
    return out


def _cut(rows: list[list[int]]) -> int:
    """How many rows from the start are margin (their last one empty), or 0."""
    for e, row in enumerate(rows):
        if not row:
            if e == 0 or any(n != 1 for r in rows[:e] for n in r):
                return 0
            while e < len(rows) and not rows[e]:
                e += 1
            kept = sum(1 for r in rows[e:] if any(n >= 2 for n in r))
            return e if kept >= MIN_TABLE_ROWS else 0
    return 0


def _within(c: Candidate, y0: float, y1: float) -> Candidate:
    rules = []
    for r in c.rules:
        if r.orient == "h" and y0 - 0.5 <= r.pos <= y1 + 0.5:
            rules.append(r)
        elif r.orient == "v" and min(r.end, y1) - max(r.start, y0) > 1.0:
            rules.append(dataclasses.replace(r, start=max(r.start, y0), end=min(r.end, y1)))
    return Candidate(Rect(c.bbox.x0, y0, c.bbox.x1, y1), c.source, tuple(rules))


def trim_margins(cands: Sequence[Candidate], lines: Sequence[Line], counts: Sequence[int],
                 said: list[TableRegion], segs: Sequence[Segment] | None = None) -> list[Candidate]:
    """``cands`` with each ruled grid's title rows and note rows cut off (told in ``said``);
    with ``segs`` (the lines' pieces) a row's lines count their pieces inside the grid."""
    out = []
    for c in cands:
        if c.source != "ruled":
            out.append(c)
            continue
        ys, rows = _bands(c, lines, counts, None if segs is None else _inside(c.bbox, len(lines), segs))
        top, bottom = _cut(rows), _cut(rows[::-1])
        if not top and not bottom or top + bottom >= len(rows):
            out.append(c)
            continue
        y0, y1 = ys[top], ys[len(ys) - 1 - bottom]
        if top:
            said.append(TableRegion(Rect(c.bbox.x0, c.bbox.y0, c.bbox.x1, y0), "ruled",
                                    MARGIN.format(where="title", side="above", y=y0)))
        if bottom:
            said.append(TableRegion(Rect(c.bbox.x0, y1, c.bbox.x1, c.bbox.y1), "ruled",
                                    MARGIN.format(where="notes", side="below", y=y1)))
        out.append(_within(c, y0, y1))
    return out
