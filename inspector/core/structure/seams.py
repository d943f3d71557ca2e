"""Column boundaries from cell shading laid tile by tile: where two shaded cells meet.

A word processor shades a table cell by cell, one rectangle each (Word's and LibreOffice's
built-in styles: "Dark List", "Colorful Shading", "Medium Grid 3"), and often draws no rule
between the cells of a row, or only a white one after the first column. The fills stage
joins the touching rectangles of one colour into one fill and keeps where they met side by
side (``Fill.seams``). Such a seam, at one x on several text lines of a ruled region and
through no word, is the edge of the cells the producer laid out: a column boundary the
drawing does not show, taken as a rule of its fill (``Rule.fill``) over the seam's height.
A seam beside one line only (a single shaded row cut in two) or through a word (a
background drawn in pieces) is none. Coordinates in PDF points.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace

from ..evidence.rules_merge import RuleIndex
from ..geometry import chain_groups
from ..page_marks import Fill, Rule
from ..types import Rect, Word
from .columns import Line
from .region import RegionEvidence

MIN_LINES = 2  # text lines beside a seam before it is a column boundary: one line is a split band, not a grid
Seam = tuple[float, float, float, int, int]  # x, y0, y1, fill id, fill grey


def with_seams(ev: RegionEvidence, lines: Sequence[Line]) -> tuple[RegionEvidence, frozenset[float]]:
    """``ev`` with a rule at each seam of its shading (``tile_seams``) where no vertical rule
    lies already, and the x of those rules (their boundaries' reason). Regions of rules
    (``ruled``, ``horizontal_rules``) only: aligned text has no cells drawn to part."""
    if ev.cand.source not in ("ruled", "horizontal_rules"):
        return ev, frozenset()
    drawn = [r.pos for r in ev.cand.rules if r.orient == "v"]
    new = [r for r in tile_seams(ev.fills, ev.box, ev.words, ev.ids, lines, ev.snap)
           if all(abs(r.pos - x) > ev.snap for x in drawn)]
    if not new:
        return ev, frozenset()
    cand = replace(ev.cand, rules=(*ev.cand.rules, *new))
    return replace(ev, cand=cand, rules=RuleIndex(cand.rules)), frozenset(r.pos for r in new)


def beside_tiles(inner: Sequence[float], tiled: Collection[float], words: Sequence[Word],
                 lines: Sequence[Line]) -> list[float]:
    """Text-gap boundaries ``inner`` with the seams ``tiled`` among them: a text boundary next
    to a seam with a column between them that holds words on fewer than ``MIN_LINES`` of
    ``lines`` gives way to the seam, which shows where the cells meet (a header over a column
    of amounts set flush right, its words standing where the amounts do not)."""
    xs = sorted({*tiled, *inner})
    keep = []
    for k, x in enumerate(xs):
        near = [t for t in xs[max(k - 1, 0):k + 2] if t in tiled and t != x]
        if x in tiled or not any(_held(words, lines, min(x, t), max(x, t)) < MIN_LINES for t in near):
            keep.append(x)
    return keep


def _held(words: Sequence[Word], lines: Sequence[Line], a: float, b: float) -> int:
    """Lines with a word centred in [a, b)."""
    return sum(1 for ln in lines if any(a <= words[i].bbox.cx < b for i in ln.word_ids))


def tile_seams(fills: Sequence[Fill], box: Rect, words: Sequence[Word], ids: Sequence[int],
               lines: Sequence[Line], snap: float) -> list[Rule]:
    """A vertical rule (of the fill, no stroke) over every seam between shading tiles inside
    ``box`` (more than ``snap`` from its sides) that lies beside ``MIN_LINES`` of the region's
    ``lines`` or more and crosses none of its words (``ids`` into ``words``); seams within
    ``snap`` of each other are one boundary, their rules set at its x."""
    found = sorted((x, y0, y1, f.id, f.grey) for f in fills if _overlaps(f.bbox, box) for x, y0, y1 in f.seams
                   if box.x0 + snap < x < box.x1 - snap and y1 > box.y0 and y0 < box.y1)
    out: list[Rule] = []
    for group in chain_groups(found, snap):
        x = sorted(s[0] for s in group)[len(group) // 2]
        beside = sum(1 for ln in lines if any(s[1] <= ln.bbox.cy <= s[2] for s in group))
        if beside >= MIN_LINES and not any(words[i].bbox.x0 < x - snap < x + snap < words[i].bbox.x1 for i in ids):
            out += [Rule("v", x, max(y0, box.y0), min(y1, box.y1), 0.0, "vector", grey, fid)
                    for _, y0, y1, fid, grey in group]
    return out


def _overlaps(a: Rect, b: Rect) -> bool:
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1
