"""Layer colours: the right-click colour menu of each layer's check box (remembered in the
preferences), the legend swatches following the light/dark palette, and the layer guide
(Help > Layers and colours) drawn in the colours in use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QColorDialog, QMenu

from .help import layers_guide_html
from .palette import PaletteFollower, refresh_legend
from .scene import diff_layer

if TYPE_CHECKING:
    from .main_window import MainWindow
    from .preferences import Preferences
    from .score_view import ScoreView


class LayerColours(QObject):
    """Colour menus and legend of ``window.layers``; colours are read from and kept in ``prefs``."""

    def __init__(self, window: MainWindow, prefs: Preferences, scores: ScoreView) -> None:
        super().__init__(window)
        self.window, self.prefs, self.scores = window, prefs, scores
        for key, box in window.layers.boxes.items():
            box.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            box.customContextMenuRequested.connect(
                lambda pos, key=key, box=box: self.layer_menu(key).exec(box.mapToGlobal(pos)))
        PaletteFollower(window, self.refresh_palette)
        self.refresh_palette()

    def layer_menu(self, layer: str) -> QMenu:
        """The colour menu of ``layer``: one "Colour…" entry per colour it draws with, and a reset."""
        from ..render.layers import BY_NAME
        menu = QMenu(self.window)
        keys = [c.key for c in BY_NAME[layer].colours]
        for key in keys:
            text = "Colour…" if len(keys) == 1 else f"Colour of {key.replace('_', ' ')}…"
            menu.addAction(text).triggered.connect(lambda _=False, key=key: self.choose_colour(key))
        menu.addAction("Default colour").triggered.connect(lambda: self._default_colours(keys))
        return menu

    def _default_colours(self, keys: list[str]) -> None:
        for k in keys:
            self.prefs.set_colour(k, None)

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


__all__ = ["LayerColours"]
