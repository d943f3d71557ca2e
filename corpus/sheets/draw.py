"""Three libraries drawing one page of a sheet from the same list of drawing operations.

Coordinates are PDF points, top-left origin. Text is Helvetica (bold: Helvetica-Bold) in
all three, so the generator measures it once with PyMuPDF's metrics.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pymupdf

HAIR = 0.5  # pt: Excel's thin border
RECT = 0.6  # pt: a border drawn as a thin filled rectangle


@dataclass(frozen=True)
class Op:
    """``text``: (x, baseline, size), anchor l/r/c; ``fill``: (x0, y0, x1, y1), grey level in
    ``text``; ``line``/``rect``: a border segment (x0, y0, x1, y1)."""

    kind: str
    at: tuple[float, ...]
    text: str
    anchor: str = "l"
    bold: bool = False


def _x(op: Op, width: float) -> float:
    return op.at[0] - {"l": 0.0, "r": width, "c": width / 2}[op.anchor]


def _seg_rect(op: Op) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = op.at
    if y0 == y1:
        return x0, y0 - RECT / 2, x1, y0 + RECT / 2
    return x0 - RECT / 2, y0, x0 + RECT / 2, y1


def paint_pymupdf(pdf: Path, w: float, h: float, ops: list[Op]) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=w, height=h)
    for op in ops:
        if op.kind == "text":
            font = "hebo" if op.bold else "helv"
            tw = pymupdf.get_text_length(op.text, font, op.at[2])
            page.insert_text((_x(op, tw), op.at[1]), op.text, fontname=font, fontsize=op.at[2])
        elif op.kind == "fill":
            g = float(op.text)
            page.draw_rect(pymupdf.Rect(op.at), color=None, fill=(g, g, g + 0.05 if g < 0.95 else g))
        elif op.kind == "line":
            page.draw_line(op.at[:2], op.at[2:], color=(0, 0, 0), width=HAIR)
        else:
            page.draw_rect(pymupdf.Rect(_seg_rect(op)), color=None, fill=(0, 0, 0))
    doc.save(pdf, garbage=3, deflate=True, no_new_id=True)
    doc.close()


def paint_reportlab(pdf: Path, w: float, h: float, ops: list[Op]) -> None:
    from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]
    cv = Canvas(str(pdf), pagesize=(w, h), invariant=1)
    for op in ops:
        if op.kind == "text":
            font = "Helvetica-Bold" if op.bold else "Helvetica"
            tw = cv.stringWidth(op.text, font, op.at[2])
            cv.setFont(font, op.at[2])
            cv.drawString(_x(op, tw), h - op.at[1], op.text)
        elif op.kind == "fill":
            g = float(op.text)
            cv.setFillGray(g)
            cv.rect(op.at[0], h - op.at[3], op.at[2] - op.at[0], op.at[3] - op.at[1], stroke=0, fill=1)
            cv.setFillGray(0)
        elif op.kind == "line":
            cv.setLineWidth(HAIR)
            cv.line(op.at[0], h - op.at[1], op.at[2], h - op.at[3])
        else:
            x0, y0, x1, y1 = _seg_rect(op)
            cv.rect(x0, h - y1, x1 - x0, y1 - y0, stroke=0, fill=1)
    cv.showPage()
    cv.save()


def paint_fpdf(pdf: Path, w: float, h: float, ops: list[Op]) -> None:
    from fpdf import FPDF
    doc = FPDF(unit="pt", format=(w, h))
    doc.set_creation_date(datetime(2024, 1, 1, tzinfo=UTC))  # a rebuild writes the same bytes
    doc.set_auto_page_break(False)
    doc.add_page()
    for op in ops:
        if op.kind == "text":
            doc.set_font("helvetica", "B" if op.bold else "", op.at[2])
            tw = doc.get_string_width(op.text)
            doc.text(_x(op, tw), op.at[1], op.text)
        elif op.kind == "fill":
            g = int(float(op.text) * 255)
            doc.set_fill_color(g, g, g)
            doc.rect(op.at[0], op.at[1], op.at[2] - op.at[0], op.at[3] - op.at[1], style="F")
        elif op.kind == "line":
            doc.set_line_width(HAIR)
            doc.line(*op.at)
        else:
            x0, y0, x1, y1 = _seg_rect(op)
            doc.set_fill_color(0, 0, 0)
            doc.rect(x0, y0, x1 - x0, y1 - y0, style="F")
    doc.output(str(pdf))


PAINTERS: dict[str, Callable[[Path, float, float, list[Op]], None]] = {
    "mupdf": paint_pymupdf, "rl": paint_reportlab, "fpdf": paint_fpdf}
