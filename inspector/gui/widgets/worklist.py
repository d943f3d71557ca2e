"""The scan worklist: a results file's tables, most suspicious first, as a dock.

Enter (or a double-click) opens the document at the table's page and selects the detected
table that overlaps it most; N opens the next table not yet reviewed; R marks the current
one reviewed (or not), stored in the results file at once. The list reads the file through
``triage.report.suspects``; it never writes anything but the reviewed flag.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QAbstractTableModel, QEvent, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ...triage import report
from ...triage.report import Suspect
from ...triage.store import Store

MAX_ROWS = 2000  # the list shows the top of the ranking; `scan report --top 0` has the rest
FILTERS = (("Every defect", None), ("Broken numbers", "broken_numbers"), ("Ragged rows", "ragged_rows"),
           ("Sparse columns", "sparse_columns"), ("Low-confidence cells", "low_confidence"))
HEADERS = ("Suspicion", "File", "Page", "Table", "Size", "Defects", "Reviewed")
Index = QModelIndex | QPersistentModelIndex
OWN_KEYS = (Qt.Key.Key_N, Qt.Key.Key_R, Qt.Key.Key_Return, Qt.Key.Key_Enter)


class SuspectModel(QAbstractTableModel):
    """Rows of ``Suspect``; the reviewed column is the only one that changes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[Suspect] = []

    def reset(self, rows: list[Suspect]) -> None:
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return HEADERS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        s = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return (f"{s.suspicion:.1f}", Path(s.path).name, s.page, s.index + 1, f"{s.n_rows} x {s.n_cols}",
                    _summary(s), "yes" if s.reviewed else "")[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return "\n".join([s.path, *s.details[:8]])
        return None

    def set_reviewed(self, row: int, reviewed: bool) -> None:
        self.rows[row] = replace(self.rows[row], reviewed=reviewed)
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(HEADERS) - 1))


def _summary(s: Suspect) -> str:
    names = ("broken numbers", "ragged rows", "sparse columns", "low-confidence cells")
    return ", ".join(f"{n} {name}" for n, name in zip(s.counts, names, strict=True) if n)


class Worklist(QWidget):
    """The dock's widget. ``openRequested(path, page, index, bbox)`` asks the window to show a
    table (``page`` 1-based, ``index`` the table's position in the scan, ``bbox`` in points)."""

    openRequested = Signal(str, int, int, tuple)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store: Store | None = None
        self.params_hash = ""
        self.model = SuspectModel(self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)  # file names elide in the middle
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.doubleClicked.connect(lambda _i: self.open_current())
        self.table.installEventFilter(self)
        self.filter = QComboBox(self)
        for label, key in FILTERS:
            self.filter.addItem(label, key)
        self.hide_reviewed = QCheckBox("Hide reviewed", self)
        self.filter.currentIndexChanged.connect(lambda _i: self.reload())
        self.hide_reviewed.toggled.connect(lambda _b: self.reload())
        self.status = QLabel(self)
        top = QHBoxLayout()
        top.addWidget(self.filter)
        top.addWidget(self.hide_reviewed)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(top)
        layout.addWidget(self.table)
        layout.addWidget(self.status)

    def load(self, path: str) -> None:
        """Show the results file at ``path``; raises ``StoreError`` if it is not one."""
        store = Store(path)
        if self.store is not None:
            self.store.close()
        self.store = store
        self.params_hash, sets = report.latest_params(store)
        self.reload()
        if sets > 1:
            self.status.setText(self.status.text() + f" (latest of {sets} parameter sets)")

    def reload(self) -> None:
        if self.store is None:
            return
        rows = report.suspects(self.store, self.params_hash, MAX_ROWS, self.filter.currentData(),
                               include_reviewed=not self.hide_reviewed.isChecked())
        self.model.reset(rows)
        self._say_counts()
        if rows:
            self.table.selectRow(0)

    def current_row(self) -> int:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def open_current(self) -> None:
        row = self.current_row()
        if row >= 0:
            s = self.model.rows[row]
            self.openRequested.emit(s.path, s.page, s.index, s.bbox)

    def open_next(self) -> None:
        """Select and open the next table after the current one that is not reviewed."""
        start = self.current_row() + 1
        for row in range(start, len(self.model.rows)):
            if not self.model.rows[row].reviewed:
                self.table.selectRow(row)
                self.open_current()
                return
        self.status.setText("No more tables to review below this one.")

    def toggle_reviewed(self) -> None:
        row = self.current_row()
        if row < 0 or self.store is None:
            return
        s = self.model.rows[row]
        self.store.set_reviewed(s.path, s.page, s.index, not s.reviewed)
        self.model.set_reviewed(row, not s.reviewed)
        self._say_counts()

    def _say_counts(self) -> None:
        rows = self.model.rows
        done = sum(s.reviewed for s in rows)
        self.status.setText(f"{len(rows)} flagged table(s), {done} reviewed — Enter opens, N next, R reviewed")

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is not self.table or not isinstance(event, QKeyEvent):
            return super().eventFilter(obj, event)
        own = event.key() in OWN_KEYS and not event.modifiers()
        if event.type() == QEvent.Type.ShortcutOverride and own:
            event.accept()  # N and R are window shortcuts too (layers): here they are the list's
            return True
        if event.type() == QEvent.Type.KeyPress:
            key = event.key()
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.open_current()
                return True
            if key == Qt.Key.Key_N and not event.modifiers():
                self.open_next()
                return True
            if key == Qt.Key.Key_R and not event.modifiers():
                self.toggle_reviewed()
                return True
        return super().eventFilter(obj, event)

    def close_store(self) -> None:
        if self.store is not None:
            self.store.close()
            self.store = None
