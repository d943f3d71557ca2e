"""The Compare dock: what is compared, the list of differences, Adopt.

Selecting a difference outlines it on the page; "Adopt as starting point" copies the table
of theirs that the selected difference belongs to (or their first table on the page) into
the annotation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from ..comparison import Comparison

KIND_LABELS = {
    "shifted_column": "value in another column", "merged_columns": "columns merged", "split_columns": "column split",
    "merged": "cells merged", "split": "cell split", "number_changed": "number changed",
    "text_changed": "text changed", "missing": "missing", "extra": "extra", "missed_table": "table missed",
    "extra_table": "table only theirs",
}


def _cells(slots: tuple[tuple[int, int], ...]) -> str:
    names = [f"r{r + 1}c{c + 1}" for r, c in slots]
    return names[0] + (f" … {names[-1]} ({len(names)})" if len(names) > 2 else "".join(f", {n}" for n in names[1:])) \
        if names else ""


def _one_line(text: str, n: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


class ComparePanel(QWidget):
    """Lists ``comparison``'s differences on the current page."""

    def __init__(self, comparison: Comparison, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.comparison = comparison
        self.header = QLabel(self)
        self.header.setWordWrap(True)
        self.adopt_button = QPushButton("Adopt as starting point", self)
        self.adopt_button.setToolTip("Copy their table into the annotation (undoable); it replaces an annotated "
                                     "table over the same place")
        self.adopt_button.clicked.connect(self.adopt)
        stop = QPushButton("Stop comparing", self)
        stop.clicked.connect(comparison.stop)
        self.list = QTreeWidget(self)
        self.list.setHeaderLabels(["Difference", "Our cells", "Ours", "Theirs"])
        self.list.setRootIsDecorated(False)
        self.list.setUniformRowHeights(True)
        self.list.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.list.header().setStretchLastSection(True)
        self.list.currentItemChanged.connect(self._on_current)
        top = QHBoxLayout()
        top.addWidget(self.header, 1)
        top.addWidget(self.adopt_button)
        top.addWidget(stop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(top)
        layout.addWidget(self.list)
        comparison.changed.connect(self.reload)
        self.reload()

    def reload(self) -> None:
        c = self.comparison
        self.list.clear()
        if c.source is None:
            self.header.setText("Not comparing. File > Compare with… picks a peer or your pipeline's output.")
            self.adopt_button.setEnabled(False)
            return
        items = c.differences()
        page = c.window.session.page_index + 1
        theirs = len(c.theirs.get(page, []))
        what = f"{c.source} ({theirs} table(s) on page {page}) against the {c.ours_kind or 'detection'}"
        count = f"{len(items)} difference(s)" if page in c.theirs else "reading…"
        self.header.setText(f"{what}: {count}" + (f"\n{c.status}" if c.status else ""))
        for k, d in items:
            item = QTreeWidgetItem([KIND_LABELS.get(d.kind, d.kind), _cells(d.ours), _one_line(d.ours_text),
                                    _one_line(d.theirs_text)])
            item.setData(0, Qt.ItemDataRole.UserRole, k)
            item.setToolTip(2, d.ours_text)
            item.setToolTip(3, d.theirs_text)
            self.list.addTopLevelItem(item)
        self.adopt_button.setEnabled(theirs > 0)

    def _on_current(self, item: QTreeWidgetItem | None, _previous: object) -> None:
        if item is None:
            return
        row = self.list.indexOfTopLevelItem(item)
        items = self.comparison.differences()
        if 0 <= row < len(items):
            self.comparison.show_difference(items[row][1])

    def selected_theirs(self) -> int | None:
        """Their table index of the selected difference, else their first table."""
        item = self.list.currentItem()
        if item is not None:
            k = item.data(0, Qt.ItemDataRole.UserRole)
            if k is not None and self.comparison.diffs[k].theirs is not None:
                return self.comparison.diffs[k].theirs
        page = self.comparison.window.session.page_index + 1
        return 0 if self.comparison.theirs.get(page) else None

    def adopt(self) -> None:
        self.comparison.adopt(self.selected_theirs())
