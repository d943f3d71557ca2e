"""The accepted-tables layer: the annotation's regions drawn over the page, and hit testing.

One item paints every accepted region of the current page (outline, row and column
boundaries, row roles and header columns as tints with a role tag left of the row
(``roles.ROLE_TINTS``), the selected cells and boundary, the resize handles of the current table and
the preview of a drag in progress). It is its own layer, drawn in a colour of its own above
the detection overlays, so corrected tables never look like detected ones.
Geometry is in PDF points, unrotated page space; turned regions map their upright ``xs``/``ys``
back through ``Region.frame``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ...annotation.model import AnnTable, Region
from ...annotation.roles import ROLE_LABELS
from ...core.types import Rect
from .roles import HEADER_COL_TINT, TINT_ALPHA, tint

ACCEPTED = QColor(0, 150, 60)
VERIFIED = QColor(0, 110, 200)
SELECTED = QColor(255, 190, 0)
DRAFT = QColor(230, 0, 120)
SPANNING, SPANNING_ALPHA = QColor(0, 150, 60), 170  # hatching over cells spanning several slots
HANDLE_PX = 7.0
HANDLES = ("tl", "t", "tr", "r", "br", "b", "bl", "l", "c")  # "c" moves the whole region
HANDLE_CURSORS = {"tl": Qt.CursorShape.SizeFDiagCursor, "br": Qt.CursorShape.SizeFDiagCursor,
                   "tr": Qt.CursorShape.SizeBDiagCursor, "bl": Qt.CursorShape.SizeBDiagCursor,
                   "t": Qt.CursorShape.SizeVerCursor, "b": Qt.CursorShape.SizeVerCursor,
                   "l": Qt.CursorShape.SizeHorCursor, "r": Qt.CursorShape.SizeHorCursor,
                   "c": Qt.CursorShape.SizeAllCursor}


@dataclass(frozen=True)
class BoundaryHit:
    """An inner boundary under the pointer: ``axis`` "row"/"col", ``index`` into ys/xs."""

    table_id: str
    region: int
    axis: str
    index: int


@dataclass(frozen=True)
class HandleHit:
    """A resize handle of a region's outline ("tl", "t", ... "l")."""

    table_id: str
    region: int
    handle: str


def boundary_segment(region: Region, axis: str, pos: float) -> Rect:
    """The page-space segment (a zero-width rect) of a boundary at ``pos`` along ``axis``."""
    fb = region.frame_bbox
    seg = Rect(fb.x0, pos, fb.x1, pos) if axis == "row" else Rect(pos, fb.y0, pos, fb.y1)
    return region.frame.rect(seg, back=True) if region.turn else seg


def handle_points(bbox: Rect) -> dict[str, QPointF]:
    cx, cy = (bbox.x0 + bbox.x1) / 2, (bbox.y0 + bbox.y1) / 2
    return {"tl": QPointF(bbox.x0, bbox.y0), "t": QPointF(cx, bbox.y0), "tr": QPointF(bbox.x1, bbox.y0),
            "r": QPointF(bbox.x1, cy), "br": QPointF(bbox.x1, bbox.y1), "b": QPointF(cx, bbox.y1),
            "bl": QPointF(bbox.x0, bbox.y1), "l": QPointF(bbox.x0, cy), "c": QPointF(cx, cy)}


def moved_region(region: Region, dx: float, dy: float) -> Region:
    """``region`` shifted by (dx, dy) points of page space, grid and all (text not re-read)."""
    f = region.frame
    ox, oy = f.point(0.0, 0.0)
    px, py = f.point(dx, dy)
    fdx, fdy = px - ox, py - oy  # the shift in the region's upright frame
    b = region.bbox
    return replace(region, bbox=Rect(b.x0 + dx, b.y0 + dy, b.x1 + dx, b.y1 + dy),
                   xs=tuple(x + fdx for x in region.xs), ys=tuple(y + fdy for y in region.ys))


def resized(bbox: Rect, handle: str, x: float, y: float, min_size: float = 2.0) -> Rect:
    """``bbox`` with the edges of ``handle`` moved to (x, y), kept at least ``min_size`` pt."""
    x0, y0, x1, y1 = bbox.x0, bbox.y0, bbox.x1, bbox.y1
    if "l" in handle:
        x0 = min(x, x1 - min_size)
    if "r" in handle:
        x1 = max(x, x0 + min_size)
    if handle.startswith("t"):
        y0 = min(y, y1 - min_size)
    if handle.startswith("b"):
        y1 = max(y, y0 + min_size)
    return Rect(x0, y0, x1, y1)


