"""The Help menu: keyboard shortcuts (read from the window's actions), a guide to the overlay
layers and their colours (from the layer table ``render.layers``), and About."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QAction, QColor, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMainWindow,
    QMenu,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from .. import __version__

if TYPE_CHECKING:
    from .main_window import MainWindow

LICENCE = "AGPL-3.0-or-later"
WINDOW_ONLY = "(window)"


@dataclass(frozen=True)
class ShortcutRow:
    """One shortcut: ``keys`` as shown to people, the action's text, its menu, and the other
    actions bound to the same key (a clash Qt resolves by running neither)."""

    keys: str
    action: str
    menu: str
    clashes: tuple[str, ...] = ()


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip(".…").strip()


def _menu_paths(window: QMainWindow) -> dict[int, str]:
    """id(action) -> "File > Open recent" style path of the menu holding it."""
    out: dict[int, str] = {}

    def walk(menu: QMenu, path: str) -> None:
        for a in menu.actions():
            sub = a.menu()
            if isinstance(sub, QMenu):
                walk(sub, f"{path} > {_plain(a.text())}")
            elif not a.isSeparator():
                out.setdefault(id(a), path)

    for top in window.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            walk(menu, _plain(top.text()))
    return out


def window_actions(window: QMainWindow) -> list[QAction]:
    """Every action of the window: in its menus, added to it, or owned by its children."""
    seen: dict[int, QAction] = {}
    for a in [*window.actions(), *window.findChildren(QAction)]:
        seen.setdefault(id(a), a)
    return list(seen.values())


def shortcut_rows(window: QMainWindow) -> list[ShortcutRow]:
    """Every action with a shortcut, in menu-bar order then by name; clashes marked."""
    paths = _menu_paths(window)
    entries = []
    for a in window_actions(window):
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in a.shortcuts() if not k.isEmpty()]
        if keys and _plain(a.text()):
            entries.append((", ".join(keys), _plain(a.text()), paths.get(id(a), WINDOW_ONLY), keys))
    by_key: dict[str, list[str]] = {}
    for _, text, _, keys in entries:
        for k in keys:
            by_key.setdefault(k, []).append(text)
    rows = {(shown, text, menu): tuple(o for k in keys for o in by_key[k] if o != text)
            for shown, text, menu, keys in entries}
    order = {_plain(a.text()): i for i, a in enumerate(window.menuBar().actions())}

    def place(r: ShortcutRow) -> tuple[int, str, str]:
        return order.get(r.menu.split(" > ")[0], len(order)), r.menu, r.action

    return sorted((ShortcutRow(k, t, m, c) for (k, t, m), c in rows.items()), key=place)


ON_THE_PAGE = "On the page (accepted table)"
# Mouse gestures and keys the page handles itself (no menu entry): listed on the sheet too.
PAGE_GESTURES: tuple[tuple[str, str], ...] = (
    ("Double-click", "Add a column boundary there"),
    ("Shift+Double-click", "Add a row boundary there"),
    ("Click, Shift+Click", "Select a cell, extend the selection"),
    ("Drag a boundary or a handle", "Move the boundary; resize (shrinking drops rows and columns) or move the region"),
    ("Tab, Shift+Tab", "Select the next / previous boundary (from nothing: the first cell)"),
    ("Arrows, Shift+Arrows", "Move the selected cell, extend the selection; nudge a selected boundary (Shift: 5 pt)"),
    ("Del", "Delete the selected boundary (asks before running cells together)"),
    ("Esc", "Cancel a drag, leave the draw / add-boundary tool, go from a boundary back to the cells"),
)


def sheet_rows(window: QMainWindow) -> list[ShortcutRow]:
    """The shortcut sheet: every action's shortcut, then the page's own gestures."""
    return shortcut_rows(window) + [ShortcutRow(k, text, ON_THE_PAGE) for k, text in PAGE_GESTURES]


class ShortcutsDialog(QDialog):
    """A table of every shortcut of ``window``."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.setWindowTitle("Keyboard shortcuts")
        self.rows = sheet_rows(window)
        self.table = QTableWidget(len(self.rows), 3)
        self.table.setHorizontalHeaderLabels(("Keys", "Action", "Menu"))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for i, row in enumerate(self.rows):
            for j, text in enumerate((row.keys, row.action, row.menu)):
                item = QTableWidgetItem(text)
                if row.clashes:
                    item.setToolTip(f"{row.keys} is also bound to: {', '.join(row.clashes)}")
                    item.setForeground(QColor(200, 40, 40))
                self.table.setItem(i, j, item)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        _layout(self, self.table)
        self.resize(640, 560)


def _layout(dialog: QDialog, body: QWidget) -> None:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    col = QVBoxLayout(dialog)
    col.addWidget(body, 1)
    col.addWidget(buttons)


