"""Read-only preview of the selected table, with its Markdown and copy-as-Markdown.

The table shown is the one the selection points into (a table or one of its cells),
else the page's first table. When the annotation holds a corrected table over it (the
``corrected`` hook, set by the editing part), the corrected one is shown and copied
instead, and the heading says which of the two is on display. Clicking a cell of a
detected table selects that cell on the page; the line under the heading gives the current
cell's number as the cell records read it (scaled value, unit, and where the unit came from). Copying puts the Markdown (title, table,
footnote) on the clipboard as text/plain and the HTML table as text/html.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QAbstractTableModel,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    QStringListModel,
    Qt,
    QTimer,
)
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ...core.reading.garbled import text_layer_notes
from ...core.types import Rect, Table
from ..session import Selection, Session

Index = QModelIndex | QPersistentModelIndex


def grid_beside_markdown(owner: QWidget, head: QLayout, grid: QWidget) -> QPlainTextEdit:
    """Lay out ``head`` above ``grid`` with a read-only Markdown box beside it; returns the box."""
    markdown = QPlainTextEdit()
    markdown.setReadOnly(True)
    markdown.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    markdown.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    split = QSplitter()
    split.addWidget(grid)
    split.addWidget(markdown)
    col = QVBoxLayout(owner)
    col.setContentsMargins(4, 4, 4, 4)
    col.addLayout(head)
    col.addWidget(split, 1)
    return markdown


def table_markdown(table: Table) -> str:
    """Markdown of ``table`` with its title above and footnote below: the exporter's when it
    is installed, else a plain pipe table."""
    try:
        from ...export.markdown import MarkdownOptions, dumps
    except ImportError:
        return _pipe_table(table)
    return dumps(table, MarkdownOptions(include_title=True))


def value_text(table: Table, r: int, c: int) -> str:
    """The number in slot (r, c) with its unit and the unit's source (``export.cells.describe_slot``)."""
    try:
        from ...export.cells import describe_slot
    except ImportError:  # a build without the exporters
        return ""
    return describe_slot(table, r, c)


def table_mime(table: Table, markdown: str | None = None) -> QMimeData:
    """Clipboard data of ``table``: Markdown as text/plain (``markdown`` when already made)
    and an HTML ``<table>`` as text/html, so a rich editor pastes a real table."""
    from ...export.html import dumps as html_table  # loaded on first copy, not at start
    data = _native_mime_data()
    data.setText(markdown if markdown is not None else table_markdown(table))
    data.setHtml(html_table(table))
    return data


def _native_mime_data() -> QMimeData:
    """An empty QMimeData made by Qt rather than by Python. The clipboard keeps its data until
    the process ends, after the interpreter; deleting a Python-made QMimeData then calls into
    the finished interpreter and crashes the exit (PySide6 6.11, every platform plugin)."""
    model = QStringListModel([""])
    data = model.mimeData([model.index(0)])
    for fmt in data.formats():
        data.removeFormat(fmt)
    return data


COPY_TEXT = "Copy as Markdown"
TEXT_LAYER_WARNING = "⚠ The text layer looks wrong: cell texts may not match the page (Why says more)"


def copy_table(table: Table, markdown: str | None = None) -> None:
    """Put ``table`` on the clipboard (see ``table_mime``)."""
    QGuiApplication.clipboard().setMimeData(table_mime(table, markdown))

# (1-based page, detected table's box or None) -> (accepted table id, its core table) or None
CorrectedLookup = Callable[[int, Rect | None], tuple[str, Table] | None]


def _pipe_table(table: Table) -> str:
    rows = [[c.replace("\n", "<br>").replace("|", "\\|") for c in row] for row in table.rows_text()]
    if not rows:
        return ""
    lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * table.n_cols]
    lines += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    return "\n".join(lines) + "\n"


class TableModel(QAbstractTableModel):
    """Read-only cells of one table; a spanning cell's text sits in its top-left slot."""

    def __init__(self) -> None:
        super().__init__()
        self.table: Table | None = None
        self._rows: list[list[str]] = []

    def set_table(self, table: Table | None) -> None:
        self.beginResetModel()
        self.table = table
        self._rows = table.rows_text() if table is not None else []
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self.table is None else self.table.n_rows

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self.table is None else self.table.n_cols

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if index.isValid() and role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return self._rows[index.row()][index.column()]
        return None

    def text(self, r: int, c: int) -> str:
        return self._rows[r][c]


