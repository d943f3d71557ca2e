"""fpdf2's ``FPDF.table()`` with WenQuanYi Micro Hei (embedded): a Korean tender in a full
grid (``borders_layout=ALL``), a Chinese statement as a 三线表 (no borders from the table,
the three rules drawn by hand over the recorded cells, as report templates do); the running
header and its rule in ``header()``; each piece as many row groups as fill its page."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

from fpdf import FPDF, FontFace

from ..html.build import Laid
from ..styles.fp import record_cells
from .content import Piece, Sheet, prose

FONT = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
MARGIN = 50.0


class Report(FPDF):
    """A page with a running header over a rule and a centred folio."""

    running = ""

    def header(self) -> None:
        self.set_font("wqy", "", 8)
        self.set_xy(MARGIN, 24)
        self.cell(self.w - 2 * MARGIN, 10, self.running, align="R")
        self.set_line_width(0.6)
        self.line(MARGIN, 36, self.w - MARGIN, 36)
        self.set_y(MARGIN)

    def footer(self) -> None:
        self.set_font("wqy", "", 8)
        self.set_y(-34)
        self.cell(0, 10, f"- {self.page_no()} -", align="C")


def _table(pdf: FPDF, sheet: Sheet, piece: Piece, tid: str, width: float) -> Laid:
    """Draw the piece at the cursor, recording each cell's box."""
    t = sheet.piece(piece, sheet.kind)
    laid = Laid(t, tid)
    where = {(p.r, p.c): p for p in t.placed(tid)}
    h = len(sheet.head)
    ko = sheet.lang == "ko"
    with pdf.table(width=width, col_widths=tuple(sheet.widths), num_heading_rows=h, align="LEFT",
                   line_height=pdf.font_size * 1.3, padding=(1.5, 3), borders_layout="ALL" if ko else "NONE",
                   headings_style=FontFace()) as table:
        record_cells(table, pdf, laid, {k: p.id for k, p in where.items()})
        for r in range(t.n_rows):
            row = table.row()
            for p in (p for p in t.placed("") if p.r == r):
                body = piece.rows[r - h] if r >= h else -1
                align = "CENTER" if r < h or (ko and p.c in (0, 1, 4)) or (not ko and p.c == 1) else \
                    "RIGHT" if sheet.numeric[p.c] else "LEFT"
                pad = (1.5, 3, 1.5, 3 + sheet.indent[body]) if p.c == 0 and body in sheet.indent else None
                row.cell(p.cell.text, colspan=p.cell.cs, rowspan=p.cell.rs, align=align, v_align="MIDDLE",
                         padding=pad)
    if not ko:
        _three_lines(pdf, laid, h)
    return laid


def _three_lines(pdf: FPDF, laid: Laid, h: int) -> None:
    """The 三线表's rules: over the table, under its header (and under the period groups), under it."""
    placed = laid.table.placed(laid.tid)
    boxes = [laid.boxes[p.id] for p in placed]
    x0, x1 = min(b.x0 for b in boxes), max(b.x1 for b in boxes)
    top, bottom = min(b.y0 for b in boxes), max(b.y1 for b in boxes)
    head = max(laid.boxes[p.id].y1 for p in placed if p.r < h)
    pdf.set_line_width(1.2)
    pdf.line(x0, top, x1, top)
    pdf.line(x0, bottom, x1, bottom)
    pdf.set_line_width(0.5)
    pdf.line(x0, head, x1, head)
    pdf.set_line_width(0.3)
    for p in placed:
        if p.r == 0 and p.cell.cs > 1:
            b = laid.boxes[p.id]
            pdf.line(b.x0 + 2, b.y1, b.x1 - 2, b.y1)


def _block(pdf: FPDF, sheet: Sheet, piece: Piece, tid: str, width: float, text: str, size: float) -> Laid:
    if text:
        pdf.set_font("wqy", "", 9)
        pdf.multi_cell(0, 13, text, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("wqy", "", 12)
    pdf.cell(0, 18, sheet.title if piece.first else sheet.marker(piece), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("wqy", "", 8)
    pdf.cell(0, 11, sheet.unit, align="R", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("wqy", "", size)
    return _table(pdf, sheet, piece, tid, width)


def _fit(pdf: FPDF, sheet: Sheet, start: int, text: str, width: float, size: float) -> Piece | None:
    """The groups from ``start`` that fit the rest of the page; None when fewer than four rows do."""
    rows: list[int] = []
    for g in (g for g in sheet.groups if g[0] >= start):
        with pdf.offset_rendering() as dummy:
            _block(dummy, sheet, Piece(tuple(rows + g), start == 0), "fit", width, text, size)
        if dummy.page_break_triggered:
            break
        rows += g
    return Piece(tuple(rows), start == 0) if len(rows) >= min(4, len(sheet.body) - start) else None


def build_pdf(pdf_path: Path, sheets: list[Sheet], rng: random.Random) -> list[list[Laid]]:
    """``pdf_path``: each table from a new page after prose, continued on the next pages."""
    pdf = Report(unit="pt", format="A4")
    pdf.running = sheets[0].running
    pdf.set_margins(MARGIN, MARGIN)
    pdf.set_auto_page_break(True, MARGIN)
    pdf.set_creator("fpdf2 (corpus.cjk)")
    pdf.set_creation_date(datetime(2026, 1, 1, tzinfo=UTC))  # a rebuild writes the same bytes
    pdf.add_font("wqy", "", FONT)
    out: list[list[Laid]] = []
    for k, sheet in enumerate(sheets):
        size = rng.choice((7.0, 7.5)) if sheet.lang == "ko" else rng.choice((7.5, 8.0, 8.5))
        width = pdf.epw * (1.0 if sheet.lang == "ko" else rng.choice((0.92, 1.0)))
        laid: list[Laid] = []
        start, text = 0, prose(rng, sheet.lang, rng.randint(40, 70))
        while start < len(sheet.body):
            pdf.add_page()
            piece = _fit(pdf, sheet, start, text, width, size)
            while piece is None:  # the prose shortened until a few rows fit under it
                text = text[:len(text) * 3 // 4]
                piece = _fit(pdf, sheet, start, text, width, size)
            laid.append(_block(pdf, sheet, piece, f"t{k + 1}-{len(laid) + 1}", width, text, size))
            start, text = piece.rows[-1] + 1, ""
        pdf.set_font("wqy", "", 9)
        pdf.ln(8)
        pdf.multi_cell(0, 13, prose(rng, sheet.lang, 2), new_x="LMARGIN", new_y="NEXT")
        out.append(laid)
    pdf.output(str(pdf_path))
    return out
