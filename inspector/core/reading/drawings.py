"""A page's painted paths as rule detection reads them: ``Drawing``s made from PyMuPDF's
``get_cdrawings(extended=True)``, each cut to what of it is visible (``clip``).

Coordinates are points, top-left origin, unrotated page space; grey levels 0-255.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..types import ClippedArt, Rect, fast_rect, settable_twin
from .clip import Scissors, clip_items, items_box


@dataclass(frozen=True, slots=True)
class Drawing:
    """One vector path, reduced to what rule detection needs.

    ``items`` are ("l", x0, y0, x1, y1) lines and ("re", x0, y0, x1, y1) rectangles in
    points; ``stroke``/``fill`` are grey levels 0-255 or None; ``width`` is the stroke
    width in points (0 when the PDF says hairline); opacities are 0-1; ``capped``: the
    stroke's ends are round or square caps, reaching half its width past each end point
    (PDF's default, butt caps, stops at the end points).
    """

    items: tuple[tuple[Any, ...], ...]
    stroke: int | None
    fill: int | None
    width: float
    stroke_opacity: float
    fill_opacity: float
    dashed: bool
    rect: Rect
    fill_rgb: tuple[int, int, int] | None = None  # the fill's colour, 0-255 a channel
    capped: bool = False
    # MuPDF's paint order (get_texttrace's spans share it): what a later fill covers is hidden
    seqno: int = field(default=-1, compare=False)


def visible_drawings(paths: Iterable[dict[str, Any]], width: float, height: float
                     ) -> tuple[list[Drawing], list[ClippedArt]]:
    """The painted ones of ``paths`` (a page's ``get_cdrawings(extended=True)``, the page
    ``width`` x ``height`` pt), each cut to what of it is visible, and every cut or hidden
    one as ``ClippedArt``."""
    reader = DrawingReader(width, height)
    for d in paths:
        reader.take(d)
    return reader.result()


class DrawingReader:
    """``visible_drawings`` a path at a time: ``get_cdrawings(extended=True,
    callback=reader.take)`` hands the paths over one by one, then ``result()``.

    Why not the list: a page's paths come as a few thousand dicts, lists and tuples; all
    alive at once, they set off young collections that walk them again and again (about a
    tenth of the reading). Taken one by one, each is freed once read. Given a callback,
    PyMuPDF no longer merges a fill with the stroke of the same path that follows it (one
    "fs" path in its list): ``take`` does, as PyMuPDF does (the last path is held back until
    the next one shows it was not stroked too).
    """

    def __init__(self, width: float, height: float) -> None:
        self.kept: list[Drawing] = []
        self.hidden: list[ClippedArt] = []
        self._cut = Scissors((0.0, 0.0, width, height))
        self._last: dict[str, Any] | None = None
        self._error: BaseException | None = None  # PyMuPDF swallows a callback's exception
        self.steps: list[int] = []  # the paint-order number of every path handed over, clipped away or not

    def take(self, d: dict[str, Any]) -> None:
        """The next path of ``get_cdrawings``."""
        try:
            step = d.get("seqno")
            if step is not None:
                self.steps.append(step)
            last = self._last
            if (last is not None and d.get("type") == "s" and last.get("type") == "f"
                    and last.get("items") == d.get("items")):
                for k, v in d.items():  # PyDict_Merge without override, as PyMuPDF's list does
                    last.setdefault(k, v)
                last["type"] = "fs"
                return
            self._last = d
            if last is not None:
                self._add(last)
        except BaseException as e:  # noqa: BLE001  # raised again by result()
            self._error = self._error or e

    def result(self) -> tuple[list[Drawing], list[ClippedArt]]:
        """The painted paths kept (cut to what is visible) and the cut or hidden ones."""
        if self._error is not None:
            raise self._error
        if self._last is not None:
            self._add(self._last)
            self._last = None
        return self.kept, self.hidden

    @property
    def clips(self) -> set[tuple[float, float, float, float]]:
        """The visible box of every clip path met so far (x0, y0, x1, y1), each once."""
        return self._cut.seen

    def _add(self, d: dict[str, Any]) -> None:
        box = self._cut.box(d)
        if box is None or d.get("type") not in _PAINTED:
            return
        drawing = _drawing(d)
        r = drawing.rect
        if r.x0 >= box[0] and r.y0 >= box[1] and r.x1 <= box[2] and r.y1 <= box[3]:
            self.kept.append(drawing)  # wholly visible: most paths of most pages
            return
        items = clip_items(drawing.items, box)
        seen = Rect(*items_box(items)) if items else None
        self.hidden.append(ClippedArt(r, seen, drawing.stroke is not None and drawing.fill is None))
        if items and seen is not None:
            self.kept.append(dataclasses.replace(drawing, items=items, rect=seen))


@lru_cache(maxsize=1024)
def _rgb(colour: Any) -> tuple[int, int, int] | None:
    """A PyMuPDF colour (grey, RGB or CMYK, 0-1, a tuple) as RGB 0-255 (asked for every filled
    path; a page has a few colours)."""
    if not colour:
        return None
    n = len(colour)
    if n == 3:
        r, g, b = colour
    elif n == 4:
        c, m, y, k = colour
        r, g, b = (1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)
    else:
        r = g = b = colour[0]
    return int(r * 255 + 0.5), int(g * 255 + 0.5), int(b * 255 + 0.5)


@lru_cache(maxsize=1024)
def _grey(colour: Any) -> int | None:
    """A PyMuPDF colour (grey, RGB or CMYK, 0-1, a tuple) as a grey level 0-255 (luma weights;
    asked for every painted path)."""
    if not colour:
        return None
    n = len(colour)
    if n == 1:
        return int(round(colour[0] * 255))
    if n == 4:  # CMYK
        c, m, y, k = colour
        r, g, b = (1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)
    else:
        r, g, b = colour[:3]
    return int(round((0.299 * r + 0.587 * g + 0.114 * b) * 255))


_PAINTED = frozenset({"f", "s", "fs"})  # path kinds that put ink down (not clips or groups)


def _drawing(d: dict[str, Any]) -> Drawing:
    """A painted path from ``get_cdrawings()``: items as tuples of plain floats."""
    items: list[tuple[Any, ...]] = []
    add = items.append
    for it in d.get("items", ()):
        op = it[0]
        if op == "l":
            (ax, ay), (bx, by) = it[1], it[2]
            add(("l", ax, ay, bx, by))
        elif op == "re":
            x0, y0, x1, y1 = it[1]
            if x0 < x1 and y0 < y1:  # most: in order already (ties go through min/max: -0.0 and 0.0)
                add(("re", x0, y0, x1, y1))
            else:
                add(("re", min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))
        elif op == "qu":  # a quad stands for its bounding box
            xs = [pt[0] for pt in it[1]]
            ys = [pt[1] for pt in it[1]]
            add(("re", min(xs), min(ys), max(xs), max(ys)))
        elif op == "c":  # curves are never rules; keep the chord for bounding only
            add(("c", it[1][0], it[1][1], it[4][0], it[4][1]))
    x0, y0, x1, y1 = d["rect"]
    kind = d.get("type", "")
    key = (kind, d.get("color"), d.get("fill"), d.get("width"), d.get("dashes"), d.get("lineCap"))
    style = _STYLES.get(key)
    if style is None:
        if len(_STYLES) >= _MAX_STYLES:
            _STYLES.clear()
        style = _STYLES[key] = _style(*key)
    # A page has hundreds of paths: made through a settable twin, as the words are (no
    # __dict__, one object a path the collector counts, not two).
    drawing = _DrawingDraft()
    drawing.items = tuple(items)
    drawing.stroke, drawing.fill, drawing.width, drawing.dashed, drawing.fill_rgb, drawing.capped = style
    # not in the style's key: -0.0 and 0.0 are one key and two reprs (a dump tells them apart)
    drawing.stroke_opacity = _opacity(d.get("stroke_opacity"))
    drawing.fill_opacity = _opacity(d.get("fill_opacity"))
    drawing.rect = fast_rect(x0, y0, x1, y1)
    drawing.seqno = d.get("seqno", -1)
    _set(drawing, "__class__", Drawing)
    return drawing  # type: ignore[no-any-return]  # a Drawing since the line above


_Style = tuple[int | None, int | None, float, bool, tuple[int, int, int] | None, bool]
# A path's paint as its fields, per its style's PyMuPDF values (kind, colour, fill, width,
# dashes, line caps): a page has hundreds of paths and a few styles. Keys that compare equal make the
# same fields (a colour's -0.0 and 0.0 make one grey; a width's make 0.0).
_STYLES: dict[tuple[Any, ...], _Style] = {}
_MAX_STYLES = 4096


def _style(kind: str, color: Any, fill: Any, width: Any, dashes: Any, cap: Any = 0) -> _Style:
    """stroke, fill, width, dashed, fill_rgb and capped of a path's style (``Drawing``'s fields);
    ``cap``: PyMuPDF's lineCap, one number or (start, dash, end), 0 for butt caps."""
    filled = "f" in kind
    dashes = dashes or ""
    caps = cap if isinstance(cap, (tuple, list)) else (cap,)
    return (_grey(color) if "s" in kind else None, _grey(fill) if filled else None, float(width or 0.0),
            bool(dashes) and dashes.strip() not in ("[] 0", "[]0", "[ ] 0"), _rgb(fill) if filled else None,
            any(bool(c) for c in caps if c is not None))


_DrawingDraft = settable_twin(Drawing)
_set = object.__setattr__


def _opacity(v: Any) -> float:
    return 1.0 if v is None else float(v)
