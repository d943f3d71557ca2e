"""Preferences that outlive the window, in ``QSettings("table-inspector", "table-inspector")``.

Kept: window geometry and dock layout, layer visibility and colour overrides, the last
parameters (as a preset), the last export format and folder (recent files are the main
window's own key). ``restore`` is called for interactive starts only, so screenshots and
scripts never depend on a person's settings. "Reset to defaults" clears every key and puts
the default layout, layers and colours back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QMessageBox

from ..core.params import ParamError, Params
from ..render.layers import LAYERS
from .scene.layers import layer_colour

if TYPE_CHECKING:
    from .main_window import MainWindow

GEOMETRY, STATE = "window/geometry", "window/state"
VISIBLE_LAYERS, SHOWN_LAYERS_SET = "layers/visible", "layers/saved"
COLOUR_PREFIX = "layers/colour/"
LAST_PARAMS = "params/last"
EXPORT_FORMAT, EXPORT_FOLDER = "export/format", "export/folder"
DEFAULT_SIZE = (1400, 900)  # the main window's own start size


def app_settings() -> QSettings:
    """The app's own settings (in the platform's usual place)."""
    return QSettings("table-inspector", "table-inspector")


def _str_list(value: object) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, str):  # QSettings gives a bare string for a one-item list
        return [value]
    return [str(v) for v in value] if isinstance(value, (list, tuple)) else [str(value)]


# -- helpers the export code calls ------------------------------------------------------
def last_export_format(settings: QSettings | None = None, default: str = "csv") -> str:
    """The export format chosen last time (a key of ``inspector.export.FORMATS``)."""
    return str((settings or app_settings()).value(EXPORT_FORMAT, default) or default)


def last_export_folder(settings: QSettings | None = None) -> str:
    """The folder exported to last time, "" when none yet."""
    return str((settings or app_settings()).value(EXPORT_FOLDER, "") or "")


def set_last_export(fmt: str, folder: str | None = None, settings: QSettings | None = None) -> None:
    """Remember the export format (and the folder, when a file was written)."""
    s = settings or app_settings()
    s.setValue(EXPORT_FORMAT, fmt)
    if folder:
        s.setValue(EXPORT_FOLDER, folder)
    s.sync()


class Preferences:
    """Saving and restoring ``window``'s preferences in ``window.settings``."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.settings = window.settings
        # Captured once every dock exists: what "Reset to defaults" goes back to.
        self.default_state = window.saveState()
        self.colour_overrides: dict[str, QColor] = {}
        self.restored = False
        self.layout_restored = False  # a saved dock layout was applied (the window keeps its sizes)

    # -- restore / save ---------------------------------------------------------------
    def restore(self) -> None:
        """Apply saved geometry, docks, layers, colours and parameters (missing keys: defaults)."""
        s, w = self.settings, self.window
        geometry, state = s.value(GEOMETRY), s.value(STATE)
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            w.restoreGeometry(geometry)
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.layout_restored = w.restoreState(state)
        if s.value(SHOWN_LAYERS_SET, False) in (True, "true"):
            w.layers.set_visible_layers(set(_str_list(s.value(VISIBLE_LAYERS))))
        for spec_key in self._colour_keys():
            value = s.value(COLOUR_PREFIX + spec_key)
            colour = QColor(str(value)) if value else QColor()
            if colour.isValid():
                self.set_colour(spec_key, colour, save=False)
        self._restore_params()
        self.restored = True

    def _restore_params(self) -> None:
        text = self.settings.value(LAST_PARAMS)
        if not text:
            return
        try:
            self.window.session.set_params(Params.loads(str(text)))
        except (ParamError, ValueError, TypeError):
            self.settings.remove(LAST_PARAMS)  # an old or broken preset is dropped, not fatal

    def save(self) -> None:
        """Write the current geometry, docks, layers and parameters."""
        s, w = self.settings, self.window
        s.setValue(GEOMETRY, w.saveGeometry())
        s.setValue(STATE, w.saveState())
        s.setValue(VISIBLE_LAYERS, w.view.page_scene.visible_layers())
        s.setValue(SHOWN_LAYERS_SET, True)
        s.setValue(LAST_PARAMS, w.session.params.dumps())
        s.sync()

    # -- layer colours ----------------------------------------------------------------
    @staticmethod
    def _colour_keys() -> list[str]:
        """Colour keys of the overlay parts (a layer can have two, e.g. low-confidence words)."""
        return [c.key for spec in LAYERS for c in spec.colours]

    def colour(self, key: str) -> QColor:
        """The colour used for overlay colour ``key`` (override or default)."""
        return QColor(self.colour_overrides.get(key, layer_colour(key)))

    def set_colour(self, key: str, colour: QColor | None, save: bool = True) -> None:
        """Paint colour ``key`` in ``colour`` (None: back to the default) and remember it."""
        if colour is None:
            self.colour_overrides.pop(key, None)
            if save:
                self.settings.remove(COLOUR_PREFIX + key)
        else:
            self.colour_overrides[key] = QColor(colour)
            if save:
                self.settings.setValue(COLOUR_PREFIX + key, QColor(colour).name())
        _paint_parts(self.window, key, self.colour(key))
        from .palette import refresh_legend
        refresh_legend(self.window.layers, self.colour)

    # -- reset --------------------------------------------------------------------------
    def reset(self, confirm: bool = True) -> bool:
        """Clear every saved preference and restore the default layout, layers and colours.
        With ``confirm`` a question comes first; returns whether it was done."""
        if confirm and QMessageBox.question(
                self.window, "Reset preferences",
                "Forget the window layout, recent files, layer choices and colours, the last parameters "
                "and export choices, and go back to the defaults?") != QMessageBox.StandardButton.Yes:
            return False
        self.settings.clear()
        self.settings.sync()
        w = self.window
        w.restoreState(self.default_state)
        for dock, beside in w.late_docks:  # docks made after the default layout was taken
            dock.setFloating(False)
            w.tabifyDockWidget(beside, dock)
            dock.show()
        from .main_window import fitting_size
        w.resize(*fitting_size(w, DEFAULT_SIZE))
        from .compact import compact_layout, is_compact
        if is_compact(w.width()):  # a small screen: the default is the compact layout
            compact_layout(w)
        w.layers.set_visible_layers({spec.name for spec in LAYERS if spec.default_on})
        for key in list(self.colour_overrides):
            self.set_colour(key, None, save=False)
        w.statusBar().showMessage("Preferences reset to the defaults", 5000)
        return True


def _paint_parts(window: MainWindow, key: str, colour: QColor) -> None:
    """Re-colour the overlay items drawn in colour ``key``, keeping each one's fill opacity."""
    for layer in window.view.page_scene.layers.values():
        for part, item in zip(layer.parts, layer.items, strict=True):
            if part.colour != key:
                continue
            pen = item.pen()
            pen.setColor(colour)
            item.setPen(pen)
            brush = item.brush()
            if brush.style() != Qt.BrushStyle.NoBrush:
                fill = QColor(colour)
                fill.setAlpha(brush.color().alpha())
                brush.setColor(fill)
                item.setBrush(brush)


__all__ = ["Preferences", "app_settings", "last_export_format", "last_export_folder", "set_last_export"]
