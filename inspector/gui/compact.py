"""The dock layout of a small window (under ``COMPACT_WIDTH`` pixels wide on a first start).

The default layout has three columns (pages, page, layers over parameters) over two bottom
docks side by side (the stage inspector, the table preview). At 800 x 600 that left the page
280 pixels wide at 41 %, the parameters a few fields high, the preview's grid one column
wide beside its Markdown and every bottom tab's title cut to "Stage in…". So a small window
starts with fewer, fuller panels: layers and parameters are two tabs of one dock column (each
the column's full height), all the bottom docks are tabs of one group (each the full width),
and the right column is kept narrow enough for the page and wide enough for a parameter's
field and slider. A saved layout is left as it was; the user can move any dock back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

if TYPE_CHECKING:
    from .frame import WindowFrame

COMPACT_WIDTH = 1100  # window width (pixels) under which a first start uses the compact layout
RIGHT_SHARE = 0.36  # of the window's width, at most, for the layers/parameters column
RIGHT_MIN = 300  # pixels: a parameter's label, slider, field and reset button side by side


def is_compact(width: int) -> bool:
    return width < COMPACT_WIDTH


def compact_layout(window: WindowFrame) -> None:
    """Tab the right docks together and the bottom docks together (see the module doc)."""
    layers, params = window.dock("Layers"), window.dock("Parameters")
    window.tabifyDockWidget(layers, params)
    layers.raise_()
    preview, inspector = window.dock("Table preview"), window.dock("Stage inspector")
    group = [inspector, *window.tabifiedDockWidgets(inspector)]
    for dock in group:
        if dock is not preview and window.dockWidgetArea(dock) == window.dockWidgetArea(preview):
            window.tabifyDockWidget(preview, dock)
    preview.raise_()
    right = max(RIGHT_MIN, min(int(window.width() * RIGHT_SHARE), params.sizeHint().width()))
    window.resizeDocks([params], [right], Qt.Orientation.Horizontal)
