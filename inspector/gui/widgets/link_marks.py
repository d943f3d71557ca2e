"""Continuation links' marks: on the page, a clickable label (``LinkLabel``) at a piece's
edge (``edge``); on the thumbnails, the linked tables outlined on each page's
thumbnail, and a bar joining the two pages' thumbnails, or, for a table flowing on into the
next column of its page, a line from the first piece's foot to the second's top on that
page's thumbnail (``gui.links`` owns the links)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionGraphicsItem,
    QStyleOptionViewItem,
    QWidget,
)

from ...core.geometry import Frame
from ...core.multipage.continuation import Continuation
from ...core.reading.document import Document
from ...core.types import Rect, Table
from .thumbnails import THUMB_H, THUMB_W

if TYPE_CHECKING:
    from ..links import Links

# A link's colour by state, on the page and on the thumbnails.
COLOURS = {"proposed": QColor(255, 120, 0), "accepted": QColor(0, 150, 60), "rejected": QColor(140, 140, 140)}
Z_VALUE = 102.0  # a link's edge on the page: above the differences layer


def link_ends(c: Continuation, page: int) -> tuple[bool, ...]:
    """The ends of link ``c`` on 1-based ``page``, each as ``incoming``: False for the first
    piece's foot (outgoing), True for the second piece's top. A link within one page (a
    table flowing on into the next column) has both ends there, outgoing first."""
    return tuple(incoming for incoming, p in ((False, c.prev_page), (True, c.next_page)) if p == page)


class LinkLabel(QGraphicsItem):
    """A link's label at a fixed screen size; a click selects the link. Its tooltip is the label
    and ``tip`` (the link's evidence, ``evidence_tip``)."""

    def __init__(self, text: str, colour: QColor, selected: bool, on_click: Any, above: bool, tip: str = "") -> None:
        super().__init__()
        self.text, self.colour, self.selected, self.on_click, self.above = text, colour, selected, on_click, above
        self.font = QFont()
        self.font.setPointSizeF(9)
        self.font.setBold(selected)
        m = QFontMetricsF(self.font)
        w, h = m.horizontalAdvance(text) + 12, m.height() + 6
        self.rect = QRectF(0, -h if above else 0, w, h)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(Z_VALUE + 1)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(f"{text}\n{tip}" if tip else text)

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-2, -2, 2, 2)

    def keep_inside(self, view: QGraphicsView, page: QRectF, taken: list[QRectF]) -> None:
        """Draw the label leftwards from its anchor (in screen pixels, since its size is fixed
        on screen) as far as it would run past the right edge of ``page`` as ``view`` shows
        it, rotation and zoom included, but never past the page's left edge; then one row
        further out (down, or up for a label above its edge) while it covers a label in
        ``taken`` (screen rectangles, this one's added). At fit zoom a label beside a
        right-hand column's table ran past the page and was cut off, and the two labels at
        the feet of side-by-side pieces covered each other."""
        shown = view.mapFromScene(page).boundingRect()
        at = view.mapFromScene(self.pos())
        w, h = self.rect.width(), self.rect.height()
        over = at.x() + w - (shown.x() + shown.width())
        left = -float(max(0, min(over, at.x() - shown.x())))
        top = -h if self.above else 0.0
        step = -h if self.above else h
        for _ in range(3):
            if not any(QRectF(at.x() + left, at.y() + top, w, h).intersects(t) for t in taken):
                break
            top += step
        taken.append(QRectF(at.x() + left, at.y() + top, w, h))
        if (left, top) != (self.rect.x(), self.rect.y()):
            self.prepareGeometryChange()
            self.rect.moveTo(left, top)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        fill = QColor(self.colour)
        fill.setAlpha(235 if self.selected else 200)
        painter.setPen(QPen(QColor(40, 40, 40) if self.selected else self.colour, 2 if self.selected else 1))
        painter.setBrush(fill)
        painter.drawRoundedRect(self.rect, 4, 4)
        painter.setPen(QColor(255, 255, 255))
        painter.setFont(self.font)
        painter.drawText(self.rect, Qt.AlignmentFlag.AlignCenter, self.text)

    def mousePressEvent(self, event: Any) -> None:
        self.on_click()
        event.accept()


def edge(table: Table, width: float, height: float, top: bool) -> tuple[QPointF, QPointF, QPointF]:
    """The table's top (or bottom) edge as it reads, in page space, and a label anchor."""
    turn = table.grid.turn if table.grid is not None else 0
    fr = Frame(turn, width, height)
    b = fr.rect(table.bbox)
    y = b.y0 if top else b.y1
    pts = [fr.point_back(x, y) for x in (b.x0, b.x1)]
    anchor = fr.point_back(b.x0, y - 3 if top else y + 3)
    return QPointF(*pts[0]), QPointF(*pts[1]), QPointF(*anchor)


def span(c: Continuation) -> str:
    """Where a link runs, for the status bar and the undo history: "page 1 -> 2", or
    "page 1 table 1 -> table 2" within one page (its next column)."""
    if c.prev_page == c.next_page:
        return f"page {c.prev_page} table {c.prev_index + 1} -> table {c.next_index + 1}"
    return f"page {c.prev_page} -> {c.next_page}"


