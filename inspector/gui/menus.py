"""The window's menus and actions, registered by id: the one way parts add commands.

A part asks for a menu by id (``menus.menu("table")``) and adds an action under an id
(``menus.add_action("edit.undo", action, menu="edit", section="history")``); nobody looks a
menu up by its mnemonic text or inserts at a position. Each menu is a list of named
sections in a fixed order; an action goes at the end of its section, so the order in a
menu does not depend on which part was made first. Every registered action is also added
to the window, so its shortcut works wherever the focus is.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget


class MenuError(KeyError):
    """An unknown menu or section id, or an action id registered twice."""


@dataclass(frozen=True)
class MenuSpec:
    """A menu of the bar: ``id``, its ``title`` (with mnemonic) and its sections, in order."""

    id: str
    title: str
    sections: tuple[str, ...] = ("main",)


class Menus:
    """Menus of ``bar`` and actions of ``owner`` by id (see module doc)."""

    def __init__(self, owner: QWidget, bar: QMenuBar) -> None:
        self.owner, self.bar = owner, bar
        self._menus: dict[str, QMenu] = {}
        self._ends: dict[tuple[str, str], QAction] = {}  # (menu, section) -> its end marker
        self._actions: dict[str, QAction] = {}

    def add_menu(self, spec: MenuSpec) -> QMenu:
        """Append menu ``spec`` to the bar. A separator ends each section; Qt hides the ones
        next to an empty section (``separatorsCollapsible``)."""
        if spec.id in self._menus:
            raise MenuError(f"menu '{spec.id}' exists already")
        menu = self.bar.addMenu(spec.title)
        menu.setObjectName(f"menu-{spec.id}")
        menu.setSeparatorsCollapsible(True)
        for section in spec.sections:
            self._ends[(spec.id, section)] = menu.addSeparator()
        self._menus[spec.id] = menu
        return menu

    def menu(self, menu_id: str) -> QMenu:
        try:
            return self._menus[menu_id]
        except KeyError:
            raise MenuError(f"no menu '{menu_id}' (there are {', '.join(self._menus)})") from None

    def add_action(self, action_id: str, action: QAction, menu: str | None = None,
                   section: str | None = None) -> QAction:
        """Register ``action`` as ``action_id``; with ``menu``, show it at the end of
        ``section`` (default: the menu's first) of that menu."""
        if action_id in self._actions:
            raise MenuError(f"action '{action_id}' is registered already")
        if menu is not None:
            m = self.menu(menu)
            sec = section or next(s for (mid, s) in self._ends if mid == menu)
            end = self._ends.get((menu, sec))
            if end is None:
                raise MenuError(f"menu '{menu}' has no section '{sec}'")
            m.insertAction(end, action)
        action.setObjectName(action_id)
        self.owner.addAction(action)
        self._actions[action_id] = action
        return action

    def add_submenu(self, menu: str, title: str, section: str | None = None) -> QMenu:
        """A sub-menu at the end of ``section`` of ``menu``."""
        sub = QMenu(title, self.owner)
        m = self.menu(menu)
        sec = section or next(s for (mid, s) in self._ends if mid == menu)
        m.insertMenu(self._ends[(menu, sec)], sub)
        return sub

    def action(self, action_id: str) -> QAction:
        try:
            return self._actions[action_id]
        except KeyError:
            raise MenuError(f"no action '{action_id}'") from None

    def has_action(self, action_id: str) -> bool:
        return action_id in self._actions

    def action_ids(self) -> list[str]:
        return list(self._actions)


__all__ = ["Menus", "MenuSpec", "MenuError"]
