"""The page view: zoom, pan, rotation, sharp re-render, hover tooltips, click selection.

The view follows the session (page, result, selection) and keeps the scene in step.
Its transform is rotation x zoom, where zoom 1.0 means one device-independent pixel per
point; the scene itself is never rotated, so overlays stay in unrotated page space.
"""

from __future__ import annotations

import ctypes
import logging
import math
import sys
from collections.abc import Callable

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPixmap, QResizeEvent, QTransform, QWheelEvent
from PySide6.QtWidgets import QGraphicsView, QStyle, QToolTip, QWidget

from ...core.reading.document import Pixels, trim_store
from ..session import Selection, Session
from ..worker import PictureRequest
from .hits import Hit
from .layers import HOVER_KINDS
from .page_scene import SCENE_MARGIN, PageScene
from .pixmaps import RenderCache, pick_dpi, to_qimage

log = logging.getLogger(__name__)

ZOOM_MIN, ZOOM_MAX, ZOOM_STEP = 0.1, 16.0, 1.25
RENDER_DELAY_MS = 120
TRIM_EVERY_PAGES = 8  # empty MuPDF's resource store this often when paging
HIT_TOLERANCE_PX = 3.0
FIT_MARGIN_PX = 24  # a fitted page keeps this much space across (half a side)


def _fitting(space: int, length: float) -> float:
    """The zoom that shows ``length`` points in ``space`` pixels with FIT_MARGIN_PX around it,
    and the whole scene (the page and its SCENE_MARGIN points a side) inside the space: a scene
    wider than the viewport shows a scroll bar (above 100 %, 12 points are more than 12 px)."""
    space = max(10, space)
    return max(ZOOM_MIN, min((space - FIT_MARGIN_PX) / length, (space - 2) / (length + 2 * SCENE_MARGIN)))


def release_memory() -> None:
    """Give back memory that paging leaves behind: MuPDF's resource store, and glibc's
    free lists (two threads allocating leave arenas that are not returned by themselves)."""
    trim_store()
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL("libc.so.6").malloc_trim(0)
        except OSError:
            pass  # not glibc (musl): nothing to trim

PARTIAL_PICTURE = "picture incomplete: the page is too heavy to draw within half its time budget"