class TablePreview(QWidget):
    """Grid and Markdown of one table of the current page: the corrected one when the
    annotation has it, else the detected one."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.corrected: CorrectedLookup = lambda page, bbox: None
        self.corrected_id = ""  # id of the accepted table on display ("" for a detected one)
        self.table_index = -1
        self._shown_result: object = object()  # the result whose table is on display
        self._shown_table: Table | None = None
        self._syncing = False
        self.title = QLabel("No table on this page")
        self.title.setWordWrap(True)  # unwrapped, a long title set the dock's minimum width
        self.copy_button = QPushButton(COPY_TEXT)
        self.copy_button.clicked.connect(self.copy_markdown)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.copy_button)
        # The current cell's number as the cell records read it: value, unit, where the unit came from.
        self.value_line = QLabel("")
        self.value_line.setWordWrap(True)
        self.value_line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        head = QVBoxLayout()
        head.addLayout(top)
        head.addWidget(self.value_line)
        self.model = TableModel()
        self.grid = QTableView()
        self.grid.setModel(self.model)
        self.grid.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.grid.setWordWrap(True)
        self.grid.horizontalHeader().setResizeContentsPrecision(20)  # measure 20 rows, not all
        self.grid.selectionModel().currentChanged.connect(self._cell_chosen)
        self.grid.selectionModel().currentChanged.connect(self._show_value)
        # The Markdown of a big table takes a while: it follows one event-loop turn later.
        self._md_timer = QTimer(self)
        self._md_timer.setSingleShot(True)
        self._md_timer.setInterval(0)
        self._md_timer.timeout.connect(self._show_markdown)
        self.markdown = grid_beside_markdown(self, head, self.grid)
        # A new table is shown one event-loop turn after the page overlays (short turns).
        self._refresh = QTimer(self)
        self._refresh.setSingleShot(True)
        self._refresh.setInterval(0)
        self._refresh.timeout.connect(self.refresh)
        session.resultChanged.connect(self._refresh.start)
        session.selectionChanged.connect(self.refresh)
        self.refresh()

    @property
    def pending(self) -> bool:
        return self._refresh.isActive() or self._md_timer.isActive()

    def current_table(self) -> Table | None:
        res = self.session.result
        if res is None or not res.tables:
            return None
        i = self.session.selected_table()
        return res.tables[i if 0 <= i < len(res.tables) else 0]

    def refresh(self) -> None:
        res, detected = self.session.result, self.current_table()
        index = -1 if detected is None or res is None else res.tables.index(detected)
        fixed = self.corrected(self.session.page_index + 1, detected.bbox if detected is not None else None) \
            if self.session.doc is not None else None
        fixed_id, table = fixed if fixed is not None else ("", detected)
        if res is not self._shown_result or index != self.table_index or fixed_id != self.corrected_id \
                or (fixed_id and table != self._shown_table):
            same = table is not None and table == self._shown_table and index == self.table_index \
                and fixed_id == self.corrected_id
            self._shown_result, self._shown_table = res, table
            if not same:  # a re-detect that found the same table leaves the preview alone
                self._show(table, index, fixed_id)
        self._select_cell()

    def _show(self, table: Table | None, index: int, fixed_id: str = "") -> None:
        self.table_index, self.corrected_id = index, fixed_id
        self._syncing = True
        try:
            self.grid.clearSpans()
            self.model.set_table(table)
            self.value_line.setText("")
            self._md_timer.start()
            if table is None:
                self.title.setText("No table on this page")
                self.copy_button.setEnabled(False)
                return
            self._fill(table)
            self.title.setText(self._heading(table, index, fixed_id))
            self.copy_button.setEnabled(True)
        finally:
            self._syncing = False

    def _heading(self, table: Table, index: int, fixed_id: str) -> str:
        size = f"{table.n_rows} x {table.n_cols}"
        if fixed_id:
            return f"Corrected table {fixed_id} (your annotation): {size}"
        res = self.session.result
        n = len(res.tables) if res else 0
        heading = f"Detected table {index + 1} of {n} (not corrected): {size}, {table.source}"
        # copied as it reads, so whoever copies it is told first (the note itself is in Why)
        return heading + (f". {TEXT_LAYER_WARNING}" if res and text_layer_notes(res.notes) else "")

    def _fill(self, table: Table) -> None:
        for cell in table.cells:
            if cell.rs > 1 or cell.cs > 1:
                self.grid.setSpan(cell.r, cell.c, cell.rs, cell.cs)
        self.grid.resizeColumnsToContents()

    def _show_markdown(self) -> None:
        table = self.model.table
        self.markdown.setPlainText(table_markdown(table) if table is not None else "")

    def select_slot(self, r: int, c: int) -> None:
        """Make slot (r, c) current, as a click on it would (selects that cell on the page)."""
        self.grid.setCurrentIndex(self.model.index(r, c))

    def current_slot(self) -> tuple[int, int]:
        idx = self.grid.currentIndex()
        return (idx.row(), idx.column()) if idx.isValid() else (-1, -1)

    def _select_cell(self) -> None:
        sel = self.session.selection
        if self.corrected_id or sel is None or sel.kind != "cell" or sel.index != self.table_index or self.session.result is None:
            return
        cell = self.session.result.tables[sel.index].cells[sel.sub]
        self._syncing = True
        try:
            self.select_slot(cell.r, cell.c)
        finally:
            self._syncing = False

    def _show_value(self, current: QModelIndex, _previous: QModelIndex) -> None:
        """The current cell's value with its unit and the unit's source, under the heading."""
        table = self.model.table
        text = value_text(table, current.row(), current.column()) if table is not None and current.isValid() else ""
        self.value_line.setText(text)
        self.value_line.setToolTip(text)

    def _cell_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        res = self.session.result
        if self._syncing or self.corrected_id or res is None or not 0 <= self.table_index < len(res.tables) \
                or not current.isValid():
            return
        table = res.tables[self.table_index]
        cell = table.cell_at(current.row(), current.column())
        if cell is not None:
            self.session.select(Selection("cell", self.table_index, table.cells.index(cell)))

    def copy_markdown(self) -> None:
        """Copy the table on display (the corrected one when there is one)."""
        if self._md_timer.isActive():
            self._md_timer.stop()
            self._show_markdown()
        text = self.markdown.toPlainText()
        if text and self.model.table is not None:
            copy_table(self.model.table, text)
            t = self.model.table
            self._flash(f"Copied ✓ ({t.n_rows} x {t.n_cols})")
        else:
            self._flash("Nothing to copy")

    def _flash(self, text: str) -> None:
        """Say on the button what the click did, for two seconds (a copy is otherwise invisible)."""
        self.copy_button.setText(text)
        QTimer.singleShot(2000, self, lambda: self.copy_button.setText(COPY_TEXT))
