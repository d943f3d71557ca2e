"""Overlay layers: what each one draws from a :class:`PageResult`, in the colours and with the
shortcuts of the one layer table (``inspector.render.layers``).

Each non-interactive layer is one or two ``QGraphicsPathItem``s (one path of thousands of
word boxes paints far faster than thousands of items). Scene units are PDF points, so
the geometry is copied from the result unchanged. Pens are cosmetic: lines stay one or
two pixels wide at any zoom.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem

from ...core.geometry import cell_boxes
from ...core.types import PageResult, Rect, Rule
from ...render.layers import COLOURS, LAYER_NAMES, Layer

LAYER_KEYS = LAYER_NAMES  # the window's layers are the table's, in its order


def layer_colour(key: str) -> QColor:
    """The default colour of colour ``key`` (``render.layers.COLOURS``: the CLI pictures' too)."""
    return QColor(*COLOURS.get(key, (128, 128, 128)))


def _pen(colour: QColor, width: float = 1.5, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, width, style)
    pen.setCosmetic(True)
    return pen


def _fill(colour: QColor, alpha: int) -> QBrush:
    c = QColor(colour)
    c.setAlpha(alpha)
    return QBrush(c)


def qrect(r: Rect) -> QRectF:
    return QRectF(r.x0, r.y0, r.width, r.height)


def rects_path(rects: Iterable[Rect]) -> QPainterPath:
    path = QPainterPath()
    for r in rects:
        path.addRect(qrect(r))
    return path


def rules_path(rules: Iterable[Rule]) -> QPainterPath:
    path = QPainterPath()
    for r in rules:
        line = QLineF(r.start, r.pos, r.end, r.pos) if r.orient == "h" else QLineF(r.pos, r.start, r.pos, r.end)
        path.moveTo(line.p1())
        path.lineTo(line.p2())
    return path


def _cell_boxes(res: PageResult) -> list[Rect]:
    """Every table's cell boxes (spans included), plus the slots of grids no table came from.

    Cells, not grid lines, because cells are what the table is; their boxes are the grid's
    slots, in page space even where a stage worked on turned text.
    """
    boxes = [c.bbox for t in res.tables for c in t.cells]
    owned = [t.grid for t in res.tables if t.grid is not None]
    for g in res.grids:
        if not any(g == o for o in owned):
            boxes.extend(box for _, box in cell_boxes(g))
    return boxes


def _bins_rects(res: PageResult) -> list[Rect]:
    out = []
    for b in res.bins:
        region = res.regions[b.region].bbox if 0 <= b.region < len(res.regions) else Rect(0, 0, res.width, res.height)
        out.append(Rect(b.x0, region.y0, b.x1, region.y1))
    return out


@dataclass(frozen=True)
class Part:
    """One path item of a layer: geometry from the result plus how to paint it.

    ``inputs`` are the result fields the path is made of: when they are unchanged (a cached
    stage, or a re-run that found the same), the path is not rebuilt.
    """

    inputs: Callable[[PageResult], tuple[object, ...]]
    build: Callable[[PageResult], QPainterPath]
    colour: str
    width: float = 1.5
    style: Qt.PenStyle = Qt.PenStyle.SolidLine
    alpha: int = 0  # fill alpha, 0 for no fill


def _on_page(rects: Iterable[Rect], width: float, height: float) -> Iterable[Rect]:
    """``rects`` cut to the page (0..width x 0..height pt); the ones wholly off it are dropped
    (a PDF can place words outside its page: they are not printed, nor drawn here)."""
    for r in rects:
        x0, y0, x1, y1 = max(r.x0, 0.0), max(r.y0, 0.0), min(r.x1, width), min(r.y1, height)
        if x0 < x1 and y0 < y1:
            yield Rect(x0, y0, x1, y1)


def _words(low: bool) -> Callable[[PageResult], QPainterPath]:
    def build(res: PageResult) -> QPainterPath:
        boxes = (w.bbox for i, w in enumerate(res.words) if (i in res.low_confidence) == low)
        return rects_path(_on_page(boxes, res.width, res.height))
    return build


_DASH, _DOT = Qt.PenStyle.DashLine, Qt.PenStyle.DotLine
PARTS: dict[str, tuple[Part, ...]] = {
    "words": (Part(lambda r: (r.words, r.low_confidence), _words(False), "words", 1.0),
              Part(lambda r: (r.words, r.low_confidence), _words(True), "low_confidence", 2.0, alpha=110)),
    "vector_rules": (Part(lambda r: (r.vector_rules,), lambda r: rules_path(r.vector_rules), "vector_rules", 2.0),),
    "raster_rules": (Part(lambda r: (r.raster_rules,), lambda r: rules_path(r.raster_rules), "raster_rules", 2.0,
                          _DASH),),
    "rejected": (Part(lambda r: (r.rejected,), lambda r: rules_path(x.rule for x in r.rejected), "rejected", 2.0,
                      _DOT),),
    "fills": (Part(lambda r: (r.fills,), lambda r: rects_path(f.bbox for f in r.fills), "fills", 1.5, alpha=40),
              Part(lambda r: (r.rejected_fills,), lambda r: rects_path(x.fill.bbox for x in r.rejected_fills),
                   "fills_rejected", 1.0, _DASH)),
    "bins": (Part(lambda r: (r.bins, r.regions), lambda r: rects_path(_bins_rects(r)), "bins", 1.0, alpha=45),),
    "rows": (Part(lambda r: (r.rows,), lambda r: rects_path(b.bbox for b in r.rows), "rows", 1.0, alpha=35),),
    "regions": (Part(lambda r: (r.regions,), lambda r: rects_path(g.bbox for g in r.regions if not g.rejected),
                     "regions", 2.5),
                Part(lambda r: (r.regions,), lambda r: rects_path(g.bbox for g in r.regions if g.rejected),
                     "regions_rejected", 2.0, _DASH)),
    "grids": (Part(lambda r: (r.tables, r.grids), lambda r: rects_path(_cell_boxes(r)), "grids", 1.5),),
    "tags": (Part(lambda r: (r.page, _tags().version), lambda r: rects_path(_tags().cells(r.page)), "tags", 2.0,
                  Qt.PenStyle.DashDotLine),),
}


def _tags():
    from .tags_layer import tag_grids
    return tag_grids()


class OverlayLayer:
    """The path items of one layer. ``update`` takes a new result; paths are rebuilt only
    when the layer is visible and its inputs changed (hidden layers catch up when shown)."""

    def __init__(self, spec: Layer, z: float) -> None:
        self.spec = spec
        self.parts = PARTS[spec.name]
        self.items: list[QGraphicsPathItem] = []
        for part in self.parts:
            item = QGraphicsPathItem()
            colour = layer_colour(part.colour)
            item.setPen(_pen(colour, part.width, part.style))
            item.setBrush(_fill(colour, part.alpha) if part.alpha else QBrush(Qt.BrushStyle.NoBrush))
            item.setZValue(z)
            item.setAcceptHoverEvents(False)
            item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
            self.items.append(item)
        self._result: PageResult | None = None
        self._built: list[tuple[object, ...] | None] = [None] * len(self.parts)
        self.visible = spec.default_on
        self.set_visible(self.visible)

    def update(self, result: PageResult | None) -> None:
        self._result = result
        if self.visible or result is None:
            self._rebuild()

    def _rebuild(self) -> None:
        res = self._result
        for k, (part, item) in enumerate(zip(self.parts, self.items, strict=True)):
            inputs = part.inputs(res) if res is not None else None
            old = self._built[k]
            if inputs is not None and old is not None and _same(inputs, old):
                continue
            item.setPath(part.build(res) if res is not None else QPainterPath())
            self._built[k] = inputs

    def set_visible(self, on: bool) -> None:
        self.visible = on
        if on:
            self._rebuild()
        for item in self.items:
            item.setVisible(on)

    def element_count(self) -> int:
        """Number of drawn shapes (sub-paths) across the layer's items."""
        return sum(_subpaths(item.path()) for item in self.items)


def _same(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """Same inputs: identical objects (a cached stage) or equal ones (a re-run that found the same)."""
    return len(a) == len(b) and all(x is y or x == y for x, y in zip(a, b, strict=True))


def _subpaths(path: QPainterPath) -> int:
    return sum(1 for i in range(path.elementCount()) if path.elementAt(i).isMoveTo())


HOVER_KINDS: dict[str, tuple[str, ...]] = {
    "words": ("word",), "vector_rules": ("vector", "rule"), "raster_rules": ("raster", "rule"),
    "rejected": ("rejected",), "fills": ("fill", "rejected_fill"), "regions": ("region",),
    "grids": ("cell", "table"),
}
