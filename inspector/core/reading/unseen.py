"""What the text layer holds and a viewer does not show, as ``UnseenText`` blocks: the words
``coveredtext`` and ``hiddentext`` left out (``rows.hidden_text``), by why, so that the page's
notes, ``explain`` and Why can say how many words went, where and why, and which parameter reads
them again. Coordinates are points, unrotated page space.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..page_marks import UnseenKind
from ..types import Rect, TableRegion, UnseenText, Word

HIDDEN_PARAM = "rows.hidden_text"
HIDDEN_PREFIX = "hidden text: "  # how a page note of unseen text starts
UNSEEN = "hidden text"  # the source ``explain`` gives a region of unseen text (``Rejected.source``)
NOT_VISIBLE = ", left out: not visible, no evidence"  # how a region of unseen text's reason ends
BLOCK_GAP = 12.0  # pt: lines of unseen text this close one over the other are one block (a paragraph)
SIDE_GAP = 120.0  # pt: and this close side by side (a table's columns, set wide apart)
MAX_BLOCKS = 64  # blocks of one kind on a page at most; the rest join the nearest (a page of scattered ghosts)
KINDS: dict[str, str] = {
    "covered": "covered by an opaque box painted after them",
    "invisible": "drawn invisible (render mode 3 or no opacity) over no picture",
    "white": "drawn white on white paper",
    "layer": "in an optional-content layer the document's default view hides",
}


def gone_words(before: Sequence[Word], after: Sequence[Word]) -> list[Word]:
    """The words of ``before`` not kept as they were in ``after`` (left out, or cut to their
    visible characters: ``after`` holds the very objects it kept)."""
    kept = {id(w) for w in after}
    return [w for w in before if id(w) not in kept]


def unseen_blocks(kind: UnseenKind, words: Sequence[Word]) -> list[UnseenText]:
    """``words`` (left out for ``kind``) as blocks of nearby lines, each with its word count."""
    lines: dict[tuple[int, int], tuple[Rect, int]] = {}
    for w in words:
        key = (w.block, w.line)
        box, n = lines.get(key, (w.bbox, 0))
        lines[key] = (box.union(w.bbox), n + 1)
    blocks: list[tuple[Rect, int]] = []
    for box, n in sorted(lines.values(), key=lambda bn: (bn[0].y0, bn[0].x0)):
        near = [k for k, (b, _) in enumerate(blocks) if _near(b, box)]
        if not near and len(blocks) >= MAX_BLOCKS:
            near = [min(range(len(blocks)), key=lambda k: _apart(blocks[k][0], box))]
        if not near:
            blocks.append((box, n))
            continue
        k = near[0]
        blocks[k] = (blocks[k][0].union(box), blocks[k][1] + n)
    return [UnseenText(kind, box, n) for box, n in blocks]


def _near(a: Rect, b: Rect) -> bool:
    """Are ``a`` and ``b`` within ``BLOCK_GAP`` one over the other and ``SIDE_GAP`` side by side?"""
    return max(a.y0, b.y0) - min(a.y1, b.y1) <= BLOCK_GAP and max(a.x0, b.x0) - min(a.x1, b.x1) <= SIDE_GAP


def _apart(a: Rect, b: Rect) -> float:
    return abs(a.cx - b.cx) + abs(a.cy - b.cy)


def describe_unseen(u: UnseenText) -> str:
    """One block in words: how many words, why they are not visible."""
    return f"{u.words} word(s) {KINDS[u.kind]}{NOT_VISIBLE}"


def unseen_notes(unseen: Sequence[UnseenText]) -> tuple[str, ...]:
    """One page note per kind of unseen text: how many words, in how many places, where, and the
    parameter that reads them (none for a hidden layer: a viewer shows them only when a person
    turns the layer on)."""
    out = []
    for kind in KINDS:
        mine = [u for u in unseen if u.kind == kind]
        if not mine:
            continue
        box = Rect.bounding([u.bbox for u in mine])
        where = f"at ({box.x0:.0f}, {box.y0:.0f})-({box.x1:.0f}, {box.y1:.0f}) pt" + \
            (f" in {len(mine)} places" if len(mine) > 1 else "")
        lever = "no parameter shows a hidden layer" if kind == "layer" else f"{HIDDEN_PARAM} off reads them"
        out.append(f"{HIDDEN_PREFIX}{sum(u.words for u in mine)} word(s) {KINDS[kind]} {where}, left out of every "
                   f"table: not visible, no evidence ({lever})")
    return tuple(out)


def unseen_regions(unseen: Sequence[UnseenText]) -> tuple[TableRegion, ...]:
    """Each block of unseen text as a region left out, with why and the parameter that reads it
    (``structure.setaside`` lists what was set aside alike; ``explain`` and Why read them)."""
    return tuple(TableRegion(u.bbox, "aligned", describe_unseen(u), "" if u.kind == "layer" else HIDDEN_PARAM)
                 for u in unseen)
