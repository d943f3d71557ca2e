"""Raster rules, steps 3b and 4: filters that judge a candidate by its neighbours.

Pieces: runs each too short for a rule, with nothing standing on them, in line and with
gaps small beside them, are the steps of one broken hairline and become one rule.
Texture: three or more parallel runs packed within HATCH_GAP are the strips of a shading,
and a run lying over a shading or picture is part of it. Span guard: candidates that touch,
or are parallel, overlapping and close, form a group; a rule must span ``span_guard`` of
its group's extent (then the extent is re-measured from the survivors). A glyph stem or one
underlined word next to a table is not a rule.

All lengths in PDF points.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np

from ..types import Rect, Rule

HATCH_GAP = 4.0  # pt: three or more parallel runs this close are a shading's strips
TOUCH_TOL = 2.0  # pt: candidates this close touch (same group)
GROUP_GAP = 12.0  # pt: parallel overlapping candidates this close share a group
SNAP_TOL = 1.0  # pt: collinear pieces at positions this close ...
JOIN_GAP = 3.0  # pt: ... and at most this far apart are one line for the span guard


TOO_SHORT = "too short"  # the reason a run shorter than the min length is no rule on its own
# The steps of a broken hairline are long beside the gaps between them; the stems of letters
# standing in a column (the same word starting two lines) are not.
STEP_GAP_SHARE = 1 / 3  # a gap bridged is at most this share of the shorter piece
# A hairline about a pixel wide, skewed, survives thresholding only where it runs along a row
# (column) of pixels: dashes with gaps as long as themselves or longer, at any resolution. A
# line thicker than this is not broken that way, and glyph stems are thicker.
HAIRLINE_PX = 3.0  # px: pieces no thicker than this (a pixel, and the fringes a render adds) may be a hairline's dashes
HAIRLINE_GAP_SHARE = 3.0  # a gap between two dashes is at most this many times the shorter one
# Two stems of letters on two lines stand in line with a line's gap between them; a hairline
# crossing more than a line or two leaves more dashes.
MIN_DASHES = 3  # a chain bridging a gap wider than a step's holds this many pieces or more
# A hairline skewed by an angle a runs along a row of pixels once every 1 / tan(a) pixels: its
# dashes (short or rule-long) recur at that period, which the page's measured skew predicts.
# Letters' stems and a row's nil dashes stand where the text puts them, not at that period.
PERIOD_SLACK = 0.2  # share of the period two dashes' centres may be off it
MIN_PERIOD_SKEW = 0.1  # degrees: under this the period is longer than any hairline's gaps


# --- pieces of a rule ---------------------------------------------------------------------

def bridge(pieces: list[tuple[Rule, str, bool]], min_length: float, gap: float, px: float,
           hairline_gap: float = 0.0, skew: float = 0.0, pitch: float = 0.0) -> list[tuple[Rule, str]]:
    """Candidates (rule, why not, clear sides) with the pieces of a broken rule joined.

    Runs too short on their own whose sides are clear, in line (within their thickness and
    a pixel ``px``, points) and at most ``gap`` points apart (and STEP_GAP_SHARE of the
    shorter) form a chain; a chain of two or
    more at least ``min_length`` long is one rule, which replaces them. A black-and-white
    scan breaks a skewed hairline into steps, each shorter than a rule. Pieces no thicker
    than HAIRLINE_PX pixels also bridge gaps up to ``hairline_gap`` points (and
    HAIRLINE_GAP_SHARE of the shorter): the dashes a low-resolution scan leaves of a hairline,
    MIN_DASHES of them or more. With the page's ``skew`` (degrees, the picture already
    straightened by it) thin pieces whose centres stand the skew's period apart (``dash_period``)
    bridge gaps up to ``hairline_gap`` whatever their lengths: one hairline's dashes, even when
    each is long enough to be a rule; ``pitch`` is a pixel of the scan (points; 0: ``px``): a
    300 dpi scan rendered at 150 dpi left its dashes at its own pixels' period. Order is kept,
    the joined rules come last.
    """
    out = [(r, why) for r, why, _ in pieces]
    if gap <= 0 and hairline_gap <= 0:
        return out
    reach = _Reach(gap, hairline_gap, px, min_length, dash_period(skew, pitch or px) if hairline_gap > 0 else 0.0)
    cands = sorted((i for i, (r, why, clear) in enumerate(pieces) if clear and (not why or why.startswith(TOO_SHORT))),
                   key=lambda i: (pieces[i][0].orient, pieces[i][0].start))
    chains: list[list[Rule]] = []
    used: list[list[int]] = []
    near: list[int] = []  # the chains a later piece (they come by start) may still carry on
    for i in cands:
        r = pieces[i][0]
        near = [k for k in near if chains[k][-1].orient == r.orient
                and chains[k][-1].end >= r.start - max(gap, hairline_gap)]
        k = next((k for k in near if _continues(chains[k], r, reach)), -1)
        if k < 0:
            near.append(len(chains))
            chains.append([r])
            used.append([i])
        else:
            chains[k].append(r)
            used[k].append(i)
    ruled = [r for r, why, _ in pieces if not why]
    cut = [part for c, u in zip(chains, used, strict=True) for part in _cut_at_specks(c, u, reach, ruled)]
    joined = [(c, u, ends) for c, u, ends in cut if reach.holds(c)]
    for c, u, ends in cut:  # a rule on its own the cut ended keeps its own piece, marked
        if ends and len(u) == 1 and not out[u[0]][1]:
            out[u[0]] = (dataclasses.replace(c[0], cut=ends), "")
    drop = {i for _, u, _ in joined for i in u}
    return [x for i, x in enumerate(out) if i not in drop] + \
        [(dataclasses.replace(_joined(c), cut=ends), "") for c, _, ends in joined]


@dataclass(frozen=True)
class _Reach:
    """How far pieces bridge: ``gap`` (steps), ``hairline`` (a hairline's dashes), points;
    ``px`` = points per pixel; two pieces each ``min_length`` long or more (rules on their
    own) bridge only steps' gaps: two rules side by side (a spanning header's underlines)
    stay two, unless they stand at ``period`` (points; 0: none), a skewed hairline's."""

    gap: float
    hairline: float
    px: float
    min_length: float
    period: float = 0.0

    def step(self, a: Rule, b: Rule) -> float:
        """The widest gap between pieces ``a`` and ``b`` that a step's bridge takes (points)."""
        return min(self.gap, STEP_GAP_SHARE * min(a.length, b.length))

    def limit(self, a: Rule, b: Rule) -> float:
        """The widest gap allowed between pieces ``a`` and ``b`` (points)."""
        shorter = min(a.length, b.length)
        limit = self.step(a, b)
        dashes = self.hairline > 0 and shorter < self.min_length
        thin = max(a.thickness, b.thickness) <= HAIRLINE_PX * self.px
        if dashes and thin:
            limit = max(limit, min(self.hairline, HAIRLINE_GAP_SHARE * shorter))
        if thin and self.periodic(a, b):
            limit = max(limit, self.hairline)
        return limit

    def periodic(self, a: Rule, b: Rule) -> bool:
        """Do ``a`` and ``b``'s centres stand the skewed hairline's period apart?"""
        spacing = (b.start + b.end - a.start - a.end) / 2
        return self.period > 0 and abs(spacing - self.period) <= PERIOD_SLACK * self.period

    def holds(self, chain: list[Rule]) -> bool:
        """Is ``chain`` one rule: two pieces or more, ``min_length`` long, and MIN_DASHES
        pieces or more when one of its gaps is wider than a step's?"""
        if len(chain) < 2 or chain[-1].end - chain[0].start < self.min_length:
            return False
        wide = any(b.start - a.end > self.step(a, b) for a, b in zip(chain, chain[1:], strict=False))
        return not wide or len(chain) >= MIN_DASHES


