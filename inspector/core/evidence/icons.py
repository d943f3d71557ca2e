"""A column of pictures: small pictures one per row under a header word are a column's cells.

A report's status column (traffic lights, check marks, arrows placed as images) holds one small
picture per row and no text but its header. Detection reads words: without them the column has
nothing in it, so it vanished and its header joined the neighbour's column ("2022 Progress
Status"). Such pictures are given to detection as words of no text (``Word.text`` ""): each
occupies its slot, its cell's text stays empty, and exporters write an empty cell as they write any.

Only a run of small pictures that reads as a column counts: ``MIN_ICONS`` or more of one size,
centred on one x, each on its own line of the page's text (a word beside it on that line, none
over it), and a header word above the run within ``HEAD_PITCHES`` of its row pitch, on a line of
several cells (a table's header line), with no text between them in the column. A lone icon
beside a paragraph, a logo, a figure, picture bullets under a heading or a picture with text set
over it (a shaded label) stays a picture: no word. Coordinates: page space, pt.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from statistics import median

from ..types import Rect, Word
from .pictures import MIN_SIDE

# Why no user would change these: a status icon is drawn at text size, and a column is a few rows.
MIN_ICON = 4.0  # pt: a smaller picture is a dot or a rule drawn as an image, no cell's content
MAX_ASPECT = 3.0  # longer side over shorter side, at most (a wider picture is a rule or a banner)
MIN_ICONS = 3  # pictures a column needs (two are a pair of icons, not a column)
X_TOL = 3.0  # pt: centres of one column's pictures lie this close in x
SIZE_TOL = 0.3  # share: one column's pictures are of one size, within this share of the median side
HEAD_PITCHES = 2.5  # the header sits at most this many row pitches above the first picture
HEAD_GAP = 1.5  # text heights: a gap this wide on the header's line parts two cells (a word space is a third)
MAX_PICTURES = 400  # pictures on one page beyond which none is looked at (a page tiled with them)
BLOCK = -1  # ``Word.block`` of a picture's word: no text block of the page
WHAT = "a column of pictures"


def is_icon(w: Word) -> bool:
    """``w`` stands for a picture of a column of pictures (made by ``icon_words``)."""
    return w.block == BLOCK and not w.text


def icon_words(pictures: Sequence[Rect], words: Sequence[Word]) -> tuple[Word, ...]:
    """Words of no text for the pictures of ``pictures`` that form a column of pictures among
    ``words`` (the page's text), top to bottom and column by column."""
    if len(pictures) > MAX_PICTURES:
        return ()
    small = [p for p in _unique(pictures) if _small(p)]
    size = median([w.font_size for w in words]) if words else 0.0
    band = _Band(words)
    out: list[Word] = []
    for run in _columns(small):
        run = [p for p in run if not _covered(p, band.near(p)) and _on_a_line(p, band.near(p))]
        if len(run) >= MIN_ICONS and _distinct_rows(run) and _headed(run, words):
            out.extend(Word("", p, font_size=size or p.height, block=BLOCK, baseline=p.y1) for p in run)
    return tuple(out)


class _Band:
    """The page's words sorted by centre y, to fetch those near a picture's height in log time
    (a page of hundreds of pictures and thousands of words is looked at in milliseconds)."""

    def __init__(self, words: Sequence[Word]) -> None:
        self.words = sorted(words, key=lambda w: w.bbox.cy)
        self.cys = [w.bbox.cy for w in self.words]
        self.reach = max((w.bbox.height for w in words), default=0.0) / 2

    def near(self, p: Rect) -> list[Word]:
        """Every word that may overlap ``p``'s height widened by half of it (``_on_a_line``'s band)."""
        pad = p.height / 2 + self.reach
        return self.words[bisect_left(self.cys, p.y0 - pad):bisect_right(self.cys, p.y1 + pad)]


def _unique(pictures: Sequence[Rect]) -> list[Rect]:
    """``pictures`` with one placed twice at the same box (a mask and its image) kept once."""
    seen: dict[tuple[int, int, int, int], Rect] = {}
    for p in pictures:
        seen.setdefault((round(p.x0), round(p.y0), round(p.x1), round(p.y1)), p)
    return list(seen.values())


def _small(p: Rect) -> bool:
    short, long = sorted((p.width, p.height))
    return short >= MIN_ICON and long < MIN_SIDE and long <= MAX_ASPECT * short


def _covered(p: Rect, words: Sequence[Word]) -> bool:
    """A word's centre lies on the picture: the picture is a label's background, its text the content."""
    return any(p.x0 <= w.bbox.cx <= p.x1 and p.y0 <= w.bbox.cy <= p.y1 for w in words)


def _columns(pictures: list[Rect]) -> list[list[Rect]]:
    """``pictures`` grouped by centre x (within ``X_TOL`` of the group's first) and size, each
    group top to bottom."""
    groups: list[list[Rect]] = []
    for p in sorted(pictures, key=lambda r: (r.cx, r.y0)):
        for g in groups:
            side = g[0].height
            if abs(g[0].cx - p.cx) <= X_TOL and abs(p.height - side) <= SIZE_TOL * side:
                g.append(p)
                break
        else:
            groups.append([p])
    return [sorted(g, key=lambda r: r.y0) for g in groups if len(g) >= MIN_ICONS]


def _on_a_line(p: Rect, words: Sequence[Word]) -> bool:
    """A word beside ``p`` (left or right of it) shares its height band, widened by half its
    height: the picture sits in a row of text, not alone between paragraphs."""
    pad = p.height / 2
    return any(w.bbox.y0 < p.y1 + pad and w.bbox.y1 > p.y0 - pad and (w.bbox.x1 <= p.x0 or w.bbox.x0 >= p.x1)
               for w in words)


def _distinct_rows(run: list[Rect]) -> bool:
    """No two pictures of ``run`` (top to bottom) overlap in height: one per row."""
    return all(b.y0 >= a.y1 for a, b in zip(run, run[1:], strict=False))


def _headed(run: list[Rect], words: Sequence[Word]) -> bool:
    """A word over the column's x span sits above its first picture, within ``HEAD_PITCHES``
    row pitches, and no word lies in the column between that word and the last picture."""
    x0, x1 = min(p.x0 for p in run), max(p.x1 for p in run)
    top, bottom = run[0], run[-1]
    inside = [w for w in words if w.bbox.x0 < x1 and w.bbox.x1 > x0]
    if any(top.y0 <= w.bbox.cy <= bottom.y1 for w in inside):
        return False  # text in the column's body: its pictures sit beside that text, not as its cells
    above = [w for w in inside if w.bbox.y1 <= top.y0]
    if not above:
        return False
    head = max(above, key=lambda w: w.bbox.y1)
    pitch = median([b.cy - a.cy for a, b in zip(run, run[1:], strict=False)])
    return top.y0 - head.bbox.y1 <= HEAD_PITCHES * pitch and _header_line(head, words)


def _header_line(head: Word, words: Sequence[Word]) -> bool:
    """``head`` stands in a line of several cells: a word on its line lies ``HEAD_GAP`` text
    heights or more from the phrase ``head`` is in. A heading alone on its line (a section's
    title over picture bullets, a history list's title) heads no column."""
    h = max(head.bbox.height, 1.0)
    line = sorted((w.bbox for w in words if abs(w.bbox.cy - head.bbox.cy) <= h / 2), key=lambda b: b.x0)
    return any(b.x0 - a.x1 >= HEAD_GAP * h for a, b in zip(line, line[1:], strict=False))
