"""Hand correction in the window: the annotation, its undo stack, page tools, panel, menus.

``Editing(window)`` adds all of it to a ``MainWindow``: the accepted-tables layer and edit
tools on the page view, an "Annotation" and an "Undo history" dock, Edit/Table menus,
Save (Ctrl+S), Export, the "*" in the title, the question on close and crash recovery.
Dialog questions go through ``ask``/``ask_save`` so tests can answer them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMenu, QMessageBox, QUndoView

from .actions import TableActions
from .document import AnnotationSession, CellSelection, OpenReport
from .panel import AnnotationPanel
from .roles import GUESS_TEXT, HEADER_COLS_KEY, PICK_KEYS, RoleActions, role_entries
from .tools import EditController

if TYPE_CHECKING:
    from ..main_window import MainWindow


class Editing(QObject):
    """The editing part of ``window`` (see module doc)."""

    def _detected_words(self, page: int) -> tuple | None:
        """The words of ``page`` when the current detection result is of that page."""
        result = self.window.session.result
        return result.words if result is not None and result.page == page else None

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.ann = AnnotationSession(self)
        self.ann.known_words = self._detected_words
        self.actions = TableActions(window.session, self.ann)
        self.roles = RoleActions(window.session, self.ann)
        self.controller = EditController(window.view, window.session, self.ann)
        self.controller.picked.connect(self._picked)
        self.panel = AnnotationPanel(window.session, self.ann, self.actions, self.roles)
        # The table preview shows (and copies) the corrected table where there is one.
        window.preview.corrected = self.actions.corrected_for
        self.ann.changed.connect(window.preview.refresh)
        self.undo_view = QUndoView(self.ann.stack)
        self.undo_view.setEmptyLabel("(opened)")
        preview_dock = window.findChild(QDockWidget, "Table preview")
        self._pending_tabs: list[tuple[QDockWidget, QDockWidget]] = []
        window.installEventFilter(self)
        self.panel_dock = self._dock("Annotation", self.panel, preview_dock)
        # Another tab of the bottom area: a dock of its own would raise the window's minimum size.
        self.undo_dock = self._dock("Undo history", self.undo_view, preview_dock)
        # The bottom tab shows what was last picked: a detected table or an accepted one.
        window.session.selectionChanged.connect(lambda: window.session.selection and preview_dock.raise_())
        self.ann.selectionChanged.connect(lambda: self.ann.selection and self.panel_dock.raise_())
        self._menus()
        self.ann.stack.cleanChanged.connect(lambda clean: window.setWindowModified(not clean))
        self.ann.message.connect(self.show_message)  # a bound slot: queued when the autosave thread emits
        window.session.documentChanged.connect(self._document_opened)
        if window.session.doc is not None:  # made after the document was opened
            self._document_opened()

    def _dock(self, title: str, widget: object, beside: QDockWidget) -> QDockWidget:
        """A new dock: where the saved layout put it, else another tab of ``beside``. Before the
        first show, tabbing waits for it: Qt (6.12) leaves a stray tab bar behind when two tab
        groups are made before the first show."""
        dock = QDockWidget(title, self.window)
        dock.setObjectName(title)
        dock.setWidget(widget)  # type: ignore[arg-type]
        self.window.polish.prefs.late_docks.append((dock, beside))
        if self.window.isVisible():
            if not self.window.restoreDockWidget(dock):
                self.window.tabifyDockWidget(beside, dock)
            return dock
        dock.hide()
        self._pending_tabs.append((beside, dock))
        return dock

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self.window and event.type() == QEvent.Type.Show and self._pending_tabs:
            pending, self._pending_tabs = self._pending_tabs, []
            for beside, dock in pending:
                if not self.window.restoreDockWidget(dock):
                    self.window.tabifyDockWidget(beside, dock)
                dock.show()
            beside.raise_()
        return False

    def _add(self, menu: object, text: str, slot: object, shortcut: object = None) -> QAction:
        action = QAction(text, self.window)
        action.triggered.connect(slot)  # type: ignore[arg-type]
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))  # type: ignore[arg-type]
        menu.addAction(action)  # type: ignore[attr-defined]
        self.window.addAction(action)  # shortcuts work wherever the focus is
        return action

    def _menus(self) -> None:
        w, a, c = self.window, self.actions, self.controller
        f = self._file_menu()
        self.save_action = QAction("&Save annotation", w)
        self.save_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Save))
        self.save_action.triggered.connect(self.save)
        w.addAction(self.save_action)
        self.export_action = QAction("&Export corrected tables…", w)
        self.export_action.setShortcut(QKeySequence("Ctrl+E"))
        self.export_action.triggered.connect(self.export_dialog)
        w.addAction(self.export_action)
        if f is not None:
            first = f.actions()[3] if len(f.actions()) > 3 else None
            f.insertActions(first, [self.save_action, self.export_action])
        e = self._menu("&Edit")
        undo = self.ann.stack.createUndoAction(w, "&Undo")
        undo.setShortcut(QKeySequence(QKeySequence.StandardKey.Undo))
        redo = self.ann.stack.createRedoAction(w, "&Redo")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence(QKeySequence.StandardKey.Redo)])
        e.insertActions(e.actions()[0] if e.actions() else None, [undo, redo])  # before what others put there
        w.addActions([undo, redo])
        self.layer_action = self._view_toggle()
        t = self._menu("&Table")
        self._add(t, "&Accept detected table", lambda: a.accept(True), "Ctrl+Return")
        self._add(t, "Accept &all tables on the page", lambda: a.accept(False), "Ctrl+Shift+Return")
        self._add(t, "&Draw a table region", lambda: c.set_tool("draw"), "D")
        self._add(t, "Add &row boundary (click)", lambda: c.set_tool("row"), "Shift+K")
        self._add(t, "Add &column boundary (click)", lambda: c.set_tool("col"), "K")
        t.addSeparator()
        self._add(t, "Delete the selected &boundary (Del)", c.delete_boundary)
        self._add(t, "&Merge selected cells", a.merge_selected, "M")
        self._add(t, "&Split cell", a.split_selected, "S")
        self._add(t, "&Header rows through selection", a.headers_through_selection, "H")
        self._add(t, "Header &columns through selection", self.roles.header_cols_through_selection,
                  HEADER_COLS_KEY)
        role_menu = t.addMenu("Row &role")
        for text, slot, key in role_entries(self.roles):
            self._add(role_menu, text, slot, key or None)
        for field, text, key in PICK_KEYS:
            self._add(t, text, lambda _=False, f=field: self.start_pick(f), key)
        self._add(t, GUESS_TEXT, self.roles.use_title_guess)
        self._add(t, "Mark &verified", lambda: a.set_verified(not self._current_verified()), "Ctrl+Shift+V")
        self._add(t, "&Link to its continuation on the next page", a.link_next, "Ctrl+L")
        t.addSeparator()
        self._add(t, "Re-&detect this table", a.redetect_current, "Ctrl+Shift+R")
        self._add(t, "D&elete this table", a.delete_current, "Ctrl+Delete")
        # Right-click on the page: the Table menu, acting on what is under the pointer.
        w.view.viewport().setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        w.view.viewport().addActions(t.actions())

    def start_pick(self, field: str) -> bool:
        """Title or footnote from the page: the line of the selected word right away, else a
        pick on the page (click a line or drag over words; Esc cancels)."""
        line = self.roles.selected_line()
        if line:
            return self.roles.set_text(field, line)
        if self.roles.target() is None:
            self.ann.message.emit(f"accept or draw a table first: the {field} belongs to a table")
            return False
        self.controller.set_tool(field)
        self.ann.message.emit(f"click the line of the {field}, or drag over its words (Esc cancels)")
        return True

    def _picked(self, field: str, point: object, rect: object) -> None:
        page = self.window.session.page_index + 1
        self.roles.pick(field, point, rect, self.ann.words(page))  # type: ignore[arg-type]

    def select_first_on_page(self) -> bool:
        """Make the first accepted table of the current page the current one (screenshots)."""
        found = self.ann.tables_on(self.window.session.page_index + 1)
        if found:
            table, region = found[0]
            self.ann.select(CellSelection(table.id, region))
        return bool(found)

    @Slot(str)
    def show_message(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 8000)

    def _file_menu(self) -> QMenu | None:
        for action in self.window.menuBar().actions():
            if action.menu() is not None and action.text() == "&File":
                return action.menu()
        return None

    def _menu(self, title: str) -> QMenu:
        """The window's menu ``title`` (the window makes Edit and Table for this part to fill)."""
        for action in self.window.menuBar().actions():
            if action.menu() is not None and action.text() == title:
                return action.menu()
        return self.window.menuBar().addMenu(title)

    def _view_toggle(self) -> QAction:
        """View > Accepted tables: the annotation's own layer, shown or hidden."""
        layer = self.controller.layer
        action = QAction("Accepted &tables (annotation)", self.window)
        action.setCheckable(True)
        action.setChecked(True)
        action.setShortcut(QKeySequence("Ctrl+Shift+T"))
        action.toggled.connect(layer.setVisible)
        for a in self.window.menuBar().actions():
            if a.menu() is not None and a.text() == "&View":
                a.menu().addAction(action)
        self.window.addAction(action)
        return action

    def _current_verified(self) -> bool:
        table = self.actions.current()
        return table is not None and table.verified

    # -- documents ----------------------------------------------------------------------
    def _document_opened(self) -> None:
        s = self.window.session
        if s.doc is None or s.path is None:
            return
        report = self.ann.start(s.path, s.doc)
        self._after_open(report)

    def _after_open(self, report: OpenReport) -> None:
        if report.mismatch:
            if self.ask("Annotation made on another file", f"{report.mismatch}.\n\nRe-attach it to this file?"):
                self.ann.reattach_mismatched()
            else:
                self.ann.message.emit("the annotation beside this file was not loaded (its PDF differs)")
        elif report.error:
            self.ann.message.emit(f"annotation not loaded: {report.error}")
        if report.recoverable and self.ask("Recover unsaved edits?",
                                           "Edits of this file were not saved when the app last stopped. "
                                           "Recover them?"):
            self.ann.recover()

    def ask(self, title: str, text: str) -> bool:
        """A yes/no question (tests replace this)."""
        answer = QMessageBox.question(self.window, title, text)
        return answer == QMessageBox.StandardButton.Yes

    def ask_save(self) -> str:
        """"save", "discard" or "cancel" for unsaved edits (tests replace this)."""
        buttons = QMessageBox.StandardButton
        answer = QMessageBox.question(self.window, "Unsaved changes",
                                      "The annotation has unsaved changes. Save them?",
                                      buttons.Save | buttons.Discard | buttons.Cancel)
        return {buttons.Save: "save", buttons.Discard: "discard"}.get(answer, "cancel")

    def confirm_discard(self) -> bool:
        """Before closing the document: True when it may go (saved, discarded or unchanged)."""
        if not self.ann.modified:
            return True
        choice = self.ask_save()
        if choice == "save":
            return self.save()
        if choice == "discard":
            self.ann.discard_autosave()
            self.ann.stack.setClean()
            return True
        return False

    def save(self) -> bool:
        if self.ann.doc is None:
            return False
        if not self.ann.overwrite_ok and self.ann.path is not None and self.ann.path.exists() and \
                not self.ask("Overwrite annotation?", f"{self.ann.path} was made on another file or could "
                                                      "not be read. Replace it with this annotation?"):
            return False
        return self.ann.save()

    def export_dialog(self) -> None:
        if self.ann.doc is None or not self.ann.doc.tables:
            self.ann.message.emit("nothing to export: accept or draw a table first")
            return
        sel = self.ann.selection
        stem = Path(self.window.session.path or "tables").stem
        from .export_dialog import ExportDialog  # the export formats load on first use, not at start
        ExportDialog(self.ann.doc, sel.table_id if sel else None, stem, self.window).exec()


__all__ = ["Editing", "AnnotationSession", "TableActions", "EditController"]