def dash_period(skew: float, px: float) -> float:
    """The period (points) of the dashes a hairline skewed by ``skew`` degrees leaves on a
    black-and-white scan of ``px`` points a pixel: one row of pixels every 1 / tan(skew)
    pixels; 0 under MIN_PERIOD_SKEW (no period a hairline gap reaches)."""
    if abs(skew) < MIN_PERIOD_SKEW:
        return 0.0
    return px / math.tan(math.radians(abs(skew)))


def _continues(chain: list[Rule], r: Rule, reach: _Reach) -> bool:
    """Does ``r`` (starting at or after the chain's pieces) carry ``chain`` on?"""
    last, px = chain[-1], reach.px
    if last.orient != r.orient or not -px <= r.start - last.end <= reach.limit(last, r):
        return False
    pos = sum(p.pos * p.length for p in chain) / max(sum(p.length for p in chain), 1e-9)
    return abs(r.pos - pos) <= max(last.thickness, r.thickness) + px


def _cut_at_specks(chain: list[Rule], used: list[int], reach: _Reach,
                   ruled: list[Rule]) -> list[tuple[list[Rule], list[int], tuple[str, ...]]]:
    """``chain`` (with its pieces' indices ``used``) cut where a dash's reach joined two
    segments (runs of pieces a step's gap apart: a rule noise broke) that are each rule-long,
    across a gap the two would not bridge side by side (``_Reach.limit``: a step's, or a
    hairline's at the skew's period), and each ends at a corner: a rule of ``ruled`` across it,
    two different ones. Two tables side by side face each other with their edges; a piece noise
    broke off the start of one's rule is short and reaches back to the other's rule. Each part
    comes with the ends ("start", "end") a cut made (``Rule.cut``: explain names it)."""
    segs = _segments(chain, reach)
    seg_of = [n for n, (a, b) in enumerate(segs) for _ in range(a, b)]
    spans = [dataclasses.replace(chain[a], end=max(p.end for p in chain[a:b])) for a, b in segs]
    cuts = []
    for n in range(1, len(segs)):
        k = segs[n][0]  # the link from piece k - 1 to piece k
        a, b = spans[seg_of[k - 1]], spans[n]
        pieces_long = min(chain[k - 1].length, chain[k].length) >= reach.min_length
        if pieces_long or min(a.length, b.length) < reach.min_length or b.start - a.end <= reach.limit(a, b):
            continue  # judged on the pieces themselves, a short dash's own reach, or a gap they bridge
        ends, starts = _corners(a, a.end, ruled, reach.px), _corners(b, b.start, ruled, reach.px)
        if any(x is not y for x in ends for y in starts):
            cuts.append(k)
    ends_at = [0, *cuts, len(chain)]
    return [(chain[x:y], used[x:y], (*(("start",) if x > 0 else ()), *(("end",) if y < len(chain) else ())))
            for x, y in zip(ends_at, ends_at[1:], strict=False)]


