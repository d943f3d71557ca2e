"""The gutter of a page set in columns: where two blocks side by side need no wide gutter.

A two-column article leaves as little as one font size of white between its text columns
(LaTeX's default column separation is 10 pt). Where a list or a table in one column stands
beside equations or another list in the next, a block's lines read as one grid across the
page's gutter, and the tests of two tables side by side (``sides``: a gutter two and a half
font sizes wide, wider than the sides' own column gaps) do not see it: the page's gutter is
narrow, and a contents list's page numbers stand far from their titles. What tells the
page's own gutter is the page around the block:

- the edges of its text columns: lines of running text (pieces at least ``PROSE_EM`` font
  sizes wide) end at one x (the left column, justified) and start at one x past it (the right
  column), on several lines of the page;
- the block's gutter lies between those edges, and running text of the block itself ends and
  starts there: grown while no line crosses the gutter, the block is the page's columns
  around the list or table, and each column is read on its own.

Only justified columns tell their edge: a ragged left column (Word's default) leaves none, and a
table's column of wrapped descriptions, left-aligned, starts at one x but ends at none.

A table set across both columns of such a page is no block parted there: its caption or its
rows cross the gutter, or its two halves share baselines (``sides`` still asks for rows off
each other's baselines).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Word
from .columns import Line

Pieces = Sequence[list[tuple[float, float]]]

# Why no user would change these: they describe a page's text columns in its own measures.
PAGE_GUTTER_EM = 0.9  # white between a page's text columns, at least, in font sizes
PROSE_EM = 12.0  # a piece of running text in a column is at least this many font sizes wide
EDGE_PT = 1.0  # pieces ending (or starting) within this of one x share a column edge
MIN_EDGE_LINES = 4  # lines of the page on one column edge, at least
MIN_SIDE_LINES = 2  # lines of the block on each of the gutter's edges, at least


def column_edges(words: Sequence[Word], lines: Sequence[Line], pieces: Pieces) -> tuple[list[float], list[float]]:
    """The x (pt) where several lines of running text end (``ends``) and start (``starts``)
    inside the page: the text columns' inner edges. A page in one column has none that a
    block's gutter can lie at (its lines end at the right margin, past every gap)."""
    ends: dict[int, list[float]] = {}
    starts: dict[int, list[float]] = {}
    for ln, ps in zip(lines, pieces, strict=True):
        em = max(words[ln.word_ids[0]].font_size, 1.0) if ln.word_ids else 1.0
        for x0, x1 in ps:
            if x1 - x0 >= PROSE_EM * em:
                ends.setdefault(round(x1), []).append(x1)
                starts.setdefault(round(x0), []).append(x0)
    return _shared(ends), _shared(starts)


def _shared(at: dict[int, list[float]]) -> list[float]:
    """The x values that ``MIN_EDGE_LINES`` pieces share within ``EDGE_PT`` (neighbouring
    whole points pooled)."""
    out: list[float] = []
    for k in sorted(at):
        near = at[k] + at.get(k + 1, [])
        if len(near) >= MIN_EDGE_LINES and not (out and abs(out[-1] - min(near)) <= EDGE_PT):
            out.append(min(near))
    return out


def near_edge(g0: float, g1: float, ends: Sequence[float], starts: Sequence[float]) -> bool:
    """Does the gap [g0, g1] begin at a column's end edge and hold a column's start edge?"""
    return any(abs(e - g0) <= EDGE_PT for e in ends) and any(g0 - EDGE_PT <= s <= g1 + EDGE_PT for s in starts)


def page_gutter(pieces: Pieces, first: int, last: int, gutter: tuple[float, float], em: float,
                edges: tuple[Sequence[float], Sequence[float]]) -> bool:
    """Is the ``gutter`` (x0, x1) of lines ``first``..``last`` (a block no line of which crosses
    it) the page's own: do ``MIN_SIDE_LINES`` lines of the block hold running text ending at
    its left edge, and as many running text starting at its right? ``em``: the block's font
    size; ``edges``: ``column_edges``."""
    g0, g1 = gutter
    end = next((e for e in edges[0] if abs(e - g0) <= EDGE_PT), None)
    start = next((s for s in edges[1] if g0 - EDGE_PT <= s <= g1 + EDGE_PT), None)
    if end is None or start is None:
        return False
    prose = [(x0, x1) for k in range(first, last + 1) for x0, x1 in pieces[k] if x1 - x0 >= PROSE_EM * em]
    return sum(abs(x1 - end) <= EDGE_PT for _, x1 in prose) >= MIN_SIDE_LINES \
        and sum(abs(x0 - start) <= EDGE_PT for x0, _ in prose) >= MIN_SIDE_LINES


def facing_lines(pieces: Pieces, first: int, last: int, gutter: tuple[float, float], em: float) -> list[int]:
    """The lines of a block parted at a page's gutter that hold text on both of its sides and
    no running text: where the two columns' lists or displays were read as one grid."""
    g0, g1 = gutter
    return [k for k in range(first, last + 1)
            if any(x1 <= g0 + EDGE_PT for _, x1 in pieces[k]) and any(x0 >= g1 - EDGE_PT for x0, _ in pieces[k])
            and all(x1 - x0 < PROSE_EM * em for x0, x1 in pieces[k])]
