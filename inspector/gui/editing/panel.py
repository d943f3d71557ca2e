"""The annotation panel: the corrected table as a grid (editable text, overrides marked, rows
tinted and labelled by role), its Markdown, header counts, verified flag, title and footnote,
copy, and the list of accepted tables.

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
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ...annotation.model import AnnTable, Region, to_core_table
from ...annotation.roles import ROLE_LABELS
from ...core.types import Table
from ..session import Session
from ..widgets.params_panel import ElidedLabel
from ..widgets.table_view import copy_table, grid_beside_markdown, table_markdown
from .actions import TableActions
from .document import AnnotationSession, CellSelection
from .grid_items import row_roles_shown
from .roles import HEADER_COL_TINT, RoleActions, tint

Index = QModelIndex | QPersistentModelIndex
OVERRIDE_BG = QColor(255, 236, 200)


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
            return self._tint(cell.r, cell.c)
        return None

    def roles(self) -> list[str]:
        """Each row's role as the page shows it."""
        return row_roles_shown(self.table, self.index_) if self.table is not None else []

    def _tint(self, r: int, c: int) -> QBrush | None:
        """The role's tint (as on the page), else the header-column tint."""
        roles = self.roles()
        fill = tint(roles[r]) if r < len(roles) else None
        if fill is None and self.table is not None and c < self.table.header_cols:
            fill = QColor(HEADER_COL_TINT)
            fill.setAlpha(60)
        return QBrush(fill) if fill is not None else None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Row headers say the row's role: "3 Total" (data rows only their number)."""
        if orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            roles = self.roles()
            name = roles[section] if section < len(roles) else "data"
            return f"{section + 1}" if name == "data" else f"{section + 1} {ROLE_LABELS[name]}"
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole \
                and self.table is not None and section < self.table.header_cols:
            return f"{section + 1} (row header)"
        return super().headerData(section, orientation, role)

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
                 roles: RoleActions | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session, self.ann, self.table_actions = session, ann, actions
        self.roles = roles if roles is not None else RoleActions(session, ann)
        self._syncing = False
        self.tables = QComboBox()
        self.tables.activated.connect(self._table_chosen)
        # One line, cut with "…" (the whole of it in the tooltip): wrapped, it stood as a column
        # of one word per line at 800 x 600 and left the grid one row high.
        self.title = ElidedLabel()
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
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
        self.copy_button = QPushButton("Copy")
        self.copy_button.setToolTip("Copy the corrected table: Markdown (with title and footnote) and HTML")
        self.copy_button.clicked.connect(self.copy)
        head.addWidget(self.copy_button)
        self.title_edit, self.footnote_edit = QLineEdit(), QLineEdit()
        for field, edit, pick in (("title", self.title_edit, "Shift+C"), ("footnote", self.footnote_edit, "Shift+F")):
            edit.setPlaceholderText(f"{field} (type it, or {pick} to pick it from the page)")
            edit.editingFinished.connect(lambda f=field, e=edit: self._syncing or self.roles.set_text(f, e.text()))
        texts = QHBoxLayout()
        for label, edit in (("Title", self.title_edit), ("Footnote", self.footnote_edit)):
            texts.addWidget(QLabel(label))
            texts.addWidget(edit, 1)
        both = _stacked(head, texts)
        self.model = RegionModel(actions)
        self.grid = QTableView()
        self.grid.setModel(self.model)
        self.grid.setWordWrap(True)
        self.grid.setSelectionMode(QAbstractItemView.SelectionMode.ContiguousSelection)
        self.grid.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed)
        self.grid.selectionModel().selectionChanged.connect(self._grid_selection)
        self.markdown = grid_beside_markdown(self, both, self.grid)
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

    def _set_title(self, text: str) -> None:
        self.title.setText(text)
        self.title.setToolTip(text)

    def _show(self, table: AnnTable | None, index: int) -> None:
        self.grid.clearSpans()
        self.model.set_region(table, index)
        if table is None:
            self._set_title("No accepted table selected: accept a detection (Ctrl+Return) or draw one")
            self.markdown.setPlainText("")
            for w in self._table_widgets():
                w.setEnabled(False)
            for e in (self.title_edit, self.footnote_edit):
                e.setText("")
            return
        reg = table.regions[index]
        for cell in reg.cells:
            if cell.rs > 1 or cell.cs > 1:
                self.grid.setSpan(cell.r, cell.c, cell.rs, cell.cs)
        n_over = sum(c.override is not None for c in reg.cells)
        self._set_title(f"region {index + 1}/{len(table.regions)}, page {reg.page}: {reg.n_rows} x {reg.n_cols}"
                        + (f", {n_over} typed by hand" if n_over else ""))
        for w in self._table_widgets():
            w.setEnabled(True)
        self.title_edit.setText(table.title)
        self.footnote_edit.setText(table.footnote)
        guess = "" if table.title else self.roles.title_guess(table)
        self.title_edit.setPlaceholderText(f"guess: {guess} (Table > Title from the lines above)" if guess
                                           else "title (type it, or Shift+C to pick it from the page)")
        self.header_rows.setRange(0, table.regions[0].n_rows)
        self.header_rows.setValue(table.header_rows)
        self.header_cols.setRange(0, min(r.n_cols for r in table.regions))
        self.header_cols.setValue(table.header_cols)
        self.verified.setChecked(table.verified)
        self.markdown.setPlainText(table_markdown(_core(table)))
        self.grid.resizeColumnsToContents()

    def _table_widgets(self) -> tuple[QWidget, ...]:
        return (self.header_rows, self.header_cols, self.verified, self.copy_button, self.title_edit,
                self.footnote_edit)

    def copy(self) -> bool:
        """Copy the current corrected table (all its regions) to the clipboard."""
        table, _ = self.current()
        if table is None:
            return False
        copy_table(_core(table), self.markdown.toPlainText() or None)
        self.ann.message.emit(f"copied the corrected table {table.id} (Markdown and HTML)")
        return True

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


def _core(table: AnnTable) -> Table:
    """The core table of ``table``: its regions stacked when it is continued."""
    return to_core_table(table, None if len(table.regions) > 1 else 0)


def _stacked(*rows: QHBoxLayout) -> QVBoxLayout:
    col = QVBoxLayout()
    col.setContentsMargins(0, 0, 0, 0)
    for row in rows:
        col.addLayout(row)
    return col


__all__ = ["AnnotationPanel", "RegionModel"]
