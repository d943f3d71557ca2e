"""Paths an opaque rectangle painted after them covers: gone from the page a viewer shows.

A white box pasted over part of a ruled table (a column taken out of a form, a correction, a
"redaction"), a cell's shading painted over the rule it spans: the page's content still holds
the lines under the box, but nothing of them shows, and what is not visible is no evidence.
``coveredtext`` drops the words under such a box; this drops the paths, or cuts them to what
of them shows, and lists what it hid as ``ClippedArt`` (``explain.clipped`` names it).

A cover is one filled rectangle, fully opaque, at least ``COVER_MIN`` across both ways; it
hides what was painted before it (a lower ``seqno``: paths share MuPDF's paint order). A line
is cut where the cover spans its whole stroke width; a thin filled rectangle (a rule) inside a
cover goes, one a cover spans wholly across is cut to the parts beside it, one it covers only a
corner of stays (a part of it shows). A wider fill stays whole: the cover is painted over it and
the fills' stage reads what shows from their order and colours (cut in two, it would leave a gap
between its parts that no one sees: a gutter, a column). Coordinates are points, unrotated page space.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..types import ClippedArt, Rect
from .clip import items_box
from .drawings import Drawing

COVER_MIN = 2.0  # pt: a fill narrower or lower than this covers nothing (rules are filled rectangles too)
EDGE = 0.05  # pt: slack of a cover's reach over a stroke's edge (a cell fill flush with a rule's edge covers it)
THIN = 3.0  # pt: a filled rectangle at most this thick one way is a rule (``vector.max_thickness``'s default)
AXIS = 1e-3  # pt: a line whose ends differ by less than this across runs along the axis
MAX_PAIRS = 1 << 25  # path x cover pairs compared on a page at most (numpy chunks of CHUNK)
CHUNK = 1 << 22
MAX_HITS = 50_000  # path x cover meetings on a page at most (more: nothing is cut)

Item = tuple[Any, ...]
Box = tuple[float, float, float, float]


def uncovered(drawings: list[Drawing]) -> tuple[list[Drawing], list[ClippedArt]]:
    """``drawings`` (in paint order) with what opaque rectangles painted after them cut
    away, and each path cut or hidden so as ``ClippedArt``."""
    if len(drawings) < 2:
        return drawings, []
    covers = _covers(drawings)
    if not covers:
        return drawings, []
    lines = _lines(drawings, covers)
    under = _under(drawings, lines, covers) if lines else {}
    if not under:
        return drawings, []
    out: list[Drawing] = []
    hidden: list[ClippedArt] = []
    for k, d in enumerate(drawings):
        boxes = under.get(k)
        if not boxes:
            out.append(d)
            continue
        items = _cut_items(d, boxes)
        if items == d.items:
            out.append(d)
            continue
        seen = Rect(*items_box(items)) if items else None
        hidden.append(ClippedArt(d.rect, seen, d.stroke is not None and d.fill is None))
        if items and seen is not None:
            out.append(dataclasses.replace(d, items=items, rect=seen))
    return out, hidden


def _covers(drawings: Sequence[Drawing]) -> list[int]:
    """The indices of ``drawings`` that are covers (``_is_cover``'s tests inlined, the one that
    fails most often first: this looks at every path of every page, most of them strokes or
    fills of one rectangle)."""
    return [k for k, d in enumerate(drawings)
            if d.fill is not None and len(d.items) == 1 and d.fill_opacity >= 1.0 and d.seqno >= 0
            and d.items[0][0] == "re" and (r := d.rect).x1 - r.x0 >= COVER_MIN and r.y1 - r.y0 >= COVER_MIN]


def _lines(drawings: Sequence[Drawing], covers: Sequence[int]) -> list[int]:
    """The indices of the paths ``_under`` compares with ``covers``: the cuttable ones
    (``_cuttable``) painted before the last cover (one painted after every cover is under
    none: ``_under`` asks a lower ``seqno``); every cuttable one on a page of more pairs than
    ``MAX_PAIRS`` (which covers ``_under`` keeps there depends on how many paths it compares)."""
    if len(covers) * len(drawings) > MAX_PAIRS:
        return [k for k, d in enumerate(drawings) if _cuttable(d)]
    top = max(drawings[k].seqno for k in covers)
    out: list[int] = []
    for k, d in enumerate(drawings):
        if d.seqno >= top:
            continue
        items = d.items
        if d.stroke is not None:
            out.append(k)
        elif len(items) == 1:  # most fills: one rectangle (a rule, a cell's shading)
            it = items[0]
            if it[0] == "re" and min(it[3] - it[1], it[4] - it[2]) <= THIN:
                out.append(k)
        elif _cuttable(d):
            out.append(k)
    return out


def _is_cover(d: Drawing) -> bool:
    """A filled rectangle, alone in its path, fully opaque, at least ``COVER_MIN`` across both ways."""
    r = d.rect
    return (d.fill is not None and d.fill_opacity >= 1.0 and d.seqno >= 0 and len(d.items) == 1
            and d.items[0][0] == "re" and r.x1 - r.x0 >= COVER_MIN and r.y1 - r.y0 >= COVER_MIN)


def _cuttable(d: Drawing) -> bool:
    """Can a cover cut ``d``: a stroke, or a fill holding a thin rectangle (a rule)?"""
    return d.stroke is not None or any(it[0] == "re" and min(it[3] - it[1], it[4] - it[2]) <= THIN for it in d.items)


def _under(drawings: Sequence[Drawing], lines: list[int], covers: list[int]) -> dict[int, list[Box]]:
    """For each of ``lines`` (indices of cuttable paths) some cover painted after it meets: those
    covers' boxes, in paint order. The largest covers first when the page holds more pairs than
    ``MAX_PAIRS``; none when more than ``MAX_HITS`` meet (a page of thousands of boxes over each
    other: what they cover is left as it is, not cut a thousand times)."""
    cr_all = np.array([drawings[k].rect.as_tuple() for k in covers], dtype=float)
    cs_all = np.array([drawings[k].seqno for k in covers], dtype=np.int64)
    if len(covers) * len(lines) > MAX_PAIRS:  # a page of many filled boxes: the big ones hide most
        area = (cr_all[:, 2] - cr_all[:, 0]) * (cr_all[:, 3] - cr_all[:, 1])
        keep = np.sort(np.argsort(-area)[: max(1, MAX_PAIRS // len(lines))])
        cr_all, cs_all = cr_all[keep], cs_all[keep]
    rows = np.array(lines, dtype=np.int64)
    r = np.array([drawings[k].rect.as_tuple() for k in lines], dtype=float)
    s = np.array([drawings[k].seqno for k in lines], dtype=np.int64)
    out: dict[int, list[Box]] = {}
    hits = 0
    step = max(1, CHUNK // len(lines))
    for at in range(0, len(cr_all), step):
        cr, cs = cr_all[at:at + step], cs_all[at:at + step]
        meet = ((r[:, None, 0] < cr[None, :, 2]) & (cr[None, :, 0] < r[:, None, 2])
                & (r[:, None, 1] < cr[None, :, 3]) & (cr[None, :, 1] < r[:, None, 3]) & (s[:, None] < cs[None, :]))
        found = np.nonzero(meet)
        hits += len(found[0])
        if hits > MAX_HITS:
            return {}
        for k, j in zip(*found, strict=True):
            out.setdefault(int(rows[k]), []).append(tuple(float(v) for v in cr[j]))  # type: ignore[arg-type]
    return out


def _cut_items(d: Drawing, boxes: Sequence[Box]) -> tuple[Item, ...]:
    """``d``'s items less what ``boxes`` cover (a stroke by its width; a stroked rectangle a
    cover reaches into as its four sides); ``d.items`` itself when no cover hides any of it."""
    half = max(d.width, 0.0) / 2 if d.stroke is not None else -1.0  # -1: a fill (``_cut``)
    outline = d.stroke is not None and d.fill is None
    out: list[Item] = []
    changed = False
    for it in d.items:
        start = _sides(it) if outline and it[0] == "re" else [it]
        pieces = start
        for box in boxes:
            pieces = [p for piece in pieces for p in _cut(piece, box, half)]
        if pieces == start:
            out.append(it)
            continue
        changed = True
        out += pieces
    return tuple(out) if changed else d.items


def _sides(it: Item) -> list[Item]:
    """A stroked rectangle's four sides as lines."""
    _, x0, y0, x1, y1 = it
    return [("l", x0, y0, x1, y0), ("l", x1, y0, x1, y1), ("l", x0, y1, x1, y1), ("l", x0, y0, x0, y1)]