def _corners(r: Rule, at: float, ruled: list[Rule], px: float) -> list[Rule]:
    """The rules of ``ruled`` across ``r`` at ``at`` (points along it): within their and its
    thickness and two pixels ``px`` of that point, and reaching its line."""
    return [c for c in ruled if c.orient != r.orient and abs(c.pos - at) <= c.thickness + r.thickness + 2 * px
            and c.start - 2 * px <= r.pos <= c.end + 2 * px]


def _segments(chain: list[Rule], reach: _Reach) -> list[tuple[int, int]]:
    """Runs [a, b) of ``chain``'s pieces each a step's gap (``_Reach.step``) from the one before."""
    starts = [0] + [k for k in range(1, len(chain))
                    if chain[k].start - chain[k - 1].end > reach.step(chain[k - 1], chain[k])]
    return list(zip(starts, [*starts[1:], len(chain)], strict=True))


def _joined(chain: list[Rule]) -> Rule:
    """One rule along ``chain``: its pieces' length-weighted position, thickness and grey."""
    total = max(sum(p.length for p in chain), 1e-9)

    def mean(v: list[float]) -> float:
        return sum(x * p.length for x, p in zip(v, chain, strict=True)) / total

    return Rule(chain[0].orient, mean([p.pos for p in chain]), chain[0].start, max(p.end for p in chain),
                mean([p.thickness for p in chain]), "raster", int(round(mean([float(p.grey) for p in chain]))),
                pieces=len(chain))


# --- texture ------------------------------------------------------------------------------

def texture(found: list[tuple[Rule, str]], blocks: list[Rect]) -> list[tuple[Rule, str]]:
    """Reject runs that are texture, not rules: strips of a shading (three or more parallel
    runs packed within HATCH_GAP) and anything over a non-uniform block (gradient, picture)."""
    # Only rules and too-thick strips can form a shading; short bits of text never count.
    dense = [i for i, (_, why) in enumerate(found) if why == "" or why.startswith("too thick")]
    hatched = set()
    if dense:
        rules = [found[i][0] for i in dense]
        pos = np.array([r.pos for r in rules])
        close = _overlapping(rules) & (np.abs(pos[:, None] - pos[None]) <= HATCH_GAP)
        group = components(close)
        big = np.bincount(group)[group] >= 3
        hatched = {i for i, h in zip(dense, big, strict=True) if h}
    out = []
    for i, (r, why) in enumerate(found):
        if not why and i in hatched:
            why = "shading (dense parallel runs)"
        elif not why and any(_on_picture(r, b) for b in blocks):
            why = "on a shading or picture"
        out.append((r, why))
    return out


def _overlapping(rules: list[Rule]) -> np.ndarray:
    """Parallel pairs overlapping along their axis by half the shorter one."""
    horiz = np.array([r.orient == "h" for r in rules])
    start = np.array([r.start for r in rules])
    end = np.array([r.end for r in rules])
    overlap = np.minimum(end[:, None], end[None]) - np.maximum(start[:, None], start[None])
    shorter = np.minimum((end - start)[:, None], (end - start)[None])
    pairs: np.ndarray = (horiz[:, None] == horiz[None]) & (overlap >= 0.5 * shorter)
    return pairs


