"""Workbooks made the way people make them (openpyxl), printed to PDF by two spreadsheet
programs: LibreOffice Calc (``soffice``) and Gnumeric (``ssconvert``).

    python -m corpus.sheets.workbooks [--seed 11] [--per-style 2] [--out DIR]

What real sheets carry and the CSV sheets of ``corpus.sheets.calc`` do not: a title merged
across the columns above the table, a header row with wrapped text and a fill, number formats
(thousands separators, negatives in parentheses, percent, currency, accounting), borders on
some ranges only (a box, a rule under the header, a totals row over a double underline),
blank spacer columns and rows, several blocks on a sheet, printed gridlines, fit-to-page
scaling (small type) on wide sheets, landscape pages, a range written over three cells
("1.27", "-", "1.42"), notes under the table, and long sheets whose header rows repeat on
every printed page.

Truth: the workbook is printed twice. The second print draws a thin border of one colour of
its own round every cell of each truth block; those lines, found on the page by that colour,
are the block's cell grid, and the first print's words inside each grid cell are its text
(one truth table per block and page; fully empty rows and columns are dropped). Needs
``soffice`` and ``ssconvert`` (``apt-get install libreoffice-calc-nogui gnumeric``) and
openpyxl; test data only, never a run-time need.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pymupdf

from inspector.annotation.goldenset import add_to_golden_set
from inspector.annotation.io import sha256_of
from inspector.annotation.model import AnnTable, DocumentAnnotation, PageInfo

from .. import common
from .build import WORDS
from .sheetgrid import block_tables

STYLES = ("boxed", "header_rule", "gridlines", "plain", "spacers", "blocks", "wide_fit", "ranges", "long")
PRODUCERS = ("calc", "gnumeric")
FORMATS = {  # number format -> how its values are drawn (kind)
    "#,##0": "int", "#,##0.00": "float", "#,##0_);(#,##0)": "neg", "0.0%": "pct",
    '"$"#,##0.00': "float", '_($* #,##0.00_);_($* (#,##0.00);_($* "-"??_);_(@_)': "float",
    "#,##0.0": "float",
}
HEADS = ("Net sales", "Cost of goods sold", "Gross margin", "Operating expenses", "Budget 2024",
         "Actual 2024", "Variance", "Variance %", "Prior year", "Units shipped", "Average price",
         "Headcount (FTE)", "Q1", "Q2", "Q3", "Q4", "Full year", "Share of total")
BLOCK_COLOURS = ("FFFF0000", "FF00FF00", "FF0000FF", "FFFF00FF")  # ARGB, opaque


@dataclass(frozen=True)
class Plan:
    """One sheet's blocks: each (first row, first column, n rows, n cols), 1-based, the header
    row included; ``title_rows`` rows of title above each block."""

    style: str
    blocks: tuple[tuple[int, int, int, int], ...]


def _value(rng: random.Random, kind: str) -> float:
    if kind == "pct":
        return round(rng.uniform(-0.3, 1.0), 4)
    v = rng.uniform(-0.15, 1.0) * 10 ** rng.randint(2, 6)
    return round(v) if kind in ("int", "neg") else round(v, 2)


def _fill_block(ws, rng: random.Random, style: str, top: int, left: int, n_rows: int, n_cols: int,
                spacer: int | None) -> None:
    """Header row at ``top``, body below; ``spacer`` is a blank column inside the block."""
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

    thin, double = Side(style="thin"), Side(style="double")
    fill = PatternFill("solid", fgColor=rng.choice(("D9E1F2", "E2EFDA", "FCE4D6", "D9D9D9")))
    heads = rng.sample(HEADS, n_cols - 1)
    fmt_cols = [rng.choice(list(FORMATS)) for _ in range(n_cols - 1)]
    ranges = style == "ranges"
    for j in range(n_cols):
        c = ws.cell(top, left + j)
        if j == spacer:
            continue
        c.value = rng.choice(("Region", "Account", "Item", "Cost centre")) if j == 0 else heads.pop()
        if ranges and j > 0:
            c.value = ("Low", "", "High")[(j - 1) % 3] or None
        c.font = Font(bold=True)
        c.alignment = Alignment(wrap_text=True, horizontal="center" if j else "left", vertical="center")
        if style != "plain":
            c.fill = fill
        if style in ("header_rule", "spacers", "long", "wide_fit"):
            c.border = Border(bottom=thin)
    total_at = top + n_rows - 1 if style not in ("long", "ranges") and rng.random() < 0.7 else None
    for i in range(1, n_rows):
        r = top + i
        ws.cell(r, left).value = "Total" if r == total_at else " ".join(rng.sample(WORDS, rng.randint(1, 2)))
        for j in range(1, n_cols):
            if j == spacer:
                continue
            c = ws.cell(r, left + j)
            if ranges:
                k = (j - 1) % 3
                c.value = "-" if k == 1 else round(rng.uniform(0.5, 3.0) + 0.3 * k, 2)
                c.alignment = Alignment(horizontal="center")
                c.number_format = "0.00"
                continue
            fmt = fmt_cols[j - 1]
            c.value = _value(rng, FORMATS[fmt])
            c.number_format = fmt
            if r == total_at:
                c.border = Border(top=thin, bottom=double)
                c.font = Font(bold=True)
        if r == total_at:
            ws.cell(r, left).font = Font(bold=True)
    if style == "boxed":
        _box(ws, top, left, n_rows, n_cols, Side(style="medium"))


def _box(ws, top: int, left: int, n_rows: int, n_cols: int, side) -> None:
    """An outline round the block only (the cells inside keep no border)."""
    from openpyxl.styles import Border

    for i in range(n_rows):
        for j in range(n_cols):
            c = ws.cell(top + i, left + j)
            b = c.border
            c.border = Border(left=side if j == 0 else b.left, right=side if j == n_cols - 1 else b.right,
                              top=side if i == 0 else b.top, bottom=side if i == n_rows - 1 else b.bottom)


def _lay_out(ws, rng: random.Random, style: str) -> Plan:
    """Title, blocks and notes on ``ws``; page set-up as the style wants."""
    from openpyxl.styles import Alignment, Font

    n_blocks = 2 if style == "blocks" else 1
    side = style == "blocks" and rng.random() < 0.5
    n_cols = 13 if style == "wide_fit" else 10 if style == "ranges" else rng.randint(4, 7)
    n_rows = rng.randint(70, 110) if style == "long" else rng.randint(6, 16)
    blocks = []
    row, col = 1, 1
    for _ in range(n_blocks):
        ws.cell(row, col).value = rng.choice(("Sales by region", "Operating costs", "Budget vs actual",
                                              "Headcount by department", "Regional summary"))
        ws.cell(row, col).font = Font(bold=True, size=14)
        ws.merge_cells(start_row=row, start_column=col, end_row=row, end_column=col + n_cols - 1)
        ws.cell(row, col).alignment = Alignment(horizontal="center")
        ws.cell(row + 1, col).value = "(in thousands of USD)" if rng.random() < 0.5 else None
        top = row + 3
        spacer = rng.randint(2, n_cols - 2) if style == "spacers" else None
        _fill_block(ws, rng, style, top, col, n_rows, n_cols, spacer)
        blocks.append((top, col, n_rows, n_cols))
        notes = top + n_rows + 1
        ws.cell(notes, col).value = "Note: figures are unaudited and rounded to the nearest unit."
        ws.cell(notes + 1, col).value = "Source: " + rng.choice(("finance ledger", "HR system", "sales reports"))
        if side:
            col += n_cols + 1
        else:
            row = notes + 4
    for j in range(1, max(c + n for _, c, _, n in blocks)):
        ws.column_dimensions[_letter(j)].width = _width(ws, j, rng)
    for top, c, _, n in blocks:  # as a program that fits a wrapped row's height on entry (Calc does not on import)
        ws.row_dimensions[top].height = 15 * max(_lines(ws.cell(top, c + k).value, ws.column_dimensions[_letter(c + k)].width)
                                                 for k in range(n)) + 3
    _page_setup(ws, rng, style, blocks)
    return Plan(style, tuple(blocks))


def _width(ws, j: int, rng: random.Random) -> float:
    """Column ``j``'s width (characters): room for its longest shown number, as a person widens
    a column until no "###" shows; labels may run over (wrapped headers do not count)."""
    cells = [c for c in next(ws.iter_cols(min_col=j, max_col=j)) if c.value is not None]
    if not cells:
        return rng.uniform(1.5, 3)  # a spacer column
    longest = max((len(f"{abs(c.value):,.2f}") + 4 for c in cells if isinstance(c.value, (int, float))), default=0)
    return max(longest, 6) + rng.uniform(0.5, 3) if longest else rng.uniform(16, 24)


def _lines(text: object, width: float) -> int:
    """Lines a wrapped header's text takes in a column ``width`` characters wide (bold: wider)."""
    if not isinstance(text, str):
        return 1
    lines, used = 1, 0.0
    for word in text.split():
        need = 1.2 * len(word) + (1.2 if used else 0)
        if used and used + need > width - 1:
            lines, used = lines + 1, 1.2 * len(word)
        else:
            used += need
    return lines


