"""Qt's side of the corpus: a QTextDocument filled with headings, prose and tables (HTML
fragments or cursor-API tables), laid out on pages by Qt's own layout (rows kept whole,
``thead`` headers repeated) and printed page by page through QPdfWriter, as
``QTextDocument::print`` does; and where each table cell went.

Coordinates returned are PDF points, top-left origin, per page: the layout works in device
units of the writer (its resolution, dots per inch), divided by ``res / 72``. Frame lengths
(margins, borders, padding, spacing) are given in CSS pixels (96 to the inch): the layout
scales them to the device itself.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import pymupdf
from PySide6.QtCore import QMarginsF, QRectF, QSizeF, Qt, QUuid
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QBrush,
    QColor,
    QFont,
    QGuiApplication,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFrameFormat,
    QTextLength,
    QTextTable,
    QTextTableCellFormat,
    QTextTableFormat,
)

from .tables import Api, QtSpec

PAGES = {"A4": (QPageSize.PageSizeId.A4, 595.0, 842.0), "Letter": (QPageSize.PageSizeId.Letter, 612.0, 792.0),
         "A5": (QPageSize.PageSizeId.A5, 420.0, 595.0)}
BORDER = {"solid": QTextFrameFormat.BorderStyle.BorderStyle_Solid,
          "dashed": QTextFrameFormat.BorderStyle.BorderStyle_Dashed,
          "dotted": QTextFrameFormat.BorderStyle.BorderStyle_Dotted,
          "double": QTextFrameFormat.BorderStyle.BorderStyle_Double,
          "groove": QTextFrameFormat.BorderStyle.BorderStyle_Groove,
          "ridge": QTextFrameFormat.BorderStyle.BorderStyle_Ridge,
          "inset": QTextFrameFormat.BorderStyle.BorderStyle_Inset,
          "outset": QTextFrameFormat.BorderStyle.BorderStyle_Outset,
          "none": QTextFrameFormat.BorderStyle.BorderStyle_None}
PX = 96.0 / 72.0  # CSS pixels per point
Boxes = dict[int, dict[tuple[int, int], pymupdf.Rect]]  # page index -> slot -> cell box


def app() -> QGuiApplication:
    """The one Qt application (offscreen: no screen is needed). A widgets application, though
    only text is laid out here: the test suite builds documents in the process its window tests
    run in later, and a plain QGuiApplication there makes Qt abort at the first widget."""
    from PySide6.QtWidgets import QApplication

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    inst = QGuiApplication.instance()
    if isinstance(inst, QGuiApplication):
        return inst
    if inst is not None:
        raise RuntimeError("a Qt core application is running: the Qt text layout needs a GUI one")
    return QApplication([])


@dataclass(frozen=True)
class Page:
    """Paper, margins (points), writer resolution (dpi) and the body font."""

    size: str
    margin: float
    res: int
    family: str
    pt: float

    @property
    def scale(self) -> float:
        """Device units per point."""
        return self.res / 72.0

    @property
    def wh(self) -> tuple[float, float]:
        return PAGES[self.size][1], PAGES[self.size][2]


class Straddle(ValueError):
    """A cell's lines were laid out on two pages (Qt splits a tall row): the truth's cells
    each stand on one page, so such a document is not used."""


class Writer:
    """A document being filled, on ``page``'s paper."""

    def __init__(self, pdf: Path, page: Page, uid: str) -> None:
        app()
        self.page, self.tables, self.path = page, [], pdf
        self.pdf = QPdfWriter(str(pdf))
        self.pdf.setDocumentId(QUuid(uid))  # else a random one: the same seed, the same bytes
        self.pdf.setResolution(page.res)
        self.pdf.setCreator("Table Inspector corpus (QTextDocument)")
        self.pdf.setPageLayout(QPageLayout(QPageSize(PAGES[page.size][0]), QPageLayout.Orientation.Portrait,
                                           QMarginsF(0, 0, 0, 0)))
        self.doc = QTextDocument()
        self.doc.documentLayout().setPaintDevice(self.pdf)
        self.doc.setDefaultFont(QFont(page.family, page.pt))
        fmt = self.doc.rootFrame().frameFormat()
        fmt.setMargin(page.margin * PX)
        self.doc.rootFrame().setFrameFormat(fmt)
        w, h = page.wh
        self.doc.setPageSize(QSizeF(w * page.scale, h * page.scale))
        self.cursor = QTextCursor(self.doc)

    def html(self, fragment: str) -> None:
        """``fragment`` at the end of the document, from a block of its own (else its first
        paragraph would join the document's last one)."""
        self.cursor.movePosition(QTextCursor.MoveOperation.End)
        if self.cursor.block().length() > 1:
            self.cursor.insertBlock()
        self.cursor.insertHtml(fragment)

    def table(self, spec: QtSpec) -> None:
        """``spec``'s table at the end (its HTML, or built through the cursor API)."""
        if spec.api is None:
            self.html(spec.html)
        else:
            self.cursor.movePosition(QTextCursor.MoveOperation.End)
            _api_table(self.cursor, spec, spec.api, PX)
        self.cursor.movePosition(QTextCursor.MoveOperation.End)
        self.tables.append(spec)

    def print(self) -> list[Boxes]:
        """Every page to the PDF; each table's cell boxes per page, in points."""
        frames = [f for f in self.doc.rootFrame().childFrames() if isinstance(f, QTextTable)]
        assert len(frames) == len(self.tables), (len(frames), len(self.tables))
        boxes = [self._boxes(t, s) for t, s in zip(frames, self.tables, strict=True)]
        lay, (w, h) = self.doc.documentLayout(), self.page.wh
        dw, dh = w * self.page.scale, h * self.page.scale
        painter = QPainter(self.pdf)
        for i in range(self.doc.pageCount()):
            if i:
                self.pdf.newPage()
            painter.save()
            painter.translate(0, -i * dh)
            view = QRectF(0, i * dh, dw, dh)
            painter.setClipRect(view)
            ctx = QAbstractTextDocumentLayout.PaintContext()
            ctx.clip = view
            lay.draw(painter, ctx)
            painter.restore()
        painter.end()
        self.path.write_bytes(_fixed_dates(self.path.read_bytes()))
        return boxes

    def _boxes(self, qt: QTextTable, spec: QtSpec) -> Boxes:
        """Each cell's box (the union of its lines, ``_lines``) on its page; a repeated header's
        boxes on every later page, above that page's first body row as on the first page."""
        s, h = self.page.scale, self.page.wh[1]
        out: Boxes = {}
        for p in spec.table.placed("t"):
            cell = qt.cellAt(p.r, p.c)
            assert (cell.row(), cell.column(), cell.rowSpan(), cell.columnSpan()) == (p.r, p.c, p.cell.rs, p.cell.cs)
            rect = self._lines(cell.firstPosition(), cell.lastPosition())
            y0, y1 = rect.top() / s, rect.bottom() / s
            page = int(y0 // h)
            if y1 > (page + 1) * h:
                raise Straddle(f"cell {p.r},{p.c} runs from page {page + 1} onto the next")
            out.setdefault(page, {})[p.r, p.c] = pymupdf.Rect(rect.left() / s, y0 - page * h, rect.right() / s,
                                                              y1 - page * h)
        _one_page_rows(out, spec)
        if spec.repeat_header and len(out) > 1:
            _repeat_header(out, spec.table.header_rows)
        return out


    def _lines(self, first: int, last: int) -> QRectF:
        """The union of the lines of the blocks from position ``first`` to ``last``: a line
        Qt moved over a page break keeps its block's bounding rect and says the shift in its
        own ``y``."""
        lay, rect, block = self.doc.documentLayout(), QRectF(), self.doc.findBlock(first)
        while block.isValid() and block.position() <= last:
            box, tl = lay.blockBoundingRect(block), block.layout()
            for i in range(tl.lineCount()):
                line = tl.lineAt(i)
                rect = rect.united(QRectF(box.left(), box.top() + line.y(), box.width(), line.height()))
            block = block.next()
        return rect


def _fixed_dates(data: bytes) -> bytes:
    """The writer's creation and modification dates (Info and XMP) set to one fixed date,
    byte for byte as long (the cross-reference offsets stay right)."""
    data = re.sub(rb"D:\d{14}", b"D:20250101000000", data)
    return re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", b"2025-01-01T00:00:00", data)


def _one_page_rows(out: Boxes, spec: QtSpec) -> None:
    """Every row, and every row a cell spans, on one page (else ``Straddle``)."""
    page_of: dict[int, set[int]] = {}
    for page, slots in out.items():
        for r, c in slots:
            cell = next(p.cell for p in spec.table.placed("t") if (p.r, p.c) == (r, c))
            for k in range(r, r + cell.rs):
                page_of.setdefault(k, set()).add(page)
    split = [r for r, pages in page_of.items() if len(pages) > 1]
    if split:
        raise Straddle(f"row {split[0]} was broken over a page")


def _repeat_header(out: Boxes, n_head: int) -> None:
    first = min(out)
    head = {k: b for k, b in out[first].items() if k[0] < n_head}
    top_of = {page: min(b.y0 for (r, _), b in slots.items() if r == min(r2 for r2, _ in slots if r2 >= n_head))
              for page, slots in out.items()}
    for page in out:
        if page != first:
            dy = top_of[page] - top_of[first]
            out[page].update({k: b + (0, dy, 0, dy) for k, b in head.items()})


def _api_table(cursor: QTextCursor, spec: QtSpec, api: Api, scale: float) -> None:
    """The table through ``QTextCursor.insertTable`` and a ``QTextTableFormat``."""
    t = spec.table
    fmt = QTextTableFormat()
    fmt.setBorder(api.border * scale)
    fmt.setBorderStyle(BORDER[api.style])
    fmt.setBorderBrush(QBrush(QColor(api.color)))
    fmt.setCellSpacing(api.spacing * scale)
    fmt.setCellPadding(api.padding * scale)
    fmt.setBorderCollapse(api.collapse)
    fmt.setHeaderRowCount(t.header_rows)
    if api.widths:
        fmt.setColumnWidthConstraints([QTextLength(QTextLength.Type.PercentageLength, w) for w in api.widths])
    qt = cursor.insertTable(t.n_rows, t.n_cols, fmt)
    for p in t.placed("t"):
        if p.cell.rs > 1 or p.cell.cs > 1:
            qt.mergeCells(p.r, p.c, p.cell.rs, p.cell.cs)
    for p in t.placed("t"):
        cell = qt.cellAt(p.r, p.c)
        if api.rules:
            cell.setFormat(_rule_format(p.r, p.r + p.cell.rs, t.header_rows, t.n_rows, scale))
        c = cell.firstCursorPosition()
        block = QTextBlockFormat()
        right = spec.numeric[p.c] and p.cell.cs == 1 and not p.cell.th
        block.setAlignment(Qt.AlignmentFlag.AlignRight if right else Qt.AlignmentFlag.AlignLeft)
        c.setBlockFormat(block)
        char = QTextCharFormat()
        if p.cell.th:
            char.setFontWeight(QFont.Weight.Bold)
        c.insertText(p.cell.text.replace("\n", " "), char)


def _rule_format(r0: int, r1: int, n_head: int, n_rows: int, scale: float) -> QTextTableCellFormat:
    """Booktabs rules as cell borders: a heavy rule over the first row and under the last,
    a light one under the header."""
    fmt = QTextTableCellFormat()
    for side in ("Left", "Right", "Top", "Bottom"):
        getattr(fmt, f"set{side}BorderStyle")(BORDER["none"])
        getattr(fmt, f"set{side}Border")(0.0)
    black = QBrush(QColor("#000000"))
    if r0 == 0:
        fmt.setTopBorder(1.2 * scale), fmt.setTopBorderStyle(BORDER["solid"]), fmt.setTopBorderBrush(black)
    if r1 == n_head or r1 == n_rows:
        w = 0.6 if r1 == n_head else 1.2
        fmt.setBottomBorder(w * scale), fmt.setBottomBorderStyle(BORDER["solid"]), fmt.setBottomBorderBrush(black)
    return fmt
