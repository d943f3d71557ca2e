"""Originals (HWPX with python-hwpx, DOCX with python-docx) and their PDFs, built from one
description of their tables, Korean and English, with spans, header rows and a table the
PDF breaks over two pages.

The PDF is laid out here with PyMuPDF: ruled cells of ``ROW_H`` points on A4, text in
MuPDF's built-in Korean font (every glyph ``SIZE`` points wide), a table continued on the
next page when the next block of rows (rows tied by a row span) does not fit.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import pymupdf

from inspector.core.types import Cell
from inspector.extractors.sources import from_grid

Row = list[tuple[str, int, int]]  # (text, rowspan, colspan), laid out as HTML does
ROW_H = 20.0
SIZE = 9.0
MARGIN = 50.0
A4 = (595.0, 842.0)


@dataclass(frozen=True)
class Spec:
    caption: str
    rows: list[Row]
    header_rows: int = 0

    def cells(self) -> tuple[list[Cell], int, int]:
        t = from_grid(self.rows)
        assert t is not None
        return list(t.cells), t.n_rows, t.n_cols


def korean_tables() -> list[Spec]:
    """An award table with a row span and a total spanning three columns, then a 45-row
    price list the PDF breaks over two pages."""
    award = Spec("표 1. 입찰 결과", [
        [("구분", 1, 1), ("품명", 1, 1), ("수량", 1, 1), ("금액(원)", 1, 1)],
        [("물품", 2, 1), ("사무용 책상", 1, 1), ("12", 1, 1), ("3,480,000", 1, 1)],
        [("회의용 의자", 1, 1), ("40", 1, 1), ("2,120,000", 1, 1)],
        [("용역", 1, 1), ("청소 용역", 1, 1), ("1", 1, 1), ("18,600,000", 1, 1)],
        [("합계", 1, 3), ("24,200,000", 1, 1)],
    ], header_rows=1)
    prices = Spec("표 2. 단가 목록", [[("번호", 1, 1), ("품목", 1, 1), ("단가", 1, 1)]]
                  + [[(str(i), 1, 1), (f"품목 {i}호", 1, 1), (f"{i * 1375:,}", 1, 1)] for i in range(1, 45)],
                  header_rows=1)
    return [award, prices]


def english_tables() -> list[Spec]:
    """Two header rows (a column span over two, row spans beside it) and a spanning note."""
    budget = Spec("Table 1. Budget by programme", [
        [("Programme", 2, 1), ("Budget 2024", 1, 2), ("Note", 2, 1)],
        [("Planned", 1, 1), ("Actual", 1, 1)],
        [("Roads", 1, 1), ("1,200", 1, 1), ("1,150", 1, 1), ("on time", 1, 1)],
        [("Schools", 1, 1), ("860", 1, 1), ("910", 1, 1), ("overrun", 1, 1)],
        [("Water", 1, 1), ("430", 1, 1), ("(25)", 1, 1), ("refund", 1, 1)],
        [("All figures in thousand EUR", 1, 4)],
    ], header_rows=2)
    return [budget]


# --- originals -----------------------------------------------------------------------------


def write_hwpx(specs: list[Spec], path: Path, title: str) -> Path:
    from hwpx import HwpxDocument

    doc = HwpxDocument.new()
    doc.add_paragraph(title)
    for spec in specs:
        cells, n_rows, n_cols = spec.cells()
        doc.add_paragraph(spec.caption)
        table = doc.add_table(n_rows, n_cols)
        for c in cells:  # merge first: a merge keeps the covered cells' text
            if c.rs > 1 or c.cs > 1:
                table.merge_cells(c.r, c.c, c.r + c.rs - 1, c.c + c.cs - 1)
        for c in cells:
            table.set_cell_text(c.r, c.c, c.text)
            if c.r < spec.header_rows:
                table.cell(c.r, c.c).element.set("header", "1")
    doc.save_to_path(str(path))
    return path


def write_docx(specs: list[Spec], path: Path, title: str) -> Path:
    import docx
    from docx.oxml import OxmlElement

    doc = docx.Document()
    doc.add_paragraph(title)
    for spec in specs:
        cells, n_rows, n_cols = spec.cells()
        doc.add_paragraph(spec.caption)
        table = doc.add_table(rows=n_rows, cols=n_cols)
        for c in cells:
            if c.rs > 1 or c.cs > 1:
                table.cell(c.r, c.c).merge(table.cell(c.r + c.rs - 1, c.c + c.cs - 1))
        for c in cells:
            table.cell(c.r, c.c).text = c.text
        for r in range(spec.header_rows):
            table.rows[r]._tr.get_or_add_trPr().append(OxmlElement("w:tblHeader"))
    doc.save(str(path))
    return path


# --- the PDF -------------------------------------------------------------------------------


def _blocks(cells: list[Cell], n_rows: int) -> list[tuple[int, int]]:
    """Runs of rows a row span ties together (a page never breaks inside one)."""
    out: list[tuple[int, int]] = []
    r = 0
    while r < n_rows:
        end = r
        k = r
        while k <= end:
            end = max([end] + [c.r + c.rs - 1 for c in cells if c.r == k])
            k += 1
        out.append((r, end))
        r = end + 1
    return out


def write_pdf(specs: list[Spec], path: Path, title: str, repeat_header: bool = False) -> Path:
    """The tables as a PDF: ruled, ``ROW_H`` rows, even columns over the text width."""
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    y = MARGIN
    page.insert_text((MARGIN, y + SIZE), title, fontname="korea", fontsize=SIZE + 3)
    y += 2 * ROW_H
    for spec in specs:
        cells, n_rows, n_cols = spec.cells()
        width = (A4[0] - 2 * MARGIN) / n_cols
        if y + 2 * ROW_H > A4[1] - MARGIN:
            page, y = doc.new_page(width=A4[0], height=A4[1]), MARGIN
        page.insert_text((MARGIN, y + SIZE), spec.caption, fontname="korea", fontsize=SIZE)
        y += ROW_H
        for first, last in _blocks(cells, n_rows):
            if y + (last - first + 1) * ROW_H > A4[1] - MARGIN:
                page, y = doc.new_page(width=A4[0], height=A4[1]), MARGIN
                if repeat_header:
                    y = _rows(page, [c for c in cells if c.r < spec.header_rows], 0, y, width)
            y = _rows(page, [c for c in cells if first <= c.r <= last], first, y, width)
        y += ROW_H
    doc.save(str(path))
    doc.close()
    return path


def _rows(page: pymupdf.Page, cells: list[Cell], first: int, y: float, width: float) -> float:
    """Draw ``cells`` (rows from ``first``) with their top at ``y``; the y below them."""
    bottom = y
    for c in cells:
        box = pymupdf.Rect(MARGIN + c.c * width, y + (c.r - first) * ROW_H,
                           MARGIN + (c.c + c.cs) * width, y + (c.r - first + c.rs) * ROW_H)
        page.draw_rect(box, color=(0, 0, 0), width=0.6)
        page.insert_text((box.x0 + 4, box.y0 + (box.height + SIZE) / 2 - 1), c.text, fontname="korea", fontsize=SIZE)
        bottom = max(bottom, box.y1)
    return bottom


def hwp5_header(path: Path) -> Path:
    """The first bytes of an HWP 5 binary: an OLE compound file whose FileHeader stream
    starts "HWP Document File"."""
    head = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504
    path.write_bytes(head + b"HWP Document File" + b"\x00" * 4096)
    return path


@dataclass(frozen=True)
class Pair:
    original: Path
    pdf: Path
    specs: list[Spec]


def build_set(folder: Path) -> dict[str, Pair]:
    """Korean and English documents, each as HWPX and as DOCX, with their PDFs, and a DOCX
    named .hwpx, and a PDF that repeats the header row on page 2 (as Hangul and Word do for a
    table marked so) beside the Korean HWPX, the Korean DOCX, and a DOCX that marks no header
    row. Keys: ko-hwpx, ko-docx, en-hwpx, en-docx, misnamed, ko-repeat, ko-docx-repeat,
    ko-unmarked-repeat."""
    folder.mkdir(parents=True, exist_ok=True)
    ko, en = korean_tables(), english_tables()
    ko_pdf = write_pdf(ko, folder / "tender-ko.pdf", "조달청 입찰 공고 제2024-17호")
    en_pdf = write_pdf(en, folder / "report-en.pdf", "Annual report 2024")
    repeat_pdf = write_pdf(ko, folder / "tender-ko-repeat.pdf", "조달청 입찰 공고 제2024-17호", repeat_header=True)
    unmarked = [replace(s, header_rows=0) for s in ko]
    return {
        "ko-hwpx": Pair(write_hwpx(ko, folder / "tender-ko.hwpx", "조달청 입찰 공고 제2024-17호"), ko_pdf, ko),
        "ko-docx": Pair(write_docx(ko, folder / "tender-ko.docx", "조달청 입찰 공고 제2024-17호"), ko_pdf, ko),
        "en-hwpx": Pair(write_hwpx(en, folder / "report-en.hwpx", "Annual report 2024"), en_pdf, en),
        "en-docx": Pair(write_docx(en, folder / "report-en.docx", "Annual report 2024"), en_pdf, en),
        "misnamed": Pair(write_docx(ko, folder / "attachment-ko.hwpx", "조달청 입찰 공고 제2024-17호"), ko_pdf, ko),
        "ko-repeat": Pair(folder / "tender-ko.hwpx", repeat_pdf, ko),
        "ko-docx-repeat": Pair(folder / "tender-ko.docx", repeat_pdf, ko),
        "ko-unmarked-repeat": Pair(write_docx(unmarked, folder / "unmarked-ko.docx", "조달청 입찰 공고 제2024-17호"),
                                   repeat_pdf, unmarked),
    }