def _letter(j: int) -> str:
    from openpyxl.utils import get_column_letter

    return get_column_letter(j)


def _page_setup(ws, rng: random.Random, style: str, blocks: list[tuple[int, int, int, int]]) -> None:
    ws.print_options.gridLines = style == "gridlines" or rng.random() < 0.15
    chars = sum(ws.column_dimensions[_letter(j)].width for j in range(1, ws.max_column + 1))
    if style in ("wide_fit", "ranges") or (style == "blocks" and blocks[-1][1] > 1) or chars > 80:
        ws.page_setup.orientation = "landscape"
    # Wider than a landscape page: the user fits it to the page's width, as most do.
    if style == "wide_fit" or chars > 120 or rng.random() < 0.2:
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = 0
    if style == "long":
        top = blocks[0][0]
        ws.freeze_panes = ws.cell(top + 1, 1)
        ws.print_title_rows = f"{top}:{top}"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4 if rng.random() < 0.5 else ws.PAPERSIZE_LETTER


def _workbook(path: Path, rng_seed: float, style: str, mark: bool) -> Plan:
    """Write the workbook; ``mark`` borders every cell of block k in ``BLOCK_COLOURS[k]``."""
    from openpyxl import Workbook
    from openpyxl.styles import Border, Side

    wb = Workbook()
    ws = wb.active
    ws.title = "Report"
    plan = _lay_out(ws, random.Random(rng_seed), style)
    if mark:
        for k, (top, left, n_rows, n_cols) in enumerate(plan.blocks):
            s = Side(style="thin", color=BLOCK_COLOURS[k])
            for i in range(n_rows):
                for j in range(n_cols):
                    ws.cell(top + i, left + j).border = Border(left=s, right=s, top=s, bottom=s)
    wb.save(path)
    return plan


