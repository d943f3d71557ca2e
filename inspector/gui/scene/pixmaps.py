"""Page pictures at the view's resolution, in a cache bounded by bytes.

The window's renders are made by the picture worker process (``gui.worker``: a page too
complex to draw is stopped there, not in the GUI); ``RenderCache.get`` renders in this
process and is for tools and tests. Pictures are in unrotated page orientation, like every
coordinate here.
"""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtGui import QImage, QPixmap, QTransform

from ...core.reading.document import Page, Pixels

# dpi steps: re-render only when the needed resolution crosses a step. About 1.2x apart from
# 72 up: a picture is at most that much larger than the screen needs (a 1.4x step made the
# usual first page, fit to width at ~106 dpi, a 144 dpi render: twice the pixels).
DPI_STEPS = (24, 36, 50, 60, 72, 86, 100, 120, 144, 170, 200, 240, 288, 340, 400, 480, 576, 680, 800)
MAX_PIXELS = 16_000_000  # one page picture at most (64 MiB as a 32-bit pixmap)
MAX_SIDE = 32_000  # pixels: Qt's limit for one side of a pixmap is 32,767
CACHE_BYTES = 48 * 1024 * 1024  # about ten pages at a screen's resolution


def pick_dpi(needed: float, width_pt: float, height_pt: float) -> int:
    """Smallest step at or above ``needed`` dpi, capped so the picture stays under MAX_PIXELS."""
    cap = 72.0 * (MAX_PIXELS / max(1.0, width_pt * height_pt)) ** 0.5
    cap = min(cap, 72.0 * MAX_SIDE / max(1.0, width_pt, height_pt))  # a 1 x 99999999 pt page
    dpi = next((s for s in DPI_STEPS if s >= needed), DPI_STEPS[-1])
    return max(1, int(min(max(DPI_STEPS[0], dpi), cap)))


def to_qimage(px: Pixels, displayed: bool = False) -> QImage:
    """A render as a QImage of its own, in unrotated page orientation (``displayed``: as the
    page is shown, turned by its /Rotate). No numpy: the window's first page must not wait for it."""
    fmt = QImage.Format.Format_RGB888 if px.channels == 3 else QImage.Format.Format_Grayscale8
    img = QImage(px.samples, px.width, px.height, px.stride, fmt)
    if px.turns and not displayed:
        return img.transformed(QTransform().rotate(-90 * px.turns))  # a new image: owns its pixels
    return img.copy()  # detach from the samples' buffer


class RenderCache:
    """LRU of page pixmaps keyed by (document id, page index, dpi), bounded in bytes."""

    def __init__(self, max_bytes: int = CACHE_BYTES) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[tuple[int, int, int], QPixmap] = OrderedDict()

    def get(self, doc_id: int, page: Page, dpi: int) -> QPixmap:
        key = (doc_id, page.index, dpi)
        pix = self._items.get(key)
        if pix is not None:
            self._items.move_to_end(key)
            return pix
        pix = QPixmap.fromImage(to_qimage(page.pixels(dpi)))
        self._items[key] = pix
        self.bytes += _size(pix)
        self._evict(keep=key)
        return pix

    def lookup(self, doc_id: int, page_index: int, dpi: int) -> QPixmap | None:
        """The cached picture, or None."""
        key = (doc_id, page_index, dpi)
        pix = self._items.get(key)
        if pix is not None:
            self._items.move_to_end(key)
        return pix

    def put(self, doc_id: int, page_index: int, dpi: int, pix: QPixmap) -> None:
        key = (doc_id, page_index, dpi)
        if key in self._items:
            self.bytes -= _size(self._items.pop(key))
        self._items[key] = pix
        self.bytes += _size(pix)
        self._evict(keep=key)

    def _evict(self, keep: tuple[int, int, int]) -> None:
        while self.bytes > self.max_bytes and len(self._items) > 1:
            key = next(iter(self._items))
            if key == keep:
                break
            self.bytes -= _size(self._items.pop(key))

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)


def _size(pix: QPixmap) -> int:
    return pix.width() * pix.height() * max(1, pix.depth() // 8)
