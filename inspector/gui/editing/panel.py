"""The annotation panel: the corrected table as a grid (editable text, overrides marked), its
Markdown, header counts, verified flag, and the list of accepted tables.

Selecting cells here selects them on the page and the other way round (both follow the
annotation session's selection). Typing into a cell pushes one ``OverrideText`` command.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSpinBox,
    QTableView,
    QWidget,
)

from ...annotation.model import AnnTable, Region, to_core_table
from ..session import Session
from ..widgets.table_view import grid_beside_markdown
from .actions import TableActions
from .document import AnnotationSession, CellSelection

Index = QModelIndex | QPersistentModelIndex
OVERRIDE_BG = QColor(255, 236, 200)
HEADER_BG = QColor(225, 235, 250)


class RegionModel(QAbstractTableModel):
    """One region of an accepted table; a spanning cell's text sits in its top-left slot."""

    def __init__(self, actions: TableActions) -> None:
        super().__init__()
        self.actions = actions
        self.table: AnnTable | None = None
        self.index_ = 0

    @property
    def region(self) -> Region | None:
        return self.table.regions[self.index_] if self.table is not None else None

    def set_region(self, table: AnnTable | None, index: int) -> None:
        self.beginResetModel()
        self.table, self.index_ = table, index
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        reg = self.region
        return 0 if parent.isValid() or reg is None else reg.n_rows

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        reg = self.region
        return 0 if parent.isValid() or reg is None else reg.n_cols

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        reg = self.region
        if reg is None or not index.isValid():
            return None
        cell = reg.cell_at(index.row(), index.column())
        if cell is None or (cell.r, cell.c) != (index.row(), index.column()):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return cell.value
        if role == Qt.ItemDataRole.ToolTipRole and cell.override is not None:
            return f"typed by hand (override); the page says: {cell.text!r}"
        if role == Qt.ItemDataRole.FontRole and cell.override is not None:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.BackgroundRole:
            if cell.override is not None:
                return QBrush(OVERRIDE_BG)
            if self._header(cell.r, cell.c):
                return QBrush(HEADER_BG)
        return None

    def _header(self, r: int, c: int) -> bool:
        t = self.table
        return t is not None and ((self.index_ == 0 and r < t.header_rows) or c < t.header_cols)

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        return base | Qt.ItemFlag.ItemIsEditable if index.isValid() else base

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        return self.actions.override(self.index_, index.row(), index.column(), str(value))