def _export(producer: str, xlsx: Path, out_dir: Path, profile: Path) -> Path:
    pdf = out_dir / (xlsx.stem + ".pdf")
    if producer == "calc":
        subprocess.run(["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "pdf",
                        "--outdir", str(out_dir), str(xlsx)], check=True, capture_output=True)
    else:
        subprocess.run(["ssconvert", "--export-type=Gnumeric_pdf:pdf_assistant", str(xlsx), str(pdf)],
                       check=True, capture_output=True)
    return pdf


def _one(name: str, producer: str, style: str, seed: float, pdf_dir: Path, work: Path) -> tuple[Path, list[AnnTable]]:
    plain, marked = work / f"{name}.xlsx", work / "marked" / f"{name}.xlsx"
    marked.parent.mkdir(exist_ok=True)
    plan = _workbook(plain, seed, style, mark=False)
    _workbook(marked, seed, style, mark=True)
    pdf = _export(producer, plain, work, work / "lo")
    shutil.move(pdf, pdf_dir / pdf.name)
    pdf = pdf_dir / pdf.name
    mpdf = _export(producer, marked, marked.parent, work / "lo")
    tables: list[AnnTable] = []
    with pymupdf.open(pdf) as doc, pymupdf.open(mpdf) as mdoc:
        if doc.page_count != mdoc.page_count:
            raise SystemExit(f"workbooks: {name}: {doc.page_count} pages, marked {mdoc.page_count}")
        for k in range(len(plan.blocks)):
            tables += block_tables(doc, mdoc, BLOCK_COLOURS[k], f"t{k + 1}", f"{producer}: {style}")
    return pdf, tables


def build(out: Path, seed: int, per_style: int) -> int:
    rng = random.Random(seed)
    pdf_dir, golden = common.fresh(out)
    work = Path(tempfile.mkdtemp())
    styles: common.StyleMap = {}
    total = 0
    try:
        for producer in PRODUCERS:
            for k in range(per_style * len(STYLES)):
                style = STYLES[k % len(STYLES)]
                name = f"{producer}-{k + 1:03d}"
                pdf, tables = _one(name, producer, style, rng.random(), pdf_dir, work)
                with pymupdf.open(pdf) as doc:
                    info = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(doc))
                ann = common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, info, tuple(tables),
                                                        notes=f"openpyxl workbook printed by {producer} "
                                                              "(corpus.sheets.workbooks)"))
                add_to_golden_set(golden, ann, pdf)
                styles[pdf.name] = {t.id: {"style": style, "detail": producer} for t in tables}
                total += len(tables)
    finally:
        shutil.rmtree(work)
    return common.finish(out, styles, seed, total)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 11, 2, Path(__file__).resolve().parent / "workbooks")


if __name__ == "__main__":
    raise SystemExit(main())
