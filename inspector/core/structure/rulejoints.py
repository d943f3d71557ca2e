"""Column boundaries placed where the row rules' strokes meet: a table drawn cell by cell.

InDesign, Word and most table engines stroke each cell's border on its own, so a row rule is
several strokes meeting end to end at the cells' edges (``Rule.joints``, kept when the vector
stage joins them). Where the region's row rules all break at one x, that x is where the cells
the document laid out meet, though no vertical rule is drawn there. A column the text gaps
found (the middle of the white between two columns' text) is moved onto such a joint when
the joint lies in that same white: no piece of text lies between the two, so the words on
either side stay in their columns and the drawn evidence, not the middle of a gap, places the
boundary. A joint through a word, or with text between it and the gap's boundary (other
than a piece the boundary runs through), moves nothing. Coordinates in PDF points.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..geometry import chain_groups
from ..types import Rect, Rule, Word
from .columns import Line, Segment

# Why no user would change this: one rule breaking at an x is a stroke drawn in two (an
# editor's slip, a rule under a spanning label); two or more breaking at one x are the cells'.
MIN_RULES = 2
RULE_JOINTS = ("the row rules are drawn cell by cell, and {n} of them meet end to end here, in the white the text "
               "leaves between two columns (no word across it): the edge of the cells the document laid out, though "
               "no vertical rule is drawn on it; it places the column rather than the middle of the gap")


def joints(rules: Sequence[Rule], box: Rect, snap: float) -> list[tuple[float, int]]:
    """Where ``MIN_RULES`` or more of the horizontal ``rules`` across ``box`` meet end to end
    (``Rule.joints`` within ``snap`` of each other joined) strictly inside it, as (x, rules)."""
    found = sorted((j, k) for k, r in enumerate(rules) if r.orient == "h" and r.joints
                   and box.y0 - snap <= r.pos <= box.y1 + snap for j in r.joints if box.x0 + snap < j < box.x1 - snap)
    out = []
    for group in chain_groups(found, snap):
        n = len({k for _, k in group})
        if n >= MIN_RULES:
            out.append((sorted(j for j, _ in group)[len(group) // 2], n))
    return out


def at_joints(inner: Sequence[float], rules: Sequence[Rule], segs: Sequence[Segment], box: Rect,
              snap: float) -> tuple[list[float], set[float]]:
    """Text-gap boundaries ``inner`` each moved onto the nearest joint of the row rules
    (``joints``) in its white: no piece of ``segs`` runs across the joint, and none lies over any
    part between the two but one across the boundary (``_between``). And the moved ones' new x."""
    found = joints(rules, box, snap)
    if not found:
        return list(inner), set()
    # A piece across a joint keeps every boundary off it: asked once a joint, not once a pair.
    open_ = [j for j, _ in found if not any(s.x0 < j < s.x1 for s in segs)]
    out: list[float] = []
    moved: set[float] = set()
    used: set[float] = set()
    for x in inner:
        j = _nearest_free(open_, used, segs, x)
        if j is None:
            out.append(x)
            continue
        used.add(j)
        out.append(j)
        if j != x:
            moved.add(j)
    return sorted(out), moved


def _nearest_free(open_: Sequence[float], used: set[float], segs: Sequence[Segment], x: float) -> float | None:
    """The joint of ``open_`` nearest ``x`` (at a tie the first of them), not ``used``, with no
    piece between the two (``_between``); None when there is none. By distance, so the pieces
    are looked through for the joints before the nearest free one, not for every joint."""
    for j in sorted(open_, key=lambda j: abs(j - x)):  # a stable sort: ties in the joints' order
        if j not in used and not _between(segs, x, j):
            return j
    return None


def _between(segs: Sequence[Segment], x: float, j: float) -> bool:
    """Does a piece of ``segs`` lie between the boundary at ``x`` and the joint at ``j`` without
    running across ``x``? A piece across ``x`` (a head set left over amounts set right, standing
    in the white of the body's gap: the one line in ten a gap lets cross it) is cut by the
    boundary where it is; at the joint it is whole, in the column the document laid it out in."""
    a, b = min(x, j), max(x, j)
    return any(s.x0 < b and s.x1 > a and not s.x0 < x < s.x1 for s in segs)


# Why no user would change these: a joint on most of a region's row rules is the cells' edge on
# every row; three rules at least, so a table of two rows (a head and a total) is not enough.
NEW_RULES = 3  # row rules meeting at one x that open a column where the text left no column gap
NEW_SHARE = 0.5  # ... and at least this share of the region's row rules
NEW_LINES = 2  # lines holding words on each side of such a joint, within the columns either side
NARROW_JOINT = ("the text leaves only {gap:.1f} pt here, closer than columns.min_gap, yet most row rules break "
                "here and no word runs across: a word processor pads its cells by a point or two, so an amount set "
                "right and the text set left in the next cell stand closer than a column gap")


def in_narrow_gaps(inner: Sequence[float], rules: Sequence[Rule], words: Sequence[Word], lines: Sequence[Line],
                   box: Rect, snap: float) -> tuple[list[float], set[float]]:
    """Column boundaries ``inner`` with a boundary added at each joint of the row rules no word
    runs across (more than ``snap`` on both sides) that ``NEW_RULES`` and ``NEW_SHARE`` of the
    region's row rules meet at, with words on ``NEW_LINES`` lines or more on each side between
    the boundaries around it; and the added x, with those of ``inner`` standing on such a joint
    (the pieces running across them are cut there). A word processor pads a cell by a point or two:
    a right-aligned amount and the left-aligned remark after it stand closer than a column gap,
    but every row rule breaks between them, where the cells meet (pt throughout)."""
    rows = {k for k, r in enumerate(rules) if r.orient == "h" and box.y0 - snap <= r.pos <= box.y1 + snap}
    need = max(NEW_RULES, NEW_SHARE * len(rows))
    xs = sorted(inner)
    added: set[float] = set()
    for j, n in joints(rules, box, snap):
        if n < need or any(w.bbox.x0 < j - snap and w.bbox.x1 > j + snap for ln in lines
                           for w in (words[i] for i in ln.word_ids)):
            continue
        there = [x for x in xs if abs(j - x) <= snap]
        if there:  # a boundary the text gaps found there: the pieces across it are cut there too
            added.add(there[0])
            continue
        lo = max((x for x in xs if x < j), default=box.x0)
        hi = min((x for x in xs if x > j), default=box.x1)
        if _holding(words, lines, lo, j) >= NEW_LINES and _holding(words, lines, j, hi) >= NEW_LINES:
            added.add(j)
    return sorted({*xs, *added}), added


def _holding(words: Sequence[Word], lines: Sequence[Line], a: float, b: float) -> int:
    """Lines with a word wholly inside [a, b] (pt)."""
    return sum(1 for ln in lines if any(a <= words[i].bbox.x0 and words[i].bbox.x1 <= b for i in ln.word_ids))