class AnnotationPanel(QWidget):
    """The accepted table being corrected (the annotation session's current table)."""

    def __init__(self, session: Session, ann: AnnotationSession, actions: TableActions,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session, self.ann, self.actions = session, ann, actions
        self._syncing = False
        self.tables = QComboBox()
        self.tables.activated.connect(self._table_chosen)
        self.title = QLabel()
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.title.setWordWrap(True)
        self.header_rows, self.header_cols = QSpinBox(), QSpinBox()
        self.header_rows.valueChanged.connect(lambda n: self._syncing or actions.set_header_rows(n))
        self.header_cols.valueChanged.connect(lambda n: self._syncing or actions.set_header_cols(n))
        self.verified = QCheckBox("Verified")
        self.verified.toggled.connect(lambda on: self._syncing or actions.set_verified(on))
        head = QHBoxLayout()
        head.addWidget(self.tables)
        head.addWidget(self.title, 1)
        for text, w in (("Header rows", self.header_rows), ("cols", self.header_cols)):
            head.addWidget(QLabel(text))
            head.addWidget(w)
        head.addWidget(self.verified)
        self.model = RegionModel(actions)
        self.grid = QTableView()
        self.grid.setModel(self.model)
        self.grid.setWordWrap(True)
        self.grid.setSelectionMode(QAbstractItemView.SelectionMode.ContiguousSelection)
        self.grid.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed)
        self.grid.selectionModel().selectionChanged.connect(self._grid_selection)
        self.markdown = grid_beside_markdown(self, head, self.grid)
        ann.changed.connect(self.refresh)
        ann.selectionChanged.connect(self.refresh)
        self._shown: tuple[object, ...] = ()
        self.refresh()

    def current(self) -> tuple[AnnTable | None, int]:
        sel = self.ann.selection
        table = self.ann.table(sel.table_id) if sel else None
        return table, (sel.region if sel and table and sel.region < len(table.regions) else 0)

    def refresh(self) -> None:
        table, index = self.current()
        self._syncing = True
        try:
            self._fill_list(table)
            if (table, index) != self._shown:
                self._shown = (table, index)
                self._show(table, index)
            self._select_from_session()
        finally:
            self._syncing = False

    def _fill_list(self, current: AnnTable | None) -> None:
        doc = self.ann.doc
        self.tables.clear()
        for t in doc.tables if doc else ():
            mark = " ✓" if t.verified else ""
            pages = "-".join(str(p) for p in sorted({r.page for r in t.regions}))
            self.tables.addItem(f"{t.id} (p. {pages}){mark}", t.id)
        if current is not None:
            self.tables.setCurrentIndex(self.tables.findData(current.id))
        self.tables.setEnabled(self.tables.count() > 0)

    def _show(self, table: AnnTable | None, index: int) -> None:
        self.grid.clearSpans()
        self.model.set_region(table, index)
        if table is None:
            self.title.setText("No accepted table selected: accept a detection (Ctrl+Return) or draw one")
            self.markdown.setPlainText("")
            for w in (self.header_rows, self.header_cols, self.verified):
                w.setEnabled(False)
            return
        reg = table.regions[index]
        for cell in reg.cells:
            if cell.rs > 1 or cell.cs > 1:
                self.grid.setSpan(cell.r, cell.c, cell.rs, cell.cs)
        n_over = sum(c.override is not None for c in reg.cells)
        self.title.setText(f"region {index + 1}/{len(table.regions)}, page {reg.page}: {reg.n_rows} x {reg.n_cols}"
                           + (f", {n_over} typed by hand" if n_over else ""))
        for w in (self.header_rows, self.header_cols, self.verified):
            w.setEnabled(True)
        self.header_rows.setRange(0, table.regions[0].n_rows)
        self.header_rows.setValue(table.header_rows)
        self.header_cols.setRange(0, min(r.n_cols for r in table.regions))
        self.header_cols.setValue(table.header_cols)
        self.verified.setChecked(table.verified)
        core = to_core_table(table, None if len(table.regions) > 1 else 0)
        from ...export.markdown import dumps as markdown  # loaded on first use, not at start
        self.markdown.setPlainText(markdown(core))
        self.grid.resizeColumnsToContents()

    def _select_from_session(self) -> None:
        sel = self.ann.selection
        sm = self.grid.selectionModel()
        if sel is None or not sel.has_cells or self.model.region is None:
            sm.clearSelection()
            return
        r0, r1 = sorted((sel.r0, sel.r1))
        c0, c1 = sorted((sel.c0, sel.c1))
        if r1 >= self.model.rowCount() or c1 >= self.model.columnCount():
            return
        block = QItemSelection(self.model.index(r0, c0), self.model.index(r1, c1))
        sm.select(block, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        sm.setCurrentIndex(self.model.index(sel.r1, sel.c1), QItemSelectionModel.SelectionFlag.NoUpdate)

    def _grid_selection(self, *_args: object) -> None:
        if self._syncing or self.model.table is None:
            return
        idx = self.grid.selectionModel().selectedIndexes()
        if not idx:
            return
        rows, cols = [i.row() for i in idx], [i.column() for i in idx]
        tid = self.model.table.id
        self.ann.select(CellSelection(tid, self.model.index_, min(rows), min(cols), max(rows), max(cols)))

    def _table_chosen(self, i: int) -> None:
        tid = self.tables.itemData(i)
        table = self.ann.table(tid)
        if table is None:
            return
        self.ann.select(CellSelection(tid, 0))
        if self.session.page_index != table.page - 1:
            self.session.set_page(table.page - 1)


__all__ = ["AnnotationPanel", "RegionModel"]
