"""The window's finishing parts: preferences, Help menu, palette following, the metrics panel
and the differences layer. ``Polish(window)`` adds them to a ``MainWindow``; the editing part
comes later (``attach_editing``), and its annotation is then the one scored."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QColor, QIcon, QKeySequence
from PySide6.QtWidgets import QCheckBox, QColorDialog, QDockWidget, QHBoxLayout, QLabel, QMenu

from .help import add_help_menu, layers_guide_html
from .palette import PaletteFollower, bordered_swatch, refresh_legend
from .preferences import Preferences
from .scene import diff_layer
from .scene.diff_layer import DiffLayer
from .widgets.diff_delegate import DiffDelegate
from .widgets.metrics_panel import MetricsPanel

if TYPE_CHECKING:
    from ..annotation.model import DocumentAnnotation
    from .editing import Editing
    from .main_window import MainWindow


class Polish(QObject):
    """Adds the parts to ``window``: ``prefs``, ``metrics`` (+ ``metrics_dock``), ``diff``
    (the page layer), ``diff_delegate`` (the preview marks), ``diff_action`` (toggle, D)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.metrics = MetricsPanel(window.session, self._live_annotation)
        self.metrics_dock = self._metrics_dock()
        self.diff = DiffLayer(window.view.page_scene)
        self.diff_delegate = DiffDelegate(window.preview)
        self.diff_action = self._diff_toggle()
        self.metrics.scoreChanged.connect(self._show_diffs)
        self.prefs = Preferences(window)  # after every dock exists: its default layout
        self._settings_menu()
        self._colour_menus()
        add_help_menu(window, self.guide_html)
        PaletteFollower(window, self.refresh_palette)
        self.refresh_palette()

    # -- metrics and differences ------------------------------------------------------
    def _metrics_dock(self) -> QDockWidget:
        w = self.window
        dock = QDockWidget("Metrics", w)
        dock.setObjectName("Metrics")
        dock.setWidget(self.metrics)
        inspector = w.findChild(QDockWidget, "Stage inspector")
        if inspector is not None:
            w.tabifyDockWidget(inspector, dock)
            # The new tab current before the first show leaves a stray tab bar on screen (Qt 6.12).
            inspector.raise_()
        else:
            w.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
        return dock

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
        action.setShortcut(QKeySequence(diff_layer.SHORTCUT))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.setToolTip(f"{diff_layer.HELP} ({diff_layer.SHORTCUT})")
        action.toggled.connect(self.set_diff_visible)
        w.addAction(action)
        view_menu = self._menu("&View")
        if view_menu is not None:
            view_menu.addAction(action)
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
        layout = w.layers.layout()
        # One more row must not raise the window's minimum height (a 900x700 screenshot).
        layout.setSpacing(min(layout.spacing(), 3))  # type: ignore[union-attr]
        # Before the All/None buttons and the stretch, after the legend rows.
        layout.insertLayout(max(0, layout.count() - 2), row)  # type: ignore[attr-defined]
        return action

    def set_diff_visible(self, on: bool) -> None:
        self.diff.set_visible(on)
        self.diff_delegate.set_enabled(on)
        if self.diff_box.isChecked() != on:
            self.diff_box.setChecked(on)

    # -- menus ------------------------------------------------------------------------
    def _menu(self, title: str) -> QMenu | None:
        for action in self.window.menuBar().actions():
            if action.menu() is not None and action.text() == title:
                return action.menu()
        return None

    def _settings_menu(self) -> None:
        menu = self._menu("&Edit") or self.window.menuBar().addMenu("&Settings")
        menu.addSeparator()
        menu.addAction("Reset preferences to &defaults…").triggered.connect(lambda: self.prefs.reset())

    def _colour_menus(self) -> None:
        """Right-click on a layer's check box: change its colour(s), remembered in the preferences."""
        for key, box in self.window.layers.boxes.items():
            box.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            box.customContextMenuRequested.connect(
                lambda pos, key=key, box=box: self.layer_menu(key).exec(box.mapToGlobal(pos)))

    def layer_menu(self, layer: str) -> QMenu:
        """The colour menu of ``layer``: one "Colour…" entry per colour it draws with, and a reset."""
        from .scene.layers import PARTS
        menu = QMenu(self.window)
        keys = list(dict.fromkeys(p.colour for p in PARTS[layer]))
        for key in keys:
            text = "Colour…" if len(keys) == 1 else f"Colour of {key.replace('_', ' ')}…"
            menu.addAction(text).triggered.connect(lambda _=False, key=key: self.choose_colour(key))
        menu.addAction("Default colour").triggered.connect(
            lambda: [self.prefs.set_colour(k, None) for k in keys])
        return menu

    def choose_colour(self, key: str) -> None:
        colour = self.ask_colour(self.prefs.colour(key))
        if colour.isValid():
            self.prefs.set_colour(key, colour)

    def ask_colour(self, initial: QColor) -> QColor:
        """A colour from the person (invalid when cancelled); tests replace this."""
        return QColorDialog.getColor(initial, self.window, "Layer colour")

    def guide_html(self) -> str:
        from .editing.roles import legend_rows  # the role tints of the annotation layer
        extra = ((diff_layer.LABEL, diff_layer.SHORTCUT, diff_layer.HELP, diff_layer.COLOUR), *legend_rows())
        return layers_guide_html(self.prefs.colour, extra)

    def refresh_palette(self) -> None:
        """Legend swatches with borders that contrast with the current panel colour."""
        refresh_legend(self.window.layers, self.prefs.colour)
        self.diff_box.setIcon(QIcon(bordered_swatch(diff_layer.COLOUR)))
        self.diff_extra.setPixmap(bordered_swatch(diff_layer.EXTRA_COLOUR))

    def on_close(self) -> None:
        """The window is closing: remember the preferences (interactive starts), stop scoring."""
        if self.prefs.restored:
            self.prefs.save()
        self.metrics.close_pool()


__all__ = ["Polish"]
