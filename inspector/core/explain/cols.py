"""Column candidates of a table without drawn column rules: the gaps its text leaves.

A gap that did not become a boundary was too narrow for ``columns.min_gap``, would make a
column with text on too few lines (``columns.min_rows``), or joins two parts of one column
that never share a line. A suggested value is offered only after running the column stage
again with it: the gap becomes a boundary and every kept one stays (a lever that trades one
column for another is none). Positions are in the table's upright frame.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..columns import (
    Line,
    Pieces,
    WordCentres,
    column_boundaries,
    drop_thin_columns,
    merge_complementary,
    segments,
)
from ..params import ColumnParams, Params
from ..types import Grid, Word
from .context import near, value_range
from .model import Evidence, Why

STEP = 0.5  # pt: the column stage's resolution; suggested gaps are multiples of it


@dataclass(frozen=True)
class Region:
    """The text of one table region as the column stage sees it."""

    words: Sequence[Word]
    lines: list[Line]
    pieces: Pieces
    n_lines: int
    x0: float
    x1: float

    def columns(self, cparams: ColumnParams) -> list[float]:
        """Inner boundaries the column stage finds with ``cparams`` (the same three steps)."""
        inner = column_boundaries(self.pieces, self.x0, self.x1, self.n_lines, cparams)
        segs = segments(self.words, self.lines, cparams.min_gap)
        return merge_complementary(drop_thin_columns(inner, segs, cparams.min_rows), self.pieces)


def region_of(g: Grid, centres: WordCentres, cparams: ColumnParams) -> Region | None:
    """``g``'s text (``centres``: the words in ``g``'s frame), or None when it has none."""
    words = centres.words
    ids = centres.inside(g.region)
    if not ids:
        return None
    lines = centres.region_lines(g.region, ids)
    segs = segments(words, lines, cparams.min_gap)
    return Region(words, lines, Pieces.of_words(words, segs), len(lines), g.region.x0, g.region.x1)


def step_above(gap: float) -> float | None:
    """The smallest allowed ``columns.min_gap`` wider than ``gap`` (None above its range)."""
    hi = value_range("columns.min_gap")[1]
    value = (math.floor(gap / STEP) + 1) * STEP
    return value if value <= hi else None


def dropped_columns(g: Grid, region: Region, params: Params) -> tuple[Why, ...]:
    """Gaps in the text of a table without drawn columns that are not boundaries, and why."""
    fine = replace(params.columns, min_gap=STEP, min_rows=1)
    gaps = column_boundaries(region.pieces, region.x0, region.x1, region.n_lines, fine)
    kept = g.xs[1:-1]
    return tuple(_why_dropped(pos, region, params, kept) for pos in gaps if not near(kept, pos))


def _width_at(region: Region, pos: float) -> float:
    """Width of the free interval around ``pos`` (the same projection the column stage uses)."""
    limit = region.n_lines // 10
    covered = list(zip(region.pieces.x0.tolist(), region.pieces.x1.tolist(), strict=True))
    lines_at = region.pieces.line.tolist()
    left = max([b for (a, b) in covered if b <= pos] or [region.x0])
    right = min([a for (a, b) in covered if a >= pos] or [region.x1])
    crossing = len({ln for (a, b), ln in zip(covered, lines_at, strict=True) if a < pos < b})
    return max(0.0, right - left) if crossing <= limit else 0.0


def _joined(region: Region, pos: float, min_gap: float) -> bool:
    """Do most lines read the words on both sides of ``pos`` as one cell's text? A gap under
    half the font size is a word space, whatever ``columns.min_gap`` says."""
    segs = segments(region.words, region.lines, min_gap)
    across = {s.line for s in segs if s.x0 < pos < s.x1}
    return len(across) * 2 > len(region.lines)


WORD_SPACE = "; the gap is no wider than a word space at this type size (half the font size), so the " \
             "words on both sides read as one cell's text"


def _why_dropped(pos: float, region: Region, params: Params, kept: Sequence[float]) -> Why:
    """Why the gap at ``pos`` is no boundary; a suggestion must add it and keep every one of
    the ``kept`` inner boundaries."""
    c = params.columns

    def adds(cparams: ColumnParams) -> bool:
        found = region.columns(cparams)
        return near(found, pos) and all(near(found, x) for x in kept)

    width = _width_at(region, pos)
    ev = (Evidence("text_gap", width),)
    joined = WORD_SPACE if _joined(region, pos, c.min_gap) else ""
    if width < c.min_gap:
        lo = value_range("columns.min_gap")[0]
        top = math.floor(width / STEP) * STEP
        said = f"a {width:.1f} pt gap, narrower than columns.min_gap ({c.min_gap:g} pt)"
        for value in (v for v in (top, top - STEP, top - 2 * STEP) if lo <= v < c.min_gap):
            if adds(replace(c, min_gap=value)):
                return Why("col", pos, False, ev, said, ("columns.min_gap",), ("columns.min_gap", value))
        return Why("col", pos, False, ev, said + joined, ("columns.min_gap",))
    thin = drop_thin_columns(column_boundaries(region.pieces, region.x0, region.x1, region.n_lines, c),
                             segments(region.words, region.lines, c.min_gap), c.min_rows)
    if not near(thin, pos):
        for rows in range(c.min_rows - 1, 0, -1):
            if adds(replace(c, min_rows=rows)):
                return Why("col", pos, False, ev, f"a column beside it would have text on fewer than "
                           f"columns.min_rows ({c.min_rows}) lines", ("columns.min_rows",), ("columns.min_rows", rows))
        return Why("col", pos, False, ev, "a column beside it has text on too few lines" + joined,
                   ("columns.min_rows",))
    return Why("col", pos, False, ev, "the text on its two sides never shares a line: one column aligned two ways")