def _cut(it: Item, box: Box, half: float) -> list[Item]:
    """``it`` less what ``box`` covers (``half``: half the stroke's width; below 0 for a fill)."""
    bx0, by0, bx1, by1 = box[0] - EDGE, box[1] - EDGE, box[2] + EDGE, box[3] + EDGE
    if half < 0:  # a fill: only its thin rectangles (rules) are cut, never its outline's lines
        half = 0.0
        if it[0] != "re":
            return [it]
    if it[0] == "l":
        _, ax, ay, cx, cy = it
        if abs(ay - cy) <= AXIS and by0 <= ay - half and ay + half <= by1:  # horizontal, its width inside the box
            return [("l", a, ay, b, cy) for a, b in _less(min(ax, cx), max(ax, cx), box[0], box[2])]
        if abs(ax - cx) <= AXIS and bx0 <= ax - half and ax + half <= bx1:
            return [("l", ax, a, cx, b) for a, b in _less(min(ay, cy), max(ay, cy), box[1], box[3])]
        return [it] if not _inside(items_box([it]), (bx0, by0, bx1, by1), half) else []
    if it[0] == "re":
        _, x0, y0, x1, y1 = it
        if min(x1 - x0, y1 - y0) > THIN:  # a fill, no rule: the cover paints over it, its own edges the evidence
            return [it]
        if by0 <= y0 - half and y1 + half <= by1:  # the box spans it top to bottom: the parts left and right
            return [("re", a, y0, b, y1) for a, b in _less(x0, x1, box[0], box[2])]
        if bx0 <= x0 - half and x1 + half <= bx1:
            return [("re", x0, a, x1, b) for a, b in _less(y0, y1, box[1], box[3])]
        return [it]
    return [it] if not _inside(items_box([it]), (bx0, by0, bx1, by1), half) else []


def _less(a: float, b: float, lo: float, hi: float) -> list[tuple[float, float]]:
    """The parts of [a, b] outside [lo, hi]."""
    return [(p, q) for p, q in ((a, min(b, lo)), (max(a, hi), b)) if q > p]


def _inside(r: Box, box: Box, half: float) -> bool:
    return box[0] <= r[0] - half and box[1] <= r[1] - half and r[2] + half <= box[2] and r[3] + half <= box[3]
