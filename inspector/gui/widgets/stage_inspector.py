"""The stage inspector: words, rules (kept and rejected) and tables of the current page.

Selecting a row selects that thing in the session (and so highlights it on the page); a
selection made on the page selects its row here. Rows are formatted lazily by the
models, so a page with thousands of words costs nothing until it is scrolled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QAbstractTableModel, QItemSelectionModel, QModelIndex, QPersistentModelIndex, Qt, QTimer
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QTabWidget, QWidget

from ...core.types import PageResult, Rect
from ..session import Selection, Session

Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class Listing:
    """How one tab lists one kind of thing. Rows are computed on demand, never all at once;
    ``sources`` are the result fields the rows come from (unchanged objects: no reset)."""

    title: str
    headers: tuple[str, ...]
    sources: Callable[[PageResult], tuple[object, ...]]
    count: Callable[[PageResult], int]
    selection: Callable[[PageResult, int], Selection]
    cells: Callable[[PageResult, int], tuple[str, ...]]
    row_of: Callable[[PageResult, Selection], int | None]
    # The count in the tab title, when it is not the row count ("Tables (1)" for one table
    # listed with its candidate region).
    shown: Callable[[PageResult], int] | None = None


class ResultModel(QAbstractTableModel):
    """The rows of one :class:`Listing` over the current result, formatted lazily."""

    def __init__(self, listing: Listing) -> None:
        super().__init__()
        self.listing = listing
        self.headers = listing.headers
        self._res: PageResult | None = None
        self._sources: tuple[object, ...] = ()
        self._n = 0
        self._cache: dict[int, tuple[str, ...]] = {}

    def set_result(self, result: PageResult | None) -> None:
        sources = self.listing.sources(result) if result is not None else ()
        same = len(sources) == len(self._sources) and all(
            a is b or a == b for a, b in zip(sources, self._sources, strict=True))
        self._res, self._sources = result, sources
        if same and result is not None:
            return  # same stage results (cached or equal): the rows are unchanged
        self.beginResetModel()
        self._n = self.listing.count(result) if result is not None else 0
        self._cache = {}
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._n

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.headers)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole) or not index.isValid():
            return None
        r = index.row()
        if self._res is None:
            return None
        if r not in self._cache:
            self._cache[r] = self.listing.cells(self._res, r)
        return self._cache[r][index.column()]

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.headers[section]
        return None

    def selection_at(self, row: int) -> Selection | None:
        return self.listing.selection(self._res, row) if self._res is not None else None

    def row_of(self, sel: Selection) -> int | None:
        return self.listing.row_of(self._res, sel) if self._res is not None else None


def _f(v: float) -> str:
    return f"{v:.1f}"


def _box(b: Rect) -> str:
    return f"{_f(b.x0)}, {_f(b.y0)}, {_f(b.x1)}, {_f(b.y1)}"


def _word_cells(res: PageResult, i: int) -> tuple[str, ...]:
    w = res.words[i]
    flags = ("bold " if w.bold else "") + (f"OCR {w.ocr_confidence:.0f}% " if w.from_ocr else "") + \
        ("LOW-CONF" if i in res.low_confidence else "")
    return (str(i), w.text, _f(w.bbox.x0), _f(w.bbox.y0), _f(w.bbox.x1), _f(w.bbox.y1), _f(w.font_size),
            flags.strip())


def _rule_cells(res: PageResult, i: int) -> tuple[str, ...]:
    kept = i < len(res.rules)
    r = res.rules[i] if kept else res.rejected[i - len(res.rules)].rule
    reason = "" if kept else res.rejected[i - len(res.rules)].reason
    return ("kept" if kept else "rejected", r.orient, _f(r.pos), _f(r.start), _f(r.end), f"{r.thickness:.2f}",
            r.source, reason)


def _table_cells(res: PageResult, i: int) -> tuple[str, ...]:
    if i < len(res.tables):
        t = res.tables[i]
        return (f"table {i + 1}", f"{t.n_rows} x {t.n_cols}", t.source, f"{t.confidence:.2f}", _box(t.bbox), t.title)
    g = res.regions[i - len(res.tables)]
    note = f"rejected: {g.reason}" if g.rejected else f"joined to a table: {g.reason}" if g.joined else "accepted"
    return (f"region {i - len(res.tables) + 1}", "", g.source, "", _box(g.bbox), note)


def _two_kinds(first: str, second: str, n_first: Callable[[PageResult], int]) -> tuple[
        Callable[[PageResult, int], Selection], Callable[[PageResult, Selection], int | None]]:
    """Selection <-> row for a list of ``first`` things followed by ``second`` things."""
    def selection(res: PageResult, i: int) -> Selection:
        n = n_first(res)
        return Selection(first, i) if i < n else Selection(second, i - n)

    def row_of(res: PageResult, sel: Selection) -> int | None:
        if sel.kind == first:
            return sel.index
        return n_first(res) + sel.index if sel.kind == second else None
    return selection, row_of


_rule_sel, _rule_row = _two_kinds("rule", "rejected", lambda r: len(r.rules))
_table_sel, _table_row = _two_kinds("table", "region", lambda r: len(r.tables))

LISTINGS = (
    Listing("Words", ("#", "text", "x0", "y0", "x1", "y1", "size", "flags"),
            lambda r: (r.words, r.low_confidence), lambda r: len(r.words),
            lambda _r, i: Selection("word", i), _word_cells,
            lambda _r, s: s.index if s.kind == "word" else None),
    Listing("Rules", ("status", "dir", "pos", "start", "end", "thick", "source", "reason"),
            lambda r: (r.rules, r.rejected), lambda r: len(r.rules) + len(r.rejected),
            _rule_sel, _rule_cells, _rule_row),
    Listing("Tables", ("item", "size", "source", "conf", "bbox (pt)", "note"),
            lambda r: (r.tables, r.regions), lambda r: len(r.tables) + len(r.regions),
            _table_sel, _table_cells, _table_row, lambda r: len(r.tables)),
)
# Which tab shows a selection of each kind ("cell" shows as its table's row).
KIND_TAB = {"word": 0, "rule": 1, "rejected": 1, "table": 2, "cell": 2, "region": 2}


class StageInspector(QTabWidget):
    """Tabs of lists in step with the session's result and selection."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.models: list[ResultModel] = []
        self.views: list[QTableView] = []
        self._syncing = False
        for listing in LISTINGS:
            model = ResultModel(listing)
            view = QTableView()
            view.setModel(model)
            view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
            view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
            view.verticalHeader().setVisible(False)
            view.verticalHeader().setDefaultSectionSize(20)
            view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
            view.horizontalHeader().setStretchLastSection(True)
            view.selectionModel().currentRowChanged.connect(lambda cur, _prev, m=model: self._row_chosen(m, cur))
            self.models.append(model)
            self.views.append(view)
            self.addTab(view, listing.title)
        # Lists refresh one event-loop turn after the page overlays, so neither turn is long.
        self._refresh = QTimer(self)
        self._refresh.setSingleShot(True)
        self._refresh.setInterval(0)
        self._refresh.timeout.connect(self._on_result)
        session.resultChanged.connect(self._refresh.start)
        session.selectionChanged.connect(self._on_selection)

    @property
    def pending(self) -> bool:
        """True while a new result is waiting to be listed."""
        return self._refresh.isActive()

    def _on_result(self) -> None:
        self._syncing = True
        try:
            for i, model in enumerate(self.models):
                model.set_result(self.session.result)
                shown, res = LISTINGS[i].shown, self.session.result
                n = shown(res) if shown is not None and res is not None else model.rowCount()
                self.setTabText(i, f"{LISTINGS[i].title} ({n})")
        finally:
            self._syncing = False
        self._on_selection()

    def _row_chosen(self, model: ResultModel, current: QModelIndex) -> None:
        if self._syncing or not current.isValid():
            return
        self.session.select(model.selection_at(current.row()))

    def _on_selection(self) -> None:
        if self.pending:
            return  # the refresh selects the row itself
        sel = self.session.selection
        self._syncing = True
        try:
            if sel is None:
                for view in self.views:
                    view.selectionModel().clearSelection()
                return
            tab = KIND_TAB.get(sel.kind)
            if tab is None:
                return
            row = self.models[tab].row_of(Selection("table", sel.index) if sel.kind == "cell" else sel)
            if row is None:
                return
            self.setCurrentIndex(tab)
            view = self.views[tab]
            index = self.models[tab].index(row, 0)
            view.selectionModel().setCurrentIndex(
                index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
            view.scrollTo(index)
        finally:
            self._syncing = False

    def selected_row(self) -> tuple[int, int] | None:
        """(tab, row) of the current row of the visible tab, or None."""
        tab = self.currentIndex()
        idx = self.views[tab].selectionModel().currentIndex()
        return (tab, idx.row()) if idx.isValid() else None
