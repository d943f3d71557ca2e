"""Why is a boundary here, or not there: the page's explanation in the window.

- Hovering near a row or column boundary of a detected table adds why it is there to the
  tooltip (the evidence and the decision).
- Table > "Why is a boundary here or not there?" (Y) turns the next click into a question:
  the nearest boundary or dropped candidate to the click is explained in the "Why" tab,
  with the parameter value that would change it and a button that applies it and
  re-detects. A click where no table was found says why not (the region rejected there
  and the value that makes it a table, or what the text there lacks). Applying is a step
  of the window's undo stack (Edit > Undo, Ctrl+Z, or the tab's "Undo"); it changes the
  detection only, never an accepted table. Esc leaves the mode.
- The Parameters panel marks the parameters that decided something on the page, and shows
  the applied value (its field scrolled into view).

The explanation (``core.explain``) reads only the immutable result (no MuPDF), so it is computed
on the window's ``Why`` lane (``tasks.Lane``) after each detection and kept for that result; a
newer detection cancels the explanation of the one before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPointF, Qt, Slot
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ..core.params import Params
from ..core.reading.garbled import GARBLED_PREFIX
from ..core.reading.ocrlayer import LAYER_PREFIX
from ..core.reading.unseen import HIDDEN_PREFIX, UNSEEN
from ..core.types import PageResult
from .tasks import Lane, Task

if TYPE_CHECKING:
    from ..core.explain import PageWhy, TableWhy, Why
    from .editing.commands import ParamCommand
    from .main_window import MainWindow
    from .worker import DocumentSource

HOVER_PX = 4.0  # how close (screen pixels) the pointer must be to a boundary for its tooltip
ASK_REACH_PX = 20.0  # a question farther than this (screen pixels) from every boundary asks what is there


def _explain(res: PageResult, params: Params, source: DocumentSource | None) -> PageWhy:
    """``res`` explained; with the document's ``source``, a value that makes or rejects a table in
    the page's top or bottom band is confirmed by detecting the page whole again (in this process:
    rare, and the document's pipeline keeps what it read)."""
    from ..core.infra.jobs import explain_result

    return explain_result(res, params, source.source() if source is not None else None)


def _explain_all(res: PageResult, params: Params, source: DocumentSource | None,
                 cancelled: Callable[[], bool]) -> PageWhy:
    """``_explain`` and each table's verdict (``PageWhy.why_table``: the value that would reject
    it, found by re-running the tables stage, tens of milliseconds a table), worked out here on
    the lane so that a click inside a table answers at once on the GUI thread."""
    page = _explain(res, params, source)
    for k in range(len(res.tables)):
        if cancelled():
            break  # a newer result: this page's answers are not wanted
        page.why_table(k)
    return page


def _describe(w: Why) -> str:
    from ..core.explain import describe_why

    return describe_why(w)


