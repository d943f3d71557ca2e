"""The "Tags" layer's data: the grid of the tables a tagged PDF's structure tree holds.

``tag_grids()`` is filled on its ``tags`` lane (``tasks.Lane``, in a budgeted worker process)
when a document opens (reading the tags of a long report takes a while) and read by the layer's path builder per page. ``version``
changes with every load, so the layer rebuilds its path when the tags arrive.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QObject, Signal

from ...annotation.tagged import TaggedError, TaggedImport
from ...annotation.tagged_job import read_tagged_budgeted
from ...core.types import Rect
from ..tasks import Lane

log = logging.getLogger(__name__)


class TagGrids(QObject):
    """Cell boxes per page (1-based) of the current document's tagged tables."""

    loaded = Signal()  # on the GUI thread, once a document's tags are read (or failed)

    def __init__(self) -> None:
        super().__init__()
        self.version = 0
        self.reading = False  # a load is under way
        self.result: TaggedImport | None = None
        self.error = ""
        self._by_page: dict[int, list[Rect]] = {}
        self.lane = Lane("tags", self)  # opening another document cancels the old one's read

    def start(self, data: bytes, name: str) -> None:
        """Read the tags of the PDF ``data`` in the background (replacing what was loaded)."""
        self.version += 1
        self.result, self.error, self._by_page = None, "", {}
        self.reading = True
        self.lane.submit(partial(_load, data, name), self._loaded)

    def _loaded(self, value: tuple[TaggedImport | None, str]) -> None:
        self.result, self.error = value
        self._by_page = _cells(self.result) if self.result is not None else {}
        self.version += 1
        self.reading = False
        self.loaded.emit()

    def wait(self) -> None:
        """Block until the current load is done (for an action that needs it now)."""
        self.lane.wait()

    def close(self) -> None:
        """The window closes: a read under way is abandoned (its worker process killed) and the
        lane's thread ends; the next window's ``start`` reads on a new lane."""
        if self.reading:
            self.version += 1
            self.reading = False
        self.lane.close()
        self.lane.deleteLater()
        self.lane = Lane("tags", self)

    def cells(self, page: int) -> list[Rect]:
        return self._by_page.get(page, [])


def _load(data: bytes, name: str, cancelled: Callable[[], bool]) -> tuple[TaggedImport | None, str]:
    """The tags of one document, read in a worker process (a hostile page must not hold the
    window, or its closing), or None and why not."""
    try:
        return read_tagged_budgeted(data, name, cancelled=cancelled), ""
    except TaggedError as exc:
        return None, str(exc)
    except Exception as exc:
        log.warning("%s: reading its tags failed", name, exc_info=True)
        return None, f"{name}: its tags cannot be read ({exc})"


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
