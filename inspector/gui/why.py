"""Why is a boundary here, or not there: the page's explanation in the window.

- Hovering near a row or column boundary of a detected table adds why it is there to the
  tooltip (the evidence and the decision).
- Table > "Why is a boundary here or not there?" (Y) turns the next click into a question:
  the nearest boundary or dropped candidate to the click is explained in the "Why" tab,
  with the parameter value that would change it and a button that applies it and
  re-detects; "Undo" puts the previous value back. Esc leaves the mode.
- The Parameters panel marks the parameters that decided something on the page.

The explanation (``core.explain``) reads only the immutable result, so it is computed in a
thread after each detection and kept for that result.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QPointF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QDockWidget, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ..core.params import Params
from ..core.types import PageResult, Rect

if TYPE_CHECKING:
    from ..core.explain import TableWhy, Why
    from .main_window import MainWindow

HOVER_PX = 4.0  # how close (screen pixels) the pointer must be to a boundary for its tooltip


def _describe(w: Why) -> str:
    what = "column" if w.axis == "col" else "row"
    axis = "x" if w.axis == "col" else "y"
    state = "boundary" if w.kept else "candidate, DROPPED"
    ev = ", ".join(e.kind.replace("_", " ") + (f" {e.value:.1f} pt" if e.kind.endswith("gap") and e.value else "")
                   for e in w.evidence)
    return f"{what} {state} at {axis}={w.pos:.1f} pt: {w.decision} [{ev}]"


class WhyPanel(QWidget):
    """The answer to the last question, with Apply and Undo."""

    def __init__(self, tool: WhyTool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tool = tool
        self.text = QLabel("Table > Why is a boundary here or not there? (Y), then click near a table's boundary.")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.apply_button = QPushButton("Apply and re-detect", self)
        self.apply_button.clicked.connect(tool.apply)
        self.undo_button = QPushButton("Undo", self)
        self.undo_button.clicked.connect(tool.undo)
        row = QHBoxLayout()
        row.addWidget(self.apply_button)
        row.addWidget(self.undo_button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addLayout(row)
        layout.addStretch(1)
        self.show_answer(None)

    def show_answer(self, w: Why | None, note: str = "") -> None:
        if w is not None:
            flip = (f"\nSetting {w.flip[0]} to {w.flip[1]:g} would {'remove' if w.kept else 'keep'} it."
                    if w.flip else "\nNo single parameter value changes this one.")
            self.text.setText(_describe(w) + "\nParameters involved: " + (", ".join(w.params) or "none") + flip)
        elif note:
            self.text.setText(note)
        self.apply_button.setEnabled(w is not None and w.flip is not None)
        self.undo_button.setEnabled(self.tool.previous is not None)


class WhyTool(QObject):
    """The window's explanation: cached per result, hover tips, the question mode, Apply/Undo."""

    explained = Signal(object)  # (result, tables) from the thread

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.active = False
        self.answer: Why | None = None
        self.previous: tuple[str, Any] | None = None  # (key, value before Apply)
        self._for: PageResult | None = None
        self.tables: tuple[TableWhy, ...] = ()
        self.panel: WhyPanel | None = None
        self.dock: QDockWidget | None = None
        self.explained.connect(self._on_explained)
        window.session.resultChanged.connect(self._explain_async)
        window.view.viewport().installEventFilter(self)
        window.view.installEventFilter(self)  # Esc leaves the question mode
        window.view.tooltip_providers.append(self._tooltip)

    # -- the explanation of the current result -----------------------------------------
    def _explain_async(self) -> None:
        res, params = self.window.session.result, self.window.session.params
        if res is None:
            self._on_explained((None, ()))
            return
        threading.Thread(target=self._run, args=(res, params), daemon=True).start()

    def _run(self, res: PageResult, params: Params) -> None:
        from ..core.explain import explain_page

        try:
            self.explained.emit((res, explain_page(res, params)))
        except Exception:  # noqa: BLE001 - an explanation that fails leaves the old marks, never the window
            self.explained.emit((res, ()))

    def _on_explained(self, value: tuple[PageResult | None, tuple[TableWhy, ...]]) -> None:
        res, tables = value
        if res is not self.window.session.result:
            return  # a newer detection is on its way
        self._for, self.tables = res, tables
        keys = {k for t in tables for w in (*t.cols, *t.rows, *t.dropped) for k in w.params}
        self.window.params.mark_deciding(keys)

    def explain_now(self) -> tuple[TableWhy, ...]:
        """The current result's explanation, computed here if the thread has not delivered it."""
        res = self.window.session.result
        if res is not None and res is not self._for:
            from ..core.explain import explain_page

            self._for, self.tables = res, explain_page(res, self.window.session.params)
        return self.tables

    # -- hover and questions ------------------------------------------------------------
    def _tables_at(self, x: float, y: float, pad: float) -> list[TableWhy]:
        return [t for t in self.explain_now() if t.bbox.expanded(pad).contains_point(x, y)]

    def nearest(self, x: float, y: float, kept_only: bool = False, within: float = 1e9) -> Why | None:
        """The boundary or dropped candidate nearest (x, y) in the table under it."""
        best: tuple[float, Why] | None = None
        for t in self._tables_at(x, y, 5.0):
            for w in (*t.cols, *t.rows, *(() if kept_only else t.dropped)):
                d = abs(w.pos - (x if w.axis == "col" else y))
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
        self.answer = self.nearest(x, y)
        assert self.panel is not None
        self.panel.show_answer(self.answer, "No detected table here: nothing to explain.")
        w, tables = self.answer, self._tables_at(x, y, 5.0)
        if w is not None and tables:  # outline the answered line across its table
            b = tables[0].bbox
            line = Rect(w.pos - 1, b.y0, w.pos + 1, b.y1) if w.axis == "col" else Rect(b.x0, w.pos - 1, b.x1, w.pos + 1)
            self.window.view.page_scene.set_highlight(line)
        return self.answer

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
            self.ask(p.x(), p.y())
            return True
        if event.type() == QEvent.Type.MouseButtonPress:
            return True  # the click is the question, not a selection
        return False

    # -- applying a suggestion ------------------------------------------------------------
    def apply(self) -> None:
        w = self.answer
        if w is None or w.flip is None:
            return
        key, value = w.flip
        self.previous = (key, self.window.session.param_value(key))
        self.window.session.set_param(key, value)
        self.window.statusBar().showMessage(f"{key} set to {value:g} (was {self.previous[1]}); re-detecting", 6000)
        if self.panel is not None:
            self.panel.show_answer(self.answer)

    def undo(self) -> None:
        if self.previous is None:
            return
        key, value = self.previous
        self.previous = None
        self.window.session.set_param(key, value)
        self.window.statusBar().showMessage(f"{key} back to {value}", 6000)
        if self.panel is not None:
            self.panel.show_answer(self.answer)

    def _ensure_panel(self) -> None:
        if self.panel is None:
            self.panel = WhyPanel(self)
            self.dock = self.window.add_dock("Why", self.panel, beside=self.window.dock("Stage inspector"))
        assert self.dock is not None
        self.dock.show()
        self.dock.raise_()