def _swatch_html(colour: QColor, style: str = "solid") -> str:
    return (f'<span style="background-color:{colour.name()}; border:2px {style} {colour.darker(150).name()};">'
            "&nbsp;&nbsp;&nbsp;&nbsp;</span>")


def layers_guide_html(colour_of: Callable[[str], QColor] | None = None,
                      extra: tuple[tuple[str, str, str, QColor], ...] = ()) -> str:
    """HTML guide: each overlay layer's colour(s), shortcut and meaning.

    Built from the layer table ``render.layers.LAYERS`` (labels, keys, help, colours), drawn in
    the colours the window uses (``colour_of``, else the table's). ``extra`` adds (label, key, help, colour) rows.
    """
    from ..render.layers import LAYERS
    from .scene.layers import layer_colour
    colour = colour_of or layer_colour
    rows = []
    for spec in LAYERS:
        swatches = " ".join(_swatch_html(colour(c.key)) for c in spec.colours)
        second = f"<br><i>second colour: {html.escape(spec.alt.label)}</i>" if len(spec.colours) > 1 else ""
        rows.append(_guide_row(swatches, spec.label, spec.shortcut, spec.help + second, spec.default_on))
    for label, key, help_text, c in extra:
        rows.append(_guide_row(_swatch_html(c), label, key, help_text, True))
    return ("<h3>Overlay layers</h3><p>Toggle a layer with its key or in the Layers panel. The page is always "
            "drawn on white paper, so the colours read the same in light and dark mode.</p>"
            "<table cellpadding='4'><tr><th>Colour</th><th>Layer</th><th>Key</th><th>What it shows</th></tr>"
            + "".join(rows) + "</table>"
            "<p>The selection is outlined in amber. Hover an element to see its numbers in the Stage inspector.</p>")


def _guide_row(swatches: str, label: str, key: str, help_text: str, default_on: bool) -> str:
    on = "" if default_on else " <i>(off at start)</i>"
    return (f"<tr><td>{swatches}</td><td><b>{html.escape(label)}</b>{on}</td><td>{html.escape(key)}</td>"
            f"<td>{help_text if '<' in help_text else html.escape(help_text)}</td></tr>")


class LayersGuide(QDialog):
    """The layer guide in a dialog."""

    def __init__(self, parent: QWidget, guide_html: str) -> None:
        super().__init__(parent)
        self.setWindowTitle("Layers and colours")
        self.browser = QTextBrowser()
        self.browser.setHtml(guide_html)
        _layout(self, self.browser)
        self.resize(720, 520)


def versions() -> dict[str, str]:
    """Versions of the app and what it runs on ("not installed" when absent)."""
    import platform  # only for the About box

    import PySide6
    out = {"Table Inspector": __version__, "Python": platform.python_version(), "Qt": qVersion(),
           "PySide6": PySide6.__version__}
    try:
        import pymupdf
        out["PyMuPDF"] = pymupdf.VersionBind
    except ImportError:
        out["PyMuPDF"] = "not installed"
    try:
        import cv2
        out["OpenCV"] = cv2.__version__
    except ImportError:
        out["OpenCV"] = "not installed"
    return out


def about_html() -> str:
    items = "".join(f"<tr><td>{html.escape(k)}</td><td>{html.escape(v)}</td></tr>" for k, v in versions().items())
    return (f"<h3>Table Inspector {html.escape(__version__)}</h3>"
            "<p>Shows why PDF table extraction went wrong, lets you fix the table by hand, export it "
            "and build a golden set to measure extractors against.</p>"
            f"<p>Licence: {LICENCE} (GNU Affero General Public License, version 3 or later).</p>"
            f"<table cellpadding='2'>{items}</table>")


def add_help_menu(window: MainWindow, guide: Callable[[], str]) -> QMenu:
    """Fill ``window``'s Help menu; ``guide()`` returns the layer guide's current HTML."""
    shortcuts = QAction("&Keyboard shortcuts", window)
    shortcuts.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    window.add_action("help.shortcuts", shortcuts, lambda: ShortcutsDialog(window).exec(), "help", "main",
                      QKeySequence.StandardKey.HelpContents)
    window.add_action("help.layers", QAction("&Layers and colours", window),
                      lambda: LayersGuide(window, guide()).exec(), "help", "main")
    window.add_action("help.about", QAction("&About Table Inspector", window),
                      lambda: QMessageBox.about(window, "About Table Inspector", about_html()), "help", "about")
    return window.menu("help")


__all__ = ["ShortcutRow", "shortcut_rows", "sheet_rows", "PAGE_GESTURES", "window_actions", "ShortcutsDialog", "LayersGuide", "layers_guide_html",
           "versions", "about_html", "add_help_menu", "LICENCE"]
