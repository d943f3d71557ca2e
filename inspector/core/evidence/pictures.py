"""Pictures with labels over them: a chart or a photograph pasted as an image, its labels set on it.

A slide or a report pastes a chart as a picture (a survival curve, a bar chart exported from a
statistics program) and writes its legend, its p-values and its panel's captions as text over
it. Those words line up as cells do (a legend's entries in a column, two panels' labels on the
same lines): a slide of two pictured charts came out as a 6 x 4 table of their labels. On a
born-digital page a picture is no table's: the words over it are its labels. Two things keep a
table drawn over a picture (a rate sheet on a photograph, a picture of a table with its text
layer) out of this: the words over a picture of a figure cover little of it (labels are sparse;
a table's text covers ``MAX_TEXT_COVER`` of its area or more) and keep to a part of it (a
table's text spreads over most of it: ``MAX_TEXT_SPREAD``), and a picture covering most of the
page is the page itself (a scan, a background), never a figure here; pictures that touch are one
(a scan placed as strips or tiles). Coordinates: page space, pt.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..types import Rect, Word
from .figures import Figure

# Why no user would change these: a pictured chart's labels are a few words on a large picture, and a
# picture as large as half the page is the page's background or its scan.
MIN_SIDE = 36.0  # pt: a picture narrower or lower than this is an icon, a logo or a rule drawn as an image
PAGE_SHARE = 0.5  # share of the page's area a figure's picture stays under
MAX_TEXT_COVER = 0.2  # share of the picture's area the words over it cover, at most (a table's text covers more)
MAX_TEXT_SPREAD = 0.5  # share of the picture's area the box around those words covers, at most (labels sit in a
# corner or along a side; a table over a picture, or a picture of one with its text layer, spreads over it)
MAX_PICTURES = 200  # pictures on one page beyond which none is looked at as a figure
WHAT = "a picture and the labels set over it"


def picture_figures(pictures: Sequence[Rect], words: Sequence[Word], width: float, height: float) -> tuple[Figure, ...]:
    """The figure areas of a born-digital page's ``pictures`` (their boxes as placed): each
    picture with one or more words over it (centre inside), sparse enough to be labels."""
    out: list[Figure] = []
    if len(pictures) > MAX_PICTURES:  # a page tiled with pictures: joining them is quadratic, and they are no chart
        return ()
    page = width * height
    for box in _joined(pictures):
        if box.width < MIN_SIDE or box.height < MIN_SIDE or box.area >= PAGE_SHARE * page:
            continue
        over = [w for w in words if box.x0 <= w.bbox.cx <= box.x1 and box.y0 <= w.bbox.cy <= box.y1]
        if over and sum(w.bbox.area for w in over) <= MAX_TEXT_COVER * box.area \
                and Rect.bounding([w.bbox for w in over]).area <= MAX_TEXT_SPREAD * box.area:
            out.append(Figure(box, f"a picture {box.width:.0f} x {box.height:.0f} pt, {len(over)} word(s) over it",
                              margin=0.0, what=WHAT))
    return tuple(out)


TOUCH = 1.0  # pt: pictures this close are pieces of one (tiles, strips)


def _joined(pictures: Sequence[Rect]) -> list[Rect]:
    """``pictures`` with those that touch or overlap joined into their bounding box, until none do."""
    boxes = list(pictures)
    merged = True
    while merged:
        merged = False
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                if boxes[i].expanded(TOUCH).intersection(boxes[j]) is not None:
                    boxes[i] = boxes[i].union(boxes.pop(j))
                    merged = True
                    break
            if merged:
                break
    return boxes
