"""OCR text corrected by its column: a decimal point, or a thousands comma, the scan lost.

A decimal point is the smallest mark on the page. A blurred scan, a heavy JPEG or a coarse
black-and-white one leaves it a faint grey speck or nothing, and Tesseract then reads "162.4"
as "1624" and "(155.5-169.3)" as "(1555-1693)": a number ten times too large, in a cell whose
text no longer matches its neighbours'. The ink alone does not tell a lost point from none;
a table's column does: the numbers of one column write their decimals one way. So a number
whose digits, signs and brackets are laid out as in ``min_like`` or more numbers of its column
save for decimal points that they all place alike (each point between two digits, at the same
count of digits), is read with their points, unless the column writes the number's own way too
nearly as often (a third of the pointed ones or more: a column of counts and amounts).

"Laid out alike" is the number's shape: every digit a ``d``, every dash one ``-`` (a scan reads
an en dash as a hyphen), other characters as they are. Only points are restored; a number
never loses one, and a word holding a letter is no number.

A thousands comma is lost the same way (a comma is a full stop with a pixel of tail: a fax
or a blurred scan leaves nothing of it, and Tesseract reads "4,179" as "4179"): the same rule,
with ``mark=","``, puts back the commas of the column's numbers grouped alike ("4,085",
"4,229" above and below, as wide: the comma's room is there).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from ..types import Rect, Word
from .ocr_commas import same_column

_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-"})
_MARKS = {".": re.compile(r"(?<=\d)\.(?=\d)"),  # a decimal point: a full stop between two digits
          ",": re.compile(r"(?<=\d),(?=\d)")}  # a thousands comma: a comma between two digits
_NUMBER = re.compile(r"[\d.,()\[\]\-\u2013\u2014\u2212+$%*/]*\d[\d.,()\[\]\-\u2013\u2014\u2212+$%*/]*")
POINT_WIDTH = 0.5  # a point's (or a comma's) advance, x a digit's
OUTNUMBERED = 3  # the pointed shape must be this many times as common in the column as the word's own


def shape(text: str, mark: str = ".") -> tuple[str, frozenset[int]]:
    """(the shape of ``text`` without its ``mark`` separators (decimal points, or commas),
    where they stood): digits ``d``, dashes ``-``; a mark's place is the count of shape
    characters before it."""
    points: set[int] = set()
    plain: list[str] = []
    for i, ch in enumerate(text):
        if ch == mark and _MARKS[mark].match(text, i):
            points.add(len(plain))
            continue
        plain.append("d" if ch.isdigit() else ch)
    return "".join(plain).translate(_DASHES), frozenset(points)


def restore_points(words: Sequence[Word], boxes: Sequence[Rect], min_like: int,
                   mark: str = ".") -> tuple[tuple[Word, ...], int]:
    """``words`` with the decimal points (``mark`` ",": the thousands commas) their columns
    (``boxes``: the words' boxes on the straightened page, in the same order) agree on put
    back; and how many words changed. ``min_like`` 0 changes nothing."""
    if min_like <= 0:
        return tuple(words), 0
    shapes = {i: shape(w.text, mark) for i, w in enumerate(words) if _NUMBER.fullmatch(w.text) and not w.turn}
    out, changed = list(words), 0
    for group in _groups(shapes):
        ways = {shapes[i][1] for i in group}
        for i in group:
            s = shapes[i]
            if not any(p > s[1] for p in ways):  # nothing to restore from
                continue
            same = [(j, shapes[j][1]) for j in _column(i, group, boxes)]
            points = _column_points(i, s, same, boxes, min_like)
            if points is not None:
                out[i] = replace(words[i], text=_with_points(words[i].text, points, mark))
                changed += 1
    return tuple(out), changed


def _groups(shapes: dict[int, tuple[str, frozenset[int]]]) -> list[list[int]]:
    """Indices of the numbers (``shapes``: by word index) by shape, points aside; only shapes
    written more than one way. A word is compared with its own shape's numbers only (a page's
    numbers are many)."""
    by: dict[str, list[int]] = {}
    for i, s in shapes.items():
        by.setdefault(s[0], []).append(i)
    return [g for g in by.values() if len({shapes[i][1] for i in g}) > 1]


def _column_points(i: int, s: tuple[str, frozenset[int]], same: list[tuple[int, frozenset[int]]],
                   boxes: Sequence[Rect], min_like: int) -> frozenset[int] | None:
    """Where word ``i`` (shape ``s``) lost decimal points, by the numbers of its column of the
    same shape (``same``: index and points); None when the column does not say so."""
    alike = Counter(p for _, p in same if p > s[1])
    if not alike:
        return None
    points, n = alike.most_common(1)[0]
    pointed = [boxes[j] for j, p in same if p == points]
    if n < min_like or not _one_way([p for _, p in same], points) or not _inside(boxes[i], pointed):
        return None
    least = _least_width([b.width for b in pointed], len(s[0]), len(points), len(points - s[1]))
    # The column's numbers written the word's way and narrower: printed so, not a lost point.
    printed = sum(1 for j, p in same if p == s[1] and boxes[j].width < least)
    return points if boxes[i].width >= least and OUTNUMBERED * printed <= n else None


def _one_way(found: list[frozenset[int]], points: frozenset[int]) -> bool:
    """Do the column's pointed numbers of this shape (``found``: their points) all place their
    points as ``points`` does (or as a part of it: another lost point)? Two ways of pointing one
    shape is no rule."""
    return all(p <= points for p in found)


def _inside(box: Rect, pointed: list[Rect]) -> bool:
    """Does ``box`` stand between two of the ``pointed`` numbers (one above, one below)? A
    column's head (a year over amounts) or its foot (a count under rates) is written its own way."""
    return any(b.cy < box.cy for b in pointed) and any(b.cy > box.cy for b in pointed)


