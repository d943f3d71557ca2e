"""fpdf2's ``FPDF.table()`` in each of its border layouts and fill modes, with spans and
wrapped cells; each table records where fpdf2 drew its cells.

A document is a flow of blocks (heading, prose, unit line, table, note); a block that would
not fit the rest of the page starts the next one (fpdf2's ``offset_rendering`` tries it).
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pymupdf
from fpdf import FPDF, FontFace
from fpdf.enums import WrapMode

from ..html.build import Laid
from .content import Tabular, prose
from .tables import structure

FONT = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
# fpdf2's core Helvetica is Latin-1 only (no euro sign): English is set in DejaVu Sans.
LATIN = {"": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "B": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"}
MARGIN = 56.0
FILL = ("#DEEAF6", "#F2F2F2", "#E2EFD9", "#FFF2CC")
HEAD = ("#1F4E79", "#404040", "#375623")
LAYOUTS = ("ALL", "HORIZONTAL_LINES", "MINIMAL", "NO_HORIZONTAL_LINES", "SINGLE_TOP_LINE", "INTERNAL", "NONE")
STYLES = tuple(f"fpdf_{b.lower()}" for b in LAYOUTS) + ("fpdf_fill_rows", "fpdf_fill_columns", "fpdf_spans",
                                                         "fpdf_wrapped", "fpdf_headings")


def _options(style: str, tab: Tabular, rng: random.Random) -> tuple[dict[str, Any], str]:
    """``FPDF.table()`` keyword arguments for ``style`` and a one-line description."""
    name = style.removeprefix("fpdf_").upper()
    if name in LAYOUTS:
        return {"borders_layout": name}, f"borders_layout={name}"
    if name in ("FILL_ROWS", "FILL_COLUMNS"):
        fill, lay = rng.choice(FILL), rng.choice(("NONE", "HORIZONTAL_LINES", "MINIMAL"))
        return {"cell_fill_mode": name.removeprefix("FILL_"), "cell_fill_color": fill, "borders_layout": lay}, \
            f"cell_fill_mode={name.removeprefix('FILL_')} {fill}, borders_layout={lay}"
    if name == "SPANS":
        return {"borders_layout": "ALL"}, "colspan/rowspan header, borders_layout=ALL"
    if name == "WRAPPED":
        lay = rng.choice(("ALL", "HORIZONTAL_LINES", "SINGLE_TOP_LINE"))
        return {"borders_layout": lay, "v_align": "TOP"}, f"wrapped cells, text_align per column, borders_layout={lay}"
    if name == "HEADINGS":
        colour, lay = rng.choice(HEAD), rng.choice(("NONE", "HORIZONTAL_LINES", "INTERNAL"))
        return {"borders_layout": lay, "headings_style": FontFace(emphasis="BOLD", color="#FFFFFF",
                                                                  fill_color=colour)}, \
            f"headings_style white on {colour}, borders_layout={lay}"
    raise ValueError(style)


def _widths(tab: Tabular, wrap: bool) -> tuple[float, ...] | None:
    if not wrap:
        return None
    return {"en": (2.0,) + (1.0,) * (tab.n_cols - 1), "ko": (1.4, 1.8, 0.6, 1.1, 1.2, 1.1),
            "zh": (2.0, 0.7, 1.3, 1.3)}[tab.lang]


def record_cells(table: Any, pdf: FPDF, laid: Laid, where: dict[tuple[int, int], str]) -> None:
    """Make fpdf2's ``table`` record in ``laid.boxes`` (under ``where[row, col]``, a cell's id)
    the box it draws each cell in, and in ``laid.page`` the page: its cell renderer wrapped."""
    render = table._render_table_cell

    def record(i: int, j: int, cell: Any, row_height: float, cell_height_info: Any = None,
               cell_x_positions: Any = None, **kw: Any) -> Any:
        if cell_height_info is not None:
            h = cell_height_info.merged_heights[cell.rowspan] if cell.rowspan > 1 else cell_height_info.height
            x = cell_x_positions[j]
            w = table._get_col_width(i, j, cell.colspan)
            laid.boxes[where[i, j]] = pymupdf.Rect(x, pdf.y, x + w, pdf.y + h)
            laid.page = pdf.page - 1
        return render(i, j, cell, row_height, cell_height_info, cell_x_positions, **kw)

    table._render_table_cell = record


def _table(pdf: FPDF, tab: Tabular, style: str, tid: str, rng: random.Random) -> Laid:
    """Draw the table at the cursor, recording each cell's box."""
    opts, detail = _options(style, tab, rng)
    wrap = style == "fpdf_wrapped"
    t = structure(tab, style, f"{detail}; {tab.lang}", grouped=style == "fpdf_spans")
    laid = Laid(t, tid)
    where = {(p.r, p.c): p.id for p in t.placed(tid)}
    aligns = tuple("RIGHT" if n else "LEFT" for n in tab.numeric)
    epw = pdf.w - 2 * MARGIN
    width = epw * rng.choice((0.75, 0.85, 1.0)) if not wrap else epw * 0.8
    with pdf.table(width=width, col_widths=_widths(tab, wrap), text_align=aligns, num_heading_rows=t.header_rows,
                   align=rng.choice(("LEFT", "CENTER")), line_height=pdf.font_size * 1.25,
                   wrapmode=WrapMode.CHAR if tab.lang == "zh" else WrapMode.WORD, padding=(2, 3), **opts) as table:
        record_cells(table, pdf, laid, where)
        for r in range(t.n_rows):
            row = table.row()
            for p in (p for p in t.placed("") if p.r == r):
                align = "CENTER" if r < t.header_rows and style == "fpdf_spans" else None
                row.cell(p.cell.text, colspan=p.cell.cs, rowspan=p.cell.rs, align=align)
    return laid


