"""reportlab's platypus tables in the styles its users write (``TableStyle`` commands), laid
out by its own document templates; each table records where it drew its cells.

A document is a flow of blocks (heading, a line of prose, the unit line, the table, a note),
each block kept together on one page; a "two_column" block switches to a page of two frames
with prose around the table.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pymupdf
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    BaseDocTemplate,
    Frame,
    FrameBreak,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
)
from reportlab.platypus.tables import TableStyle

from ..html.build import Laid
from ..html.tables import HtmlTable
from .content import Tabular, prose
from .tables import grid, structure

FONT = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
A4 = (595.2756, 841.8898)
MARGIN = 56.0
DARK = ("#1F4E79", "#833C0B", "#375623", "#404040", "#2F5597")
LIGHT = ("#DEEAF6", "#F2F2F2", "#E2EFD9", "#FFF2CC", "#EDE7F6")
_registered = False


def _font(lang: str, bold: bool = False) -> str:
    global _registered
    if lang == "en":
        return "Helvetica-Bold" if bold else "Helvetica"
    if not _registered:
        pdfmetrics.registerFont(TTFont("WQY", FONT, subfontIndex=0))
        _registered = True
    return "WQY"


class Recorded(Table):
    """A platypus ``Table`` that keeps every cell's box (points, top-left origin) and page."""

    def __init__(self, *args: Any, laid: Laid, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.laid = laid

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:
        if self.laid.boxes:
            raise RuntimeError(f"table {self.laid.tid} was split over pages")
        x0 = self._hAlignAdjust(x, _sW)
        cols, rows = self._colpositions, self._rowpositions
        for p in self.laid.table.placed(self.laid.tid):
            top = A4[1] - (y + rows[p.r])
            bottom = A4[1] - (y + rows[p.r + p.cell.rs])
            self.laid.boxes[p.id] = pymupdf.Rect(x0 + cols[p.c], top, x0 + cols[p.c + p.cell.cs], bottom)
        self.laid.page = canvas.getPageNumber() - 1
        super().drawOn(canvas, x, y, _sW)


def _cmds(style: str, t: HtmlTable, rng: random.Random) -> tuple[list[tuple], str]:
    """TableStyle commands of ``style`` and a one-line description."""
    last = t.n_rows - 1
    h = t.header_rows
    w = rng.choice((0.25, 0.5, 0.75))
    if style == "grid":
        return [("GRID", (0, 0), (-1, -1), w, colors.black)], f"GRID {w}"
    if style == "box_innergrid":
        return [("BOX", (0, 0), (-1, -1), 1.2, colors.black), ("INNERGRID", (0, 0), (-1, -1), 0.25, colors.grey)], \
            "BOX 1.2 + INNERGRID 0.25 grey"
    if style == "booktabs":
        return [("LINEABOVE", (0, 0), (-1, 0), 1.0, colors.black), ("LINEBELOW", (0, h - 1), (-1, h - 1), 0.5,
                                                                      colors.black),
                ("LINEABOVE", (0, last), (-1, last), 0.5, colors.black),
                ("LINEBELOW", (0, last), (-1, last), 1.0, colors.black)], "LINEABOVE/LINEBELOW header and total"
    if style == "zebra":
        light = rng.choice(LIGHT)
        return [("ROWBACKGROUNDS", (0, h), (-1, -1), [colors.white, colors.HexColor(light)])], \
            f"ROWBACKGROUNDS white/{light}, no lines"
    if style == "header_band":
        dark = rng.choice(DARK)
        lines = [("LINEBELOW", (0, h), (-1, -1), 0.25, colors.lightgrey)] if rng.random() < 0.5 else []
        return [("BACKGROUND", (0, 0), (-1, h - 1), colors.HexColor(dark)),
                ("TEXTCOLOR", (0, 0), (-1, h - 1), colors.white)] + lines, \
            f"BACKGROUND {dark} header, white text{', row lines' if lines else ''}"
    if style == "spans":
        spans = [("SPAN", (p.c, p.r), (p.c + p.cell.cs - 1, p.r + p.cell.rs - 1)) for p in t.placed("")
                 if p.cell.cs > 1 or p.cell.rs > 1]
        return [("GRID", (0, 0), (-1, -1), w, colors.black), ("VALIGN", (0, 0), (-1, h - 1), "MIDDLE"),
                ("ALIGN", (0, 0), (-1, h - 1), "CENTER")] + spans, f"GRID {w}, SPAN header cells"
    if style in ("paragraphs", "two_column"):
        if rng.random() < 0.5:
            return [("GRID", (0, 0), (-1, -1), w, colors.black), ("VALIGN", (0, 0), (-1, -1), "TOP")], \
                f"Paragraph cells, GRID {w}"
        return [("LINEBELOW", (0, 0), (-1, -1), w, colors.grey), ("VALIGN", (0, 0), (-1, -1), "TOP")], \
            f"Paragraph cells, LINEBELOW {w} every row"
    raise ValueError(style)


STYLES = ("grid", "box_innergrid", "booktabs", "zebra", "header_band", "spans", "paragraphs", "two_column")


def table_flowable(tab: Tabular, style: str, tid: str, width: float, rng: random.Random) -> tuple[Recorded, Laid]:
    wrap = style in ("paragraphs", "two_column")
    t = structure(tab, style, "", grouped=style == "spans")
    cmds, detail = _cmds(style, t, rng)
    t.detail = f"{detail}; {tab.lang}"
    laid = Laid(t, tid)
    size = rng.choice((7.5, 8.0, 8.5, 9.0)) if style != "two_column" else 7.0
    body_font, head_font = _font(tab.lang), _font(tab.lang, bold=True)
    cells = grid(t)
    n_num = tab.numeric
    if tab.n_cols != t.n_cols:
        raise AssertionError("structure and content disagree on columns")
    if wrap:  # text cells wrap as Paragraphs; numbers stay one string (their column fits them)
        left = ParagraphStyle("l", fontName=body_font, fontSize=size, leading=size * 1.2,
                              wordWrap="CJK" if tab.lang != "en" else None)
        data: list[list[Any]] = [[Paragraph(x, left) if x and not n_num[c] else x for c, x in enumerate(row)]
                                 for row in cells]
    else:
        data = [list(row) for row in cells]
    cmds = cmds + [("FONT", (0, 0), (-1, -1), body_font, size), ("FONT", (0, 0), (-1, t.header_rows - 1), head_font,
                                                                   size),
                   ("ALIGN", (n_num.index(True), t.header_rows), (-1, -1), "RIGHT")]
    if tab.lang == "ko":
        cmds.append(("ALIGN", (-1, t.header_rows), (-1, -1), "LEFT"))
    widths = _widths(tab, cells, width, body_font, size) if wrap else None
    table = Recorded(data, colWidths=widths, hAlign=rng.choice(("LEFT", "CENTER")), laid=laid,
                     repeatRows=0)
    table.setStyle(TableStyle(cmds))
    return table, laid


def _widths(tab: Tabular, cells: list[list[str]], width: float, font: str, size: float) -> list[float]:
    """Number columns as wide as their widest text, the text columns share the rest."""
    share = {"en": [1.0] + [0.0] * (tab.n_cols - 1), "ko": [1.6, 2.0, 0.0, 0.0, 0.0, 1.2],
             "zh": [3.0, 0.8, 0.0, 0.0]}[tab.lang]
    fixed = [max(pdfmetrics.stringWidth(row[c], font, size) for row in cells) + 13 if tab.numeric[c] else 0.0
             for c in range(tab.n_cols)]
    rest = width - sum(fixed)
    return [f or rest * s / sum(share) for f, s in zip(fixed, share, strict=True)]


def build_pdf(pdf: Path, items: list[tuple[str, Tabular]], rng: random.Random) -> list[Laid]:
    """``pdf`` with one block per (style, content) item; the tables' cell boxes."""
    frame_w = A4[0] - 2 * MARGIN
    col_w = (frame_w - 18) / 2
    one = Frame(MARGIN, MARGIN, frame_w, A4[1] - 2 * MARGIN, id="one")
    two = [Frame(MARGIN + k * (col_w + 18), MARGIN, col_w, A4[1] - 2 * MARGIN, id=f"c{k}") for k in range(2)]
    # invariant: no creation date or random file id, so a rebuild writes the same bytes
    doc = BaseDocTemplate(str(pdf), pagesize=A4, title="styles corpus", author="corpus.styles", invariant=1,
                          pageTemplates=[PageTemplate("one", [one]), PageTemplate("two", two)])
    story: list[Any] = []
    out: list[Laid] = []
    for k, (style, tab) in enumerate(items):
        tid = f"t{k + 1}"
        para = _para_styles(tab.lang)
        if style == "two_column":
            story += [NextPageTemplate("two"), PageBreak()] if story else [NextPageTemplate("two")]
            story.append(Paragraph(prose(rng, tab.lang, 6), para["body"]))
        width = col_w if style == "two_column" else frame_w * rng.choice((0.6, 0.7, 0.8))
        table, laid = table_flowable(tab, style, tid, width, rng)
        block = [Paragraph(tab.title, para["head"]), Paragraph(prose(rng, tab.lang, rng.randint(1, 2)), para["body"]),
                 Paragraph(tab.unit, para["unit"]), table]
        if rng.random() < 0.5:
            block.append(Paragraph(tab.note, para["note"]))
        story += [KeepTogether(block), Spacer(1, 14)]
        if style == "two_column":  # the second column: prose beside the table
            story += [FrameBreak(), Paragraph(prose(rng, tab.lang, 14), para["body"]), NextPageTemplate("one"),
                      PageBreak()]
        out.append(laid)
    if not story:
        raise ValueError("no tables")
    doc.build(story if not isinstance(story[-1], PageBreak) else story[:-1])
    return out


def _para_styles(lang: str) -> dict[str, ParagraphStyle]:
    font, bold = _font(lang), _font(lang, bold=True)
    cjk: Callable[[str], str | None] = lambda _: "CJK" if lang != "en" else None  # noqa: E731
    body = ParagraphStyle("body", fontName=font, fontSize=9, leading=12, spaceAfter=4, wordWrap=cjk(lang))
    return {"head": ParagraphStyle("head", fontName=bold, fontSize=11.5, leading=15, spaceBefore=6, spaceAfter=4),
            "body": body, "unit": ParagraphStyle("unit", parent=body, alignment=TA_RIGHT, fontSize=8),
            "note": ParagraphStyle("note", parent=body, fontSize=7.5, spaceBefore=3)}
