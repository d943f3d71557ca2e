"""Words drawn twice over themselves, read once: an invisible copy under the visible text (as
InDesign and OCR layers leave it) or a fake bold drawn again a fraction of a point aside would
put every word twice into its cell. Coordinates are points.
"""

from __future__ import annotations

from ..types import Rect, Word

REPEAT_PT = 1.0  # a word drawn again within this of itself is one word
LIST_MAX = 32  # boxes of one text looked through in a list; more are indexed by place


def without_repeats(words: list[Word]) -> tuple[Word, ...]:
    """``words`` without the second drawing of a word over itself: text drawn twice (an
    invisible copy under the visible one, as InDesign and OCR layers leave, or a fake bold
    drawn again a fraction of a point aside) would put every word of it twice into its cell.
    A text seen again is looked for among the boxes kept of it, in a plain list while it has
    at most ``LIST_MAX`` of them, then near its own corner only (``_Seen``): a page written
    glyph by glyph holds thousands of one-letter words of one text, an ordinary page a few
    drawings of each (where the list is cheaper than the index)."""
    first: dict[str, Rect] = {}  # each text's first box: most texts have one (no list made for them)
    more: dict[str, list[Rect] | _Seen] = {}  # every box kept of a text seen again
    out: list[Word] = []
    keep = out.append
    for w in words:  # plain loops: this runs for every word of every page
        text = w.text
        a = first.get(text)
        if a is None:  # most words: their text's first drawing
            first[text] = w.bbox
            keep(w)
            continue
        seen = more.get(text)
        if seen is None:
            seen = more[text] = [a]
        if isinstance(seen, _Seen):
            if seen.add(w.bbox):
                keep(w)
            continue
        b = w.bbox
        x0, y0, x1 = b.x0, b.y0, b.x1
        for a in seen:
            if abs(a.x0 - x0) <= REPEAT_PT and abs(a.y0 - y0) <= REPEAT_PT and abs(a.x1 - x1) <= REPEAT_PT:
                break
        else:
            seen.append(b)
            keep(w)
            if len(seen) > LIST_MAX:
                more[text] = _Seen(seen)
    return tuple(out)


class _Seen:
    """The boxes kept of one text, by the ``REPEAT_PT`` cell their top-left corner lies in: a box
    within ``REPEAT_PT`` of one (left, top and right) lies in a cell next to its cell."""

    def __init__(self, boxes: list[Rect]) -> None:
        self.cells: dict[tuple[float, float], list[Rect]] = {}
        for b in boxes:
            self._put(b)

    def _put(self, b: Rect) -> None:
        self.cells.setdefault((b.x0 // REPEAT_PT, b.y0 // REPEAT_PT), []).append(b)

    def add(self, b: Rect) -> bool:
        """Keep ``b`` unless a kept box lies within ``REPEAT_PT`` of it (its left, top and right):
        is it new?"""
        x0, y0, x1 = b.x0, b.y0, b.x1
        cx, cy = x0 // REPEAT_PT, y0 // REPEAT_PT
        get = self.cells.get
        for i in (cx - 1, cx, cx + 1):
            for j in (cy - 1, cy, cy + 1):
                for a in get((i, j), ()):
                    if abs(a.x0 - x0) <= REPEAT_PT and abs(a.y0 - y0) <= REPEAT_PT and abs(a.x1 - x1) <= REPEAT_PT:
                        return False
        self._put(b)
        return True