def _block(pdf: FPDF, tab: Tabular, style: str, tid: str, rng: random.Random, note: bool) -> Laid:
    font = "dejavu" if tab.lang == "en" else "wqy"
    pdf.set_font(font, "B", 11.5)
    pdf.multi_cell(0, 15, tab.title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(font, "", 9)
    pdf.multi_cell(0, 12, prose(rng, tab.lang, rng.randint(1, 2)), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(font, "", 8)
    pdf.cell(0, 12, tab.unit, align="R", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(font, "", rng.choice((7.5, 8.0, 8.5, 9.0)))
    laid = _table(pdf, tab, style, tid, rng)
    if note:
        pdf.set_font(font, "", 7.5)
        pdf.multi_cell(0, 10, tab.note, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(14)
    return laid


def build_pdf(pdf_path: Path, items: list[tuple[str, Tabular]], rng: random.Random) -> list[Laid]:
    """``pdf_path`` with one block per (style, content) item; the tables' cell boxes."""
    pdf = FPDF(unit="pt", format="A4")
    pdf.set_margins(MARGIN, MARGIN)
    pdf.set_auto_page_break(True, MARGIN)
    pdf.set_creator("fpdf2 (corpus.styles)")
    pdf.set_creation_date(datetime(2026, 1, 1, tzinfo=UTC))  # a rebuild writes the same bytes
    for style in ("", "B"):  # WenQuanYi has no bold face: headings are set in the regular one
        pdf.add_font("wqy", style, FONT)
        pdf.add_font("dejavu", style, LATIN[style])
    pdf.add_page()
    out = []
    for k, (style, tab) in enumerate(items):
        seed, note = rng.random(), rng.random() < 0.5
        with pdf.offset_rendering() as dummy:
            _block(dummy, tab, style, f"t{k + 1}", random.Random(seed), note)
        if dummy.page_break_triggered:
            pdf.add_page()
        out.append(_block(pdf, tab, style, f"t{k + 1}", random.Random(seed), note))
    pdf.output(str(pdf_path))
    return out
