"""Tables whose labels run to their values over leaders (dots, middle dots, an ellipsis,
underscores, spaced hyphens), built with exact coordinates by PyMuPDF and by fpdf2, and a
control table whose cells legitimately hold "...", "-" or an underscore blank.

Every builder returns PDF bytes; the rows it wrote are the module's constants, so a test
compares the detected cells with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pymupdf

FONT, SIZE = "helv", 9.0
# Base-14 Helvetica has no "…" and measures "·" wrongly in PyMuPDF: the Unicode leaders are set in DejaVu Sans.
UNICODE_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
TOP, PITCH = 100.0, 16.0
LABEL_X = 60.0
STATEMENT = [("Net revenue", "1,234", "1,105"), ("Cost of sales", "(612)", "(580)"),
             ("Gross profit", "622", "525"), ("Selling expenses", "(140)", "(131)"),
             ("Administrative expenses", "(95)", "(90)"), ("Operating profit", "387", "304"),
             ("Finance costs", "(22)", "(25)"), ("Profit before tax", "365", "279")]
HEADER = ("", "2024", "2023")
COL_RIGHTS = (420.0, 500.0)  # right edges of the two number columns (right-aligned)
LEADER_END = 370.0  # where every leader stops, left of the first number column
TOC = [("1", "Introduction", "3"), ("2", "Scope and method", "7"), ("3", "Findings", "12"),
       ("4", "Costs of the programme", "18"), ("5", "Recommendations", "25"), ("6", "Annexes", "31")]


UNITS = {"glued": ".", "words": ". ", "middle": "· ", "ellipsis": "…", "under": "_", "hyphen": "- "}


def _font(style: str) -> str:
    return "dejavu" if style in ("middle", "ellipsis") else FONT


def _width(text: str, font: str = FONT) -> float:
    if font == "dejavu":
        return float(pymupdf.Font(fontfile=str(UNICODE_FONT)).text_length(text, fontsize=SIZE))
    return float(pymupdf.get_text_length(text, fontname=font, fontsize=SIZE))


def _text(page: pymupdf.Page, x: float, y: float, text: str, font: str = FONT) -> None:
    if font == "dejavu":
        page.insert_font(fontname="dejavu", fontfile=str(UNICODE_FONT))
    page.insert_text((x, y), text, fontsize=SIZE, fontname=font)


def _right(page: pymupdf.Page, right: float, y: float, text: str, font: str = FONT) -> None:
    _text(page, right - _width(text, font), y, text, font)


def _leader(page: pymupdf.Page, x: float, end: float, y: float, style: str) -> None:
    """Leaders from ``x`` to ``end`` (pt) on baseline ``y``: "glued" (one word of dots that
    starts right at ``x``), "words" (". " repeated: one-dot words), "middle" ("· " repeated),
    "ellipsis" ("…" repeated), "under" (one run of underscores) or "hyphen" ("- " repeated)."""
    unit, font = UNITS[style], _font(style)
    n = max(1, int((end - x) // _width(unit, font)))
    _text(page, x, y, (unit * n).rstrip(), font)


def statement(style: str = "glued", ruled: bool = False, end: float = LEADER_END, left: float = 0.0) -> bytes:
    """A two-year income statement: the header row, then one row per ``STATEMENT`` line, the
    label at ``LABEL_X`` followed by leaders of ``style`` to ``LEADER_END`` (glued to the label
    when ``style`` is "glued", one space after it otherwise), the numbers right-aligned at
    ``COL_RIGHTS`` (the first column left-aligned at ``left`` instead when it is set); leaders
    stop at ``end``. ``ruled``: every cell edge is ruled (columns at 50, 380, 430, 510)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = TOP
    for right, text in zip(COL_RIGHTS, HEADER[1:], strict=True):
        _right(page, right, y, text)
    font = _font(style)
    for label, *values in STATEMENT:
        y += PITCH
        _text(page, LABEL_X, y, label, font)
        gap = 0.0 if style == "glued" else _width(" ", font)
        _leader(page, LABEL_X + _width(label, font) + gap, end, y, style)
        for k, (right, text) in enumerate(zip(COL_RIGHTS, values, strict=True)):
            if k == 0 and left:
                _text(page, left, y, text, font)
            else:
                _right(page, right, y, text, font)
    if ruled:
        ys = [TOP - PITCH + 4 + k * PITCH for k in range(len(STATEMENT) + 2)]
        xs = (50.0, 380.0, 430.0, 510.0)
        for yy in ys:
            page.draw_line((xs[0], yy), (xs[-1], yy), width=0.5)
        for x in xs:
            page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    return doc.tobytes()


