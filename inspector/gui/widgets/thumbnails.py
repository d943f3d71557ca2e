"""The thumbnails strip: one entry per page, pictures rendered lazily.

A thousand-page document opens at once: the model only renders thumbnails the view asks
for, one per event-loop turn (so scrolling never stalls), and keeps a bounded number.
"""

from __future__ import annotations

import logging
from collections import OrderedDict

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QListView, QWidget

from ...core.reading.document import Pixels
from ..scene.pixmaps import to_qimage
from ..session import Session
from ..worker import PictureRequest

log = logging.getLogger(__name__)

THUMB_W, THUMB_H = 96, 124
MAX_THUMBS = 300

Index = QModelIndex | QPersistentModelIndex


class ThumbnailModel(QAbstractListModel):
    """Pages of the session's document; decoration pixmaps are rendered on demand."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._thumbs: OrderedDict[int, QPixmap] = OrderedDict()
        self._queue: list[int] = []
        self._placeholder = QPixmap(THUMB_W, THUMB_H)
        self._placeholder.fill(QColor(235, 235, 235))
        self._timer = QTimer(self)
        self._timer.setInterval(10)  # leave room for the page view to paint first
        self._timer.timeout.connect(self._render_one)
        # A new document's thumbnails wait until its page is shown: the first render of a
        # process is the slowest, and the page picture is what a person waits for.
        self._waiting = False
        self._asked: PictureRequest | None = None  # the thumbnail on its way from the picture worker
        self._failed: set[int] = set()  # pages whose picture failed (damaged, or over budget)
        session.pictures.worker.rendered.connect(self._on_rendered)
        session.pictures.worker.failed.connect(self._on_failed)
        session.documentChanged.connect(self.reset)
        session.documentShown.connect(self._start)

    def reset(self) -> None:
        self.beginResetModel()
        self._thumbs.clear()
        self._queue.clear()
        self._asked = None
        self._failed.clear()
        self._waiting = True
        self.endResetModel()

    def _start(self) -> None:
        self._waiting = False
        if self._queue:
            self._timer.start()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self.session.page_count

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row = index.row()
        if role == Qt.ItemDataRole.DisplayRole:
            return str(row + 1)
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"Page {row + 1}"
        if role == Qt.ItemDataRole.DecorationRole:
            pix = self._thumbs.get(row)
            if pix is not None:
                self._thumbs.move_to_end(row)
                return pix
            if row not in self._queue and row not in self._failed:
                self._queue.append(row)
                if not self._waiting:
                    self._timer.start()
            return self._placeholder
        return None

    def _render_one(self) -> None:
        """Ask the picture worker for the next thumbnail (one at a time: the page view's pictures
        must not queue behind a whole strip of them)."""
        doc = self.session.doc
        if not self._queue or doc is None:
            self._timer.stop()
            return
        if self._asked is not None:
            return
        row = self._queue.pop()  # the most recently asked for first: what is on screen now
        if row >= doc.page_count:
            return
        try:
            w, h, rotation = doc.page_size(row)
        except Exception:  # a damaged page keeps its grey placeholder; the view says why
            log.debug("thumbnail of a page failed", exc_info=True)
            return
        if rotation in (90, 270):
            w, h = h, w
        dpi = max(1.0, 72.0 * min(THUMB_W / max(w, 1.0), THUMB_H / max(h, 1.0)))
        self._asked = self.session.pictures.request(self.session.doc_id, row, int(round(dpi)),
                                                    self.session.params.budget, view=False)

    def _on_rendered(self, req: PictureRequest, px: Pixels) -> None:
        if req.view or self._asked is None or req.id != self._asked.id:
            return
        self._asked = None
        if req.doc_id != self.session.doc_id or req.page_index >= self.rowCount():
            return
        # A thumbnail shows the page as displayed, as PyMuPDF renders it.
        pix = QPixmap.fromImage(to_qimage(px, displayed=True))
        self._thumbs[req.page_index] = _centred(pix.scaled(THUMB_W, THUMB_H, Qt.AspectRatioMode.KeepAspectRatio,
                                                           Qt.TransformationMode.SmoothTransformation))
        while len(self._thumbs) > MAX_THUMBS:
            self._thumbs.popitem(last=False)
        idx = self.index(req.page_index)
        self.dataChanged.emit(idx, idx, [Qt.ItemDataRole.DecorationRole])

    def _on_failed(self, req: PictureRequest, _error: str) -> None:
        if req.doc_id == self.session.doc_id:
            self._failed.add(req.page_index)  # not asked again: it keeps its grey placeholder
        if not req.view and self._asked is not None and req.id == self._asked.id:
            self._asked = None  # the view says why when the page is shown

    @property
    def pending(self) -> bool:
        """Whether thumbnails the view asked for are still to come (queued or on their way)."""
        return bool(self._queue) or self._asked is not None

    def rendered(self) -> int:
        """How many thumbnails are held (for tests of laziness)."""
        return len(self._thumbs)


class ThumbnailStrip(QListView):
    """Vertical strip of page thumbnails; clicking one goes to that page."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.thumbs = ThumbnailModel(session)
        self.setModel(self.thumbs)
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setFlow(QListView.Flow.TopToBottom)
        self.setWrapping(False)
        self.setIconSize(QSize(THUMB_W, THUMB_H))
        self.setUniformItemSizes(True)
        self.setMovement(QListView.Movement.Static)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setSpacing(4)
        self.setFixedWidth(THUMB_W + 40)
        self.clicked.connect(lambda idx: session.set_page(idx.row()))
        self.activated.connect(lambda idx: session.set_page(idx.row()))
        session.pageChanged.connect(self._on_page)

    def _on_page(self, index: int) -> None:
        idx = self.thumbs.index(index)
        if idx.isValid():
            self.setCurrentIndex(idx)
            self.scrollTo(idx)


def _centred(pix: QPixmap) -> QPixmap:
    """``pix`` centred on a clear THUMB_W x THUMB_H canvas: the list draws a smaller picture
    (a landscape page) at the top of its item, the selection filling the rest, and the link
    marks assume the page centred in the item."""
    if pix.width() == THUMB_W and pix.height() == THUMB_H:
        return pix
    canvas = QPixmap(THUMB_W, THUMB_H)
    canvas.fill(Qt.GlobalColor.transparent)
    painter = QPainter(canvas)
    painter.drawPixmap((THUMB_W - pix.width()) // 2, (THUMB_H - pix.height()) // 2, pix)
    painter.end()
    return canvas
