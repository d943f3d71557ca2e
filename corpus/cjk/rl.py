"""reportlab with its built-in CID fonts (HYSMyeongJo-Medium, STSong-Light: not embedded,
text by the Adobe Uni* CMaps): each piece of a table a platypus ``Table`` on its own page,
the running header and its rule drawn by the page template; cells recorded as drawn."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pymupdf
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.platypus import BaseDocTemplate, Frame, PageBreak, PageTemplate, Paragraph, Spacer, Table
from reportlab.platypus.tables import TableStyle

from ..html.build import Laid
from .content import Piece, Sheet, prose

A4 = (595.2756, 841.8898)
MARGIN = 50.0
FONTS = {"ko": "HYSMyeongJo-Medium", "zh": "STSong-Light"}


class Recorded(Table):
    """A platypus ``Table`` that keeps every cell's box (points, top-left origin) and page."""

    def __init__(self, *args: Any, laid: Laid, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.laid = laid

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:
        x0 = self._hAlignAdjust(x, _sW)
        cols, rows = self._colpositions, self._rowpositions
        for p in self.laid.table.placed(self.laid.tid):
            top, bottom = A4[1] - (y + rows[p.r]), A4[1] - (y + rows[p.r + p.cell.rs])
            self.laid.boxes[p.id] = pymupdf.Rect(x0 + cols[p.c], top, x0 + cols[p.c + p.cell.cs], bottom)
        self.laid.page = canvas.getPageNumber() - 1
        super().drawOn(canvas, x, y, _sW)


def _style(sheet: Sheet, n_rows: int, first: int, size: float) -> list[tuple]:
    h, font = len(sheet.head), FONTS[sheet.lang]
    cmds: list[tuple] = [("FONT", (0, 0), (-1, -1), font, size), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                         ("ALIGN", (0, 0), (-1, h - 1), "CENTER"), ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                         ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5)]
    for c, num in enumerate(sheet.numeric):
        if num:
            cmds.append(("ALIGN", (c, h), (c, -1), "RIGHT"))
    if sheet.lang == "ko":  # a ruled grid, the outer frame heavier
        cmds += [("GRID", (0, 0), (-1, -1), 0.4, colors.black), ("BOX", (0, 0), (-1, -1), 1.0, colors.black),
                 ("ALIGN", (0, h), (0, -1), "CENTER"), ("ALIGN", (4, h), (4, -1), "CENTER")]
    else:  # 三线表: a top rule, a rule under the header, a bottom rule
        cmds += [("LINEABOVE", (0, 0), (-1, 0), 1.2, colors.black), ("LINEBELOW", (0, h - 1), (-1, h - 1), 0.5,
                                                                       colors.black),
                 ("LINEBELOW", (0, -1), (-1, -1), 1.2, colors.black), ("LINEBELOW", (2, 0), (-1, 0), 0.3, colors.black),
                 ("ALIGN", (1, h), (1, -1), "CENTER")]
    for p in sheet.piece(Piece((), True), "").placed(""):
        if p.cell.cs > 1 or p.cell.rs > 1:
            cmds.append(("SPAN", (p.c, p.r), (p.c + p.cell.cs - 1, p.r + p.cell.rs - 1)))
    return cmds


def table(sheet: Sheet, piece: Piece, tid: str, width: float, size: float) -> tuple[Recorded, Laid]:
    t = sheet.piece(piece, sheet.kind)
    laid = Laid(t, tid)
    data = [["" for _ in range(t.n_cols)] for _ in range(t.n_rows)]
    for p in t.placed(""):
        data[p.r][p.c] = p.cell.text
    cmds = _style(sheet, t.n_rows, 0, size)
    h = len(sheet.head)
    for k, r in enumerate(piece.rows):  # span the body's labels, indent its sub-items
        for p in (p for p in t.placed("") if p.r == h + k and p.cell.rs > 1):
            cmds.append(("SPAN", (p.c, p.r), (p.c, p.r + p.cell.rs - 1)))
        if r in sheet.indent:
            cmds.append(("LEFTPADDING", (0, h + k), (0, h + k), 6 + sheet.indent[r]))
    share = sum(sheet.widths)
    out = Recorded(data, colWidths=[width * w / share for w in sheet.widths], laid=laid, hAlign="LEFT")
    out.setStyle(TableStyle(cmds))
    return out, laid