def _on_picture(r: Rule, block: Rect) -> bool:
    """Whether ``r`` runs over (or along the border of) ``block`` for half its length."""
    lo, hi, a, b = ((block.y0, block.y1, block.x0, block.x1) if r.orient == "h"
                    else (block.x0, block.x1, block.y0, block.y1))
    if not lo - TOUCH_TOL <= r.pos <= hi + TOUCH_TOL:
        return False
    return min(r.end, b) - max(r.start, a) >= 0.5 * r.length



# --- span guard ---------------------------------------------------------------------------

def span_guard(rules: list[Rule], guard: float) -> list[bool]:
    """Which ``rules`` span at least ``guard`` of their group's extent along their own axis.

    Groups: rules touching (within TOUCH_TOL) or parallel with overlapping extents and
    positions within GROUP_GAP. A rule's length is that of the line it is a piece of
    (collinear pieces less than JOIN_GAP apart, like the edges of shaded cells in a row).
    The extent is measured on all members, then re-measured on the survivors and every
    member checked again.
    """
    if not rules or guard <= 0:
        return [True] * len(rules)
    boxes = np.array([r.bbox.as_tuple() for r in rules])
    horiz = np.array([r.orient == "h" for r in rules])
    length = _line_lengths(rules, horiz)
    group = _groups(rules, boxes, horiz)
    keep = np.ones(len(rules), bool)
    for _ in range(2):
        span = _extent(boxes, group, keep, horiz)
        keep = length >= guard * span - 1e-6
    return keep.tolist()


def _line_lengths(rules: list[Rule], horiz: np.ndarray) -> np.ndarray:
    pos = np.array([r.pos for r in rules])
    start = np.array([r.start for r in rules])
    end = np.array([r.end for r in rules])
    gap = np.maximum(start[:, None], start[None]) - np.minimum(end[:, None], end[None])
    same = (horiz[:, None] == horiz[None]) & (np.abs(pos[:, None] - pos[None]) <= SNAP_TOL)
    line = components(same & (gap <= JOIN_GAP))
    lo = np.full(len(rules), np.inf)
    hi = np.full(len(rules), -np.inf)
    np.minimum.at(lo, line, start)
    np.maximum.at(hi, line, end)
    extent: np.ndarray = hi[line] - lo[line]
    return extent


def _groups(rules: list[Rule], boxes: np.ndarray, horiz: np.ndarray) -> np.ndarray:
    x0, y0, x1, y1 = (boxes[:, i] for i in range(4))
    touch = ((x0[:, None] - TOUCH_TOL <= x1[None]) & (x0[None] - TOUCH_TOL <= x1[:, None])
             & (y0[:, None] - TOUCH_TOL <= y1[None]) & (y0[None] - TOUCH_TOL <= y1[:, None]))
    pos = np.array([r.pos for r in rules])
    start = np.array([r.start for r in rules])
    end = np.array([r.end for r in rules])
    parallel = ((horiz[:, None] == horiz[None]) & (np.abs(pos[:, None] - pos[None]) <= GROUP_GAP)
                & (start[:, None] <= end[None]) & (start[None] <= end[:, None]))
    return components(touch | parallel)


def components(adjacent: np.ndarray) -> np.ndarray:
    """Connected component id of each node of a symmetric boolean adjacency matrix."""
    parent = list(range(len(adjacent)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in zip(*np.nonzero(np.triu(adjacent, 1)), strict=True):
        parent[root(int(i))] = root(int(j))
    return np.array([root(i) for i in range(len(adjacent))], dtype=np.int64)


def _extent(boxes: np.ndarray, group: np.ndarray, member: np.ndarray, horiz: np.ndarray) -> np.ndarray:
    """Each rule's group extent along the rule's axis, measured on ``member`` rules only."""
    n = len(group)
    lo = np.full((n, 2), np.inf)
    hi = np.full((n, 2), -np.inf)
    np.minimum.at(lo, group[member], boxes[member][:, 0:2])
    np.maximum.at(hi, group[member], boxes[member][:, 2:4])
    size = hi[group] - lo[group]  # columns: x extent, y extent; inf-inf = nan when no member
    span = np.where(horiz, size[:, 0], size[:, 1])
    out: np.ndarray = np.nan_to_num(span, nan=0.0, neginf=0.0, posinf=0.0)
    return out
