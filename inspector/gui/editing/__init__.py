"""Hand correction in the window: the annotation, its undo stack, page tools, panel, menus.

``Editing(window)`` adds all of it to a ``MainWindow``: the accepted-tables layer and edit
tools on the page view, an "Annotation" and an "Undo history" dock, Edit/Table menus,
Save (Ctrl+S), Export, the "*" in the title, the question on close and crash recovery.
Dialog questions go through ``ask``/``ask_save`` so tests can answer them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, Qt, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QFileDialog, QLabel, QUndoView

from .actions import TableActions
from .autosave import Pending
from .document import AnnotationSession, CellSelection
from .files import EditingFiles
from .grid_items import describe_slot, hit_slot
from .panel import AnnotationPanel
from .roles import GUESS_TEXT, HEADER_COLS_KEY, PICK_KEYS, ROLE_KEYS, RoleActions, role_entries
from .tools import TOOL_HINTS, EditController

if TYPE_CHECKING:
    from ..main_window import MainWindow
    from .original_draft import OriginalDraft

PICK_SLACK_PX = 3  # how far from the ink a person's drag may start (screen pixels)


class Editing(QObject, EditingFiles):
    """The editing part of ``window`` (see module doc)."""

    def _detected_words(self, page: int) -> tuple | None:
        """The words of ``page`` when the current detection result is of that page."""
        result = self.window.session.result
        return result.words if result is not None and result.page == page else None

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self._draft_asked = False  # File > Draft from tags chosen while the tags were still being read
        self.recovery_copy: Pending | None = None  # the copy the recovery question is about
        self.recovery_more = 0  # pending copies asked about after it
        self._original: OriginalDraft | None = None  # File > Draft from original's import, made when first used
        self.ann = AnnotationSession(self)
        self.ann.known_words = self._detected_words
        self.actions = TableActions(window.session, self.ann)
        self.roles = RoleActions(window.session, self.ann)
        self.controller = EditController(window.view, window.session, self.ann, self.actions)
        self.controller.picked.connect(self._picked)
        self.panel = AnnotationPanel(window.session, self.ann, self.actions, self.roles)
        # The table preview shows (and copies) the corrected table where there is one.
        window.preview.corrected = self.actions.corrected_for
        self.ann.changed.connect(window.preview.refresh)
        self.undo_view = QUndoView(self.ann.stack)
        self.undo_view.setEmptyLabel("(opened)")
        preview_dock = window.dock("Table preview")
        self.panel_dock = window.add_dock("Annotation", self.panel, beside=preview_dock, scroll=True)
        # Another tab of the bottom area: a dock of its own would raise the window's minimum size.
        self.undo_dock = window.add_dock("Undo history", self.undo_view, beside=preview_dock)
        # The bottom tab shows what was last picked: a detected table or an accepted one.
        window.session.selectionChanged.connect(lambda: _raise_if(window.session.selection, preview_dock))
        self.ann.selectionChanged.connect(lambda: _raise_if(self.ann.selection, self.panel_dock))
        self._menus()
        self.actions.confirm = lambda title, text: self.ask(title, text)
        window.view.tooltip_providers.append(self._tooltip)
        # One selection at a time: picking an accepted cell drops the detected highlight and back.
        self.ann.selectionChanged.connect(self._drop_detected_selection)
        window.session.selectionChanged.connect(self._drop_accepted_selection)
        self.mode_label = QLabel()
        self.mode_label.setObjectName("edit-mode")
        window.statusBar().insertPermanentWidget(0, self.mode_label)
        self.controller.toolChanged.connect(self._show_tool)
        self.ann.stack.cleanChanged.connect(self._clean_changed)  # a bound slot: dropped when torn down
        self.ann.stack.indexChanged.connect(self._index_changed)
        self.ann.message.connect(self.show_message)  # a bound slot: queued when the autosave thread emits

    def start(self) -> None:
        """Follow the window's documents, starting with the one open now (if any). Separate
        from the constructor: the recovery question runs a nested event loop, and the
        window must know its editing part exists before that."""
        self.window.session.documentChanged.connect(self._document_opened)
        if self.window.session.doc is not None:
            self._document_opened()

    def _add(self, action_id: str, text: str, slot: Callable[[], object],
             shortcut: str | QKeySequence.StandardKey | None = None,
             section: str = "structure", menu: str | None = "table") -> QAction:
        return self.window.add_action(action_id, QAction(text, self.window), slot, menu, section, shortcut)

    def _menus(self) -> None:
        w, a, c = self.window, self.actions, self.controller
        self.save_action = self._add("file.save", "&Save annotation", self.save, QKeySequence.StandardKey.Save,
                                     "document", "file")
        self.export_action = self._add("file.export", "&Export corrected tables…", self.export_dialog, "Ctrl+E",
                                       "document", "file")
        self._add("file.golden_add", "Add to &golden set…", self.add_to_golden, None, "document", "file")
        self.draft_action = self._add("file.draft_tags", "Draft from &tags", self.draft_from_tags, None,
                                      "document", "file")
        self.draft_action.setToolTip("Add the tables the PDF's own tags hold, marked 'from tags, not verified'")
        self.original_action = self._add("file.draft_original", "Draft from &original…", self.draft_original_dialog,
                                         None, "document", "file")
        self.original_action.setToolTip("Add the tables of the HWPX or DOCX file this PDF was made from, placed on "
                                        "its pages, marked 'from the original, not verified'")
        w.add_action("edit.undo", self.ann.stack.createUndoAction(w, "&Undo"), menu="edit", section="history",
                     shortcut=QKeySequence.StandardKey.Undo)
        w.add_action("edit.redo", self.ann.stack.createRedoAction(w, "&Redo"), menu="edit", section="history",
                     shortcut=["Ctrl+Shift+Z", "Ctrl+Y", QKeySequence.StandardKey.Redo])  # both, whatever the platform binds
        self.layer_action = self._view_toggle()
        self._add("table.accept", "&Accept detected table", lambda: a.accept(True), "Ctrl+Return", "accept")
        self._add("table.accept_all", "Accept &all tables on the page", lambda: a.accept(False),
                  "Ctrl+Shift+Return", "accept")
        self._add("table.draw", "&Draw a table region", lambda: c.set_tool("draw"), "D", "accept")
        self._add("table.add_row", "Add &row boundary (click)", lambda: c.set_tool("row"), "Shift+K")
        self._add("table.add_col", "Add &column boundary (click)", lambda: c.set_tool("col"), "K")
        self._add("table.delete_boundary", "Delete the selected &boundary", a.delete_boundary, "Del")
        self._add("table.delete_rows", "Delete selected ro&ws (at an edge)", lambda: a.delete_slots("row"),
                  "Shift+Del")
        self._add("table.delete_cols", "Delete selected col&umns (at an edge)", lambda: a.delete_slots("col"),
                  "Alt+Shift+Del")
        self._add("table.crop", "Cro&p to selection", a.crop_to_selection, "Ctrl+Shift+X")
        self._add("table.merge", "&Merge selected cells", a.merge_selected, "M")
        self._add("table.split", "&Split cell", a.split_selected, "S")
        self._add("table.header_rows", "&Header rows through selection", a.headers_through_selection, "H", "roles")
        self._add("table.header_cols", "Header &columns through selection", self.roles.header_cols_through_selection,
                  HEADER_COLS_KEY, "roles")
        role_menu = w.menus.add_submenu("table", "Row &role", "roles")
        for (role, _text, _key), (text, slot, key) in zip(ROLE_KEYS, role_entries(self.roles), strict=True):
            role_menu.addAction(self._add(f"table.role.{role}", text, slot, key or None, "roles", None))
        for field, text, key in PICK_KEYS:
            self._add(f"table.pick_{field}", text, partial(self.start_pick, field), key, "roles")
        self._add("table.title_guess", GUESS_TEXT, self.roles.use_title_guess, None, "roles")
        self._add("table.verified", "Mark &verified", lambda: a.set_verified(not self._current_verified()),
                  "Ctrl+Shift+V", "table")
        self._add("table.link", "&Link to its continuation on the next page", a.link_next, "Ctrl+L", "table")
        self._add("table.redetect", "Re-&detect this table", a.redetect_current, "Ctrl+Shift+R", "table")
        self._add("table.detect_inside", "Detect &inside this region", a.detect_inside, "Ctrl+Alt+R", "table")
        self._add("table.delete", "D&elete this table", a.delete_current, "Ctrl+Delete", "table")
        # Right-click on the page: the Table menu, acting on what is under the pointer.
        vp = w.view.viewport()
        vp.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        vp.customContextMenuRequested.connect(lambda pos: w.menu("table").exec(vp.mapToGlobal(pos)))

    def _drop_detected_selection(self) -> None:
        if self.ann.selection is not None:
            self.window.session.select(None)

    def _drop_accepted_selection(self) -> None:
        if self.window.session.selection is not None:
            self.ann.select(None)

    @Slot(bool)
    def _clean_changed(self, _clean: bool) -> None:
        self.window.setWindowModified(self.ann.modified)

    @Slot(int)
    def _index_changed(self, _index: int) -> None:
        self.window.setWindowModified(self.ann.modified)  # a parameter step is no unsaved change

    def _tooltip(self, p: QPointF) -> str:
        if not self.controller.layer.isVisible():
            return ""
        slot = hit_slot(self.ann.tables_on(self.window.session.page_index + 1), p.x(), p.y())
        return describe_slot(*slot) if slot is not None else ""

    def _show_tool(self, tool: str) -> None:
        """The active tool in the status bar (a cross cursor shows it on the page too)."""
        hint = TOOL_HINTS.get(tool, "")
        self.mode_label.setText(hint)
        self.mode_label.setStyleSheet("QLabel { background: #ffe08a; color: black; padding: 0 6px; }" if hint else "")

    def start_pick(self, field: str) -> bool:
        """Title or footnote from the page: the line of the selected word right away, else a
        pick on the page (click a line or drag over words; Esc cancels)."""
        line = self.roles.selected_line()
        if line:
            return self._store_picked(field, line)
        if self.roles.target() is None:
            self.ann.message.emit(f"accept or draw a table first: the {field} belongs to a table")
            return False
        self.controller.set_tool(field)
        self.ann.message.emit(f"click the line of the {field}, or drag over its words (Esc cancels)")
        return True

    def _picked(self, field: str, point: object, rect: object) -> None:
        page = self.window.session.page_index + 1
        slack = PICK_SLACK_PX / max(self.window.view.zoom, 1e-6)  # the pointer's precision, in points
        text = self.roles.picked_text(field, point, rect, self.ann.words(page), slack)  # type: ignore[arg-type]
        if text:
            self._store_picked(field, text)

    def _store_picked(self, field: str, text: str) -> bool:
        """Show the picked text (editable) before it is stored; Cancel stores nothing."""
        shown = self.confirm_pick(field, text)
        if shown is None:
            self.ann.message.emit(f"{field} not changed")
            return False
        return self.roles.set_text(field, shown)

    def confirm_pick(self, field: str, text: str) -> str | None:
        """The picked ``text`` as the person confirmed or corrected it, None when cancelled
        (a dialog; tests may answer it by clicking). A non-interactive run takes it as is."""
        if self.window.non_interactive:
            return text
        from PySide6.QtWidgets import QInputDialog
        dialog = QInputDialog(self.window)
        dialog.setWindowTitle(f"Picked {field}")
        dialog.setLabelText(f"The {field} taken from the page (correct it here if a word is missing or extra):")
        dialog.setOption(QInputDialog.InputDialogOption.UsePlainTextEditForTextInput)
        dialog.setTextValue(text)
        dialog.setObjectName("pick-confirm")
        return dialog.textValue() if dialog.exec() else None

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

    def _view_toggle(self) -> QAction:
        """View > Accepted tables: the annotation's own layer, shown or hidden."""
        action = QAction("Accepted &tables (annotation)", self.window)
        action.setCheckable(True)
        action.setChecked(True)
        action.toggled.connect(self.controller.layer.setVisible)
        return self.window.add_action("view.accepted", action, menu="view", section="annotation",
                                      shortcut="Ctrl+Shift+T")

    def _current_verified(self) -> bool:
        table = self.actions.current()
        return table is not None and table.verified

    # -- documents ----------------------------------------------------------------------
    def _document_opened(self) -> None:
        s = self.window.session
        if s.doc is None or s.path is None:
            return
        from ..scene.tags_layer import tag_grids  # the tag reader loads after the first page
        tags = tag_grids()
        if not getattr(self, "_tags_connected", False):
            tags.loaded.connect(self._tags_loaded)
            self._tags_connected = True
        tags.start(s.doc.data, Path(s.path).name)
        report = self.ann.start(s.path, s.doc)
        if not report.loaded and not report.pending:
            self._annotation_apart(s.path)
        self._after_open(report)
        self._say_target()

    def _tags_loaded(self) -> None:
        layer = self.window.view.page_scene.layers.get("tags")
        if layer is not None:
            layer.update(self.window.session.result)
        if self._draft_asked:
            self._draft_asked = False
            self.draft_from_tags()

    def draft_from_tags(self) -> int:
        """File > Draft from tags: the PDF's tagged tables into the annotation (one undo step).
        While the tags are still being read (a long or hostile file) the window stays free:
        the draft is made when they arrive."""
        from ..scene.tags_layer import tag_grids
        tags = tag_grids()
        if tags.reading:
            self._draft_asked = True
            self.ann.message.emit("reading the file's tags: the draft follows when they are read")
            return 0
        if tags.result is None:
            self.ann.message.emit(tags.error or "open a PDF first")
            return 0
        return self.actions.draft_from_tags(tags.result.annotation.tables, tags.result.fixes)

    def draft_original_dialog(self) -> None:
        from .original_draft import ORIGINALS_FILTER

        path = self.window.session.path
        start = str(Path(path).parent) if path else ""
        chosen, _ = QFileDialog.getOpenFileName(self.window, "Draft from the original (HWPX, DOCX)", start,
                                                ORIGINALS_FILTER)
        if chosen:
            self.draft_from_original(chosen)

    def draft_from_original(self, original: str) -> bool:
        """File > Draft from original: the original's tables placed on the PDF's pages, added as
        drafts in one undo step when the import (a worker process) is done."""
        from .original_draft import OriginalDraft

        s = self.window.session
        if s.doc is None or not s.path or s.doc.kind != "pdf":
            self.ann.message.emit("open the PDF the original was made into first")
            return False
        if self._original is None:
            self._original = OriginalDraft(self)
            self._original.done.connect(self._original_done)
            self._original.failed.connect(self.ann.message.emit)
        if not self._original.start(original, s.path, s.params.budget):
            self.ann.message.emit("an original is being placed already")
            return False
        self.ann.message.emit(f"placing the tables of {Path(original).name} on the PDF's pages…")
        return True

    def _original_done(self, result: object) -> None:
        from ...compare.original_import import OriginalImport

        assert isinstance(result, OriginalImport)
        for line in result.report:  # what could not be placed, and why
            print(f"table-inspector: {line}", file=sys.stderr)
        self.actions.draft_from_original(result.annotation.tables, result.name, result.report)

    def export_dialog(self) -> None:
        if self.ann.doc is None or not self.ann.doc.tables:
            self.ann.message.emit("nothing to export: accept or draw a table first")
            return
        sel = self.ann.selection
        pdf = Path(self.window.session.path or "tables")
        from .export_dialog import ExportDialog  # the export formats load on first use, not at start
        dialog = ExportDialog(self.ann.doc, sel.table_id if sel else None, pdf.stem, self.window,
                              str(pdf.parent) if self.window.session.path else "", self.ann.words)
        dialog.exec()
        if dialog.done_message:
            self.ann.message.emit(dialog.done_message)


__all__ = ["Editing", "AnnotationSession", "TableActions", "EditController"]


def _raise_if(selected: object, dock: QDockWidget) -> None:
    """Bring ``dock``'s tab to the front when something was selected."""
    if selected:
        dock.raise_()
