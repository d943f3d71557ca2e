"""Pale strokes over darker fills: the white cell borders of a shaded table.

A stroke as pale as the paper is invisible on it and makes no rule (``rules_vector``). Drawn
over a fill it contrasts with, it is a visible line: PowerPoint's and Impress's default table
style, Word's and Excel's banded styles paint each cell's shading and then white borders
between the cells. Only the stretches of the stroke lying on fills painted *before* it (a later
fill would cover it) whose grey differs from the stroke's by ``min_contrast`` or more are rules;
each carries the grey that gives its contrast against the fill (``WHITE`` less it), so that
``vector.min_contrast`` judges it as it judges a dark rule on paper.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..types import Rule, fast_rule
from .fills import RawFill

WHITE = 255
MAX_PAIRS = 200_000  # pale pieces x fills looked at on one page (a hostile page may draw thousands)


def pale_over_fills(pale: Sequence[tuple[int, Sequence[Rule]]], raw: Sequence[RawFill],
                    min_contrast: int) -> Iterator[Rule]:
    """The rules of the pale strokes' pieces ``pale`` (each stroke's with the number of ``raw``
    fills painted before it) over those fills, in points; nothing past ``MAX_PAIRS`` comparisons."""
    budget = MAX_PAIRS
    for before, pieces in pale:
        for piece in pieces:
            budget -= before
            if budget < 0:
                return
            yield from _on_fills(piece, raw[:before], min_contrast)


def _on_fills(piece: Rule, fills: Sequence[RawFill], min_contrast: int) -> Iterator[Rule]:
    """The stretches of ``piece`` lying on ``fills`` it contrasts with, joined where they meet."""
    half = piece.thickness / 2
    spans: list[tuple[float, float, int]] = []
    for rect, _rgb, grey in fills:
        contrast = abs(grey - piece.grey)
        if contrast < min_contrast:
            continue
        if piece.orient == "h":
            across, lo, hi = rect.y0 - half <= piece.pos <= rect.y1 + half, max(piece.start, rect.x0), min(piece.end, rect.x1)
        else:
            across, lo, hi = rect.x0 - half <= piece.pos <= rect.x1 + half, max(piece.start, rect.y0), min(piece.end, rect.y1)
        if across and hi > lo:
            spans.append((lo, hi, contrast))
    spans.sort()
    k = 0
    while k < len(spans):
        lo, hi, contrast = spans[k]
        k += 1
        while k < len(spans) and spans[k][0] <= hi:  # fills that meet or overlap: one stretch
            hi, contrast = max(hi, spans[k][1]), min(contrast, spans[k][2])
            k += 1
        yield fast_rule(piece.orient, piece.pos, lo, hi, piece.thickness, "vector", max(0, WHITE - contrast))
