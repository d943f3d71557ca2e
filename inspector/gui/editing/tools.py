"""Mouse and keyboard editing on the page: draw a region, drag boundaries and handles,
add and delete boundaries, select cells, nudge.

The controller filters the view's events. It takes a press only when it starts an edit
(a handle, a boundary of an accepted table, a slot of one, or the draw/add tools); every
other press goes to the view as before (selection of detected things, panning). A drag
moves a preview only; release pushes one command; Esc restores.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import shiboken6
from PySide6.QtCore import QEvent, QObject, QPointF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent

from ...annotation.model import AnnCell, AnnTable, Region
from ...core.types import Rect
from ..scene.view import PageView
from ..session import Session
from .actions import TableActions, axis_name
from .commands import table_edit
from .document import AnnotationSession, BoundarySelection, CellSelection
from .grid_items import (
    HANDLE_CURSORS,
    AcceptedLayer,
    boundary_segment,
    hit_boundary,
    hit_handle,
    hit_slot,
    moved_region,
    resized,
    whole_cells,
)
from .keyboard import KeyboardNav

_HANDLED = frozenset((QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress, QEvent.Type.MouseMove,
                      QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick))
HIT_PX = 4.0
MIN_REGION_PT = 4.0
NUDGE_PT, BIG_NUDGE_PT = 1.0, 5.0
TOOLS = ("", "draw", "row", "col", "title", "footnote")  # the last two pick text (see roles.PICK_TOOLS)
TOOL_HINTS = {"draw": "Drawing a table region: drag over the table (Esc: stop)",
              "row": "Adding a row boundary: click where it goes (Esc: stop)",
              "col": "Adding a column boundary: click where it goes (Esc: stop)",
              "title": "Picking the title: click a line or drag over words (Esc: stop)",
              "footnote": "Picking the footnote: click a line or drag over words (Esc: stop)"}


@dataclass
class Drag:
    """A drag in progress: ``kind`` "draw", "pick", "boundary" or "handle"; positions in points."""

    kind: str
    start: QPointF
    table_id: str = ""
    region: int = 0
    axis: str = ""
    index: int = 0
    handle: str = ""
    moved: bool = False
    rect: Rect | None = None
    pos: float = 0.0


class EditController(QObject):
    """Page-side editing of the annotation shown on ``view``."""

    toolChanged = Signal(str)
    # (field, click point or None, dragged rect or None) of a title/footnote pick on the page
    picked = Signal(str, object, object)

    def __init__(self, view: PageView, session: Session, ann: AnnotationSession, actions: TableActions) -> None:
        super().__init__(view)
        self.view, self.session, self.ann, self.actions = view, session, ann, actions
        self.layer = AcceptedLayer()
        view.page_scene.addItem(self.layer)
        self.tool = ""
        self.drag: Drag | None = None
        self._blank_press: QPointF | None = None  # a left press outside every accepted table
        self._cursor: Qt.CursorShape | None = None
        self._viewport = view.viewport()
        self.keys = KeyboardNav(ann, lambda: self.page)
        view.viewport().installEventFilter(self)
        view.installEventFilter(self)
        ann.changed.connect(self.refresh)
        ann.selectionChanged.connect(self.refresh)
        session.pageChanged.connect(lambda _i: self.refresh())

    @property
    def page(self) -> int:
        return self.session.page_index + 1

    def set_tool(self, tool: str) -> None:
        """"" (select/drag), "draw" (drag a new region), "row"/"col" (the next click adds one
        boundary, then the tool goes back to select), "title"/"footnote" (click a line or drag
        over words: ``picked`` says where). A tool shows as a cross cursor over the page and in
        the status bar (``TOOL_HINTS``); Esc leaves it."""
        self.tool = tool if tool in TOOLS else ""
        self.view.setDragMode(self.view.DragMode.NoDrag if self.tool else self.view.DragMode.ScrollHandDrag)
        if self.tool:
            self._cursor = Qt.CursorShape.CrossCursor
            self._viewport.setCursor(self._cursor)
        elif self._cursor is not None:
            self._cursor = None
            self._viewport.unsetCursor()
        self.toolChanged.emit(self.tool)

    def refresh(self) -> None:
        """Redraw the accepted layer from the annotation and its selection."""
        regions = self.ann.tables_on(self.page)
        sel, b = self.ann.selection, self.ann.boundary
        cells = None
        table = self.ann.table(sel.table_id) if sel else None
        if sel is not None and sel.has_cells and table is not None and sel.region < len(table.regions):
            region = table.regions[sel.region]
            r0, r1 = sorted((sel.r0, sel.r1))
            c0, c1 = sorted((sel.c0, sel.c1))
            if r1 < region.n_rows and c1 < region.n_cols:
                r0, c0, r1, c1 = whole_cells(region, r0, c0, r1, c1)
                cells = (sel.table_id, sel.region, region.slot_box(r0, c0, r1 - r0 + 1, c1 - c0 + 1))
        boundary = (b.table_id, b.region, b.axis, b.index) if b else None
        self.layer.set_state(regions, sel.table_id if sel else None, cells, boundary)

    # -- events -------------------------------------------------------------------------
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        t = event.type()
        if t not in _HANDLED or not shiboken6.isValid(self.view):  # events while the window is torn down
            return False
        if obj is self.view and t == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            return self._key(event)
        if obj is not self._viewport or self.ann.doc is None or self.session.doc is None:
            return False
        if not isinstance(event, QMouseEvent):  # PySide6 hands filters the event's own class
            return False
        if t == QEvent.Type.MouseButtonPress:
            return self._press(event)
        if t == QEvent.Type.MouseMove and self.drag is not None:
            self._move(event)
            return True
        if t == QEvent.Type.MouseMove:
            return self._hover(event)
        if t == QEvent.Type.MouseButtonRelease and self.drag is not None:
            self._release(event)
            return True
        if t == QEvent.Type.MouseButtonRelease and self._blank_press is not None:
            press, self._blank_press = self._blank_press, None
            if (event.position() - press).manhattanLength() <= 4:
                self.ann.select(None)
            return False
        if t == QEvent.Type.MouseButtonDblClick:
            return self._double_click(event)
        return False

    def _scene(self, event: QMouseEvent) -> QPointF:
        return self.view.mapToScene(event.position().toPoint())

    def _tol(self) -> float:
        return HIT_PX / max(self.view.zoom, 1e-6)

    def _press(self, event: QMouseEvent) -> bool:
        p = self._scene(event)
        regions = self.ann.tables_on(self.page)
        if event.button() == Qt.MouseButton.RightButton:
            self._point_at(p, regions)  # the context menu then acts on what is under the pointer
            return False
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if self.tool == "draw":
            self.drag = Drag("draw", p)
            return True
        if self.tool in ("title", "footnote"):
            self.drag = Drag("pick", p)
            return True
        if self.tool in ("row", "col"):
            if not self.add_boundary_at(p, self.tool):
                self.ann.message.emit("click inside an accepted table to add the boundary (Esc: stop adding)")
                return True
            self.set_tool("")  # one boundary per K / Shift+K
            return True
        sel = self.ann.selection
        handle = hit_handle(regions, sel.table_id if sel else None, p.x(), p.y(), self._tol())
        if handle is not None:
            self.drag = Drag("handle", p, handle.table_id, handle.region, handle=handle.handle)
            return True
        b = hit_boundary(regions, p.x(), p.y(), self._tol())
        if b is not None:
            self.ann.select(CellSelection(b.table_id, b.region), BoundarySelection(b.table_id, b.region, b.axis, b.index))
            self.drag = Drag("boundary", p, b.table_id, b.region, b.axis, b.index)
            return True
        slot = hit_slot(regions, p.x(), p.y())
        if slot is None:
            self._blank_press = event.position()  # a click (not a pan) here drops the selection
            return False
        self._select_slot(slot, bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))
        return True

    def _point_at(self, p: QPointF, regions: list[tuple[AnnTable, int]]) -> None:
        b = hit_boundary(regions, p.x(), p.y(), self._tol())
        if b is not None:
            self.ann.select(CellSelection(b.table_id, b.region), BoundarySelection(b.table_id, b.region, b.axis, b.index))
            return
        sel = self.ann.selection
        slot = hit_slot(regions, p.x(), p.y())
        if slot is not None and not (sel is not None and sel.has_cells and self._inside(sel, slot)):
            self._select_slot(slot, False)

    @staticmethod
    def _inside(sel: CellSelection, slot: tuple[AnnTable, int, int, int]) -> bool:
        table, i, r, c = slot
        return (sel.table_id, sel.region) == (table.id, i) and min(sel.r0, sel.r1) <= r <= max(sel.r0, sel.r1) \
            and min(sel.c0, sel.c1) <= c <= max(sel.c0, sel.c1)

    def _hover(self, event: QMouseEvent) -> bool:
        """Show what a press here would do: split cursors over boundaries, size ones on handles.
        Over those the view handles the move first (status, tooltips), as it resets the cursor."""
        if event.buttons() != Qt.MouseButton.NoButton:
            return False
        p = self._scene(event)
        regions = self.ann.tables_on(self.page)
        sel = self.ann.selection
        shape: Qt.CursorShape | None = None
        if self.tool:
            shape = Qt.CursorShape.CrossCursor
        elif (h := hit_handle(regions, sel.table_id if sel else None, p.x(), p.y(), self._tol())) is not None:
            shape = HANDLE_CURSORS.get(h.handle, Qt.CursorShape.SizeAllCursor)
        elif (b := hit_boundary(regions, p.x(), p.y(), self._tol())) is not None:
            turn = next(t.regions[i].turn for t, i in regions if (t.id, i) == (b.table_id, b.region))
            horizontal = (b.axis == "row") != (turn in (90, 270))  # a turned region's rows run up the page
            shape = Qt.CursorShape.SplitVCursor if horizontal else Qt.CursorShape.SplitHCursor
        if shape is None:
            if self._cursor is not None:
                self._cursor = None
                self._viewport.unsetCursor()
            return False
        self.view.viewportEvent(event)
        self._cursor = shape
        self._viewport.setCursor(shape)
        return True

    def _select_slot(self, slot: tuple[AnnTable, int, int, int], extend: bool) -> None:
        table, i, r, c = slot
        sel = self.ann.selection
        if extend and sel is not None and sel.has_cells and (sel.table_id, sel.region) == (table.id, i):
            self.ann.select(CellSelection(table.id, i, sel.r0, sel.c0, r, c))
        else:
            self.ann.select(CellSelection(table.id, i, r, c, r, c))

    def _move(self, event: QMouseEvent) -> None:
        d = self.drag
        assert d is not None
        p = self._scene(event)
        d.moved = d.moved or (p - d.start).manhattanLength() * self.view.zoom > 3
        if d.kind in ("draw", "pick"):
            d.rect = Rect(min(d.start.x(), p.x()), min(d.start.y(), p.y()),
                          max(d.start.x(), p.x()), max(d.start.y(), p.y()))
            self.layer.set_draft(rect=d.rect)
        elif d.kind == "handle":
            region = self._region(d)
            if region is not None and d.handle == "c":
                d.rect = moved_region(region, p.x() - d.start.x(), p.y() - d.start.y()).bbox
                self.layer.set_draft(rect=d.rect)
            elif region is not None:
                d.rect = resized(region.bbox, d.handle, p.x(), p.y())
                self.layer.set_draft(rect=d.rect)
        elif d.kind == "boundary":
            region = self._region(d)
            if region is not None:
                fx, fy = region.frame.point(p.x(), p.y()) if region.turn else (p.x(), p.y())
                d.pos = fy if d.axis == "row" else fx
                self.layer.set_draft(line=boundary_segment(region, d.axis, d.pos))

    def _region(self, d: Drag) -> Region | None:
        table = self.ann.table(d.table_id)
        return table.regions[d.region] if table is not None and d.region < len(table.regions) else None

    def _release(self, event: QMouseEvent) -> None:
        d, self.drag = self.drag, None
        self.layer.set_draft()
        if d is not None and d.kind == "pick":
            field = self.tool
            self.set_tool("")
            point = None if d.moved else (d.start.x(), d.start.y())
            self.picked.emit(field, point, d.rect if d.moved else None)
            return
        if d is None or not d.moved:
            return
        if d.kind == "draw" and d.rect is not None:
            self.add_region(d.rect)
            self.set_tool("")
        elif d.kind == "handle" and d.handle == "c" and d.rect is not None:
            region = self._region(d)
            if region is not None:
                self.move_region(d.table_id, d.region, d.rect.x0 - region.bbox.x0, d.rect.y0 - region.bbox.y0)
        elif d.kind == "handle" and d.rect is not None:
            from ...annotation.edits import ResizeRegion  # loaded on first use, not at start
            self.ann.push([table_edit(d.table_id, ResizeRegion(d.region, d.rect))], "Resize table region")
        elif d.kind == "boundary":
            from ...annotation.edits import MoveBoundary  # loaded on first use, not at start
            self.ann.push([table_edit(d.table_id, MoveBoundary(d.region, d.axis, d.index, d.pos))],
                          f"Move {axis_name(d.axis)} boundary")

    def cancel_drag(self) -> bool:
        """Esc: drop the drag in progress (nothing was changed); True when there was one."""
        if self.drag is None:
            return False
        self.drag = None
        self.layer.set_draft()
        return True

    def _double_click(self, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton or self.tool:
            return False
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        return self.add_boundary_at(self._scene(event), "row" if shift else "col")

    def _key(self, event: QKeyEvent) -> bool:
        key, mods = Qt.Key(event.key()), event.modifiers()
        shift = bool(mods & Qt.KeyboardModifier.ShiftModifier)
        if key == Qt.Key.Key_Escape:
            return self.cancel_drag() or self._leave_tool() or self.keys.back_to_cells()
        if self.ann.doc is None or mods & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            return False
        if key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            return self.keys.tab(backwards=key == Qt.Key.Key_Backtab or shift)
        b = self.ann.boundary
        if b is not None and key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.actions.delete_boundary()
            return True
        steps = {Qt.Key.Key_Left: ("col", -1), Qt.Key.Key_Right: ("col", 1),
                 Qt.Key.Key_Up: ("row", -1), Qt.Key.Key_Down: ("row", 1)}
        if b is not None and key in steps and steps[key][0] == b.axis:
            self.nudge(steps[key][1] * (BIG_NUDGE_PT if shift else NUDGE_PT))
            return True
        if key in steps and b is None:
            return self.keys.arrow(key, shift)
        return False

    def _leave_tool(self) -> bool:
        if not self.tool:
            return False
        self.set_tool("")
        return True

    # -- edits ----------------------------------------------------------------------------
    def nudge(self, delta: float) -> bool:
        """Move the selected boundary by ``delta`` points; consecutive nudges are one command."""
        b = self.ann.boundary
        table = self.ann.table(b.table_id) if b else None
        if b is None or table is None:
            return False
        region = table.regions[b.region]
        pos = (region.ys if b.axis == "row" else region.xs)[b.index] + delta
        from ...annotation.edits import MoveBoundary  # loaded on first use, not at start
        return self.ann.push([table_edit(b.table_id, MoveBoundary(b.region, b.axis, b.index, pos))],
                             f"Nudge {axis_name(b.axis)} boundary", nudge=(b.table_id, b.region, b.axis, b.index))

    def add_boundary_at(self, p: QPointF, axis: str) -> bool:
        """Add a row or column boundary through page point ``p`` of the accepted region there."""
        slot = hit_slot(self.ann.tables_on(self.page), p.x(), p.y())
        if slot is None:
            return False
        table, i, _, _ = slot
        region = table.regions[i]
        fx, fy = region.frame.point(p.x(), p.y()) if region.turn else (p.x(), p.y())
        from ...annotation.edits import AddBoundary  # loaded on first use, not at start
        return self.ann.push([table_edit(table.id, AddBoundary(i, axis, fy if axis == "row" else fx))],
                             f"Add {axis_name(axis)} boundary")

    def move_region(self, table_id: str, index: int, dx: float, dy: float) -> bool:
        """Shift a whole region by (dx, dy) points; its cell text is read again at the new place."""
        table = self.ann.table(table_id)
        if table is None or (dx, dy) == (0.0, 0.0):
            return False
        moved = moved_region(table.regions[index], dx, dy)
        from ...annotation.grid_ops import retext  # loaded on first use, not at start
        moved = replace(moved, cells=tuple(retext(moved, c, self.ann.text_for) for c in moved.cells))
        from ...annotation.edits import ReplaceRegion  # loaded on first use, not at start
        return self.ann.push([table_edit(table_id, ReplaceRegion(index, moved, table.header_rows, table.header_cols))],
                             "Move table region")

    def add_region(self, rect: Rect) -> bool:
        """A new hand-drawn table of one cell over ``rect`` (points) on the current page."""
        if rect.width < MIN_REGION_PT or rect.height < MIN_REGION_PT or self.ann.doc is None:
            return False
        text = self.ann.text_for(self.page, rect)
        region = Region(self.page, rect, (rect.x0, rect.x1), (rect.y0, rect.y1), (AnnCell(0, 0, text=text),),
                        ("data",))
        table = AnnTable(self.ann.doc.next_table_id(), (region,), source="manual")
        from ...annotation.doc_edits import AddTable  # loaded on first use, not at start
        if self.ann.push([AddTable(table)], "Draw table region"):
            self.ann.select(CellSelection(table.id, 0))
            return True
        return False


__all__ = ["EditController", "Drag", "TOOLS", "TOOL_HINTS"]
