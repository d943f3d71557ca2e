"""The "Tags" layer's data: the grid of the tables a tagged PDF's structure tree holds.

``tag_grids()`` is filled off the GUI thread when a document opens (reading the tags of a
long report takes a while) and read by the layer's path builder per page. ``version``
changes with every load, so the layer rebuilds its path when the tags arrive.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor

from PySide6.QtCore import QObject, Signal

from ...annotation.tagged import TaggedError, TaggedImport
from ...annotation.tagged_job import read_tagged_budgeted
from ...core.types import Rect

log = logging.getLogger(__name__)


class TagGrids(QObject):
    """Cell boxes per page (1-based) of the current document's tagged tables."""

    loaded = Signal()  # emitted from the worker thread; Qt queues it to the GUI thread

    def __init__(self) -> None:
        super().__init__()
        self.version = 0
        self.reading = False  # a load is under way (set by the GUI thread, cleared before ``loaded``)
        self.result: TaggedImport | None = None
        self.error = ""
        self._by_page: dict[int, list[Rect]] = {}
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tags")
        self._future: Future[None] | None = None

    def start(self, data: bytes, name: str) -> None:
        """Read the tags of the PDF ``data`` in the background (replacing what was loaded)."""
        self.version += 1
        self.result, self.error, self._by_page = None, "", {}
        self.reading = True
        self._future = self._pool.submit(self._load, data, name, self.version)

    def _load(self, data: bytes, name: str, version: int) -> None:
        try:  # in a worker process: a hostile page must not hold the window (or its closing)
            result, error = read_tagged_budgeted(data, name), ""
        except TaggedError as exc:
            result, error = None, str(exc)
        except Exception as exc:  # a hostile file must not take the window down
            log.debug("tags of %s unreadable", name, exc_info=True)
            result, error = None, f"{name}: its tags cannot be read ({exc})"
        if version != self.version:
            return  # another document was opened meanwhile
        self.result, self.error = result, error
        self._by_page = _cells(result) if result is not None else {}
        self.version += 1
        self.reading = False
        self.loaded.emit()

    def wait(self) -> None:
        """Block until the current load is done (for an action that needs it now)."""
        if self._future is not None:
            self._future.result()

    def cells(self, page: int) -> list[Rect]:
        return self._by_page.get(page, [])


def _cells(result: TaggedImport) -> dict[int, list[Rect]]:
    out: dict[int, list[Rect]] = {}
    for t in result.annotation.tables:
        for reg in t.regions:
            out.setdefault(reg.page, []).extend(reg.cell_box(c) for c in reg.cells)
    return out


_SHARED: list[TagGrids] = []  # one per process, made on first use


def tag_grids() -> TagGrids:
    """The window's tag grids (the layer and the "Draft from tags" action share them)."""
    if not _SHARED:
        _SHARED.append(TagGrids())
    return _SHARED[0]
