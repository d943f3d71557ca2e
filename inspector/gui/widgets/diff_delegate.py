"""Differences from the annotation, marked in the table preview.

A delegate on the preview's grid paints a hatched background under the slots where the
detection and the annotation disagree and shows both texts as the tooltip. It reads the
preview's shown table (``TablePreview.table_index``) and the latest differences, so the
preview itself needs no change.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QHelpEvent, QPainter
from PySide6.QtWidgets import QAbstractItemView, QStyledItemDelegate, QStyleOptionViewItem, QToolTip

from ..scene.diff_layer import COLOUR, EXTRA_COLOUR
from .table_view import TablePreview

if TYPE_CHECKING:
    from ...evaluation.scoring import DiffCell

Index = QModelIndex | QPersistentModelIndex


def describe(d: DiffCell) -> str:
    """One line for a tooltip: what the annotation says and what was detected."""
    if d.kind == "changed":
        return f"annotation: {d.golden!r}\ndetected: {d.found!r}"
    if d.kind == "lost":
        return f"annotation: {d.golden!r} (not in any detected cell)"
    return f"detected: {d.found!r} (not in the annotation)"


class DiffDelegate(QStyledItemDelegate):
    """Paints differing slots of ``preview``'s table; ``set_diffs`` gives the page's differences."""

    def __init__(self, preview: TablePreview) -> None:
        super().__init__(preview.grid)
        self.preview = preview
        self.diffs: tuple[DiffCell, ...] = ()
        self.enabled = True
        self._slots: dict[tuple[int, int], DiffCell] = {}
        self._key: tuple[object, ...] = ()
        preview.grid.setItemDelegate(self)

    def set_diffs(self, diffs: Sequence[DiffCell]) -> None:
        self.diffs = tuple(diffs)
        self._key = ()
        self.preview.grid.viewport().update()

    def set_enabled(self, on: bool) -> None:
        self.enabled = on
        self.preview.grid.viewport().update()

    def marked(self) -> dict[tuple[int, int], DiffCell]:
        """Differing slots of the table on display, by (row, column)."""
        key = (self.diffs, self.preview.table_index, self.preview.model.table)
        # identity, not equality: this runs for every painted slot
        if len(key) != len(self._key) or any(a is not b for a, b in zip(key, self._key, strict=True)):
            self._key = key
            from ...evaluation.scoring import diffs_by_slot  # not at start: the scoring code loads with the first score
            self._slots = diffs_by_slot(self.diffs, self.preview.table_index, self.preview.model.table)
        return self._slots if self.enabled else {}

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        d = self.marked().get((index.row(), index.column()))
        if d is not None:
            colour = QColor(COLOUR if d.kind in ("changed", "lost") else EXTRA_COLOUR)
            fill = QColor(colour)
            fill.setAlpha(45)
            painter.fillRect(option.rect, fill)
            painter.fillRect(option.rect, QBrush(colour, Qt.BrushStyle.BDiagPattern))
        super().paint(painter, option, index)

    def helpEvent(self, event: QHelpEvent, view: QAbstractItemView, option: QStyleOptionViewItem,
                  index: Index) -> bool:
        d = self.marked().get((index.row(), index.column()))
        if d is not None and event.type() == QEvent.Type.ToolTip:
            QToolTip.showText(event.globalPos(), describe(d), view)
            return True
        return super().helpEvent(event, view, option, index)


__all__ = ["DiffDelegate", "describe"]
