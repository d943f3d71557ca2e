"""Column heads stacked over several lines above a head rule: header rows, not body rows.

A table's first band, ruled off from its body by the head rule under it, may hold lines that
fill the row ("Over- over- over-" under "But not" and "of the / amount") and lines that fill
other columns than the line above, the shape of rows; read so, each line is a row. Yet column
heads set over two or three lines stack *within their columns*: each column's lines stand one
under the other at the band's bottom
(heads set bottom-aligned on the rule) or its top, and the lines are words, not amounts. The
head rule says they are all header (``stacked_heads``): each column's stack is one cell, and a
header row ends only where a column's stack breaks (text, white, then text again in one
column: a group head's wrapped lines over the column heads, "If the amount / of Form ..."
over "Over-"). Lines over the stacked block that run across a column boundary (a schedule's
title and its sentence) are rows of their own above it, still header. Explain names it
(evidence ``head_stack``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..numbers import is_number
from ..types import Word
from .bandlines import columns_needed, labelled_amounts, word_runs
from .columns import Line

HEAD_AMOUNTS = 3  # a header's words are at most 1/this numbers (years and form line numbers are labels)
MIN_STACK = 2  # lines one column's head must span for the band to hold stacked heads at all
BREAK_WHITE = 1.0  # line heights of white inside one column's stack that break it (an empty line's slot)
HEAD_RUN_WORDS = 4  # words a column head sets on one line at most (a label); more run on as a sentence


@dataclass(frozen=True, slots=True)
class HeadStacks:
    """A head band read as stacked heads: ``first`` the index of the band's first line in the
    stacked block (lines before it run across column boundaries: titles), ``starts`` the indices
    of the block's lines that start a header row (``first`` included)."""

    first: int
    starts: tuple[int, ...]


def header_words(lines: Sequence[Line], words: Sequence[Word]) -> bool:
    """Are ``lines`` words, as a header's are, not amounts: at most 1/``HEAD_AMOUNTS`` of their
    words numbers?"""
    ids = [i for ln in lines for i in ln.word_ids]
    return sum(is_number(words[i].text) for i in ids) * HEAD_AMOUNTS <= len(ids)


def _head_line(line: Line, words: Sequence[Word], xs: Sequence[float]) -> bool:
    """Is the line a line of heads: two runs of words or more (cells' texts, a group head among
    them may span columns), or one run within one column? One run across a column boundary is a
    title or a sentence over the heads."""
    runs = word_runs(line, words)
    return len(runs) >= 2 or not any(runs[0][0].bbox.x0 < x < runs[0][-1].bbox.x1 for x in xs[1:-1])


def _block_start(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float]) -> int:
    """Index of the first line of the run of lines of heads at the band's bottom."""
    k = len(lines)
    while k > 0 and _head_line(lines[k - 1], words, xs):
        k -= 1
    return k


def _group_starts(lines: Sequence[Line], cols: Sequence[set[int]]) -> list[int]:
    """Header rows of a stacked block, read from its last line (the one on the head rule) up:
    a line goes on the row under it unless a column it fills already holds text in that row with
    white between (over ``BREAK_WHITE`` line heights: a line's slot left empty in that column, the
    column's stack broke), and no column's stack runs on across the cut without such white (a
    column whose lines are set at their own leading between the others' keeps its cell whole).
    Returns each row's first line index."""
    starts: list[int] = []
    group: dict[int, int] = {}  # column -> topmost line of the row with text there

    def broken(k: int, under: int) -> bool:
        a, b = lines[k].bbox, lines[under].bbox
        return b.y0 - a.y1 > BREAK_WHITE * min(a.height, b.height)

    def last_above(c: int, k: int) -> int:
        return max((i for i in range(k + 1) if c in cols[i]), default=-1)

    for k in range(len(cols) - 1, -1, -1):
        if any(c in group and group[c] != k + 1 and broken(k, group[c]) for c in cols[k]) \
                and all(last_above(c, k) < 0 or broken(last_above(c, k), u) for c, u in group.items()):
            starts.append(k + 1)
            group = {}
        group.update(dict.fromkeys(cols[k], k))
    starts.append(0)
    return sorted(starts)


def stacked_heads(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float],
                  cols: Sequence[set[int]], header: bool = True) -> HeadStacks | None:
    """The stacked-heads reading of a first band's ``lines`` (``cols``: each line's ``line_cols``)
    ruled off from the body by the head rule under it, None when they are no stacked heads: the
    band's bottom lines each within their columns, two at least, words (at most 1/``HEAD_AMOUNTS``
    numbers, no label beside an amount), some column's head over ``MIN_STACK`` lines or more in one
    header row. Unless the band reads as a header already (``header``: ruled off on top, not all of
    it lines that fill the row), no header row may hold two lines that fill the row (a body's rows
    of words over the only rule, its totals', do; a tall header's wrapped heads may)."""
    if len(xs) < 3 or len(lines) < 2:
        return None
    first = _block_start(lines, words, xs)
    block, bcols = lines[first:], cols[first:]
    if len(block) < 2:
        return None
    if not header_words(block, words) or any(labelled_amounts(ln, words, xs) for ln in block):
        return None
    starts = _group_starts(block, bcols)
    bounds = [*starts, len(block)]
    rows = list(zip(bounds, bounds[1:], strict=False))
    if max(sum(c in bcols[k] for k in range(a, b)) for a, b in rows for c in range(len(xs) - 1)) < MIN_STACK:
        return None
    need = columns_needed(xs)
    if not header and any(sum(len(bcols[k]) >= need for k in range(a, b)) >= 2 for a, b in rows):
        return None
    return HeadStacks(first, tuple(first + s for s in starts))


def group_over(groups: Sequence[Line], heads: Sequence[Line], words: Sequence[Word], xs: Sequence[float]) -> bool:
    """Is the first band ``groups`` a row of group labels over the column heads ``heads`` (the
    next band, ruled off from it): a label of ``groups`` one run of words across a column
    boundary (it spans the columns it groups), and every line of ``heads`` two runs of words or
    more (heads side by side), each a label's few words (``HEAD_RUN_WORDS`` at most, a letter
    among them: no sentence, no leader dots), words, not amounts (``header_words``)? A tax
    table's "If line 40 is—" and "And you are—" over "At least | But less than | Single | ...",
    a full rule between; a form's question over its sub-questions' sentences is none."""
    if not groups or not heads or len(xs) < 3 or not header_words(heads, words):
        return False
    for ln in heads:
        runs = word_runs(ln, words)
        if len(runs) < 2 or any(len(run) > HEAD_RUN_WORDS or not any(c.isalpha() for w in run for c in w.text)
                                for run in runs):
            return False
    return any(run[0].bbox.x0 < x < run[-1].bbox.x1 for ln in groups for run in word_runs(ln, words) for x in xs[1:-1])


def head_under_ends(lines: Sequence[Line], words: Sequence[Word], row_bottom: float) -> bool:
    """Are the ``lines`` of a band's first row (over ``row_bottom``, pt), under column rules'
    ends (``colends``) below a header band, words, not amounts: a label under the heads it
    groups ("Your tax is—"), header too?"""
    first = [ln for ln in lines if ln.bbox.cy < row_bottom]
    return bool(first) and header_words(first, words)
