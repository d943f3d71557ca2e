"""Running prose set in columns is no table: text that flows across a grid's row boundaries.

Three columns of justified prose line up as well as a borderless table: every line leaves
the gutters empty, and a paragraph break in one column (a line filling other columns than
the one above) reads as a new row. What tells them apart is how the text runs on. In prose a
full line (the next word did not fit: the room left at its column's right edge is narrower
than the next line's first word) goes on in lower case on the next line at the column's
own line pitch, across the would-be row boundary. A table's row boundary lies between two
cells: the line above ends its cell (short, or with sentence punctuation) or the line below
starts a new one (a capital, a number), or a wider gap parts them. A grid of running text
(most pieces three or more words, ``beside.running_text``) whose row boundaries are mostly
crossed by such flowing lines is prose, not a table.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Grid, Word
from .beside import flows, running_text
from .columns import Line, Segment

# Why no user would change this: it describes the page's own line setting.
MIN_RUNNING = 0.5  # share of the grid's pieces of text that are running text, at least


def flowing_rows(grid: Grid, words: Sequence[Word], lines: Sequence[Line], segs: Sequence[Segment]) -> tuple[int, int]:
    """(row boundaries crossed by flowing text, inner row boundaries) of ``grid``; (0, n)
    when its text is not mostly running text. ``segs``: the region's pieces of lines."""
    inner = grid.ys[1:-1]
    if not inner or not segs or sum(running_text(s, words) for s in segs) < MIN_RUNNING * len(segs):
        return 0, len(inner)
    crossed: set[int] = set()
    for c in range(grid.n_cols):
        a, b = grid.xs[c], grid.xs[c + 1]
        col = sorted((s for s in segs if a <= (s.x0 + s.x1) / 2 < b), key=lambda s: lines[s.line].baseline)
        for up, down in flows(col, words, lines):
            crossed.update(k for k, y in enumerate(inner) if lines[up.line].bbox.cy < y < lines[down.line].bbox.cy)
    return len(crossed), len(inner)