def _decided(c: Continuation) -> list[str]:
    """The evidence that moved the confidence or vetoed the link, each with its weight."""
    return [f"{e.detail} ({'veto' if e.veto else f'{e.weight:+.2f}'})" for e in c.evidence if e.weight or e.veto]


def _considered(c: Continuation) -> list[str]:
    """The evidence looked at that changed nothing (weight 0, no veto): what was set aside on the
    way (a running header laid out as a table, a page number between the pieces)."""
    return [e.detail for e in c.evidence if not e.weight and not e.veto]


CONSIDERED = "considered, changed nothing"  # how the window heads the evidence of weight 0


def evidence_line(c: Continuation) -> str:
    """The link's evidence on one line, for the status bar: what decided it (weights, vetoes), then
    what was considered and changed nothing. A long line is cut at the window's edge: with such
    evidence it opens by counting it, pointing to the label's tooltip, which lists every fact."""
    line = "; ".join(_decided(c)) or "no evidence for or against"
    considered = _considered(c)
    if not considered:
        return line
    count = f"{len(considered)} fact{'s' * (len(considered) > 1)} {CONSIDERED} (all in the label's tooltip)"
    return f"{count}. Decided by: {line}. {CONSIDERED[0].upper()}{CONSIDERED[1:]}: {'; '.join(considered)}"


def evidence_tip(c: Continuation) -> str:
    """The link's evidence for a tooltip, one fact a line: "Decided it:" with weights, then
    ``CONSIDERED``."""
    out = ["Decided it:", *(f"  {d}" for d in _decided(c) or ["nothing for or against"])]
    considered = _considered(c)
    if considered:
        out += [f"{CONSIDERED[0].upper()}{CONSIDERED[1:]}:", *(f"  {d}" for d in considered)]
    return "\n".join(out)


class LinkDelegate(QStyledItemDelegate):
    """Thumbnails with their links: the linked tables outlined, and a bar joining the
    thumbnails of the two pages (at the bottom of the first, the top of the second)."""

    def __init__(self, links: Links) -> None:
        super().__init__(links.window.thumbnails)
        self.links = links

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Any) -> None:
        super().paint(painter, option, index)
        links = self.links
        doc = links.window.session.doc
        if links.scan is None or doc is None or not links.visible:
            return
        page = index.row() + 1
        for c in links.shown():
            ends = link_ends(c, page)
            if not ends:
                continue
            colour = COLOURS[links.state(c)]
            boxes = [self._thumb_box(option, index, doc, links.scan.pieces(c)[1 if e else 0].bbox) for e in ends]
            painter.save()
            painter.setPen(QPen(colour, 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for box in boxes:
                painter.drawRect(box)
            if len(boxes) == 2:
                # Both pieces on this page: the reading path from the first's foot to the
                # top of the next column's piece.
                painter.drawLine(boxes[0].bottomRight(), boxes[1].topLeft())
            else:
                self._bar(painter, option.rect, boxes[0], colour, ends[0])
            painter.restore()

    @staticmethod
    def _bar(painter: QPainter, r: QRect, box: QRect, colour: QColor, incoming: bool) -> None:
        """A bar down the item's left edge from the table to the item's edge that faces the
        other page: the bars of the two thumbnails meet across the gap."""
        painter.setBrush(colour)
        painter.setPen(Qt.PenStyle.NoPen)
        x = r.left() + 1
        y0, y1 = (r.top() - 4, box.center().y()) if incoming else (box.center().y(), r.bottom() + 4)
        painter.drawRect(QRect(x, y0, 4, y1 - y0))
        painter.drawRect(QRect(x, box.center().y() - 1, box.left() - x, 3))

    def _thumb_box(self, option: QStyleOptionViewItem, index: Any, doc: Document, bbox: Rect) -> QRect:
        """``bbox`` (page space) on the thumbnail as the strip draws it: the displayed page
        fitted into THUMB_W x THUMB_H and centred in the item's decoration rect."""
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        widget = self.links.window.thumbnails
        deco = widget.style().subElementRect(QStyle.SubElement.SE_ItemViewItemDecoration, opt, widget)
        w, h, rot = doc.page_size(index.row())
        dw, dh = (h, w) if rot in (90, 270) else (w, h)
        s = min(THUMB_W / dw, THUMB_H / dh)
        ox, oy = deco.center().x() - dw * s / 2, deco.center().y() - dh * s / 2
        pts = [_displayed(x, y, w, h, rot) for x, y in ((bbox.x0, bbox.y0), (bbox.x1, bbox.y1))]
        xs, ys = sorted(p[0] for p in pts), sorted(p[1] for p in pts)
        return QRect(int(ox + xs[0] * s), int(oy + ys[0] * s), max(2, int((xs[1] - xs[0]) * s)),
                     max(2, int((ys[1] - ys[0]) * s)))


def _displayed(x: float, y: float, w: float, h: float, rot: int) -> tuple[float, float]:
    """Unrotated page point -> point on the page as shown (turned ``rot`` clockwise)."""
    if rot == 90:
        return h - y, x
    if rot == 180:
        return w - x, h - y
    if rot == 270:
        return y, w - x
    return x, y


__all__ = ["COLOURS", "Z_VALUE", "LinkDelegate", "LinkLabel", "edge", "link_ends", "span"]
