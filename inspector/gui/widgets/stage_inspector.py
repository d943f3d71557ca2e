"""The stage inspector: words, rules (kept and rejected) and tables of the current page.

Selecting a row selects that thing in the session (and so highlights it on the page); a
selection made on the page selects its row here. Rows are formatted lazily by the
models, so a page with thousands of words costs nothing until it is scrolled.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractTableModel, QItemSelectionModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QTabWidget, QWidget

from ...core.types import PageResult
from ..session import Selection, Session

Index = QModelIndex | QPersistentModelIndex


class ResultModel(QAbstractTableModel):
    """Rows of one kind of thing of a result; ``rows(result)`` gives (selection, cells-fn) pairs."""

    def __init__(self, headers: tuple[str, ...],
                 rows: Callable[[PageResult], list[tuple[Selection, Callable[[], tuple[str, ...]]]]]) -> None:
        super().__init__()
        self.headers = headers
        self._rows_fn = rows
        self._rows: list[tuple[Selection, Callable[[], tuple[str, ...]]]] = []
        self._cache: dict[int, tuple[str, ...]] = {}
        self._row_of: dict[Selection, int] = {}

    def set_result(self, result: PageResult | None) -> None:
        self.beginResetModel()
        self._rows = self._rows_fn(result) if result is not None else []
        self._cache = {}
        self._row_of = {sel: i for i, (sel, _) in enumerate(self._rows)}
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.headers)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole) or not index.isValid():
            return None
        r = index.row()
        if r not in self._cache:
            self._cache[r] = self._rows[r][1]()
        return self._cache[r][index.column()]

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.headers[section]
        return None

    def selection_at(self, row: int) -> Selection:
        return self._rows[row][0]

    def row_of(self, sel: Selection) -> int | None:
        return self._row_of.get(sel)


def _f(v: float) -> str:
    return f"{v:.1f}"


def word_rows(res: PageResult) -> list:
    def cells(i: int) -> Callable[[], tuple[str, ...]]:
        w = res.words[i]
        flags = ("bold " if w.bold else "") + ("LOW-CONF" if i in res.low_confidence else "")
        return lambda: (str(i), w.text, _f(w.bbox.x0), _f(w.bbox.y0), _f(w.bbox.x1), _f(w.bbox.y1),
                        _f(w.font_size), flags.strip())
    return [(Selection("word", i), cells(i)) for i in range(len(res.words))]


def rule_rows(res: PageResult) -> list:
    def cells(status: str, r, reason: str) -> Callable[[], tuple[str, ...]]:  # noqa: ANN001
        return lambda: (status, r.orient, _f(r.pos), _f(r.start), _f(r.end), f"{r.thickness:.2f}", r.source, reason)
    kept = [(Selection("rule", i), cells("kept", r, "")) for i, r in enumerate(res.rules)]
    rejected = [(Selection("rejected", i), cells("rejected", x.rule, x.reason)) for i, x in enumerate(res.rejected)]
    return kept + rejected


def table_rows(res: PageResult) -> list:
    def tcells(i: int) -> Callable[[], tuple[str, ...]]:
        t = res.tables[i]
        b = t.bbox
        return lambda: (f"table {i + 1}", f"{t.n_rows} x {t.n_cols}", t.source, f"{t.confidence:.2f}",
                        f"{_f(b.x0)}, {_f(b.y0)}, {_f(b.x1)}, {_f(b.y1)}", t.title)
    def rcells(i: int) -> Callable[[], tuple[str, ...]]:
        g = res.regions[i]
        b = g.bbox
        return lambda: (f"region {i + 1}", "", g.source, "", f"{_f(b.x0)}, {_f(b.y0)}, {_f(b.x1)}, {_f(b.y1)}",
                        f"rejected: {g.reason}" if g.reason else "accepted")
    return ([(Selection("table", i), tcells(i)) for i in range(len(res.tables))]
            + [(Selection("region", i), rcells(i)) for i in range(len(res.regions))])


TABS = (
    ("Words", ("#", "text", "x0", "y0", "x1", "y1", "size", "flags"), word_rows),
    ("Rules", ("status", "dir", "pos", "start", "end", "thick", "source", "reason"), rule_rows),
    ("Tables", ("item", "size", "source", "conf", "bbox (pt)", "note"), table_rows),
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
        for title, headers, rows in TABS:
            model = ResultModel(headers, rows)
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
            self.addTab(view, title)
        session.resultChanged.connect(self._on_result)
        session.selectionChanged.connect(self._on_selection)

    def _on_result(self) -> None:
        self._syncing = True
        try:
            for i, model in enumerate(self.models):
                model.set_result(self.session.result)
                self.setTabText(i, f"{TABS[i][0]} ({model.rowCount()})")
        finally:
            self._syncing = False
        self._on_selection()

    def _row_chosen(self, model: ResultModel, current: QModelIndex) -> None:
        if self._syncing or not current.isValid():
            return
        self.session.select(model.selection_at(current.row()))

    def _on_selection(self) -> None:
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