def _least_width(pointed: list[float], chars: int, points: int, lost: int) -> float:
    """The least width of a number that lost ``lost`` of its column's ``points`` points, still
    taking their room, where the column's numbers written with them are ``pointed`` wide
    (``chars`` characters besides the points). A number printed without them is narrower by
    their advances (a point is about half a digit wide): the least is halfway between."""
    full = sorted(pointed)[len(pointed) // 2]
    unit = full / (chars + POINT_WIDTH * points)  # a digit's advance
    return full - 0.5 * POINT_WIDTH * lost * unit


def _with_points(text: str, points: frozenset[int], mark: str = ".") -> str:
    """``text`` with ``mark`` at ``points`` (places counted as in ``shape``)."""
    plain = [ch for i, ch in enumerate(text) if not (ch == mark and _MARKS[mark].match(text, i))]
    return "".join((mark if k in points else "") + ch for k, ch in enumerate(plain))


def _column(i: int, among: list[int], boxes: Sequence[Rect]) -> list[int]:
    """Indices of the words ``among`` in word ``i``'s column: overlapping it across, within
    COLUMN_LINES of its height above or below (``same_column``)."""
    return [j for j in among if j != i and same_column(boxes[i], boxes[j])]


def points_note(changed: int) -> tuple[str, ...]:
    """What explain says when ``changed`` numbers got their decimal points back."""
    if not changed:
        return ()
    return (f"{changed} number(s) OCR read without a decimal point (\"1624\") among numbers of their column "
            "written alike with one (\"162.4\") were read with it: the scan had lost the point (ocr.decimal_points)",)


def lost_commas_note(changed: int) -> tuple[str, ...]:
    """What explain says when ``changed`` numbers got their thousands commas back."""
    if not changed:
        return ()
    return (f"{changed} number(s) OCR read without a thousands comma (\"4179\") among numbers of their column "
            "written alike with one (\"4,085\") were read with it: the scan had lost the comma (ocr.lost_commas)",)
