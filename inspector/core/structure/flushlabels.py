"""A group label set flush with one end of its rule, over the columns the rule spans.

Financial statements (Workiva, Acrobat's exports of 10-K tables) set a header's group label
right-aligned over the rule under it, as they set every head over amounts: "Primary
modification type (1)" ends where its rule ends, over four columns whose heads stand under
the rule. ``spans._spanner_joins`` groups the columns under a rule whose label is centred on
it; this one is flush with one end instead. Told from an amount over its sum rule (flush
right too): the label is no number and stands in the header's rows (over the first rule
drawn the table's width, checked by the caller); one line, ending (or starting) within a
line's height of the rule's end (or start): a cell's padding.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..numbers import is_number
from ..types import Rect, Rule
from .region import RegionEvidence


def flush_label(ev: RegionEvidence, rule: Rule, over: Rect) -> bool:
    """Is the text in ``over`` (the row over ``rule``, in the columns it spans) one line of
    words, no number, set flush with the rule's end or start (``flush_with``)?"""
    ids = sorted(ev.centres.inside(over, pad=0.0), key=lambda i: ev.words[i].bbox.x0)
    return flush_with([ev.words[i].bbox for i in ids], " ".join(ev.words[i].text for i in ids), rule.start, rule.end)


def flush_with(boxes: Sequence[Rect], text: str, start: float, end: float) -> bool:
    """Are ``boxes`` (the words of ``text``) one line, no number, set flush with the end (or the
    start) of a rule from ``start`` to ``end`` (pt): their far edge within one text height of
    the rule's, their near edge away from the rule's other end (not centred)?"""
    if not boxes:
        return False
    h = max(b.height for b in boxes)
    if max(b.cy for b in boxes) - min(b.cy for b in boxes) > h / 2:
        return False  # more than one line: a stacked head, read by ``headstacks``
    if is_number(text) or not any(ch.isalpha() for ch in text):
        return False
    left, right = min(b.x0 for b in boxes), max(b.x1 for b in boxes)
    flush_right = abs(end - right) <= h and left - start > h
    flush_left = abs(left - start) <= h and end - right > h
    return flush_right or flush_left
