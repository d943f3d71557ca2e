"""Line numbers down a page's margin: pleading paper's 1 .. 28, a numbered draft's lines.

Pleading paper prints the numbers 1, 2, 3 ... down its left margin at one pitch, on every
page, whatever the text beside them: a caption block, prose, blank lines. Aligned with the
text's lines they read as a table's first column ("8 ASHLEY MARTIN | Case No."). They are
page furniture, no table's text.

A run of line numbers (``line_numbers``): ``MIN_RUN`` words or more, each an integer one more
than the one above it, aligned on one side (their right or left edges within ``ALIGN`` pt),
stepping down at one pitch (each step within ``PITCH_TOL`` of their median); the outermost
text of the page over their height (no other word's box reaches within ``GAP`` of their
font size of their column, on the side away from the page's edge only); and at least
``EMPTY_SHARE`` of them alone in their slot (their pitch, centred on them: numbered lines
left blank; a table's numbered rows each hold their cells). Coordinates are points, page space.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..types import Word

MIN_RUN = 10  # numbers in a run, at least
ALIGN = 1.5  # pt: the numbers' aligned edges lie this close
PITCH_TOL = 0.2  # share of the median step a step may differ by
GAP = 1.0  # font sizes of white between the numbers' column and the text beside it, at least
EMPTY_SHARE = 0.2  # share of the numbers alone on their line, at least
MAX_NUMBER = 999


def line_numbers(words: Sequence[Word]) -> frozenset[int]:
    """Indices of ``words`` that are line numbers down a margin (see the module)."""
    cands = [i for i, w in enumerate(words) if w.text.isascii() and w.text.isdigit() and w.turn == 0 and 0 < int(w.text) <= MAX_NUMBER]
    if len(cands) < MIN_RUN:
        return frozenset()
    values = {int(words[i].text) for i in cands}
    if not any(all(v + k in values for k in range(1, MIN_RUN)) for v in values if v - 1 not in values):
        return frozenset()  # no MIN_RUN numbers in a row among them: no run can count up by one so far
    out: set[int] = set()
    for group in [*_aligned(words, cands, _right), *_aligned(words, cands, _left)]:
        run = _longest_run(words, group)
        if len(run) >= MIN_RUN and _outermost(words, run) and _blank_share(words, run) >= EMPTY_SHARE:
            out.update(run)
    return frozenset(out)


def _right(w: Word) -> float:
    return w.bbox.x1


def _left(w: Word) -> float:
    return w.bbox.x0


def _aligned(words: Sequence[Word], cands: list[int], key: Callable[[Word], float]) -> list[list[int]]:
    """``cands`` grouped by ``key`` (a word's right or left x) within ``ALIGN`` pt, each in reading order down."""
    by_x = sorted(cands, key=lambda i: key(words[i]))
    groups: list[list[int]] = []
    for i in by_x:
        if groups and key(words[i]) - key(words[groups[-1][0]]) <= ALIGN:
            groups[-1].append(i)
        else:
            groups.append([i])
    return [sorted(g, key=lambda i: words[i].bbox.cy) for g in groups if len(g) >= MIN_RUN]


def _longest_run(words: Sequence[Word], group: list[int]) -> list[int]:
    """The longest stretch of ``group`` (top down) counting up by one at an even pitch."""
    best: list[int] = []
    run = group[:1]
    for i in group[1:]:
        if int(words[i].text) == int(words[run[-1]].text) + 1 and _even([*run, i], words):
            run.append(i)
        else:
            best = max(best, run, key=len)
            run = [i]
    return max(best, run, key=len)


def _even(run: list[int], words: Sequence[Word]) -> bool:
    if len(run) < 3:
        return True
    steps = np.diff([words[i].bbox.cy for i in run])
    mid = float(np.median(steps))
    return mid > 0 and bool(np.all(np.abs(steps - mid) <= PITCH_TOL * mid))


def _outermost(words: Sequence[Word], run: list[int]) -> bool:
    """Is the run the outermost text over its height: every other word there wholly to one side
    of its column, ``GAP`` font sizes off, the same side for all?"""
    x0 = min(words[i].bbox.x0 for i in run)
    x1 = max(words[i].bbox.x1 for i in run)
    gap = GAP * max(words[i].font_size for i in run)
    y0, y1 = words[run[0]].bbox.y0, words[run[-1]].bbox.y1
    mine = set(run)
    beside = [w.bbox for i, w in enumerate(words) if i not in mine and y0 <= w.bbox.cy <= y1]
    return all(b.x0 >= x1 + gap for b in beside) or all(b.x1 <= x0 - gap for b in beside)


def _blank_share(words: Sequence[Word], run: list[int]) -> float:
    """The share of the run's numbers whose whole slot (their pitch, centred on them) holds no
    other word's centre: a blank numbered line. A table's numbered row holds its cells there,
    whatever their lines' heights beside the number."""
    mine = set(run)
    others = sorted(w.bbox.cy for i, w in enumerate(words) if i not in mine)
    half = float(np.median(np.diff([words[i].bbox.cy for i in run]))) / 2
    alone = 0
    for i in run:
        cy = words[i].bbox.cy
        k = int(np.searchsorted(others, cy - half))
        alone += not (k < len(others) and others[k] <= cy + half)
    return alone / len(run)
