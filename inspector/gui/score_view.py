"""The detection scored against the annotation, shown three ways: the Metrics dock, the
Differences layer on the page (toggle: View menu, key D, a check box in the Layers panel)
and the marks in the table preview. The annotation scored is the editing part's live one
once it exists (``attach_editing``), else the file beside the PDF."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel

from .palette import PaletteFollower, bordered_swatch
from .scene import diff_layer
from .scene.diff_layer import DiffLayer
from .widgets.diff_delegate import DiffDelegate
from .widgets.metrics_panel import MetricsPanel

if TYPE_CHECKING:
    from ..annotation.model import DocumentAnnotation
    from .editing import Editing
    from .main_window import MainWindow

# Off at start: while correcting, the hatching covers the cells being edited (issue 14).
DIFFERENCES_ON_AT_START = False


class ScoreView(QObject):
    """``metrics`` (+ ``metrics_dock``), ``diff`` (the page layer), ``diff_delegate`` (the
    preview marks), ``diff_action`` (toggle, D) and ``diff_box`` (its Layers-panel check box)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.metrics = MetricsPanel(window.session, self._live_annotation)
        self.metrics_dock = window.add_dock("Metrics", self.metrics, beside=window.dock("Stage inspector"))
        self.diff = DiffLayer(window.view.page_scene)
        self.diff_delegate = DiffDelegate(window.preview)
        self.diff_action = self._diff_toggle()
        self.set_diff_visible(DIFFERENCES_ON_AT_START)
        self.metrics.scoreChanged.connect(self._show_diffs)
        PaletteFollower(window, self.refresh_palette)
        self.refresh_palette()

    def _live_annotation(self) -> DocumentAnnotation | None:
        editing = self.window.editing_if_made
        return editing.ann.doc if editing is not None else None

    def attach_editing(self, editing: Editing) -> None:
        """The editing part exists now: re-score when its annotation is edited, undone or loaded."""
        editing.ann.changed.connect(self.metrics.rescore)
        self.window.session.documentChanged.connect(self._raise_metrics_if_annotated)
        self.metrics.rescore()
        self._raise_metrics_if_annotated()

    def _raise_metrics_if_annotated(self) -> None:
        if self.metrics.annotation() is not None or self.metrics.file_note:
            self.metrics_dock.raise_()

    def _show_diffs(self) -> None:
        score = self.metrics.score
        diffs = score.diffs if score is not None and score.page == self.window.session.page_index + 1 else ()
        self.diff.set_diffs(diffs)
        self.diff_delegate.set_diffs(diffs)

    def _diff_toggle(self) -> QAction:
        """A View-menu action (key D) and a Layers-panel check box with its legend swatch."""
        w = self.window
        action = QAction(diff_layer.LABEL, w)
        action.setCheckable(True)
        action.setChecked(self.diff.visible)
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.setToolTip(f"{diff_layer.HELP} ({diff_layer.SHORTCUT})")
        action.toggled.connect(self.set_diff_visible)
        w.add_action("view.differences", action, menu="view", section="layers",
                     shortcut=QKeySequence(diff_layer.SHORTCUT))
        self.diff_box = QCheckBox(f"Differences  [{diff_layer.SHORTCUT}]")
        self.diff_box.setObjectName("diff-toggle")
        self.diff_box.setChecked(action.isChecked())
        self.diff_box.setToolTip(diff_layer.HELP)
        self.diff_box.toggled.connect(action.setChecked)
        self.diff_extra = QLabel()
        self.diff_extra.setObjectName("diff-extra-swatch")
        row = QHBoxLayout()
        row.addWidget(self.diff_box)
        row.addWidget(self.diff_extra)
        row.addWidget(QLabel("detected only"))
        row.addStretch(1)
        w.layers.add_row(row)
        return action

    def set_diff_visible(self, on: bool) -> None:
        self.diff.set_visible(on)
        self.diff_delegate.set_enabled(on)
        if self.diff_action.isChecked() != on:
            self.diff_action.setChecked(on)
        if self.diff_box.isChecked() != on:
            self.diff_box.setChecked(on)

    def refresh_palette(self) -> None:
        self.diff_box.setIcon(QIcon(bordered_swatch(diff_layer.COLOUR)))
        self.diff_extra.setPixmap(bordered_swatch(diff_layer.EXTRA_COLOUR))

    def close(self) -> None:
        """The window is closing: stop scoring."""
        self.metrics.close_pool()


__all__ = ["ScoreView", "DIFFERENCES_ON_AT_START"]