class WhyPanel(QWidget):
    """The answer to the last question, with Apply and Undo."""

    def __init__(self, tool: WhyTool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tool = tool
        self.text = QLabel("Table > Why is a boundary here or not there? (Y), then click near a table's boundary.")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # What the page left out as not visible (``PageResult.unseen``), under every answer: no
        # boundary's answer says it
        self.page_notes = QLabel()
        self.page_notes.setWordWrap(True)
        self.page_notes.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.page_notes.hide()
        # A wrapped label in a layout keeps the height of its first text; in a scroll area it
        # follows the answer, however long, and the buttons above it stay in reach.
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.text)
        column.addWidget(self.page_notes)
        column.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        self.apply_button = QPushButton("Apply and re-detect", self)
        self.apply_button.clicked.connect(tool.apply)
        self.undo_button = QPushButton("Undo", self)
        self.undo_button.clicked.connect(tool.undo)
        row = QHBoxLayout()
        row.addWidget(self.apply_button)
        row.addWidget(self.undo_button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(scroll, 1)
        self.show_answer(None)

    def show_page_notes(self, notes: Sequence[str]) -> None:
        """The page's notes on text left out as not visible (none: the line is hidden)."""
        self.page_notes.setText("\n".join(f"ℹ {n}" for n in notes))
        self.page_notes.setVisible(bool(notes))

    def show_answer(self, w: Why | None, note: str = "") -> None:
        if w is not None:
            flip = (f"\nSetting {w.flip[0]} to {w.flip[1]:g} would {'remove' if w.kept else 'keep'} it."
                    if w.flip else "\nNo single parameter value changes this one.")
            self.text.setText(_describe(w) + "\nParameters involved: " + (", ".join(w.params) or "none") + flip)
        elif note:
            self.text.setText(note)
        self.apply_button.setEnabled(self.tool.flip is not None)
        self.undo_button.setEnabled(self.tool.last_apply() is not None)


class WhyTool(QObject):
    """The window's explanation: cached per result, hover tips, the question mode, Apply/Undo."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.active = False
        self.answer: Why | None = None
        self.flip: tuple[str, float] | None = None  # the value the answer suggests (a boundary's or a region's)
        self._for: PageResult | None = None
        self.page: PageWhy | None = None
        self.tables: tuple[TableWhy, ...] = ()
        self.panel: WhyPanel | None = None
        self.dock: QDockWidget | None = None
        self.lane = Lane("why", self)  # one explanation at a time; a newer result cancels the older
        self.task: Task | None = None
        window.session.resultChanged.connect(self._explain_async)
        window.session.pageChanged.connect(self._page_changed)
        window.view.viewport().installEventFilter(self)
        window.view.installEventFilter(self)  # Esc leaves the question mode
        window.view.tooltip_providers.append(self._tooltip)

    # -- the explanation of the current result -----------------------------------------
    def _explain_async(self) -> None:
        res, params, source = self.window.session.result, self.window.session.params, self.window.session.source
        if res is None:
            self.lane.cancel()
            self._on_explained((None, None))
            return
        self.task = self.lane.submit(lambda cancelled: (res, _explain_all(res, params, source, cancelled)),
                                     self._on_explained, lambda _message: self._on_explained((res, None)))

    def _on_explained(self, value: tuple[PageResult | None, PageWhy | None]) -> None:
        res, page = value
        if res is not self.window.session.result:
            return  # a newer detection is on its way
        self._for, self.page = res, page
        self.tables = page.tables if page is not None else ()
        self._show_page_notes()
        keys = {k for t in self.tables for w in (*t.cols, *t.rows, *t.dropped) for k in w.params}
        keys |= {k for r in (page.rejected if page is not None else ()) for k in r.params}
        self.window.params.mark_deciding(keys)

    def _show_page_notes(self) -> None:
        res = self.window.session.result
        if self.panel is not None:
            # what the text layer holds that a viewer does not show, or shows as other text, and
            # whose OCR wrote it (a searchable scan: the page's own reading is one setting away)
            said = (HIDDEN_PREFIX, GARBLED_PREFIX, LAYER_PREFIX)
            self.panel.show_page_notes([n for n in res.notes if n.startswith(said)] if res is not None else [])

    def _table_lever(self, x: float, y: float) -> tuple[str, float] | None:
        """The value that would reject the table at (x, y) ("Apply" sets it)."""
        res = self.window.session.result
        k = next((j for j, t in enumerate(res.tables) if t.bbox.contains_point(x, y)), -1) if res else -1
        return self.page.why_table(k)[1] if self.page is not None and k >= 0 else None

    def _page_changed(self, index: int) -> None:
        """Another page: the answer about the last one goes (it named boundaries not shown)."""
        self.answer, self.flip = None, None
        if self.panel is not None:
            self.panel.show_answer(None, f"Page {index + 1}: Table > Why (Y), then click near a table's boundary, "
                                         "or where one is missing.")

    def explain_now(self) -> tuple[TableWhy, ...]:
        """The current result's explanation: the lane's, waited for when it is under way (not
        computed twice), else computed here."""
        res = self.window.session.result
        if res is not None and res is not self._for:
            self.lane.wait()
        if res is not None and res is not self._for:
            self._for, self.page = res, _explain(res, self.window.session.params, self.window.session.source)
            self.tables = self.page.tables
        return self.tables

    # -- hover and questions ------------------------------------------------------------
    def _tables_at(self, x: float, y: float, pad: float) -> list[TableWhy]:
        return [t for t in self.explain_now() if t.bbox.expanded(pad).contains_point(x, y)]

    def nearest(self, x: float, y: float, kept_only: bool = False, within: float = 1e9) -> Why | None:
        """The boundary or dropped candidate nearest (x, y) in the table under it."""
        best: tuple[float, Why] | None = None
        for t in self._tables_at(x, y, 5.0):
            for w in (*t.cols, *t.rows, *(() if kept_only else t.dropped)):
                d = abs(w.pos - (x if w.orient == "v" else y))
                if d <= within and (best is None or d < best[0]):
                    best = (d, w)
        return best[1] if best else None

    def _tooltip(self, p: QPointF) -> str:
        """The view's tooltip near a boundary: why it is there, then what lies under the pointer."""
        why = self.tip_at(p.x(), p.y())
        if not why:
            return ""
        under = list(dict.fromkeys(h.tip for h in self.window.view.hits_at(p)))[:2]
        return "\n".join([why, *under])

    def tip_at(self, x: float, y: float) -> str:
        if self.window.session.result is None:
            return ""
        w = self.nearest(x, y, kept_only=True, within=HOVER_PX / max(self.window.view.zoom, 1e-6))
        return _describe(w) if w is not None else ""

    def set_active(self, on: bool) -> None:
        self.active = on
        cursor = Qt.CursorShape.WhatsThisCursor if on else Qt.CursorShape.ArrowCursor
        self.window.view.viewport().setCursor(cursor)
        if on:
            self._ensure_panel()
            self.window.statusBar().showMessage("Why? Click near a table's boundary, or where one is missing (Esc: cancel)")

    def ask(self, x: float, y: float) -> Why | None:
        """Answer "why is there (not) a boundary here?" for the scene point (x, y)."""
        self._ensure_panel()
        reach = ASK_REACH_PX / max(self.window.view.zoom, 1e-6)
        self.explain_now()
        what = self.page.what_is_at(x, y, reach) if self.page is not None else ""
        self.answer = w = None if what else self.nearest(x, y)
        self.flip = w.flip if w is not None else self._table_lever(x, y) if what else None
        note = what  # an empty spot: what is there, not the nearest unrelated boundary
        if w is None and not what and self.page is not None:  # no table here: why not?
            note = self.page.why_not_here(x, y)
            region = self.page.rejected_at(x, y)
            self.flip = region.flip if region is not None else None
            if region is not None and region.source == UNSEEN and region.params and self.flip is None:
                self.flip = (region.params[0], 0)  # Apply reads the hidden text (though no table is found there)
            if region is not None:
                self.window.view.page_scene.set_highlight(region.bbox)
        assert self.panel is not None
        self.panel.show_answer(w, note or "No page is open: nothing to explain.")
        if w is not None and w.line is not None:  # outline the answered line across its table
            self.window.view.page_scene.set_highlight(w.line.expanded(1.0))
        return w

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if not self.active:
            return False
        if isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_Escape:
            self.set_active(False)
            self.window.statusBar().clearMessage()
            return True
        if isinstance(event, QMouseEvent) and event.type() == QEvent.Type.MouseButtonRelease \
                and event.button() == Qt.MouseButton.LeftButton:
            p = self.window.view.mapToScene(event.position().toPoint())
            self.set_active(False)
            self.window.statusBar().clearMessage()  # the question is answered in the Why tab
            self.ask(p.x(), p.y())
            return True
        if event.type() == QEvent.Type.MouseButtonPress:
            return True  # the click is the question, not a selection
        return False

    # -- applying a suggestion ------------------------------------------------------------
    def apply(self) -> None:
        """Set the suggested value as one step of the window's undo stack, and re-detect."""
        if self.flip is None:
            return
        from .editing.commands import ParamCommand  # the editing package loads after the first page

        key, value = self.flip
        before = self.window.session.param_value(key)
        stack = self.window.editing.ann.stack
        stack.push(ParamCommand(self.window.session, key, value, f"Set {key} to {value:g} (Why)"))
        self.window.statusBar().showMessage(f"{key} set to {value:g} (was {before}); re-detecting. "
                                            "Ctrl+Z undoes it", 6000)
        self.flip = None  # applied: the answer above no longer describes the page
        if self.panel is not None:
            self.panel.show_answer(None, f"Applied: {key} = {value:g} (was {before}); it holds for every page "
                                   "until undone. Ask again (Y) to see the boundary now.")
        self._refresh_panel()

    def last_apply(self) -> ParamCommand | None:
        """The parameter step on top of the undo stack, if the last step was one."""
        from .editing.commands import ParamCommand

        editing = self.window.editing_if_made
        if editing is None or not editing.ann.stack.canUndo():
            return None
        cmd = editing.ann.stack.command(editing.ann.stack.index() - 1)
        return cmd if isinstance(cmd, ParamCommand) else None

    def undo(self) -> None:
        """The tab's Undo: the main undo stack's, when its last step set a parameter."""
        cmd = self.last_apply()
        if cmd is None or self.window.editing_if_made is None:
            return
        self.window.editing.ann.stack.undo()
        self.window.statusBar().showMessage(f"{cmd.key} back to {cmd.before}", 6000)
        if self.panel is not None:
            self.panel.show_answer(None, f"Undone: {cmd.key} back to {cmd.before}. Ask again (Y) to see the boundary now.")

    @Slot(int)
    def _stack_moved(self, _index: int) -> None:
        try:
            self._refresh_panel()
        except RuntimeError:  # the window is closing: the stack went before this tool
            pass

    def _refresh_panel(self) -> None:
        if self.panel is not None:
            self.panel.apply_button.setEnabled(self.flip is not None)
            self.panel.undo_button.setEnabled(self.last_apply() is not None)

    def _ensure_panel(self) -> None:
        if self.panel is None:
            self.panel = WhyPanel(self)
            self.window.editing.ann.stack.indexChanged.connect(self._stack_moved)  # bound: dropped with the tool
            self.dock = self.window.add_dock("Why", self.panel, beside=self.window.dock("Stage inspector"))
            self._show_page_notes()
        assert self.dock is not None
        self.dock.show()
        self.dock.raise_()