def _fit(sheet: Sheet, start: int, room: float, width: float, size: float) -> Piece | None:
    """The groups from ``start`` that fit ``room`` points of height; None when fewer than four rows do."""
    rows: list[int] = []
    for g in (g for g in sheet.groups if g[0] >= start):
        flow, _ = table(sheet, Piece(tuple(rows + g), True), "fit", width, size)
        if flow.wrap(width, room)[1] > room:
            break
        rows += g
    return Piece(tuple(rows), start == 0) if len(rows) >= min(4, len(sheet.body) - start) else None


def _height(flows: list[Any], width: float) -> float:
    return sum(f.wrap(width, 1e4)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flows)


def build_pdf(pdf: Path, sheets: list[Sheet], rng: random.Random) -> list[list[Laid]]:
    """``pdf``: each table from a new page, prose before it, continued on the next pages
    (each piece as many row groups as fill its page); the laid pieces per table."""
    for f in FONTS.values():
        pdfmetrics.registerFont(UnicodeCIDFont(f))
    lang = sheets[0].lang
    font = FONTS[lang]
    body = ParagraphStyle("b", fontName=font, fontSize=9, leading=13, wordWrap="CJK", spaceAfter=5)
    head = ParagraphStyle("h", parent=body, fontSize=12, leading=16, spaceBefore=4)
    unit = ParagraphStyle("u", parent=body, fontSize=8, alignment=TA_RIGHT, spaceAfter=2)
    running = sheets[0].running

    def on_page(canvas: Any, doc: Any) -> None:  # the running header over its rule, the folio
        canvas.setFont(font, 8)
        canvas.drawRightString(A4[0] - MARGIN, A4[1] - 32, running)
        canvas.setLineWidth(0.6)
        canvas.line(MARGIN, A4[1] - 36, A4[0] - MARGIN, A4[1] - 36)
        canvas.drawCentredString(A4[0] / 2, 28, f"- {doc.page} -")

    frame = Frame(MARGIN, MARGIN, A4[0] - 2 * MARGIN, A4[1] - 2 * MARGIN - 4)
    doc = BaseDocTemplate(str(pdf), pagesize=A4, invariant=1, title="cjk corpus",
                          pageTemplates=[PageTemplate("p", [frame], onPage=on_page)])
    story: list[Any] = []
    out: list[list[Laid]] = []
    avail = frame._height - 2 * 6 - 24  # the frame's padding, slack
    for k, sheet in enumerate(sheets):
        size = rng.choice((7.0, 7.5, 8.0)) if lang == "ko" else rng.choice((7.5, 8.0, 8.5))
        width = frame._width * (1.0 if lang == "ko" else rng.choice((0.92, 1.0)))
        laid_pieces: list[Laid] = []
        start, text = 0, prose(rng, lang, rng.randint(40, 70))
        while start < len(sheet.body):
            if story:
                story.append(PageBreak())
            piece = None
            while piece is None:  # the prose shortened until a few rows fit under it
                top = [Paragraph(text, body), Paragraph(sheet.title, head)] if start == 0 else \
                    [Paragraph(sheet.marker(Piece((), False)), head)]
                top.append(Paragraph(sheet.unit, unit))
                piece = _fit(sheet, start, avail - _height(top, frame._width - 12), width, size)
                text = text[:len(text) * 3 // 4]
            flow, laid = table(sheet, piece, f"t{k + 1}-{len(laid_pieces) + 1}", width, size)
            story += top + [flow]
            laid_pieces.append(laid)
            start = piece.rows[-1] + 1
        story += [Spacer(1, 10), Paragraph(prose(rng, lang, 2), body)]
        out.append(laid_pieces)
    doc.build(story)
    return out