SUM_ROWS = ("Cost of sales", "Operating profit")  # a short rule under the amount closes each sum


def one_amount(style: str = "glued", ruled: bool = True) -> bytes:
    """A one-year income statement: "2024" right-aligned at ``COL_RIGHTS[0]`` over one amount
    column, each ``STATEMENT`` label led by leaders of ``style`` to ``LEADER_END`` and its first
    amount. ``ruled``: a rule under the header row and under the last row across the
    statement (``LABEL_X`` to the amounts' right edge), and a short rule under the amount
    of each ``SUM_ROWS`` line, as statements close their sums."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    right, y = COL_RIGHTS[0], TOP
    _text(page, LABEL_X, y, "Income statement")
    _right(page, right, y, HEADER[1])
    rules = [(LABEL_X, y + 4)]
    for label, value, _ in STATEMENT:
        y += PITCH
        _text(page, LABEL_X, y, label, _font(style))
        gap = 0.0 if style == "glued" else _width(" ", _font(style))
        _leader(page, LABEL_X + _width(label, _font(style)) + gap, LEADER_END, y, style)
        _right(page, right, y, value, _font(style))
        if label in SUM_ROWS:
            rules.append((LEADER_END + 10, y + 4))
    rules.append((LABEL_X, y + 4))
    for x0, yy in rules if ruled else ():
        page.draw_line((x0, yy), (right, yy), width=0.5)
    return doc.tobytes()


def toc(tab: bool = False) -> bytes:
    """A table of contents: the chapter number at 60, its title at 80 with one-dot leader
    words up to 470, the page number right-aligned at 500. ``tab``: as a word processor's
    right tab with a dot leader writes it, title, dots and page number are one string with no
    space, the dots filling the whole gap (PyMuPDF reads one word "Findings.......12")."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((60, TOP - 30), "Contents", fontsize=14, fontname="hebo")
    for k, (num, title, at) in enumerate(TOC):
        y = TOP + k * PITCH
        page.insert_text((60, y), num, fontsize=SIZE, fontname=FONT)
        if tab:
            text = title
            while _width(text + "." + at) < 500 - 80:
                text += "."
            _right(page, 500, y, text + at)
            continue
        page.insert_text((80, y), title, fontsize=SIZE, fontname=FONT)
        _leader(page, 80 + _width(title) + _width(" "), 470, y, "words")
        _right(page, 500, y, at)
    return doc.tobytes()


CONTROL = [("Item", "Q1", "Q2", "Note"), ("Grants", "1,200", "...", "pending"), ("Loans", "-", "850", "______"),
           ("Fees", "310", "295", "..."), ("Other", "___", "40", "-")]


def control() -> bytes:
    """A borderless table (columns at 60, 200, 280, 360, left-aligned) whose cells hold nil
    marks that are values, not leaders: "...", "-", "___", "______"."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for k, row in enumerate(CONTROL):
        for x, text in zip((60.0, 200.0, 280.0, 360.0), row, strict=True):
            page.insert_text((x, TOP + k * PITCH), text, fontsize=SIZE, fontname=FONT)
    return doc.tobytes()


def fpdf_statement(rows: Sequence[tuple[str, str, str]] = STATEMENT) -> bytes:
    """The statement made by fpdf2 the way a report generator writes it: each label cell's
    text padded with dots to the cell's width (one string, so the dots are glued to the label),
    the numbers in right-aligned cells; no rules."""
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format="A4")
    pdf.add_page()
    pdf.set_font("Helvetica", size=SIZE)
    pdf.set_xy(LABEL_X, TOP)
    pdf.cell(310, PITCH, "")
    for text in HEADER[1:]:
        pdf.cell(60, PITCH, text, align="R")
    pdf.ln(PITCH)
    for label, *values in rows:
        pdf.set_x(LABEL_X)
        text = label
        while pdf.get_string_width(text + ".") < 300:
            text += "."
        pdf.cell(310, PITCH, text)
        for v in values:
            pdf.cell(60, PITCH, v, align="R")
        pdf.ln(PITCH)
    return bytes(pdf.output())
