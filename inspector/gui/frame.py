"""The window's frame: its registry of menus and actions, and its docks.

``WindowFrame`` is the base of ``MainWindow``: the one way to add an action (``add_action``:
shortcut, slot, menu place) and a dock (``add_dock``: where it goes, early or late, with
or without a scroll area), and the sizes a first start gives them. The window itself
composes the session, the page view and the panels (``main_window``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QMenu, QScrollArea, QWidget

from .menus import Menus, MenuSpec

BOTTOM_SHARE = 0.33  # of the window's height, for the bottom docks on a first start
Shortcut = QKeySequence | str | QKeySequence.StandardKey


class WindowFrame(QMainWindow):
    """Menus (``menus``), actions and docks of a main window (see the module doc)."""

    def __init__(self, menus: Sequence[MenuSpec], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.menus = Menus(self, self.menuBar())
        for spec in menus:
            self.menus.add_menu(spec)
        self._late_layout = False  # docks added from now on are "late" (see add_dock)
        self.late_docks: list[tuple[QDockWidget, QDockWidget]] = []  # (dock, the dock it is a tab of)
        self._pending_tabs: list[tuple[QDockWidget, QDockWidget]] = []

    def tab_pending_docks(self) -> None:
        """Tab the late docks added before the first show beside theirs (from ``showEvent``)."""
        if self._pending_tabs:
            pending, self._pending_tabs = self._pending_tabs, []
            for dock, beside in pending:
                if not self.restoreDockWidget(dock):
                    self.tabifyDockWidget(beside, dock)
                dock.show()
                beside.raise_()

    def first_layout(self) -> None:
        """A first start's layout (no saved one): the lists and the annotation grid get a third
        of the height (they showed 2 to 4 rows when left to Qt), the page keeps the rest; a
        small window takes the compact layout (``compact``)."""
        bottom = [self.dock("Stage inspector"), self.dock("Table preview")]
        self.resizeDocks(bottom, [int(self.height() * BOTTOM_SHARE)] * 2, Qt.Orientation.Vertical)
        from .compact import compact_layout, is_compact
        if is_compact(self.width()):
            compact_layout(self)

    # -- extension points -----------------------------------------------------------------
    def menu(self, menu_id: str) -> QMenu:
        """The menu ``menu_id`` ("file", "view", "go", "edit", "table", "help")."""
        return self.menus.menu(menu_id)

    def action(self, action_id: str) -> QAction:
        """The action registered as ``action_id`` (e.g. "file.save", "edit.undo")."""
        return self.menus.action(action_id)

    def add_action(self, action_id: str, action: QAction, slot: Callable[[], object] | None = None,
                   menu: str | None = None, section: str | None = None,
                   shortcut: Shortcut | list[Shortcut] | None = None) -> QAction:
        """Register ``action`` (its shortcut works anywhere in the window), connect ``slot`` to
        it and, with ``menu``, show it at the end of ``section`` of that menu."""
        if slot is not None:
            action.triggered.connect(slot)
        if shortcut is not None:
            keys = shortcut if isinstance(shortcut, list) else [shortcut]
            action.setShortcuts(_unique_keys(keys))
        return self.menus.add_action(action_id, action, menu, section)

    def add_dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea = Qt.DockWidgetArea.BottomDockWidgetArea,
                 beside: QDockWidget | None = None, scroll: bool = False) -> QDockWidget:
        """The one way to add a dock: in ``area``, or as another tab of ``beside`` (which stays
        the raised tab). Docks added after the preferences took the default layout ("late":
        the editing part's) go where the saved layout put them, else beside ``beside``; before
        the first show their tabbing waits for it, as Qt (6.12) leaves a stray tab bar behind
        when two tab groups are made before the first show. ``scroll`` puts the widget in a
        scroll area, so a panel's own minimum size does not set the window's (a large
        ``QT_SCALE_FACTOR`` on a small screen)."""
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        dock.setWidget(_scrolling(widget) if scroll else widget)
        if not self._late_layout:
            if beside is None:
                self.addDockWidget(area, dock)
            else:
                self.tabifyDockWidget(beside, dock)
                beside.raise_()
            return dock
        if beside is None:
            raise ValueError("a dock added after start-up goes beside an existing one")
        self.late_docks.append((dock, beside))
        if self.isVisible():
            if not self.restoreDockWidget(dock):
                self.tabifyDockWidget(beside, dock)
            return dock
        dock.hide()
        self._pending_tabs.append((dock, beside))
        return dock

    def dock(self, title: str) -> QDockWidget:
        found = self.findChild(QDockWidget, title)
        if found is None:
            raise KeyError(f"no dock '{title}'")
        return found


def _scrolling(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)  # the widget fills the dock whenever the dock is larger
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(widget)
    return area


def fitting_size(window: QWidget, wanted: tuple[int, int]) -> tuple[int, int]:
    """``wanted`` (logical pixels), made smaller to fit the screen's free area: with
    QT_SCALE_FACTOR=2 a 1400 x 900 window is larger than many screens."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return wanted
    free = screen.availableGeometry()
    return min(wanted[0], max(400, free.width() - 40)), min(wanted[1], max(300, free.height() - 60))


def _unique_keys(keys: list[Shortcut]) -> list[QKeySequence]:
    """``keys`` as key sequences, each once: a standard key often equals an explicit one
    (Redo is Ctrl+Shift+Z on Linux), and a sequence bound twice is ambiguous to Qt."""
    out: list[QKeySequence] = []
    for k in keys:
        seqs = QKeySequence.keyBindings(k) if isinstance(k, QKeySequence.StandardKey) \
            else [QKeySequence(k)]
        for seq in seqs:
            if not seq.isEmpty() and seq not in out:
                out.append(seq)
    return out
