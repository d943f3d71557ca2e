"""Layer toggles with their colour legend and keyboard shortcuts.

Each layer is one checkable ``QAction`` (shortcut included) shared by this panel and the
View menu, so the menu, the keyboard and the check boxes never disagree.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QColor, QIcon, QKeySequence, QPixmap
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ...render.layers import BY_NAME, LAYERS
from ..scene.layers import layer_colour
from ..scene.page_scene import PageScene


def swatch(colour: QColor, size: int = 14) -> QPixmap:
    pix = QPixmap(size, size)
    pix.fill(colour)
    return pix


class LayersPanel(QWidget):
    """A check box per overlay layer; ``toggles[key]`` toggles it (with its shortcut)."""

    def __init__(self, scene: PageScene, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scene = scene
        self.toggles: dict[str, QAction] = {}  # not `actions`: that is QWidget.actions()
        self.boxes: dict[str, QCheckBox] = {}
        col = QVBoxLayout(self)
        col.setContentsMargins(6, 6, 6, 6)
        for spec in LAYERS:
            col.addLayout(self._row(spec.name, spec.label, spec.shortcut, spec.help))
        col.addLayout(self._legend_extra())
        self._extra_rows = QVBoxLayout()  # rows other parts add (add_row), above the buttons
        col.addLayout(self._extra_rows)
        buttons = QHBoxLayout()
        for text, on in (("All", True), ("None", False)):
            b = QPushButton(text)
            b.clicked.connect(lambda _=False, on=on: self.set_all(on))
            buttons.addWidget(b)
        col.addLayout(buttons)
        col.addStretch(1)

    def _row(self, key: str, label: str, shortcut: str, help_text: str) -> QHBoxLayout:
        colour = layer_colour(BY_NAME[key].colours[0].key)
        action = QAction(QIcon(swatch(colour)), label, self)
        action.setCheckable(True)
        action.setChecked(self.scene.layers[key].visible)
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.setToolTip(f"{help_text} ({shortcut})")
        action.toggled.connect(lambda on, key=key: self._toggled(key, on))
        self.toggles[key] = action
        box = QCheckBox(f"{label}  [{shortcut}]")
        box.setIcon(QIcon(swatch(colour)))
        box.setChecked(action.isChecked())
        box.setToolTip(help_text)
        box.toggled.connect(action.setChecked)
        self.boxes[key] = box
        row = QHBoxLayout()
        row.addWidget(box)
        return row

    def _legend_extra(self) -> QVBoxLayout:
        """Legend entries that are parts of a layer rather than layers of their own."""
        col = QVBoxLayout()
        for key, text in (("low_confidence", "low-confidence word (filled)"),
                          ("regions_rejected", "rejected table region (dashed)")):
            row = QHBoxLayout()
            icon = QLabel()
            icon.setPixmap(swatch(layer_colour(key)))
            row.addSpacing(22)
            row.addWidget(icon)
            row.addWidget(QLabel(text))
            row.addStretch(1)
            col.addLayout(row)
        return col

    def add_row(self, row: QHBoxLayout) -> None:
        """Add a row of another part (e.g. the Differences toggle) under the legend."""
        self._extra_rows.addLayout(row)

    def _toggled(self, key: str, on: bool) -> None:
        self.scene.set_layer_visible(key, on)
        box = self.boxes[key]
        if box.isChecked() != on:
            box.setChecked(on)

    def set_visible_layers(self, keys: set[str]) -> None:
        """Show exactly ``keys`` (unknown keys are ignored)."""
        for key, action in self.toggles.items():
            action.setChecked(key in keys)

    def set_all(self, on: bool) -> None:
        for action in self.toggles.values():
            action.setChecked(on)