class AcceptedLayer(QGraphicsItem):
    """Paints the accepted regions of one page; ``set_state`` replaces what is shown."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(90)  # above the detection layers, under the selection highlight
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # the edit controller handles input
        self.regions: list[tuple[AnnTable, int]] = []
        self.current: str | None = None
        self.cells: tuple[str, int, Rect] | None = None  # (table, region, page box of selected slots)
        self.boundary: tuple[str, int, str, int] | None = None
        self.draft_rect: Rect | None = None
        self.draft_line: Rect | None = None
        self._bounds = QRectF()

    def set_state(self, regions: list[tuple[AnnTable, int]], current: str | None,
                  cells: tuple[str, int, Rect] | None, boundary: tuple[str, int, str, int] | None) -> None:
        self.prepareGeometryChange()
        self.regions, self.current, self.cells, self.boundary = regions, current, cells, boundary
        self._update_bounds()
        self.update()

    def set_draft(self, rect: Rect | None = None, line: Rect | None = None) -> None:
        """The live preview of a drag: a rectangle (region) or a segment (boundary)."""
        self.prepareGeometryChange()
        self.draft_rect, self.draft_line = rect, line
        self._update_bounds()
        self.update()

    def _update_bounds(self) -> None:
        r = QRectF()
        for t, i in self.regions:
            b = t.regions[i].bbox
            r = r.united(QRectF(b.x0, b.y0, b.width, b.height))
        for d in (self.draft_rect, self.draft_line):
            if d is not None:
                r = r.united(QRectF(d.x0, d.y0, d.width, d.height))
        self._bounds = r.adjusted(-64, -20, 20, 20)  # role tags sit left of the rows

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for table, i in self.regions:
            self._paint_region(painter, table, i)
        if self.draft_rect is not None or self.draft_line is not None:
            painter.setPen(_pen(DRAFT, 2.0, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for d in (self.draft_rect, self.draft_line):
                if d is not None:
                    painter.drawRect(QRectF(d.x0, d.y0, d.width, d.height))

    def _paint_region(self, painter: QPainter, table: AnnTable, i: int) -> None:
        region = table.regions[i]
        colour = VERIFIED if table.verified else ACCEPTED
        _paint_roles(painter, table, i)
        if self.cells is not None and self.cells[:2] == (table.id, i):
            box = self.cells[2]
            fill = QColor(SELECTED)
            fill.setAlpha(80)
            painter.fillRect(QRectF(box.x0, box.y0, box.width, box.height), QBrush(fill))
        span_fill = QColor(SPANNING)
        span_fill.setAlpha(SPANNING_ALPHA)
        for cell in region.cells:  # a spanning cell is tinted: its texts were joined into one
            if cell.rs > 1 or cell.cs > 1:
                b = region.cell_box(cell)
                painter.fillRect(QRectF(b.x0, b.y0, b.width, b.height), QBrush(span_fill, Qt.BrushStyle.BDiagPattern))
        painter.setPen(_pen(colour, 1.2))
        for cell in region.cells:  # each cell's box: spans show as boxes without inner lines
            b = region.cell_box(cell)
            painter.drawRect(QRectF(b.x0, b.y0, b.width, b.height))
        b = region.bbox
        current = table.id == self.current
        painter.setPen(_pen(colour, 3.0 if current else 2.0))
        painter.drawRect(QRectF(b.x0, b.y0, b.width, b.height))
        if self.boundary is not None and self.boundary[:2] == (table.id, i):
            _, _, axis, index = self.boundary
            bounds = region.ys if axis == "row" else region.xs
            if 0 < index < len(bounds) - 1:
                seg = boundary_segment(region, axis, bounds[index])
                painter.setPen(_pen(SELECTED, 4.0))
                painter.drawLine(QPointF(seg.x0, seg.y0), QPointF(seg.x1, seg.y1))
        if current:
            self._paint_handles(painter, b, colour)

    def _paint_handles(self, painter: QPainter, bbox: Rect, colour: QColor) -> None:
        scale = painter.worldTransform().m11() or 1.0
        half = HANDLE_PX / 2 / max(abs(scale), abs(painter.worldTransform().m12()), 1e-6)
        painter.save()  # the white brush is the handles' alone: a region painted after must stay see-through
        painter.setPen(_pen(colour, 1.0))
        painter.setBrush(QBrush(Qt.GlobalColor.white))
        for p in handle_points(bbox).values():
            painter.drawRect(QRectF(p.x() - half, p.y() - half, 2 * half, 2 * half))
        painter.restore()


def row_roles_shown(table: AnnTable, i: int) -> list[str]:
    """The role of every row of region ``i`` as drawn: the first region's leading
    ``header_rows`` are header rows even where the roles say otherwise."""
    region = table.regions[i]
    roles = list(region.row_roles or ("data",) * region.n_rows)
    if i == 0:
        roles[:table.header_rows] = ["header"] * min(table.header_rows, len(roles))
    return roles


def _paint_roles(painter: QPainter, table: AnnTable, i: int) -> None:
    """Tint rows by role and the header columns; tag each tinted row on its left (upright only)."""
    region = table.regions[i]
    n_hc = min(table.header_cols, region.n_cols)
    if n_hc and region.n_rows:
        cols = QColor(HEADER_COL_TINT)
        cols.setAlpha(TINT_ALPHA)
        b = region.slot_box(0, 0, region.n_rows, n_hc)
        painter.fillRect(QRectF(b.x0, b.y0, b.width, b.height), QBrush(cols))
    for r, role in enumerate(row_roles_shown(table, i)):
        fill = tint(role)
        if fill is None:
            continue
        b = region.slot_box(r, 0, 1, region.n_cols)
        painter.fillRect(QRectF(b.x0, b.y0, b.width, b.height), QBrush(fill))
        if region.turn == 0:
            _tag(painter, b, ROLE_LABELS[role], tint(role, 255) or fill)


def _tag(painter: QPainter, row: Rect, text: str, colour: QColor) -> None:
    """``text`` right-aligned just left of ``row`` (points), sized to the row."""
    font = QFont()
    font.setPointSizeF(max(3.0, min(7.0, row.height * 0.6)))
    painter.setFont(font)
    painter.setPen(colour.darker(130))
    box = QRectF(row.x0 - 60.0, row.y0, 57.0, row.height)
    painter.drawText(box, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), text)


def _pen(colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, width, style)
    pen.setCosmetic(True)  # the same on screen at every zoom
    return pen


def hit_handle(regions: list[tuple[AnnTable, int]], current: str | None, x: float, y: float,
               tol: float) -> HandleHit | None:
    """The resize handle of the current table within ``tol`` points of (x, y)."""
    for table, i in regions:
        if table.id != current:
            continue
        for name, p in handle_points(table.regions[i].bbox).items():
            if abs(p.x() - x) <= tol and abs(p.y() - y) <= tol:
                return HandleHit(table.id, i, name)
    return None


def hit_boundary(regions: list[tuple[AnnTable, int]], x: float, y: float, tol: float) -> BoundaryHit | None:
    """The inner row/column boundary within ``tol`` points of page point (x, y), nearest first."""
    best: tuple[float, BoundaryHit] | None = None
    for table, i in regions:
        region = table.regions[i]
        fx, fy = region.frame.point(x, y) if region.turn else (x, y)
        fb = region.frame_bbox
        if not (fb.x0 - tol <= fx <= fb.x1 + tol and fb.y0 - tol <= fy <= fb.y1 + tol):
            continue
        for axis, bounds, v in (("row", region.ys, fy), ("col", region.xs, fx)):
            for k in range(1, len(bounds) - 1):
                d = abs(bounds[k] - v)
                if d <= tol and (best is None or d < best[0]):
                    best = (d, BoundaryHit(table.id, i, axis, k))
    return best[1] if best else None


def hit_slot(regions: list[tuple[AnnTable, int]], x: float, y: float) -> tuple[AnnTable, int, int, int] | None:
    """(table, region, row, column) of the grid slot containing page point (x, y)."""
    for table, i in reversed(regions):
        region = table.regions[i]
        fx, fy = region.frame.point(x, y) if region.turn else (x, y)
        fb = region.frame_bbox
        if fb.x0 <= fx <= fb.x1 and fb.y0 <= fy <= fb.y1:
            r = max(0, min(region.n_rows - 1, _slot(region.ys, fy)))
            c = max(0, min(region.n_cols - 1, _slot(region.xs, fx)))
            return table, i, r, c
    return None


def describe_slot(table: AnnTable, index: int, r: int, c: int) -> str:
    """A tooltip for slot (r, c) of region ``index``: the corrected table's cell, not the detected one."""
    region = table.regions[index]
    cell = region.cell_at(r, c)
    if cell is None:
        return ""
    state = "verified" if table.verified else "corrected"
    lines = [f"Accepted table {table.id} ({state}), row {cell.r + 1}, column {cell.c + 1}"
             + (f", spans {cell.rs} x {cell.cs}" if cell.rs > 1 or cell.cs > 1 else "")]
    if region.row_roles and region.row_roles[cell.r] != "data":
        lines[0] += f", {region.row_roles[cell.r]} row"
    text = cell.value.replace("\n", " / ")
    lines.append(f"“{text[:120]}”" if text else "(empty)")
    if cell.override is not None:
        lines.append("typed by hand; the page says: " + (cell.text.replace("\n", " / ")[:80] or "(nothing)"))
    return "\n".join(lines)


def whole_cells(region: Region, r0: int, c0: int, r1: int, c1: int) -> tuple[int, int, int, int]:
    """The slot rectangle grown to whole cells: a selected spanning cell is highlighted whole."""
    for cell in region.cells:
        if cell.r <= r1 and r0 < cell.r + cell.rs and cell.c <= c1 and c0 < cell.c + cell.cs:
            r0, c0 = min(r0, cell.r), min(c0, cell.c)
            r1, c1 = max(r1, cell.r + cell.rs - 1), max(c1, cell.c + cell.cs - 1)
    return r0, c0, r1, c1


def _slot(bounds: tuple[float, ...], v: float) -> int:
    k = 0
    while k + 1 < len(bounds) - 1 and v >= bounds[k + 1]:
        k += 1
    return k


__all__ = ["AcceptedLayer", "HANDLE_CURSORS", "BoundaryHit", "HandleHit", "boundary_segment", "handle_points", "resized",
           "hit_handle", "hit_boundary", "hit_slot", "describe_slot", "whole_cells", "ACCEPTED", "VERIFIED"]
