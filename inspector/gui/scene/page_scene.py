"""The page scene: the page picture with overlay layers on top.

Scene units are PDF points in unrotated page space, origin top-left: overlay geometry is
the result's geometry unchanged; the view rotates the whole scene for rotated pages.
The picture item is scaled by 72/dpi so any render resolution covers the same rect.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
)

from ...core.types import PageResult, Rect
from ...render.layers import LAYERS
from .layers import OverlayLayer, layer_colour, qrect

SCENE_MARGIN = 12.0  # points of scene around the page (the view can scroll a little past its edges)


class PageScene(QGraphicsScene):
    """One page: ``set_page`` for its size, ``set_picture`` for its render, ``set_result`` for overlays."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setBackgroundBrush(QBrush(QColor(96, 96, 96)))
        self.paper = QGraphicsRectItem()
        self.paper.setBrush(QBrush(Qt.GlobalColor.white))
        self.paper.setPen(QPen(Qt.PenStyle.NoPen))
        self.paper.setZValue(-2)
        self.addItem(self.paper)
        self.picture = QGraphicsPixmapItem()
        self.picture.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.picture.setZValue(-1)
        # Smooth scaling of a big picture on every repaint is costly; cache it at screen size.
        self.picture.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.addItem(self.picture)
        self.picture_dpi = 0
        self.layers: dict[str, OverlayLayer] = {}
        for z, spec in enumerate(LAYERS):
            layer = OverlayLayer(spec, z + 1)
            self.layers[spec.name] = layer
            for item in layer.items:
                self.addItem(item)
        self.highlight = QGraphicsPathItem()
        colour = layer_colour("selection")
        pen = QPen(colour, 3)
        pen.setCosmetic(True)
        self.highlight.setPen(pen)
        fill = QColor(colour)
        fill.setAlpha(70)
        self.highlight.setBrush(QBrush(fill))
        self.highlight.setZValue(100)
        self.addItem(self.highlight)
        self.page_rect = QRectF()
        self.notice = QGraphicsSimpleTextItem()  # "page stopped after 20 s: too complex", on the page
        self.notice.setBrush(QBrush(QColor(160, 30, 30)))
        self.notice.setZValue(101)
        self.notice.setVisible(False)
        self.addItem(self.notice)

    def set_page(self, width: float, height: float) -> None:
        """A new page of ``width`` x ``height`` points: clears picture, overlays and highlight."""
        self.page_rect = QRectF(0, 0, width, height)
        m = SCENE_MARGIN
        self.setSceneRect(self.page_rect.adjusted(-m, -m, m, m))
        self.paper.setRect(self.page_rect)
        self.picture.setPixmap(QPixmap())
        self.picture_dpi = 0
        self.set_notice("")
        self.set_result(None)
        self.set_highlight(None)

    def set_notice(self, text: str) -> None:
        """A line written on the page (why it has no picture or no result); "" removes it."""
        self.notice.setText(text)
        self.notice.setVisible(bool(text))
        if text:
            font = self.notice.font()
            font.setPointSizeF(max(1.0, min(self.page_rect.width(), 2000.0) / 40))
            self.notice.setFont(font)
            box = self.notice.boundingRect()
            self.notice.setPos(self.page_rect.center().x() - box.width() / 2, self.page_rect.top() + 24)

    def set_picture(self, pix: QPixmap, dpi: int) -> None:
        self.picture.setPixmap(pix)
        self.picture.setScale(72.0 / dpi)
        self.picture_dpi = dpi

    def set_result(self, result: PageResult | None) -> None:
        for layer in self.layers.values():
            layer.update(result)

    def set_layer_visible(self, key: str, on: bool) -> None:
        self.layers[key].set_visible(on)

    def visible_layers(self) -> list[str]:
        return [k for k, layer in self.layers.items() if layer.visible]

    def set_highlight(self, box: Rect | None) -> None:
        """Outline ``box`` (the selection), or nothing."""
        path = QPainterPath()
        if box is not None:
            # A rule is a hairline box: widen it so the highlight can be seen.
            pad = 1.5 if min(box.width, box.height) < 2 else 0.0
            path.addRect(qrect(box.expanded(pad)))
        self.highlight.setPath(path)