class PageView(QGraphicsView):
    """Shows the session's current page; ``fit`` is "width", "page" or "" (fixed zoom)."""

    cursorMoved = Signal(float, float)  # PDF points; NaN when off the page
    zoomChanged = Signal(float)  # zoom factor (1.0 = 100 %)
    pictureRendered = Signal(int)  # dpi of the page picture just installed
    picturePainted = Signal()  # a newly shown page's picture reached the screen (once a page)
    renderFailed = Signal(str)  # one-line reason the page picture could not be made

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.page_scene = PageScene(self)
        self.setScene(self.page_scene)
        self.cache = RenderCache()
        self.zoom = 1.0
        self.rotation = 0
        self.fit = "width"
        self._press: QPoint | None = None
        self._pages_shown = 0
        self._announce = False  # picturePainted is due
        # Other parts describe what they draw (the editing part: the accepted table).
        self.tooltip_providers: list[Callable[[QPointF], str]] = []
        # Overlays are axis-aligned boxes and lines: antialiasing would only slow them down.
        self.setRenderHints(QPainter.RenderHint.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setMouseTracking(True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self._render_timer = QTimer(self)
        self._render_timer.setSingleShot(True)
        self._render_timer.setInterval(RENDER_DELAY_MS)
        self._render_timer.timeout.connect(self.render_picture)
        self._pending: PictureRequest | None = None  # the picture of the page on screen, on its way
        self._bad_pages: dict[tuple[int, int], str] = {}  # (doc id, page): why its picture failed
        session.documentChanged.connect(self._on_document)
        session.pictures.worker.rendered.connect(self._on_rendered)
        session.pictures.worker.failed.connect(self._on_render_failed)
        session.detectFailed.connect(self._on_detect_failed)
        session.documentChanged.connect(self._refit)  # a new file is fitted, whatever the last zoom
        session.pageChanged.connect(self._on_page)
        session.resultChanged.connect(self._on_result)
        session.selectionChanged.connect(self._on_selection)

    # -- session -> scene ---------------------------------------------------------------
    def _refit(self) -> None:
        self.fit = self.fit or "width"

    def _on_document(self) -> None:
        self.cache.clear()
        self._bad_pages.clear()
        self._pending = None

    def _on_page(self, index: int) -> None:
        doc = self.session.doc
        if doc is None:
            return
        try:
            page = doc.page(index)
        except Exception as exc:  # a damaged page tree: say so, keep the window alive
            log.debug("page %d cannot be rendered", index + 1, exc_info=True)
            self.page_scene.set_page(0, 0)
            self.renderFailed.emit(f"page {index + 1} cannot be read: {exc}")
            return
        self.page_scene.set_page(page.width, page.height)
        self._pending = None
        self.rotation = page.rotation
        bad = self._bad_pages.get((self.session.doc_id, index))
        if bad:
            self.page_scene.set_notice(bad)
        self._apply_fit()
        self.render_picture()
        self._announce = True
        self._pages_shown += 1
        if self._pages_shown % TRIM_EVERY_PAGES == 0:
            release_memory()

    def _on_result(self) -> None:
        self.page_scene.set_result(self.session.result)
        self._on_selection()

    def _on_selection(self) -> None:
        sel = self.session.selection
        hits = self.session.hits if sel is not None else None  # built only when needed
        if sel is None or hits is None:
            self.page_scene.set_highlight(None)
            return
        box = hits.hit(sel.kind, sel.index, sel.sub).bbox
        self.page_scene.set_highlight(box)
        self.ensureVisible(QRectF(box.x0, box.y0, box.width, box.height), 40, 40)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._announce and self.page_scene.picture_dpi:
            self._announce = False
            # After this paint is done: what follows builds widgets, not allowed while painting.
            QTimer.singleShot(0, self, self.picturePainted.emit)

    # -- zoom and rotation --------------------------------------------------------------
    def set_zoom(self, zoom: float, fit: str = "") -> None:
        """Zoom to ``zoom`` (1.0 = 100 %); ``fit`` remembers a fit mode kept across resizes."""
        self.fit = fit
        zoom = max(ZOOM_MIN, min(ZOOM_MAX, zoom))
        self.zoom = zoom
        self.setTransform(QTransform().rotate(self.rotation).scale(zoom, zoom))
        self.zoomChanged.emit(zoom)
        if self.page_scene.picture_dpi and self._needed_dpi() != self.page_scene.picture_dpi:
            self._render_timer.start()

    def zoom_by(self, factor: float) -> None:
        self.set_zoom(self.zoom * factor)

    def fit_width(self) -> None:
        self._fit("width")

    def fit_page(self) -> None:
        self._fit("page")

    def _fit(self, mode: str) -> None:
        self.set_zoom(self._fit_zoom(mode), mode)
        if mode == "width":
            self.centerOn(self.page_scene.page_rect.center().x(), 0)
        else:
            self.centerOn(self.page_scene.page_rect.center())

    def _fit_zoom(self, mode: str) -> float:
        """The zoom of fit ``mode``, from the view's size as if it had no scroll bars. A zoom
        read from the viewport changed the bars, the bars changed the viewport, and so on: at a
        size where the fitted page just needed the vertical bar, both bars showed and hid each
        other for ever and the window hung. This depends on the view's size only, so a bar
        that comes or goes asks for the same zoom again: a fixed point."""
        w, h = self._rotated_size()
        frame = 2 * self.frameWidth()
        width, height = self.width() - frame, self.height() - frame
        if mode != "width":
            return min(_fitting(width, w), _fitting(height, h))
        zoom = _fitting(width, w)
        if (h + 2 * SCENE_MARGIN) * zoom > height:  # the vertical bar shows: fit beside it
            bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)
            zoom = _fitting(width - bar, w)
        return zoom

    def show_top_left(self) -> None:
        """Scroll so the displayed page's top-left corner is in view (rotation included)."""
        shown = self.mapFromScene(self.page_scene.page_rect).boundingRect()
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + shown.left() - 12)
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + shown.top() - 12)

    def _apply_fit(self) -> None:
        if self.fit:
            self._fit(self.fit)
        else:
            self.set_zoom(self.zoom)

    def _rotated_size(self) -> tuple[float, float]:
        r = self.page_scene.page_rect
        w, h = max(1.0, r.width()), max(1.0, r.height())
        return (h, w) if self.rotation in (90, 270) else (w, h)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fit and not self.page_scene.page_rect.isEmpty():
            self._fit(self.fit)

    # -- sharp picture ------------------------------------------------------------------
    def _needed_dpi(self) -> int:
        r = self.page_scene.page_rect
        return pick_dpi(72.0 * self.zoom * self.devicePixelRatioF(), r.width(), r.height())

    def render_picture(self) -> None:
        """Install the page picture at the view's current resolution: from the cache, else asked
        of the picture worker (it arrives in ``_on_rendered``; a page too complex to draw is stopped)."""
        doc = self.session.doc
        if doc is None:
            return
        dpi = self._needed_dpi()
        key = (self.session.doc_id, self.session.page_index)
        pix = self.cache.lookup(*key, dpi)
        if pix is not None:
            self.page_scene.set_picture(pix, dpi)
            self.pictureRendered.emit(dpi)
            return
        if key in self._bad_pages:
            return
        if self._pending is not None and (self._pending.doc_id, self._pending.page_index, self._pending.dpi) == (*key, dpi):
            return  # already on its way
        self._pending = self.session.pictures.request(*key, dpi, self.session.params.budget)

    @property
    def picture_pending(self) -> bool:
        """A picture of the page on screen has been asked for and has not come (nor failed) yet."""
        return self._pending is not None

    def _on_rendered(self, req: PictureRequest, px: Pixels) -> None:
        if not req.view:
            return
        pix = QPixmap.fromImage(to_qimage(px))
        self.cache.put(req.doc_id, req.page_index, req.dpi, pix)
        if self._pending is None or req.id != self._pending.id:
            return  # an older picture (or another page's): cached, not shown
        self._pending = None
        self.page_scene.set_picture(pix, req.dpi)
        if not px.complete:
            self.page_scene.set_notice(PARTIAL_PICTURE)
        self.pictureRendered.emit(req.dpi)

    @property
    def render_error(self) -> str:
        """Why the page on screen has no picture ("" when it has one or it is on its way)."""
        return self._bad_pages.get((self.session.doc_id, self.session.page_index), "")

    def _on_render_failed(self, req: PictureRequest, error: str) -> None:
        if not req.view or self._pending is None or req.id != self._pending.id:
            return
        self._pending = None
        self._bad_pages[(req.doc_id, req.page_index)] = error
        self.page_scene.set_notice(error if "too complex" in error else f"page cannot be drawn: {error}")
        self.renderFailed.emit(f"page {req.page_index + 1} cannot be drawn: {error}")

    def _on_detect_failed(self, message: str) -> None:
        if "too complex" in message or "MB" in message:
            self.page_scene.set_notice(message)

    # -- mouse and keys -----------------------------------------------------------------
    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = event.angleDelta().y() / 120.0
            if steps:
                self.zoom_by(ZOOM_STEP ** steps)
            event.accept()
            return
        super().wheelEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(ZOOM_STEP)
        elif key == Qt.Key.Key_Minus:
            self.zoom_by(1 / ZOOM_STEP)
        else:
            super().keyPressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        p = self.mapToScene(event.position().toPoint())
        on_page = self.page_scene.page_rect.contains(p)
        self.cursorMoved.emit(p.x() if on_page else math.nan, p.y() if on_page else math.nan)
        if event.buttons() == Qt.MouseButton.NoButton:
            tip = self.tooltip_at(p)
            if tip:
                QToolTip.showText(event.globalPosition().toPoint(), tip, self.viewport())
            else:
                QToolTip.hideText()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        pos = event.position().toPoint()
        if self._press is not None and (pos - self._press).manhattanLength() <= 4 \
                and event.button() == Qt.MouseButton.LeftButton:
            self.select_at(self.mapToScene(pos))
        self._press = None

    # -- hit testing --------------------------------------------------------------------
    def hover_kinds(self) -> set[str]:
        return {k for key in self.page_scene.visible_layers() for k in HOVER_KINDS.get(key, ())}

    def hits_at(self, p: QPointF) -> list[Hit]:
        hits = self.session.hits
        if hits is None:
            return []
        tol = HIT_TOLERANCE_PX / max(self.zoom, 1e-6)
        return hits.at(p.x(), p.y(), tol, self.hover_kinds())

    def tooltip_at(self, p: QPointF) -> str:
        """Tooltip text for scene point ``p``: a provider's (the editing part describes the
        accepted table there), else the three innermost things under it, each once (a rule
        is hit both as a rule and as a vector rule)."""
        for provider in self.tooltip_providers:
            tip = provider(p)
            if tip:
                return tip
        return "\n".join(list(dict.fromkeys(h.tip for h in self.hits_at(p)))[:3])

    def select_at(self, p: QPointF) -> None:
        """Select the innermost visible thing at scene point ``p`` (or clear the selection)."""
        hits = self.hits_at(p)
        self.session.last_click = (p.x(), p.y())  # what "the table under the click" means (Accept)
        self.session.select(Selection(hits[0].kind, hits[0].index, hits[0].sub) if hits else None)
